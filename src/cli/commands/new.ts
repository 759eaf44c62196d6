import type { Command } from 'commander'
import { displayFile } from '../../paths.js'
import { paint, type Io } from '../io.js'

export function newCommand(program: Command, io: Io): void {
  const command = program
    .command('new')
    .description('Create a small, working site folder to start from: one service, a few areas, home and contact pages, one form.')
    .argument('<dir>', 'the new site folder; must not exist or be empty')
    .addHelpText('after', `
Examples:
  $ citypress new sites/acme
  $ citypress new ../acme-site && citypress preview ../acme-site`)
    .action(async (dir: string) => {
      const { scaffoldSite, ScaffoldRefused } = await import('../../preview/scaffold-site.js')
      const result = await scaffoldSite(dir).catch((error: unknown) => {
        if (error instanceof ScaffoldRefused) command.error(`error: ${error.message}`, { exitCode: 2, code: 'citypress.new.refused' })
        throw error
      })
      const shown = displayFile(result.root)
      const arg = /\s/.test(shown) ? JSON.stringify(shown) : shown
      io.out(`${paint(io, 'green', '✓')} Created ${shown}/ with ${result.files.length} files.\n\n`)
      io.out(`Next steps:\n`)
      io.out(`  1. Put your business into ${shown}/site.yaml (name, url, email, colours) and forms.yaml.\n`)
      io.out(`  2. ${paint(io, 'cyan', `npx citypress preview ${arg}`)}   see it in the browser; pages reload as you save\n`)
      io.out(`  3. ${paint(io, 'cyan', `npx citypress build ${arg}`)}     build the static site into dist/ to publish it\n`)
      io.out(`\nEditors with the YAML extension complete keys and flag mistakes as you type (the first line of each file points at citypress's schemas/).\n`)
    })
}
