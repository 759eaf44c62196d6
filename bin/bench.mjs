#!/usr/bin/env node
// `npm run bench`: build speed and memory at scale, measured on this machine in one run. A benchmark, not a
// test: it prints numbers and asserts nothing. Options: --cities 2500 --services 4 --runs 3.
//
// Every build runs as its own process (`node bin/citypress.cjs build …`) under /usr/bin/time, so
// wall time, CPU time (every thread's, and its child processes') and peak RSS (see timedBuild) are
// the whole build's, as a user would see them. CPU seconds over the number of cores bound the
// wall time from below, whatever the order.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { cp, mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { availableParallelism, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromiumPath, quietChromiumFlags } from './chromium.mjs'
import { scriptOptions } from './script-options.mjs'

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const usage = `usage: npm run bench -- [--cities <n>] [--services <n>] [--runs <n>]

Generates a site of cities × services (default 2500 × 4, about 10,000 pages) in the system's
temporary folder, builds it every way that matters for speed (first, cold, warm, one city's
data changed, a template changed, the disk-write and React floors, and cold and warm with a
second language translating every landing page), plans it at half and five times the cities
(\`citypress validate\`), and prints one table of medians over --runs runs (default 3; at least
3 for planning). Several minutes at the defaults.`
const values = scriptOptions(
  { cities: { type: 'string', default: '2500' }, services: { type: 'string', default: '4' }, runs: { type: 'string', default: '3' } },
  usage,
)
const notCount = ['cities', 'services', 'runs'].find((name) => !/^[1-9][0-9]*$/.test(values[name]))
if (notCount) {
  console.error(`--${notCount} must be a whole number of at least 1, not "${values[notCount]}".\n\n${usage}`)
  process.exit(2)
}
const runs = Number(values.runs)
const work = path.join(tmpdir(), 'citypress-bench')
const site = path.join(work, 'site')
const out = path.join(work, 'out')
const cli = path.join(root, 'bin/citypress.cjs')

await rm(work, { recursive: true, force: true })
await mkdir(work, { recursive: true })
log(`generating ${values.cities} cities × ${values.services} services…`)
execFileSync('node', [path.join(root, 'bin/gen-site.mjs'), '--cities', values.cities, '--services', values.services, '--out', site], {
  stdio: 'inherit',
})

