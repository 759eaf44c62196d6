#!/usr/bin/env node
// `npm run audit [site]`: builds the site into a temporary folder, serves it on 127.0.0.1 the way
// Netlify would (bin/audit-server.mjs), then runs Lighthouse 12 (mobile profile) on home, contact
// and one indexed page of every other kind in every language of the site, axe-core and the Nu Html Checker on one page of every
// page kind, and prints one table.
// Targets: Lighthouse performance ≥ 98, accessibility, best practices and SEO 100, no axe
// violation, no HTML error. Exit code 1 when any target is missed. Slow (a minute or two), so not
// part of `npm test`. Needs Chromium (CHROMIUM_PATH, default /usr/bin/chromium) and Java (vnu).
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { startServer } from './audit-server.mjs'
import { axeInPage } from './axe-check.mjs'
import { chromiumPath, quietChromiumFlags } from './chromium.mjs'
import { checkHtml } from './nu-checker.mjs'

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const require = createRequire(import.meta.url)
const site = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'sites/system4'
const keep = process.argv.includes('--keep')
const chromePath = chromiumPath
const chromeFlags = [...quietChromiumFlags, '--headless=new']
const targets = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 }

const server = await startServer()
const out = mkdtempSync(path.join(tmpdir(), 'citypress-audit-'))
try {
  // The build's own base URL is the server's, so canonical links and Open Graph URLs point at
  // the page being audited, as they do in production.
  const cli = path.join(root, 'bin/citypress.cjs')
  const built = spawnSync(process.execPath, [cli, 'build', site, '--out', out, '--base-url', server.origin], { stdio: 'inherit' })
  if (built.status !== 0) process.exit(built.status ?? 1)
  server.setRoot(out)
  const routes = JSON.parse(execFileSync(process.execPath, [cli, 'routes', site, '--json'], { encoding: 'utf8' }))
  const samples = pickSamples(routes)
  const lighthouseUrls = pickLighthouse(routes)

  const rows = new Map(samples.map((r) => [r.url, { kind: r.template, url: r.url, file: r.outputPath }]))
  for (const r of lighthouseUrls) if (!rows.has(r.url)) rows.set(r.url, { kind: r.template, url: r.url, file: r.outputPath })
  const findings = []

  console.log(`\nLighthouse (mobile) on ${lighthouseUrls.length} pages…`)
  for (const [url, result] of await runLighthouse(lighthouseUrls.map((r) => r.url))) {
    Object.assign(rows.get(url), result.scores)
    findings.push(...result.failing.map((f) => `${url}  lighthouse ${f}`))
  }
  console.log(`axe-core on ${samples.length} pages…`)
  for (const [url, violations] of await runAxe(samples.map((r) => r.url))) {
    rows.get(url).axe = violations.length
    findings.push(...violations.map((v) => `${url}  axe ${v.id} (${v.impact}): ${v.help} — ${v.targets.slice(0, 3).join(', ')}`))
  }
  console.log(`Nu Html Checker on ${samples.length} pages…`)
  for (const [file, messages] of checkHtml(
    out,
    samples.map((r) => r.outputPath),
  )) {
    const row = [...rows.values()].find((r) => r.file === file)
    row.html = messages.filter((m) => m.type === 'error').length
    // Errors and warnings; plain info (e.g. React's `<br/>` self-closing slash) is noise.
    const shown = messages.filter((m) => m.type === 'error' || m.subType === 'warning')
    findings.push(...shown.map((m) => `${row.url}  html ${m.subType ?? m.type} line ${m.lastLine}: ${m.message}`))
  }

  const table = printTable([...rows.values()])
  console.log(`\n${table}`)
  if (findings.length) console.log(`\nFindings:\n${findings.map((f) => `  ${f}`).join('\n')}`)
  const missed = [...rows.values()].some(
    (r) => Object.entries(targets).some(([k, t]) => r[k] !== undefined && r[k] < t) || r.axe > 0 || r.html > 0,
  )
  console.log(missed ? '\n✗ Some targets were missed.' : '\n✓ Every target met.')
  process.exitCode = missed ? 1 : 0
} finally {
  await server.close()
  if (keep) console.log(`Output kept in ${out}`)
  else rmSync(out, { recursive: true, force: true })
}

