import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { BuildFailure } from '../../src/errors/config-error.js'
import { repoRoot, siteFrom, snapshot, tempDir } from '../helpers/site.js'

describe('the render workers', () => {
  it('render every page of a site in two languages as this thread does, each in its language', async () => {
    const site = await siteFrom('two-languages')
    const here = path.join(await tempDir(), 'here')
    const workers = path.join(await tempDir(), 'workers')
    const inThread = await build({ site, outDir: here, cacheDir: false })
    await build({ site, outDir: workers, cacheDir: false, workerMinimum: 1 })
    expect(inThread.routes.some((route) => route.language !== undefined && route.language !== inThread.routes[0]!.language)).toBe(true)
    expect(await snapshot(workers)).toEqual(await snapshot(here))
  })

  it('find a broken link of the shared footer as this thread does: once, naming the first page and counting the others', async () => {
    const footer = await readFile(path.join(repoRoot, 'templates/shell/Footer.tsx'), 'utf8')
    const site = await siteFrom('minimal', {
      'templates/shell/Footer.tsx': footer.replace(
        '<div className="container footer-bottom">',
        '<div className="container footer-bottom"><a href="/nowhere">Nowhere</a><a href="contact">Contact</a>',
      ),
    })
    // A worker scans the pages it writes into the page cache: the second build has one.
    const problems = async (workerMinimum?: number) => {
      const cacheDir = workerMinimum === undefined ? false : undefined
      const failure = await build({ site, outDir: path.join(await tempDir(), 'dist'), cacheDir, workerMinimum }).catch((e: unknown) => e)
      expect(failure).toBeInstanceOf(BuildFailure)
      return (failure as BuildFailure).errors.map((e) => [e.code, e.message, e.hint])
    }
    const inThread = await problems()
    // The relative link breaks on pages in folders, each its own address; the root-relative one is one error.
    const nowhere = inThread.filter(([, message]) => message!.includes(' links to /nowhere,'))
    expect(nowhere).toHaveLength(1)
    expect(nowhere[0]![2]).toMatch(/^The same link is on \d+ other pages/)
    expect(inThread.length).toBeGreaterThan(2)
    expect(await problems(1)).toEqual(inThread)
  })
})
