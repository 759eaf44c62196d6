import path from 'node:path'
import type { Command } from 'commander'
import type { BuildProgress } from '../../build/index.js'
import { defaultOutDir } from '../../build/options.js'
import { isWebAddress } from '../../config/checks/check-url.js'
import { reportPath } from '../../output/write-report.js'
import { displayFile } from '../../tool/package.js'
import { formatContrastTable } from '../contrast-table.js'
import { type Io, paint } from '../io.js'
import { printJsonProblems, runWithJsonFailures, summaryLine } from '../json-output.js'
import { formatLandingSummary } from '../landing-summary.js'
import { coverageLines } from '../language-summary.js'
import { formatSizeTable } from '../size-table.js'
import { printWarnings, siteArgument, siteFolder } from './shared.js'

export function buildCommand(program: Command, io: Io): void {
  program
    .command('build')
    .description('Build a site folder into a static website ready to publish.')
    .argument('[site]', siteArgument)
    .option('-o, --out <dir>', 'output folder, replaced only when the build succeeds', defaultOutDir)
    .option('--base-url <url>', 'public address to use instead of site.yaml `url` (e.g. a staging host)')
    .option('--drafts', 'include blog posts marked draft: true')
    .option('--verbose', "print the time of each stage and the theme's contrast table")
    .option(
      '--published <sitemap>',
      "the live site's sitemap.xml (URL or file): its landing pages join published-urls.json, so renamed ones get 301s",
    )
    .option('--strict-translations', 'fail on a text without its translation in another language (as site.yaml translations.strict)')
    .option('--json', 'print each error and warning as one JSON object per line, then a summary object (for CI and editors)')
    .addHelpText(
      'after',
      `
Examples:
  $ citypress build                         builds the site in this folder into dist/
  $ citypress build sites/acme --out public
  $ citypress build --base-url https://staging.example.com
  $ citypress build --published https://www.example.com/sitemap.xml`,
    )
    .action(async (given: string | undefined, flags: BuildFlags) => {
      const { buildSummary } = await import('../../build/index.js')
      const started = performance.now()
      const site = siteFolder(given)
      const run = () =>
        buildSummary({
          site,
          outDir: flags.out,
          baseUrl: flags.baseUrl,
          drafts: flags.drafts,
          strictTranslations: flags.strictTranslations,
          recordUrls: true,
          writeReport: true,
          published: flags.published && !isWebAddress(flags.published) ? path.resolve(flags.published) : flags.published,
          onProgress: flags.json ? undefined : progressLine(io),
          onWait: (message) => io.err(`${message}\n`),
        })
      if (flags.json) {
        const result = await runWithJsonFailures(io, 'build', run)
        printJsonProblems(io, result.warnings, 'warning')
        io.out(
          summaryLine({
            type: 'summary',
            command: 'build',
            ok: true,
            errors: 0,
            warnings: result.warnings.length,
            pages: result.pageCount,
            files: result.fileCount,
            outDir: displayFile(result.outDir),
            upToDate: result.upToDate,
            replayed: result.replayed,
            // Each other language's pages by kind, beside the default language's (none: no key).
            ...(result.languages.length ? { languages: result.languages } : {}),
            seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
          }),
        )
        return
      }
      // A failure's text starts on a clean line, not after the progress line.
      const result = await run().finally(() => io.isTTY && io.err('\r\x1b[K'))
      printWarnings(io, result.warnings)
      const { rendered, reused, slowest } = result.pages
      io.out(formatSizeTable(result.sizes))
      io.out(formatLandingSummary(io, result.landing, result.host))
      for (const line of coverageLines(result.languages)) io.out(`${line}\n`)
      io.out(`  Build report: ${displayFile(reportPath(site))} (citypress preview serves it at /__citypress/report)\n`)
      if (flags.verbose) {
        io.out(
          `${Object.entries(result.timings)
            .map(
              ([stage, t]) =>
                `  ${stage.padEnd(8)} ${t.ms.toFixed(0).padStart(6)} ms   cpu ${t.cpuMs.toFixed(0).padStart(6)} ms   peak ${t.peakMiB.toFixed(0).padStart(4)} MiB`,
            )
            .join('\n')}\n`,
        )
        if (slowest.length) io.out(`  slowest pages: ${slowest.map((p) => `${p.url} ${p.ms.toFixed(1)} ms`).join(', ')}\n`)
        io.out(formatContrastTable(result.contrast))
        for (const line of result.cacheNotes) io.out(`  cache: ${line}\n`)
      }
      // The one-line summary, last, where a CI log is read from.
      const seconds = ((performance.now() - started) / 1000).toFixed(2)
      const out = `${displayFile(result.outDir)}/`
      const written = result.replayed
        ? `nothing the site is built from changed since the last build and ${out} still holds its output, so nothing was written`
        : result.upToDate
          ? `${out} already held exactly this output, so nothing was written`
          : `written to ${out}`
      io.out(
        `${paint(io, 'green', '✓')} Built ${result.pageCount} pages (${rendered} rendered, ${reused} reused from the cache) and ${result.fileCount - result.pageCount} other files in ${seconds}s; ` +
          `images: ${result.images.encoded} variants encoded, ${result.images.reused} reused; ${written}\n`,
      )
    })
}

interface BuildFlags {
  out: string
  baseUrl?: string
  drafts?: boolean
  verbose?: boolean
  json?: boolean
  published?: string
  strictTranslations?: boolean
}

/** Redraws one line on a TTY; prints nothing elsewhere (CI logs stay short). */
function progressLine(io: Io): ((p: BuildProgress) => void) | undefined {
  if (!io.isTTY) return undefined
  return (p) =>
    io.err(
      `\r\x1b[K${p.stage === 'plan' ? 'Planning pages…' : `${p.stage === 'render' ? 'Rendering pages' : 'Encoding images'} ${p.done}/${p.total}`}`,
    )
}
