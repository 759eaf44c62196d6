import type { Command } from 'commander'
import { paint, type Io } from '../io.js'
import { printWarnings, siteArgument, siteFolder } from './shared.js'

export function validateCommand(program: Command, io: Io): void {
  program
    .command('validate')
    .description('Check a site folder (schemas, references, routes, links in YAML) without building it. Fast; for CI and editors.')
    .argument('[site]', siteArgument)
    .addHelpText('after', `
Examples:
  $ citypress validate
  $ citypress validate sites/acme && echo "ready to build"`)
    .action(async (given: string | undefined) => {
      const site = siteFolder(given)
      const { loadSite } = await import('../../config/load-site.js')
      const { planSite } = await import('../../plan/plan-site.js')
      const { failOn } = await import('../../errors/config-error.js')
      const config = await loadSite(site)
      const plan = planSite(config)
      failOn(plan.errors)
      printWarnings(io, config.warnings)
      io.out(`${paint(io, 'green', '✓')} ${site} is valid: ${config.files.length} files, ${plan.routes.length} pages.\n`)
    })
}