const rows = []
// The first build also encodes the images; later "cold" builds keep only the image cache, as a CI
// that persists it would, so the cold figure compares page building with the disk.
await rm(path.join(site, '.citypress/cache/tool'), { recursive: true, force: true })
rows.push(['first build, images encoded too', await timedBuild(site)])
/** Forgets everything but the encoded images: the output (and the one before), the build cache with citypress's own pieces (.citypress/cache/tool). */
async function forget(dir = site, outDir = out) {
  await rm(outDir, { recursive: true, force: true })
  await rm(path.join(dir, '.citypress/previous-output'), { recursive: true, force: true })
  const cache = path.join(dir, '.citypress/cache')
  for (const entry of await readdir(cache).catch(() => []))
    if (entry !== 'images') await rm(path.join(cache, entry), { recursive: true, force: true })
}
const cold = await median(runs, async () => {
  await forget()
  return timedBuild(site)
})
const coldHtmlMB = await htmlMegabytes(out)
const floor = await median(runs, () => diskFloor(out))
const reactFloor = await median(runs, () => measureReactFloor(site))
rows.push(['cold build', cold, floor])
rows.push(['  pages/s', { seconds: cold.pages / cold.seconds, unit: '' }])
// V8 lets garbage pile up to about twice the live heap before a full collection; a cap on the
// old space makes it collect sooner (README: Build cache and speed). A site too large for the cap
// is refused before planning (error out-of-memory): the row says so and the table goes on, from
// a full build again, since the warm rows need an output and a cache.
const capped = await median(runs, async () => {
  await forget()
  return timedBuild(site, out, { NODE_OPTIONS: '--max-old-space-size=400' }).catch((error) => ({
    seconds: Infinity,
    failed: /^error\[.*$/m.exec(error.message)?.[0] ?? 'failed',
  }))
})
rows.push(['  cold, NODE_OPTIONS=--max-old-space-size=400', capped])
if (capped.failed) await timedBuild(site)
rows.push(['disk-write floor (same bytes, same disk)', floor])
rows.push(['React floor (same props, templates, workers, disk)', reactFloor])
rows.push(['warm build, nothing changed', await median(runs, () => timedBuild(site))])
// A touched file is a change to the site folder: the build loads and plans the site, finds the
// output up to date and writes nothing (the path an edit that changes no page takes).
rows.push([
  '  warm, site.yaml touched: site loaded, nothing written',
  await median(runs, async () => {
    const now = new Date()
    await utimes(path.join(site, 'site.yaml'), now, now)
    return timedBuild(site)
  }),
])

const areas = path.join(site, 'areas.yaml')
const original = await readFile(areas, 'utf8')
let edit = 0
rows.push([
  'one city’s data changed',
  await median(runs, async () => {
    // The first place's local paragraph gets a new closing sentence each run.
    await writeFile(areas, original.replace(/(\n\s+local: [>|]?-?\s*\n?\s*)/, `$1Edit ${++edit} for the benchmark. `))
    return timedBuild(site)
  }),
])
await writeFile(areas, original)
await timedBuild(site)

const override = path.join(site, 'templates/pages/LandingPage.tsx')
await mkdir(path.dirname(override), { recursive: true })
let templateEdit = 0
rows.push([
  'a template changed',
  await median(runs, async () => {
    const source = await readFile(path.join(root, 'templates/pages/LandingPage.tsx'), 'utf8')
    // A site override resolves its imports like the shared file it replaces, so a copy just works.
    // The edit changes what every landing page says (a comment alone changes no page, and the
    // build rightly renders nothing for it).
    const edited = source.replace('<nav className="breadcrumbs"', `<nav data-benchmark-edit="${++templateEdit}" className="breadcrumbs"`)
    if (edited === source) throw new Error('bench: the landing template changed shape; update the template edit')
    await writeFile(override, edited)
    return timedBuild(site)
  }),
])
await rm(path.join(site, 'templates'), { recursive: true, force: true })

// The same site with a second language, every landing page translated (gen-site
// --second-language): a build in two languages, whose cold time per page should stay the
// one-language build's.
const bilingual = path.join(work, 'site-es')
const bilingualOut = path.join(work, 'out-es')
log(`generating the same site with a second language…`)
execFileSync(
  'node',
  [
    path.join(root, 'bin/gen-site.mjs'),
    '--cities',
    values.cities,
    '--services',
    values.services,
    '--out',
    bilingual,
    '--second-language',
    'es',
  ],
  { stdio: 'inherit' },
)
// Its pages' share images are its own (their titles are), so a first build encodes them, untimed,
// as the one-language site's first build did its own.
await timedBuild(bilingual, bilingualOut)
const bilingualCold = await median(runs, async () => {
  await forget(bilingual, bilingualOut)
  return timedBuild(bilingual, bilingualOut)
})
const bilingualHtmlMB = await htmlMegabytes(bilingualOut)
rows.push(['cold build, second language on (every landing page twice)', bilingualCold])
rows.push(['  ms per page, one language', { seconds: (1000 * cold.seconds) / cold.pages, unit: '', digits: 2 }])
rows.push(['  ms per page, second language on', { seconds: (1000 * bilingualCold.seconds) / bilingualCold.pages, unit: '', digits: 2 }])
rows.push(['warm build, nothing changed, second language on', await median(runs, () => timedBuild(bilingual, bilingualOut))])
await rm(bilingual, { recursive: true, force: true })
await rm(bilingualOut, { recursive: true, force: true })

const exampleOut = path.join(work, 'example-out')
await timedBuild(path.join(root, 'sites/system4'), exampleOut)
rows.push(['example site, warm build', await median(runs, () => timedBuild(path.join(root, 'sites/system4'), exampleOut))])

// Loading and planning alone (`citypress validate`, which renders nothing) at half and five times
// the cities, every landing page linking from one shared line: ten times the pages should cost
// about ten times the time, not a hundred.
const planned = []
for (const cities of [Math.max(1, Math.round(Number(values.cities) / 2)), Number(values.cities) * 5]) {
  const scaled = path.join(work, `site-${cities}`)
  log(`generating ${cities} cities × ${values.services} services to plan…`)
  execFileSync('node', [path.join(root, 'bin/gen-site.mjs'), '--cities', `${cities}`, '--services', values.services, '--out', scaled])
  // Every landing page then carries one relative link from the same line of landing.yaml, which
  // the link check groups by origin.
  const landing = path.join(scaled, 'landing.yaml')
  const text = await readFile(landing, 'utf8')
  const linked = text.replace('We start with a free walkthrough,', 'We start with a [free walkthrough](/contact),')
  if (linked === text) throw new Error('bench: landing.yaml changed shape; update the link added for planning')
  await writeFile(landing, linked)
  const result = await median(Math.max(runs, 3), () => timedRun(['validate', scaled]))
  planned.push(result)
  rows.push([`validate (load and plan), ${cities} cities × ${values.services} services`, result])
  await rm(scaled, { recursive: true, force: true })
}
rows.push(['  ten times the pages: × the time', { seconds: planned[1].seconds / planned[0].seconds, unit: '', digits: 1 }])

const preview = await previewLatency()
rows.push(['preview: YAML edit → page shows it (example site)', preview.edit])
rows.push(['preview: business name in site.yaml → open page shows it (example site)', preview.siteWide])
rows.push(['editor: save → preview tab patched (example site)', preview.save])
rows.push(['editor: open /admin/ in a fresh profile, services listed (from navigation start)', preview.open])

printTable(rows, floor, reactFloor)
printStages([
  ['cold, one language', { ...cold, htmlMB: coldHtmlMB }],
  ['cold, second language on', { ...bilingualCold, htmlMB: bilingualHtmlMB }],
])

/**
 * Seconds from `start` (an epoch time in ms) to the moment the page showed the edit, by the
 * browser's own clock: the client patches the open document in place and marks that moment
 * (src/preview/overlay.ts); after a full reload it is the reloaded document's DOMContentLoaded.
 */
async function secondsSince(page, start) {
  const shown = await page.evaluate(
    () =>
      performance.timeOrigin +
      (performance.getEntriesByName('citypress:patched').at(-1)?.startTime ??
        performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd),
  )
  return (shown - start) / 1000
}

/**
 * `citypress preview` on a copy of the example site (with its image cache, as a developer's
 * checkout has it, so no image is encoded while the edits are timed), a page open in Chromium,
 * then one-line edits of pages/home.yaml: the time from the write to the moment the open page
 * shows the edit (secondsSince). Median of several edits. Then the business name in site.yaml,
 * which changes every page and share image; the same edits through the editor's API; and the
 * time /admin/ takes to open with its configuration made on the request.
 */
async function previewLatency() {
  const { chromium } = await import('playwright')
  const copy = path.join(work, 'preview-site')
  const cacheOf = path.join(root, 'sites/system4/.citypress')
  await cp(path.join(root, 'sites/system4'), copy, {
    recursive: true,
    filter: (src) =>
      !src.startsWith(cacheOf) ||
      src === cacheOf ||
      src.startsWith(path.join(cacheOf, 'cache', 'images')) ||
      src === path.join(cacheOf, 'cache'),
  })
  const port = 43000 + Math.floor(Math.random() * 1000)
  const child = spawn('node', [cli, 'preview', copy, '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] })
  let printed = ''
  child.stdout.on('data', (d) => (printed += d))
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`preview did not start:\n${printed}`)), 60_000)
    child.stdout.on('data', () => {
      const found = /http:\/\/127\.0\.0\.1:\d+\//.exec(printed)?.[0]
      if (found) {
        clearTimeout(timer)
        resolve(found)
      }
    })
  })
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: quietChromiumFlags,
  })
  const home = path.join(copy, 'pages/home.yaml')
  const original = await readFile(home, 'utf8')
  const latencies = []
  const siteWide = []
  const saves = []
  const opens = []
  try {
    const page = await browser.newPage()
    await page.goto(url)
    for (let edit = 1; edit <= 2 * runs + 1; edit++) {
      await new Promise((r) => setTimeout(r, 500)) // let the previous rebuild settle
      const start = Date.now()
      await writeFile(home, original.replace(/^title: .+$/m, `title: Benchmark edit ${edit}`))
      await page.waitForFunction((t) => document.title.startsWith(t), `Benchmark edit ${edit}`, { polling: 'raf', timeout: 15_000 })
      latencies.push(await secondsSince(page, start))
    }
    // A site-wide edit: the business name in site.yaml, on every page and every share image.
    // Timed on a service page to the moment it shows the new name; the share images encode after.
    const siteFile = path.join(copy, 'site.yaml')
    const siteText = await readFile(siteFile, 'utf8')
    await page.goto(`${url}services/carpet-cleaning`)
    for (let edit = 1; edit <= 2 * runs + 1; edit++) {
      // The whole rebuild (every page, every share image) settles first.
      await new Promise((r) => setTimeout(r, 3000))
      const name = `Sitewide Edit ${edit} Services`
      const start = Date.now()
      await writeFile(siteFile, siteText.replace(/^name: .+$/m, `name: ${name}`))
      await page.waitForFunction((t) => document.body.innerText.includes(t), name, { polling: 'raf', timeout: 30_000 })
      siteWide.push(await secondsSince(page, start))
    }
    await writeFile(siteFile, siteText)
    await new Promise((r) => setTimeout(r, 3000))
    await page.goto(url)
    // The editor (/admin/): opening it, then saves through its API as Decap sends them, each
    // timed from the request to the moment the open site tab shows the change.
    // Each open in a context of its own, as a fresh browser profile: nothing cached, not logged
    // in. From navigation start to the services listed, the Login click included.
    for (let open = 0; open < runs; open++) {
      const context = await browser.newContext()
      const fresh = await context.newPage()
      await fresh.goto(`${url}admin/`, { waitUntil: 'commit' })
      await fresh.getByRole('button', { name: 'Login' }).click({ timeout: 30_000 })
      await fresh.goto(`${url}admin/#/collections/services`, { waitUntil: 'commit' })
      await fresh.locator('a[href*="/collections/services/entries/"]').first().waitFor({ timeout: 30_000 })
      opens.push((await fresh.evaluate(() => performance.now())) / 1000)
      await context.close()
    }
    const admin = await browser.newPage()
    await admin.goto(`${url}admin/`)
    await admin.getByRole('button', { name: 'Login' }).click()
    for (let edit = 1; edit <= 2 * runs + 1; edit++) {
      await new Promise((r) => setTimeout(r, 500))
      const start = Date.now()
      await admin.evaluate(async (title) => {
        const api = (action, params) =>
          fetch('/admin/api/', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ action, params }),
          }).then((r) => r.json())
        const entry = await api('getEntry', { path: 'pages/home.yaml' })
        const raw = entry.data.replace(/^title: .+$/m, `title: ${title}`)
        const answer = await api('persistEntry', { entry: { path: 'pages/home.yaml', raw }, assets: [] })
        if (answer.error) throw new Error(answer.error)
      }, `Editor edit ${edit}`)
      await page.waitForFunction((t) => document.title.startsWith(t), `Editor edit ${edit}`, { polling: 'raf', timeout: 15_000 })
      saves.push(await secondsSince(page, start))
    }
  } finally {
    await browser.close()
    child.kill()
  }
  const middle = (values) => ({ seconds: values.sort((a, b) => a - b)[Math.floor(values.length / 2)] })
  return { edit: middle(latencies), siteWide: middle(siteWide), save: middle(saves), open: middle(opens) }
}

