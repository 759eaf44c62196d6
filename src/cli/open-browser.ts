import { spawn } from 'node:child_process'

/**
 * Opens `url` in the default browser with the platform's opener: `open` (macOS), `start` (Windows),
 * `xdg-open` (Linux and the BSDs). CITYPRESS_OPENER names another command (a test's recorder, or
 * a browser of your choice); it gets the URL as its one argument. Resolves to why it failed, or
 * undefined once the opener has started (its own failures are the desktop's to show).
 */
export function openBrowser(url: string, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): Promise<string | undefined> {
  const [command, ...args] = openerFor(env, platform)
  return new Promise((resolve) => {
    const child = spawn(command!, [...args, url], { stdio: 'ignore', detached: true, windowsVerbatimArguments: platform === 'win32' && !env.CITYPRESS_OPENER })
    child.once('error', (error) => resolve(`${command}: ${error.message}`))
    child.once('spawn', () => {
      child.unref()
      resolve(undefined)
    })
  })
}

/** The opener's command and its arguments before the URL. */
export function openerFor(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string[] {
  if (env.CITYPRESS_OPENER) return [env.CITYPRESS_OPENER]
  if (platform === 'darwin') return ['open']
  // `start` is built into cmd; its first quoted argument is a window title, hence the empty one.
  if (platform === 'win32') return ['cmd', '/c', 'start', '""']
  return ['xdg-open']
}
