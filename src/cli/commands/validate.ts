import type { Command } from 'commander'
import { paint, type Io } from '../io.js'
import { defaultSite, printWarnings } from './shared.js'

export function validateCommand(program: Command, io: Io): void {
  program
    .command('validate')
    .description('Check a site folder (schemas, references, routes, links in YAML) without building it. Fast; for CI and editors.')
    .argument('[site]', 'the site folder', defaultSite)
    .addHelpText('after', `
Examples:
  $ citypress validate
  $ citypress validate sites/acme && echo "ready to build"`)
    .action(async (site: string) => {
      const { loadSite } = await import('../../config/load-site.js')
      const { planSite } = await import('../../plan/plan-site.js')
      const { failOn } = await import('../../errors/config-error.js')
      const config = await loadSite(site)
      const plan = planSite(config)
      failOn(plan.errors)
      printWarnings(io, [...config.warnings, ...plan.warnings])
      io.out(`${paint(io, 'green', '✓')} ${site} is valid: ${config.files.length} files, ${plan.routes.length} pages.\n`)
    })
}