/**
 * Runs `citypress build` in its own process; returns wall and CPU seconds, peak RSS and page
 * counts. The peak is of the build's process and the processes it starts (esbuild's service is one)
 * together: /usr/bin/time's maximum of any one of them, or the largest sum of all of them sampled
 * meanwhile, whichever is larger.
 */
async function timedBuild(dir, outDir = out, env = {}) {
  // --verbose: each stage's wall, CPU and peak (stageClock in src/build/index.ts), read into `stages`.
  return timedRun(['build', dir, '--out', outDir, '--verbose'], env)
}

/** `citypress <args>` under /usr/bin/time: wall, CPU, peak RSS, and what a build printed. */
async function timedRun(args, env = {}) {
  const child = spawn('/usr/bin/time', ['-f', '%e %M %U %S', 'node', cli, ...args], {
    env: { ...process.env, NO_COLOR: '1', ...env },
  })
  const run = { stdout: '', stderr: '' }
  child.stdout.on('data', (d) => (run.stdout += d))
  child.stderr.on('data', (d) => (run.stderr += d))
  let sampledKb = 0
  const sampler = setInterval(() => (sampledKb = Math.max(sampledKb, treeRssKb(child.pid))), 50)
  run.status = await new Promise((resolve) => child.on('close', resolve))
  clearInterval(sampler)
  if (run.status !== 0) throw new Error(`citypress ${args[0]} failed:\n${run.stdout}\n${run.stderr}`)
  const [seconds, maxKb, user, system] = run.stderr.trim().split('\n').at(-1).split(' ').map(Number)
  const kb = Math.max(maxKb, sampledKb)
  const pages = Number(/Built (\d+) pages/.exec(run.stdout)?.[1])
  const rendered = Number(/(\d+) rendered/.exec(run.stdout)?.[1])
  const stages = [...run.stdout.matchAll(/^ {2}(\w+) +(\d+) ms +cpu +(\d+) ms +peak +(\d+) MiB$/gm)].map(
    ([, stage, ms, cpuMs, peakMiB]) => ({
      stage,
      ms: Number(ms),
      cpuMs: Number(cpuMs),
      peakMiB: Number(peakMiB),
    }),
  )
  return { seconds, cpu: user + system, rssMiB: kb / 1024, pages, rendered, upToDate: run.stdout.includes('nothing was written'), stages }
}

