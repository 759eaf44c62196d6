import { chmod, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openBrowser } from '../../src/cli/open-browser.js'
import { tempDir } from '../helpers/site.js'
import { until } from '../preview/helpers.js'

describe('openBrowser', () => {
  it('hands the whole address, query and all, to the opener as one argument', async () => {
    const dir = await tempDir()
    const record = path.join(dir, 'opened.txt')
    const opener = path.join(dir, 'opener.sh')
    await writeFile(opener, `#!/bin/sh\nprintf '%s|%s' "$#" "$1" > '${record}'\n`)
    await chmod(opener, 0o755)
    const url = 'http://127.0.0.1:4321/lp/a b?x=1&y=$HOME;z'
    expect(await openBrowser(url, { CITYPRESS_OPENER: opener })).toBeUndefined()
    expect(
      await until(() =>
        readFile(record, 'utf8').then(
          (text) => text || undefined,
          () => undefined,
        ),
      ),
    ).toBe(`1|${url}`)
  })

  it('says why when the opener cannot be started', async () => {
    const missing = path.join(await tempDir(), 'no-such-opener')
    expect(await openBrowser('http://127.0.0.1:4321/', { CITYPRESS_OPENER: missing })).toContain('ENOENT')
  })
})
