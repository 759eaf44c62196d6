// The Chromium every citypress tool and test drives: Debian's (bin/test.mjs finds or installs it and
// sets CHROMIUM_PATH), never a downloaded one, started quiet: no sandbox (CI runs as root), no GPU,
// nothing that calls home or updates itself.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const quietChromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