/**
 * Resident memory of a process and all its descendants, in kB (0 once it is gone). A child still
 * running its parent's program has been forked but has not yet started its own (esbuild's service,
 * the image encoder): its pages are the parent's, counted once.
 */
function treeRssKb(pid, parentCommand) {
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
    if (command === parentCommand) return 0
    let kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean))
        kb += treeRssKb(Number(child), command)
    }
    return kb
  } catch {
    return 0
  }
}

/**
 * The same routes' props rendered with renderToStaticMarkup through the same template bundle by as
 * many render workers as a build starts, and written to the same disk, and nothing else
 * (src/bench/react-floor.ts); its own process, timed from when the plan is in hand.
 */
async function measureReactFloor(dir) {
  const run = spawnSync('node', [path.join(root, 'bin/react-floor.cjs'), dir, '--out', path.join(work, 'react-floor')], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  })
  if (run.status !== 0) throw new Error(`React floor failed:\n${run.stdout}\n${run.stderr}`)
  const result = JSON.parse(run.stdout.trim().split('\n').at(-1))
  await rm(path.join(work, 'react-floor'), { recursive: true, force: true })
  return { ...result, rendered: result.pages }
}

/**
 * The same bytes written to the same disk the way a build writes them (one file after another
 * into a staging folder, then a rename), from memory, so nothing but the writing is timed.
 */
