import { existsSync } from 'node:fs'
import { type Command, InvalidArgumentError } from 'commander'
import { postsToEndpoint } from '../../config/presets/form-services.js'
import { printable } from '../../errors/printable.js'
import { sourceStack } from '../../errors/source-stack.js'
import { reportPath } from '../../output/write-report.js'
import type { PreviewServer } from '../../preview/server.js'
import { type Io, paint } from '../io.js'
import { siteArgument, siteFolder, siteLabel } from './shared.js'

export function previewCommand(program: Command, io: Io): void {
  const command = program
    .command('preview')
    .description(
      'Build the site into memory and serve it on this machine; pages rebuild and reload in the browser as you save files. Drafts are included; form posts are captured locally.',
    )
    .argument('[site]', siteArgument)
    .option('-p, --port <number>', 'port to listen on; the next free one when taken', parsePort, 4321)
    .option('--host <address>', 'interface to listen on (0.0.0.0 shares the preview with your network)', '127.0.0.1')
    .option('--fail-forms', "answer every form submission with an error, to see the forms' error state")
    .option('--open', 'open the preview in your default browser (CITYPRESS_OPENER names another command)')
    .option(
      '--poll',
      "ask the files for changes every 300 ms instead of waiting for the system's events; on by default for network folders, WSL's Windows drives and Docker bind mounts, where events do not arrive",
    )
    .option('--no-poll', "use the system's file events even where they are known not to arrive")
    .option(
      '--editor-token <token>',
      'secret the browser editor at /admin/ needs; required to open the editor when --host is not this machine',
    )
    .addHelpText(
      'after',
      `
Examples:
  $ citypress preview                       serves the site in this folder on http://127.0.0.1:4321/
  $ citypress preview sites/acme --port 8080
  $ citypress preview --fail-forms          check what visitors see when sending fails
  $ citypress preview --open                also opens it in your browser
  $ citypress preview --poll                when saved changes do not show (a network folder, a container)
  $ citypress preview --host 0.0.0.0 --editor-token "$(openssl rand -hex 16)"
                                            share the preview and its editor with your team

The editor at /admin/ edits the site's files through citypress: every save is validated like
\`citypress validate\` and written as a small edit that keeps comments and layout.

Form submissions are checked against forms.yaml and appended to <site>/.citypress/submissions.ndjson.
Press Ctrl+C to stop.`,
    )
    .action(async (given: string | undefined, flags: PreviewFlags) => {
      const site = siteFolder(given)
      const { startPreview } = await import('../../preview/server.js')
      // A stage that fails in the background (a bug) must not end a server people are using.
      const onUnhandled = (reason: unknown) =>
        io.err(`Internal error (a bug in citypress; the preview keeps running):\n${printable(sourceStack(reason))}\n`)
      process.on('unhandledRejection', onUnhandled)
      try {
        const started = performance.now()
        const preview = await startPreview({
          site,
          port: flags.port,
          host: flags.host,
          failForms: flags.failForms,
          poll: flags.poll,
          editorToken: flags.editorToken,
          log: io,
        }).catch((error: unknown) => {
          const code = (error as NodeJS.ErrnoException).code
          if (code && ['EADDRINUSE', 'EADDRNOTAVAIL', 'EACCES', 'ENOTFOUND'].includes(code)) {
            command.error(`error: cannot listen on ${flags.host} port ${flags.port} (${code}); choose another --host or --port.`, {
              exitCode: 2,
              code: 'citypress.preview.listen',
            })
          }
          throw error
        })
        printBanner(io, site, flags, preview, performance.now() - started)
        if (flags.open) {
          const { openBrowser } = await import('../open-browser.js')
          const failed = await openBrowser(preview.url)
          if (failed) io.err(`  Could not open a browser (${printable(failed)}); open ${preview.url} yourself.\n`)
        }
        await untilInterrupted()
        await preview.close()
      } finally {
        process.off('unhandledRejection', onUnhandled)
      }
    })
}

interface PreviewFlags {
  port: number
  host: string
  failForms?: boolean
  open?: boolean
  /** undefined: decided by the folder's file system (src/preview/watch-mode.ts). */
  poll?: boolean
  editorToken?: string
}

function printBanner(io: Io, site: string, flags: PreviewFlags, preview: PreviewServer, ms: number): void {
  const state = preview.session.state
  const built =
    state.kind === 'ok'
      ? `${state.build.result.routes.length} pages built in ${(ms / 1000).toFixed(2)}s, drafts included`
      : 'the site has errors (shown in the browser too)'
  io.out(`\n  ${paint(io, 'bold', 'citypress preview')}  ${paint(io, 'cyan', preview.url)}\n\n`)
  if (preview.movedFrom !== undefined)
    io.out(
      `  ${paint(io, 'yellow', `Port ${preview.movedFrom} is in use`)} (another program listens there), so the preview moved to port ${preview.port}.\n`,
    )
  // The current folder displays as "" (a path relative to itself).
  const shown = siteLabel(site)
  io.out(`  ${shown}: ${built}\n`)
  io.out(`  Watching ${shown}/ and the shared templates/; open tabs reload on save.\n`)
  const noReport = existsSync(reportPath(site)) ? '' : ' (none yet: `citypress build` writes it)'
  io.out(`  Build report: ${paint(io, 'cyan', preview.reportUrl)}${noReport}\n`)
  if (preview.polling)
    io.out(
      `  ${paint(io, 'yellow', 'Polling')} the files for changes every 300 ms (${preview.polling === '--poll' ? '--poll' : `${preview.polling}: its changes send no file events`}).\n`,
    )
  if (flags.host !== '127.0.0.1' && flags.host !== 'localhost')
    io.out(`  ${paint(io, 'yellow', `Listening on ${flags.host}`)}: other machines can open this preview.\n`)
  for (const url of preview.editorUrls) io.out(`  Editor: ${paint(io, 'cyan', url)}\n`)
  if (preview.editorUrls.length === 0)
    io.out(`  ${paint(io, 'yellow', 'Editor off')}: give --editor-token to open /admin/ beyond this machine.\n`)
  if (flags.failForms) io.out(`  ${paint(io, 'yellow', '--fail-forms')}: every form submission is answered with 500.\n`)
  const forms = state.kind === 'ok' ? state.build.site.site.forms : undefined
  if (postsToEndpoint(forms) && !forms?.endpoint?.startsWith('/')) {
    io.out(`  ${paint(io, 'yellow', 'Forms')} post to ${forms?.endpoint}, outside this preview: submissions are not captured here.\n`)
  }
  io.out('  Press Ctrl+C to stop.\n\n')
}

function parsePort(value: string): number {
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('Give a port number from 0 to 65535.')
  return port
}

/** Resolves on Ctrl+C or a termination signal, so the command returns (and main exits) cleanly. */
function untilInterrupted(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
      resolve()
    }
    process.on('SIGINT', stop)
    process.on('SIGTERM', stop)
  })
}
