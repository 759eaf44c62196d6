import { describe, expect, it } from 'vitest'
import { diskChanges, linesOnDisk } from '../../src/editor/disk-lines.js'

describe('a line of the text a save would write, found in the file on disk', () => {
  const disk = ['a: 1', 'b: 2', 'c: 3', 'd: 4'].join('\n')

  it('is the same line before the change and in a value edited where it stands', () => {
    const edited = ['a: 1', 'b: two', 'c: 3', 'd: 4'].join('\n')
    expect(linesOnDisk(disk, edited)(1)).toEqual({ line: 1, added: false })
    expect(linesOnDisk(disk, edited)(2)).toEqual({ line: 2, added: false })
    expect(linesOnDisk(disk, edited)(4)).toEqual({ line: 4, added: false })
  })

  it('moves by the lines the save adds or removes above it', () => {
    const grown = ['a: 1', 'b:', '  - x', '  - y', 'c: 3', 'd: 4'].join('\n')
    expect(linesOnDisk(disk, grown)(5)).toEqual({ line: 3, added: false })
    expect(linesOnDisk(disk, grown)(6)).toEqual({ line: 4, added: false })
    const shrunk = ['a: 1', 'd: 4'].join('\n')
    expect(linesOnDisk(disk, shrunk)(2)).toEqual({ line: 4, added: false })
  })

  it('is where the added lines would go for a line the save adds', () => {
    const grown = ['a: 1', 'b:', '  - x', '  - y', 'c: 3', 'd: 4'].join('\n')
    expect(linesOnDisk(disk, grown)(3)).toEqual({ line: 2, added: true })
  })
})

describe('what changed in a file on disk since the editor loaded it', () => {
  const base = ['a: 1', 'b: 2', 'c: 3', 'd: 4', 'e: 5'].join('\n')

  it('names each new line at its line on disk, however far apart the changes are', () => {
    const disk = ['a: one', 'b: 2', 'c: 3', 'd: 4', 'e: five'].join('\n')
    expect(diskChanges(base, disk)).toEqual(['line 1: `a: one`', 'line 5: `e: five`'])
  })

  it('says where lines were only removed, and counts the new lines past the limit', () => {
    expect(diskChanges(base, ['a: 1', 'd: 4', 'e: 5'].join('\n'))).toEqual(['line 2: 2 line(s) removed'])
    const many = ['a: 1', 'x: 1', 'y: 2', 'z: 3', 'w: 4', 'b: 2', 'c: 3', 'd: 4', 'e: 5'].join('\n')
    expect(diskChanges(base, many)).toEqual(['line 2: `x: 1`', 'line 3: `y: 2`', 'line 4: `z: 3`', 'and 1 more line(s)'])
  })
})
