import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { type MemoCodec, openPageMemo } from '../../src/cache/page-memo.js'
import { unseal } from '../../src/cache/sealed-file.js'
import { tempDir } from '../helpers/site.js'

/** Links of a page, through the memo's string table. */
const linksCodec: MemoCodec<string[]> = {
  encode: (links, strings) => links.map((l) => strings.number(l)),
  decode: (json, strings) => (json as number[]).map((n) => strings.text(n)),
}

async function pages(count: number, from: number, dir: string) {
  const files: string[] = []
  for (let i = from; i < from + count; i++) {
    const file = path.join(dir, `${i.toString(16).padStart(40, '0')}.html`)
    await writeFile(file, `<a href="/">Home</a><a href="/page-${i}">Self</a>`)
    files.push(file)
  }
  return files
}
const linksOf = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!)
const keyOf = (file: string) => path.basename(file, '.html')

/** A pages folder whose `count` pages' links were derived and saved, as a first build leaves it. */
async function firstBuild(count: number) {
  const dir = path.join(await tempDir(), 'pages')
  await mkdir(dir)
  const files = await pages(count, 0, dir)
  const memo = await openPageMemo(dir)
  for (const file of files) await memo.derive({ name: 'links', source: file, codec: linksCodec, compute: linksOf })
  await memo.save(new Set(files.map(keyOf)))
  return { dir, files }
}

describe('the facts kept beside the page cache', () => {
  it('gives back what was derived, and drops the strings of pages long gone', async () => {
    const { dir, ...first } = await firstBuild(1500)
    let files = first.files
    let memo = await openPageMemo(dir)

    // Builds that replace pages: each later one reads the kept values back, not the files.
    for (let round = 1; round <= 3; round++) {
      memo = await openPageMemo(dir)
      const kept = files.slice(500)
      for (const file of kept) {
        await writeFile(file, 'changed, so only the memo knows the links')
        expect(await memo.derive({ name: 'links', source: file, codec: linksCodec, compute: linksOf })).toEqual([
          '/',
          `/page-${parseInt(keyOf(file), 16)}`,
        ])
      }
      const added = await pages(500, 1500 * round, dir)
      for (const file of added) await memo.derive({ name: 'links', source: file, codec: linksCodec, compute: linksOf })
      files = [...kept, ...added]
      await memo.save(new Set(files.map(keyOf)))
    }
    const stored = JSON.parse(unseal(await readFile(path.join(dir, 'derived.json')))!.toString('utf8')) as { strings: string[] }
    expect(stored.strings).not.toContain('/page-0')
    expect(stored.strings.length).toBeLessThan(2 * files.length)
  })

  it("appends a few pages' changes to a journal, reads them back, and works out again only what a line cut short lost", async () => {
    const { dir, ...first } = await firstBuild(1000)
    let files = first.files
    let memo = await openPageMemo(dir)
    const whole = await stat(path.join(dir, 'derived.json'))

    // Two builds that each replace five pages append a line each; derived.json is not rewritten.
    for (let round = 1; round <= 2; round++) {
      memo = await openPageMemo(dir)
      const added = await pages(5, 1000 * round, dir)
      files = [...files.slice(5), ...added]
      for (const file of files) await memo.derive({ name: 'links', source: file, codec: linksCodec, compute: linksOf })
      await memo.save(new Set(files.map(keyOf)))
    }
    expect((await stat(path.join(dir, 'derived.json'))).mtimeMs).toBe(whole.mtimeMs)
    expect((await readFile(path.join(dir, 'derived.log'), 'utf8')).split('\n').filter(Boolean)).toHaveLength(2)

    // A build killed while appending its line leaves half of it: the pages of that line are
    // worked out from their files again, every other page still comes from the memo.
    const journal = await readFile(path.join(dir, 'derived.log'), 'utf8')
    await writeFile(path.join(dir, 'derived.log'), journal.slice(0, journal.indexOf('\n') + 40))
    const lost = new Set(files.slice(-5))
    for (const file of files) await writeFile(file, `<a href="/now-${keyOf(file)}">x</a>`)
    const deriveAll = async () => {
      memo = await openPageMemo(dir)
      const computed: string[] = []
      for (const file of files) {
        const links = await memo.derive({
          name: 'links',
          source: file,
          codec: linksCodec,
          compute: (html) => (computed.push(file), linksOf(html)),
        })
        expect(links).toEqual(lost.has(file) ? [`/now-${keyOf(file)}`] : ['/', `/page-${parseInt(keyOf(file), 16)}`])
      }
      return computed
    }
    expect(await deriveAll()).toEqual([...lost])
    // That build writes the file whole, and the next one finds everything there.
    await memo.save(new Set(files.map(keyOf)))
    expect(await readFile(path.join(dir, 'derived.log'), 'utf8').catch(() => 'gone')).toBe('gone')
    expect(await deriveAll()).toEqual([])

    // A derived.json that is not JSON (not ours, or cut short) counts as no memo: every page is read.
    await writeFile(path.join(dir, 'derived.json'), '{"id":"x","strings":[')
    memo = await openPageMemo(dir)
    expect(await memo.derive({ name: 'links', source: files[0]!, codec: linksCodec, compute: linksOf })).toEqual([
      `/now-${keyOf(files[0]!)}`,
    ])
  })

  it('keeps what a build works out in a file of its own until it is saved, and leaves none behind', async () => {
    const dir = path.join(await tempDir(), 'pages')
    await mkdir(dir)
    // Pages rendered elsewhere, their links worked out there: no file is read.
    const files = Array.from({ length: 25_000 }, (_, i) => path.join(dir, `${i.toString(16).padStart(40, '0')}.html`))
    const known = (file: string) => ['/', `/page-${parseInt(keyOf(file), 16)}`]
    const scratch = async () => (await readdir(dir)).filter((name) => name.endsWith('.tmp'))
    let memo = await openPageMemo(dir)
    for (const file of files) await memo.derive({ name: 'links', source: file, known: known(file), codec: linksCodec, compute: linksOf })
    const [shelf] = await scratch()
    expect(shelf).toMatch(/^\.derived\.\d+-[0-9a-f]+\.tmp$/)
    // Written as they come: most of the values are in the file, not held.
    expect((await stat(path.join(dir, shelf!))).size).toBeGreaterThan(1_000_000)
    await memo.save(new Set(files.slice(1).map(keyOf)))
    expect(await scratch()).toEqual([])

    // Saved are the pages kept, each read back as it was worked out.
    memo = await openPageMemo(dir)
    const computed: string[] = []
    const compute = (html: string) => (computed.push(html), linksOf(html))
    await writeFile(files[0]!, '<a href="/first">First</a>')
    for (const file of files)
      expect(await memo.derive({ name: 'links', source: file, codec: linksCodec, compute })).toEqual(
        file === files[0] ? ['/first'] : known(file),
      )
    expect(computed).toHaveLength(1)

    // A build that stops before saving leaves no file behind either.
    memo.close()
    expect(await scratch()).toEqual([])
  })
})
