/**
 * Opens `url` in the default browser, with the `open` package. CITYPRESS_OPENER names another
 * program to open it with (a test's recorder, or a browser of your choice): on Linux a command,
 * given the URL as its one argument; on macOS and Windows an application name or path. Resolves
 * to why it failed, or undefined once the opener has started (its own failures are the desktop's
 * to show).
 */
export async function openBrowser(url: string, env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  const { default: open } = await import('open')
  try {
    await open(url, env.CITYPRESS_OPENER ? { app: { name: env.CITYPRESS_OPENER } } : {})
    return undefined
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}
