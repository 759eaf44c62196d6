import { chmod, readFile, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { main } from '../../src/cli/main.js'
import { memoryIo, siteFrom, tempDir } from '../helpers/site.js'
import { startOn, until } from './helpers.js'

// Preview says why it moved to another port, opens the browser with --open,
// serves a sub-path site under its base, and polls where file events do not arrive.
const subPathYaml = async () =>
  (await readFile(path.join(await siteFrom('minimal'), 'site.yaml'), 'utf8')).replace(
    'url: https://tidy.example',
    'url: https://tidy.github.io/repo\nhost: github-pages',
  )

describe('citypress preview', () => {
  const opened: Server[] = []
  afterAll(async () => {
    for (const server of opened) await new Promise((done) => server.close(done))
  })

  it('says its port was in use and where it moved, opens that address with --open, and serves a sub-path site under its base', async () => {
    const taken = createServer()
    opened.push(taken)
    await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done))
    const port = (taken.address() as { port: number }).port
    const dir = await tempDir()
    const record = path.join(dir, 'opened.txt')
    const opener = path.join(dir, 'opener.sh')
    await writeFile(opener, `#!/bin/sh\nprintf '%s' "$1" > '${record}'\n`)
    await chmod(opener, 0o755)
    const site = await siteFrom('minimal', { 'site.yaml': await subPathYaml() })
    const io = memoryIo()
    process.env.CITYPRESS_OPENER = opener
    const run = main(['preview', site, '--port', String(port), '--open', '--poll'], io)
    try {
      await until(() => io.stdout.includes('Press Ctrl+C'))
      const moved = port + 1
      expect(io.stdout).toContain(`Port ${port} is in use (another program listens there), so the preview moved to port ${moved}.`)
      expect(io.stdout).toContain('Polling the files for changes every 300 ms (--poll).')
      const url = `http://127.0.0.1:${moved}/repo/`
      expect(io.stdout).toContain(url)
      expect(await until(() => readFile(record, 'utf8').catch(() => undefined))).toBe(url)
      // Under its base, as GitHub Pages serves a project site; the host's root sends there.
      const root = await fetch(`http://127.0.0.1:${moved}/`, { redirect: 'manual' })
      expect([root.status, root.headers.get('location')]).toEqual([302, '/repo/'])
      const home = await (await fetch(url)).text()
      expect(home).toContain('href="/repo/contact"')
      expect((await fetch(`http://127.0.0.1:${moved}/repo/contact`)).status).toBe(200)
      expect((await fetch(`http://127.0.0.1:${moved}/contact`)).status).toBe(404)
      // The page's own policy (GitHub Pages sends no headers) allows preview's reload script by its hash.
      const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(home)![1]!
      const script = /<script id="__citypress_reload">([\s\S]*?)<\/script>/.exec(home)![1]!
      const { createHash } = await import('node:crypto')
      expect(policy).toContain(`&#39;sha256-${createHash('sha256').update(script).digest('base64')}&#39;`)
    } finally {
      delete process.env.CITYPRESS_OPENER
      process.emit('SIGINT')
      expect(await run).toBe(0)
    }
  })

  it('with --poll (system events off: files are asked with stat) patches a change within two poll intervals', async () => {
    const site = await siteFrom('minimal')
    const interval = 300
    const preview = await startOn(site, { poll: true, pollIntervalMs: interval, debounceMs: 15 })
    try {
      expect(preview.polling).toBe('--poll')
      const file = path.join(site, 'pages', 'contact.yaml')
      const before = await readFile(file, 'utf8')
      const changedAt = performance.now()
      await writeFile(file, before.replace(/title: .*/, 'title: Polled Contact'))
      const line = await until(() =>
        preview
          .printed()
          .split('\n')
          .find((l) => l.includes('contact.yaml changed')),
      )
      const seenAfter = performance.now() - changedAt - Number(/in (\d+) ms/.exec(line)![1])
      console.log(`--poll every ${interval} ms: change seen ${Math.round(seenAfter)} ms after the save`)
      expect(seenAfter).toBeLessThan(2 * interval)
      expect(await (await fetch(new URL('contact', preview.url))).text()).toContain('Polled Contact')
    } finally {
      await preview.close()
    }
  })

  it('lists --open and --poll in its --help', async () => {
    const io = memoryIo()
    expect(await main(['preview', '--help'], io)).toBe(0)
    expect(io.stdout).toMatch(/--open\s+open the preview in your default browser/)
    expect(io.stdout).toMatch(/--poll\s+ask the files for changes every 300 ms/)
    expect(io.stdout).toContain('--no-poll')
  })
})
