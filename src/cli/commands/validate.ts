import path from 'node:path'
import type { Command } from 'commander'
import { languageCoverage } from '../../plan/plan-languages.js'
import { type Io, paint } from '../io.js'
import { printJsonProblems, runWithJsonFailures, summaryLine } from '../json-output.js'
import { redirectLines } from '../landing-summary.js'
import { coverageLines } from '../language-summary.js'
import { printWarnings, siteArgument, siteFolder, siteLabel } from './shared.js'

export function validateCommand(program: Command, io: Io): void {
  program
    .command('validate')
    .description('Check a site folder (schemas, references, routes, links in YAML) without building it. Fast; for CI and editors.')
    .argument('[site]', siteArgument)
    .option('--strict-translations', 'fail on a text without its translation in another language (as site.yaml translations.strict)')
    .option('--json', 'print each error and warning as one JSON object per line, then a summary object (for CI and editors)')
    .addHelpText(
      'after',
      `
Examples:
  $ citypress validate
  $ citypress validate sites/acme && echo "ready to build"
  $ citypress validate --json             one JSON object per problem, then a summary`,
    )
    .action(async (given: string | undefined, flags: { json?: boolean; strictTranslations?: boolean }) => {
      const { loadAndPlan } = await import('../../build/index.js')
      const { placeProblems } = await import('../../config/read/place-problems.js')
      const site = flags.json ? await runWithJsonFailures(io, 'validate', async () => siteFolder(given)) : siteFolder(given)
      const check = async () => {
        const { site: config, plan } = await loadAndPlan(site, undefined, { strictTranslations: flags.strictTranslations })
        return { config, plan, warnings: await placeProblems([...config.warnings, ...plan.warnings]) }
      }
      if (flags.json) {
        const { config, plan, warnings } = await runWithJsonFailures(io, 'validate', check)
        const coverage = languageCoverage(plan.routes, config)
        printJsonProblems(io, warnings, 'warning')
        io.out(
          summaryLine({
            type: 'summary',
            command: 'validate',
            ok: true,
            errors: 0,
            warnings: warnings.length,
            files: config.files.length,
            pages: plan.routes.length,
            ...(coverage.length ? { languages: coverage } : {}),
          }),
        )
        return
      }
      const { config, plan, warnings } = await check()
      printWarnings(io, warnings)
      const redirects = redirectLines(io, plan.redirects, config.site.host)
      if (redirects.length) io.out(`${redirects.join('\n')}\n`)
      // A site's templates/ is code the build runs: whoever reviews the site reviews it like code.
      const { siteTemplateFiles } = await import('../../config/read/site-templates.js')
      const templates = siteTemplateFiles(config.root).map((file) => path.relative(config.root, file).split(path.sep).join('/'))
      if (templates.length) io.out(`This site runs its own template code: ${templates.join(', ')}. Review changes to templates/ as code.\n`)
      for (const line of coverageLines(languageCoverage(plan.routes, config))) io.out(`${line}\n`)
      io.out(`${paint(io, 'green', '✓')} ${siteLabel(site)} is valid: ${config.files.length} files, ${plan.routes.length} pages.\n`)
    })
}