/** Megabytes of the pages a build wrote (its .html files). */
async function htmlMegabytes(dir) {
  let bytes = 0
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile() && entry.name.endsWith('.html')) bytes += (await stat(path.join(entry.parentPath, entry.name))).size
  return bytes / 1e6
}

async function diskFloor(dir) {
  const files = []
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      files.push([path.relative(dir, path.join(entry.parentPath, entry.name)), await readFile(path.join(entry.parentPath, entry.name))])
  }
  const staging = path.join(work, 'floor-staging')
  const target = path.join(work, 'floor')
  await rm(staging, { recursive: true, force: true })
  await rm(target, { recursive: true, force: true })
  const start = performance.now()
  const cpuStart = process.cpuUsage()
  const made = new Set()
  for (const [name, bytes] of files) {
    const file = path.join(staging, name)
    const parent = path.dirname(file)
    if (!made.has(parent)) {
      await mkdir(parent, { recursive: true })
      made.add(parent)
    }
    await writeFile(file, bytes)
  }
  await rename(staging, target)
  const cpu = process.cpuUsage(cpuStart)
  return { seconds: (performance.now() - start) / 1000, cpu: (cpu.user + cpu.system) / 1e6 }
}

async function median(n, measure) {
  const results = []
  for (let i = 0; i < n; i++) results.push(await measure())
  results.sort((a, b) => a.seconds - b.seconds)
  return results[Math.floor(results.length / 2)]
}

