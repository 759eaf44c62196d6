import type { Command } from 'commander'
import type { BuildProgress } from '../../build.js'
import { displayFile } from '../../paths.js'
import { paint, type Io } from '../io.js'
import { formatLandingReport } from '../landing-report.js'
import { formatSizeReport } from '../size-report.js'
import { defaultSite, printWarnings } from './shared.js'

export function buildCommand(program: Command, io: Io): void {
  program
    .command('build')
    .description('Build a site folder into a static website ready to publish.')
    .argument('[site]', 'the site folder', defaultSite)
    .option('-o, --out <dir>', 'output folder, replaced only when the build succeeds', 'dist')
    .option('--base-url <url>', 'public address to use instead of site.yaml `url` (e.g. a staging host)')
    .option('--drafts', 'include blog posts marked draft: true')
    .option('--verbose', 'print the time of each stage')
    .addHelpText('after', `
Examples:
  $ citypress build                         builds ${defaultSite} into dist/
  $ citypress build sites/acme --out public
  $ citypress build --base-url https://staging.example.com`)
    .action(async (site: string, flags: { out: string; baseUrl?: string; drafts?: boolean; verbose?: boolean }) => {
      const { build } = await import('../../build.js')
      const started = performance.now()
      const result = await build({ site, outDir: flags.out, baseUrl: flags.baseUrl, drafts: flags.drafts, recordUrls: true, onProgress: progressLine(io), onWait: (message) => io.err(`${message}\n`) })
        // A failure's report starts on a clean line, not after the progress line.
        .finally(() => io.isTTY && io.err('\r\x1b[K'))
      printWarnings(io, result.warnings)
      const { rendered, reused, slowest } = result.pages
      io.out(formatSizeReport(result.sizes))
      io.out(formatLandingReport(io, result.landing))
      if (flags.verbose) {
        io.out(Object.entries(result.timings).map(([stage, ms]) => `  ${stage.padEnd(8)} ${ms.toFixed(0).padStart(6)} ms`).join('\n') + '\n')
        if (slowest.length) io.out(`  slowest pages: ${slowest.map((p) => `${p.url} ${p.ms.toFixed(1)} ms`).join(', ')}\n`)
        for (const line of result.cacheNotes) io.out(`  cache: ${line}\n`)
      }
      // The one-line summary, last, where a CI log is read from.
      const seconds = ((performance.now() - started) / 1000).toFixed(2)
      const written = result.upToDate ? `${displayFile(result.outDir)}/ already held exactly this output, so nothing was written` : `written to ${displayFile(result.outDir)}/`
      io.out(`${paint(io, 'green', '✓')} Built ${result.routes.length} pages (${rendered} rendered, ${reused} reused from the cache) and ${result.fileCount - result.routes.length} other files in ${seconds}s; `
        + `images: ${result.images.encoded} variants encoded, ${result.images.reused} reused; ${written}\n`)
    })
}

/** Redraws one line on a TTY; prints nothing elsewhere (CI logs stay short). */
function progressLine(io: Io): ((p: BuildProgress) => void) | undefined {
  if (!io.isTTY) return undefined
  return (p) => io.err(`\r\x1b[K${p.stage === 'plan' ? 'Planning pages…' : `${p.stage === 'render' ? 'Rendering pages' : 'Encoding images'} ${p.done}/${p.total}`}`)
}
