import { readdirSync } from 'node:fs'
import { access, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { bundleAssets } from '../../src/assets/bundle-assets.js'
import { build, loadAndPlan } from '../../src/build/index.js'
import { renderContextOf } from '../../src/build/page-context.js'
import { BuildFailure } from '../../src/errors/config-error.js'
import { withBrandImages } from '../../src/images/brand-images.js'
import { planImages } from '../../src/plan/plan-images.js'
import { bundleTemplates } from '../../src/render/bundle-templates.js'
import { renderWorkerCount } from '../../src/render/render-pages.js'
import { startRenderWorker } from '../../src/render/render-worker.js'
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

  it.runIf(process.platform === 'linux' && renderWorkerCount() > 1)(
    'stop each as its last page is back, not when the slowest has finished',
    async () => {
      const marker = path.join(await tempDir(), 'slow-page-started')
      const page = await readFile(path.join(repoRoot, 'templates/pages/FormSuccessPage.tsx'), 'utf8')
      // The plan's last page takes a second and a half, as a large site's locations index may.
      const slow = `writeFileSync(${JSON.stringify(marker)}, ''); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1500)`
      const site = await siteFrom('minimal', {
        'templates/pages/FormSuccessPage.tsx': `import { writeFileSync } from 'node:fs'\n${page.replace(
          /(export function FormSuccessPage\([^)]*\) \{)/,
          `$1\n  ${slow}\n`,
        )}`,
      })
      const { plan } = await loadAndPlan(site)
      expect(plan.routes.at(-1)?.template).toBe('form-success')
      const threads = () => readdirSync('/proc/self/task').length
      const built = build({ site, outDir: path.join(await tempDir(), 'dist'), workerMinimum: 1 })
      let most = threads()
      while (
        !(await access(marker).then(
          () => true,
          () => false,
        ))
      ) {
        most = Math.max(most, threads())
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      // The other workers' last pages were back before this one started, or soon after: they have stopped.
      await new Promise((resolve) => setTimeout(resolve, 500))
      const during = threads()
      await built
      expect(most - during).toBe(renderWorkerCount() - 1)
    },
  )

  it("report a page they could not write with the file and the system's code, for the build to name", async () => {
    const { site, plan } = await loadAndPlan(await siteFrom('minimal'))
    const images = withBrandImages(site, planImages(site))
    const assets = await bundleAssets(site.site, site.fonts, site.root)
    const templates = await bundleTemplates({ siteRoot: site.root, icons: site.icons })
    const worker = startRenderWorker(templates.file, renderContextOf(site, plan, images, assets, new Date()))
    try {
      const route = plan.routes[0]!
      // A disk that fills inside the write: the system's error names no file of its own.
      const full = await worker.render(route, '/dev/full')
      expect('error' in full && { ...full.error }).toMatchObject({ code: 'ENOSPC', syscall: 'write', path: '/dev/full' })
      const missing = path.join(await tempDir(), 'gone', 'page.html')
      const nowhere = await worker.render(route, missing)
      expect('error' in nowhere && { ...nowhere.error }).toMatchObject({ code: 'ENOENT', syscall: 'open', path: missing })
      // The worker goes on rendering after a failed write.
      const written = path.join(await tempDir(), 'page.html')
      expect(await worker.render(route, written)).toHaveProperty('sha1')
      expect(await readFile(written, 'utf8')).toMatch(/^<!DOCTYPE html>/i)
    } finally {
      await worker.close()
    }
  })
})