function printTable(rows, floor, reactFloor) {
  const lines = [['measure', 'seconds', '× disk floor', '× React floor', 'CPU s', 'peak RSS', 'pages rendered']]
  const refusals = []
  for (const [name, r] of rows) {
    if (r.unit === '') {
      lines.push([name, r.seconds.toFixed(r.digits ?? 0), '', '', '', '', ''])
      continue
    }
    if (r.failed) {
      lines.push([name, '', '', '', '', '', 'build refused, below'])
      refusals.push(`${name.trim()}: ${r.failed}`)
      continue
    }
    lines.push([
      name,
      r.seconds.toFixed(2),
      (r.seconds / floor.seconds).toFixed(2),
      (r.seconds / reactFloor.seconds).toFixed(2),
      r.cpu === undefined ? '' : r.cpu.toFixed(1),
      r.rssMiB ? `${r.rssMiB.toFixed(0)} MiB` : '',
      Number.isFinite(r.rendered) ? `${r.rendered} of ${r.pages}${r.upToDate ? ', output up to date' : ''}` : '',
    ])
  }
  const widths = lines[0].map((_, i) => Math.max(...lines.map((l) => l[i].length)))
  console.log(`\n${lines.map((l) => l.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')).join('\n')}`)
  for (const refusal of refusals) console.log(`\n${refusal}`)
  console.log(`\n${values.cities} cities × ${values.services} services; medians of ${runs} runs; ${new Date().toISOString()}`)
  // On n cores a build cannot take less than its CPU seconds / n, however its work is arranged.
  console.log(
    `CPU s: user + system time of all the process's threads (the disk floor's: the writing's; the React floor's: the rendering's and writing's); ${availableParallelism()} cores here`,
  )
  console.log('React floor: timed from when the plan is in hand; its peak RSS is sampled meanwhile and includes the loaded site and plan')
}

/**
 * Where a cold build's time goes, stage by stage (`build --verbose`): wall, the process's CPU
 * meanwhile (render workers included; the image encoder runs in a process of its own) and its peak
 * RSS. images, assets and render run side by side, so their figures overlap.
 */
function printStages(builds) {
  const stages = builds[0][1].stages.map((s) => s.stage)
  const lines = [['stage', ...builds.flatMap(([name]) => [`${name}: s`, 'CPU s', 'peak MiB'])]]
  for (const stage of stages) {
    lines.push([
      stage,
      ...builds.flatMap(([, build]) => {
        const s = build.stages.find((t) => t.stage === stage)
        return s ? [(s.ms / 1000).toFixed(2), (s.cpuMs / 1000).toFixed(1), String(s.peakMiB)] : ['', '', '']
      }),
    ])
  }
  lines.push(['whole build', ...builds.flatMap(([, build]) => [build.seconds.toFixed(2), build.cpu.toFixed(1), build.rssMiB.toFixed(0)])])
  lines.push(['pages/s', ...builds.flatMap(([, build]) => [(build.pages / build.seconds).toFixed(0), '', ''])])
  lines.push(['ms per page', ...builds.flatMap(([, build]) => [((1000 * build.seconds) / build.pages).toFixed(2), '', ''])])
  lines.push(['ms per MB of HTML', ...builds.flatMap(([, build]) => [((1000 * build.seconds) / build.htmlMB).toFixed(0), '', ''])])
  const widths = lines[0].map((_, i) => Math.max(...lines.map((l) => l[i].length)))
  console.log(`\n${lines.map((l) => l.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')).join('\n')}`)
}

function log(text) {
  console.error(`bench: ${text}`)
}
