import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { hash } from '../../src/cache/digest.js'
import { openSampleNames } from '../../src/cache/sample-names.js'
import { toolStoreDir } from '../../src/tool/package.js'

// The names sampled pages use, kept by each page's text so an edit to one renders only that one
// again when the stylesheets are cut. Each test has a scope of its own in the shared tool store.

describe('the names sampled pages were found to use', () => {
  it('are kept by each page’s text, null for a page that threw, and only for the pages of the last cut', async () => {
    const scope = randomUUID()
    const first = await openSampleNames(scope)
    first.set('home page', ['.hero', 'h1'])
    first.set('broken page', null)
    await first.save()

    const second = await openSampleNames(scope)
    expect(second.get('home page')).toEqual(['.hero', 'h1'])
    expect(second.get('broken page')).toBeNull()
    expect(second.get('a page never sampled')).toBeUndefined()

    // The next cut samples the home page and a new one, not the broken page.
    const third = await openSampleNames(scope)
    expect(third.get('home page')).toEqual(['.hero', 'h1'])
    third.set('contact page', ['form'])
    await third.save()

    const fourth = await openSampleNames(scope)
    expect(fourth.get('home page')).toEqual(['.hero', 'h1'])
    expect(fourth.get('contact page')).toEqual(['form'])
    expect(fourth.get('broken page')).toBeUndefined()
  })

  it('are another scope’s own: changed templates find none of them', async () => {
    const scope = randomUUID()
    const names = await openSampleNames(scope)
    names.set('home page', ['.hero'])
    await names.save()
    expect((await openSampleNames(`${scope} with a template edited`)).get('home page')).toBeUndefined()
  })

  it('are none when their file was written by anyone else', async () => {
    const scope = randomUUID()
    const file = path.join(toolStoreDir(), 'page-names', `${hash(scope)}.json`)
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, JSON.stringify({ [hash('home page')]: ['.hero'] }))
    expect((await openSampleNames(scope)).get('home page')).toBeUndefined()
  })
})
