import type { Command } from 'commander'
import { displayFile } from '../../paths.js'
import { paint, type Io } from '../io.js'

export function newCommand(program: Command, io: Io): void {
  const command = program
    .command('new')
    .description('Create a website project to commit: a small working site (home, contact and one service page, one quote form), its package.json and examples for publishing it.')
    .argument('<dir>', 'the new project folder; must not exist or be empty')
    .option('--name <name>', 'the business name (default: "Your Business")')
    .option('--trade <trade>', 'what the business does, as a title, e.g. "Landscaping" (default: "Your Service")')
    .addHelpText('after', `
Examples:
  $ citypress new my-site
  $ citypress new greenway --name "Greenway Landscapes" --trade Landscaping`)
    .action(async (dir: string, flags: { name?: string; trade?: string }) => {
      const { scaffoldSite, ScaffoldRefused } = await import('../../preview/scaffold-site.js')
      const result = await scaffoldSite({ dir, name: flags.name, trade: flags.trade }).catch((error: unknown) => {
        if (error instanceof ScaffoldRefused) command.error(`error: ${error.message}`, { exitCode: 2, code: 'citypress.new.refused' })
        throw error
      })
      const shown = displayFile(result.root)
      const arg = /\s/.test(shown) ? JSON.stringify(shown) : shown
      const step = (command: string, why: string) => `  ${paint(io, 'cyan', command.padEnd(18))} ${why}`.trimEnd() + '\n'
      io.out(`${paint(io, 'green', '✓')} Created ${shown}/ with ${result.files.length} files.\n\nNext steps:\n`)
      io.out(step(`cd ${arg}`, ''))
      io.out(step('npm install', 'installs citypress into the project (once)'))
      io.out(step('npm run preview', 'shows the site in the browser; pages update as you save'))
      io.out(step('npm run build', 'builds the finished site into dist/, ready to publish'))
      io.out(`\nStart with site.yaml (name, url, email, colours); README.md explains the rest.\n`)
    })
}