/** One indexable page of every page kind in every language (the first in route order). */
function pickSamples(routes) {
  const byKind = new Map()
  const key = (r, kind = r.template) => `${r.language ?? ''} ${kind}`
  for (const r of routes) if (!r.noindex && !byKind.has(key(r))) byKind.set(key(r), r)
  for (const r of routes) if (r.template === 'not-found' && !byKind.has(key(r))) byKind.set(key(r), r)
  return [...byKind.values()]
}

/**
 * Home, contact and one indexed page of every other kind. Not the 404 page: its status is 404 by
 * design, which Lighthouse's SEO category scores as a fault.
 */
function pickLighthouse(routes) {
  const find = (test) => routes.find((r) => !r.noindex && test(r))
  const chosen = [
    find((r) => r.url === '/'),
    find((r) => r.url === '/contact'),
    // Each other language's home page: its shortest address (the language's folder).
    ...[...new Set(routes.map((r) => r.language))].map((language) =>
      routes.filter((r) => !r.noindex && r.language === language).reduce((a, b) => (b.url.length < a.url.length ? b : a)),
    ),
    ...pickSamples(routes).filter((r) => r.template !== 'not-found'),
  ]
  return [...new Map(chosen.filter(Boolean).map((r) => [r.url, r])).values()]
}

async function runLighthouse(urls) {
  const { launch } = await import('chrome-launcher')
  const { default: lighthouse } = await import('lighthouse')
  const chrome = await launch({ chromePath, chromeFlags })
  const results = new Map()
  try {
    for (const url of urls) {
      const run = () =>
        lighthouse(`${server.origin}${url}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(targets) })
      let { lhr } = await run()
      // A busy machine can make one run fail (a protocol timeout, no paint seen): try once more
      // rather than report a score of 0 that says nothing about the page.
      if (lhr.runtimeError) ({ lhr } = await run())
      if (lhr.runtimeError) console.log(`  ${url}: Lighthouse failed twice: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
      const scores = Object.fromEntries(Object.keys(targets).map((k) => [k, Math.round((lhr.categories[k]?.score ?? 0) * 100)]))
      const failing = Object.values(lhr.categories).flatMap((category) =>
        category.auditRefs
          .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
          .map((ref) => `${category.id}: ${ref.id} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`),
      )
      const metrics = [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
        'speed-index',
      ]
        .map((id) => `${id.replace(/-/g, ' ')} ${lhr.audits[id]?.displayValue ?? '?'}`)
        .join(', ')
      results.set(url, { scores, failing: [...failing, `metrics: ${metrics}`] })
    }
  } finally {
    await chrome.kill()
  }
  return results
}

async function runAxe(urls) {
  const { chromium } = await import('playwright')
  const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags.filter((f) => f !== '--headless=new') })
  const results = new Map()
  try {
    for (const url of urls) {
      for (const viewport of [
        { width: 390, height: 844 },
        { width: 1280, height: 900 },
      ]) {
        const page = await browser.newPage({ viewport })
        await page.goto(`${server.origin}${url}`, { waitUntil: 'load' })
        // Evaluated over the DevTools protocol, so the page's own CSP does not block it.
        await page.evaluate(axeSource)
        const violations = await page.evaluate(axeInPage)
        const seen = results.get(url) ?? []
        results.set(url, [...seen, ...violations.filter((v) => !seen.some((s) => s.id === v.id))])
        await page.close()
      }
    }
  } finally {
    await browser.close()
  }
  return results
}

function printTable(rows) {
  const columns = [
    ['kind', 'page kind'],
    ['url', 'page'],
    ['performance', 'perf'],
    ['accessibility', 'a11y'],
    ['best-practices', 'best pr.'],
    ['seo', 'seo'],
    ['axe', 'axe'],
    ['html', 'html errors'],
  ]
  const cell = (row, key) => (row[key] === undefined ? '–' : String(row[key]))
  const widths = columns.map(([key, title]) => Math.max(title.length, ...rows.map((r) => cell(r, key).length)))
  const line = (values) => `| ${values.map((v, i) => v.padEnd(widths[i])).join(' | ')} |`
  return [
    line(columns.map(([, t]) => t)),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.map((r) => line(columns.map(([k]) => cell(r, k)))),
  ].join('\n')
}
