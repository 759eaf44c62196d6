import path from 'node:path'
import type { Command } from 'commander'
import { type FactsInput, needsFormService } from '../../scaffold/scaffold-facts.js'
import { type Io, paint } from '../io.js'
import { askForFacts, type Prompt, terminalPrompt } from './new-prompts.js'

/** What `new` copies and which citypress it makes the project depend on. */
export interface NewSetup {
  /** The starter site folder. */
  readonly starter: string
  /** citypress's version: the project depends on `^<version>` unless `--citypress` says otherwise. */
  readonly version: string
}

export interface NewCommandOptions {
  /** The starter and version, found when the command runs (keeps `--help` free of file reads). */
  setup(): Promise<NewSetup>
  /** How a user runs it, for the help's examples. @default 'citypress new' */
  invocation?: string
  /** Asks for missing facts. @default a terminal prompt when stdin is a TTY, else none */
  prompt?: Prompt
}

interface NewFlags extends FactsInput {
  citypress?: string
}

/** `citypress new`: the starter from this package. */
export function newCommand(program: Command, io: Io): void {
  defineNewCommand(program.command('new'), io, {
    setup: async () => {
      const { packageRoot, citypressVersion } = await import('../../tool/package.js')
      return { starter: path.join(packageRoot, 'sites', 'starter'), version: citypressVersion }
    },
  })
}

/**
 * The options, help and action of making a project; `citypress new` and create-citypress (which
 * carries its own copy of the starter) share them, so both take the same options and say the same.
 */
export function defineNewCommand(command: Command, io: Io, options: NewCommandOptions): Command {
  const { setup, invocation = 'citypress new', prompt = terminalPrompt() } = options
  // npm passes options on to a create- package only after `--`.
  const run = (dir: string) => (invocation.startsWith('npm ') ? `${invocation} ${dir} --` : `${invocation} ${dir}`)
  return command
    .description(
      'Create a website project to commit: a working site with a home, a contact page, two service pages and a landing page for each of your towns × service, its package.json, a README and the files your host needs. Facts you leave out are asked for on a terminal.',
    )
    .argument('<dir>', 'the new project folder; must not exist or be empty. Its name becomes the package name')
    .option('--name <name>', 'the business name, as visitors should read it (required), e.g. "Greenway Landscapes"')
    .option(
      '--trade <trade>',
      'what the business does, as a title (required), e.g. "Landscaping"; it names the first service, and "<trade> for Businesses" the second',
    )
    .option(
      '--areas <towns>',
      'the towns you serve as "Town, ST; Town, ST" (required). Each gets a landing page per service; they stay out of search engines until you write the town\'s local paragraph in areas.yaml',
    )
    .option(
      '--phone <number>',
      'the phone number as visitors should read it, e.g. "(503) 555-0142"; the tel: link is made from it (default: a placeholder to edit in site.yaml)',
    )
    .option('--email <address>', 'where visitors write to and the header shows (default: a placeholder to edit in site.yaml)')
    .option(
      '--url <address>',
      "the site's public address with https://; canonical links and the sitemap start with it (default: a placeholder to edit in site.yaml)",
    )
    .option(
      '--host <host>',
      "where the site will be published: netlify (netlify.toml), cloudflare-pages, github-pages (adds a Pages deploy workflow) or static; sets site.yaml host (default: netlify's files and a CI workflow that builds)",
    )
    .option(
      '--form-endpoint <url>',
      "where the forms post, off Netlify: your form's address at Formspree, Basin or Getform (or your own https:// endpoint). Without one, a site on another host shows your phone and email where its forms would be",
    )
    .option(
      '--citypress <spec>',
      'the citypress dependency to write into package.json: a version range, a tarball path or a git URL (default: ^ this version)',
    )
    .addHelpText(
      'after',
      `
On a terminal, the facts you leave out are asked for; otherwise --name, --trade and --areas are
required. citypress never makes up towns or facts: what you skip keeps a placeholder to edit.

Examples:
  $ ${invocation} my-site
  $ ${run('greenway')} --name "Greenway Landscapes" --trade Landscaping --areas "Salem, OR; Keizer, OR"
  $ ${run('harbor')} --name "Harbor Roofing" --trade Roofing --areas "Erie, PA" --host github-pages --url https://harbor.github.io`,
    )
    .action(async (dir: string, flags: NewFlags) => {
      const { checkProjectFolder, scaffoldSite, ScaffoldRefused } = await import('../../scaffold/scaffold-site.js')
      const refused = (error: unknown): never => {
        if (error instanceof ScaffoldRefused) command.error(`error: ${error.message}`, { exitCode: 2, code: 'citypress.new.refused' })
        throw error
      }
      await checkProjectFolder(dir, invocation).catch(refused)
      const facts = prompt ? await askForFacts(flags, prompt, io) : flags
      const { starter, version } = await setup()
      const result = await scaffoldSite({ ...facts, dir, starter, invocation, citypress: flags.citypress ?? `^${version}` }).catch(refused)
      printNextSteps(io, result.root, result.files.length, result.facts.areas.length)
      if (needsFormService(result.facts.host) && !result.facts.forms)
        io.out(
          `\n${paint(io, 'yellow', 'Forms')}: ${result.facts.host} does not receive form posts, so the quote form shows your phone and email\ninstead. To take requests through the site, put your form service's address in site.yaml \`forms\`.\n`,
        )
    })
}

function printNextSteps(io: Io, root: string, fileCount: number, towns: number): void {
  const relative = path.relative(process.cwd(), root)
  const shown = (relative.startsWith('..') || relative === '' ? root : relative).split(path.sep).join('/')
  const arg = /\s/.test(shown) ? JSON.stringify(shown) : shown
  const step = (command: string, why: string) => `${`  ${paint(io, 'cyan', command.padEnd(18))} ${why}`.trimEnd()}\n`
  io.out(`${paint(io, 'green', '✓')} Created ${shown}/ with ${fileCount} files.\n\nNext steps:\n`)
  io.out(step(`cd ${arg}`, ''))
  io.out(step('npm install', 'installs citypress into the project (once); commit package-lock.json'))
  io.out(step('npm run preview', 'shows the site in the browser; pages update as you save'))
  io.out(step('npm run build', 'builds the finished site into dist/, ready to publish'))
  const which = towns === 1 ? 'your town' : `each of your ${towns} towns`
  io.out(
    `\nStart with site.yaml (name, url, email, colours). Then write a local paragraph for ${which}\nin areas.yaml: until then its landing pages stay out of search engines. README.md explains the rest.\n`,
  )
}
