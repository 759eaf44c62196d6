import { existsSync } from 'node:fs'
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { removeFolder } from '../../src/output/remove-folder.js'
import { tempDir } from '../helpers/site.js'

/** A folder outside the one removed, which links inside it point at. */
async function outside(root: string) {
  const dir = path.join(root, 'not-ours')
  await mkdir(dir)
  await writeFile(path.join(dir, 'keep.txt'), 'kept')
  return dir
}

describe('removing an output folder', () => {
  it('deletes every page folder and file in it, and through a link inside only the link', async () => {
    const root = await tempDir()
    const theirs = await outside(root)
    const dir = path.join(root, 'out')
    for (let i = 0; i < 300; i++) {
      await mkdir(path.join(dir, 'lp', `page-${i}`), { recursive: true })
      await writeFile(path.join(dir, 'lp', `page-${i}`, 'index.html'), `<p>${i}</p>`)
    }
    await writeFile(path.join(dir, 'index.html'), '<p>home</p>')
    await symlink(theirs, path.join(dir, 'lp', 'page-7', 'linked-folder'))
    await symlink(path.join(theirs, 'keep.txt'), path.join(dir, 'linked-file'))

    await removeFolder(dir)
    expect(existsSync(dir)).toBe(false)
    expect(await readFile(path.join(theirs, 'keep.txt'), 'utf8')).toBe('kept')
  })

  it('removes a link in the folder’s place, never what it points at, and is quiet when nothing is there', async () => {
    const root = await tempDir()
    const theirs = await outside(root)
    const link = path.join(root, 'out')
    await symlink(theirs, link)

    await removeFolder(link)
    expect(existsSync(link)).toBe(false)
    expect(await readFile(path.join(theirs, 'keep.txt'), 'utf8')).toBe('kept')
    await expect(removeFolder(path.join(root, 'missing'))).resolves.toBeUndefined()
  })
})
