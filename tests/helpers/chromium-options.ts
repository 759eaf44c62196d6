import type { LaunchOptions } from 'playwright'
import { chromiumPath, quietChromiumFlags } from '../../bin/chromium.mjs'

/**
 * How tests start Chromium. Host names other than 127.0.0.1 resolve to nothing, so a page can never
 * reach the network even if a test forgets to answer a request itself.
 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: chromiumPath,
  args: [...quietChromiumFlags, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
}
