import type { Command } from 'commander'
import { languageCoverage } from '../../plan/plan-languages.js'
import type { RoutePlan } from '../../plan/route-plan.js'
import type { Io } from '../io.js'
import { redirectLines } from '../landing-summary.js'
import { coverageLines } from '../language-summary.js'
import { siteArgument, siteFolder, siteLabel } from './shared.js'

export function routesCommand(program: Command, io: Io): void {
  program
    .command('routes')
    .description(
      'List every page the site would build: address, page kind, output file. Landing pages are grouped as a city × service matrix.',
    )
    .argument('[site]', siteArgument)
    .option('--json', 'print the route table as JSON')
    .addHelpText(
      'after',
      `
Examples:
  $ citypress routes
  $ citypress routes --json | jq '.[].url'`,
    )
    .action(async (given: string | undefined, flags: { json?: boolean }) => {
      const site = siteFolder(given)
      const { loadAndPlan } = await import('../../build/index.js')
      const { site: config, plan } = await loadAndPlan(site)
      if (flags.json) {
        io.out(
          `${JSON.stringify(
            plan.routes.map(({ url, template, outputPath, noindex, language }) => ({ url, template, outputPath, noindex, language })),
            null,
            2,
          )}\n`,
        )
        return
      }
      const width = Math.max(...plan.routes.map((r) => r.url.length))
      const rows = plan.routes
        .filter((r) => r.template !== 'landing')
        .map((r) => `  ${r.url.padEnd(width)}  ${r.template.padEnd(10)}  ${r.outputPath}`)
      io.out(`Routes of ${siteLabel(site)}:\n${rows.join('\n')}\n`)
      io.out(landingMatrix(plan.landingUrls, plan.routes))
      const redirects = redirectLines(io, plan.redirects, config.site.host)
      if (redirects.length) io.out(`\n${redirects.join('\n')}\n`)
      for (const edition of plan.editions) io.out(`\n${edition.language.code}:\n${landingMatrix(edition.landingUrls, plan.routes)}`)
      io.out(`\n${plan.routes.length} pages: ${countByTemplate(plan.routes.map((r) => r.template))}\n`)
      for (const line of coverageLines(languageCoverage(plan.routes, config))) io.out(`${line}\n`)
    })
}

/**
 * Landing pages as a table: one row per area, one column per service. ✓ an indexed page,
 * ○ a page built with noindex because it fails the quality gate, ✎ a page written by hand in
 * pages/, · no page.
 */
function landingMatrix(urls: Readonly<Record<string, string>>, routes: readonly RoutePlan[]): string {
  const keys = Object.keys(urls)
  if (keys.length === 0) return ''
  const byUrl = new Map(routes.map((r) => [r.url, r]))
  const mark = (url: string | undefined) => {
    const route = url ? byUrl.get(url) : undefined
    if (!route) return '·'
    if (route.template !== 'landing') return '✎'
    return route.noindex ? '○' : '✓'
  }
  const areas = [...new Set(keys.map((k) => k.split('|')[0]!))]
  const services = [...new Set(keys.map((k) => k.split('|')[1]!))]
  const width = Math.max(...areas.map((a) => a.length))
  const head = `  ${''.padEnd(width)}  ${services.join('  ')}`
  const rows = areas.map((a) => `  ${a.padEnd(width)}  ${services.map((s) => mark(urls[`${a}|${s}`]).padEnd(s.length)).join('  ')}`)
  const noindex = keys.filter((k) => mark(urls[k]) === '○').length
  const legend = `  ✓ indexed  ○ noindex (fails the quality gate${noindex ? `: ${noindex}` : ''})  ✎ written by hand in pages/  · none`
  return `\nLanding pages (/lp/{city}-{service}), ${keys.length} in all:\n${head}\n${rows.join('\n')}\n${legend}\n`
}

function countByTemplate(templates: readonly string[]): string {
  const counts = new Map<string, number>()
  for (const t of templates) counts.set(t, (counts.get(t) ?? 0) + 1)
  return [...counts].map(([t, n]) => `${n} ${t}`).join(', ')
}
