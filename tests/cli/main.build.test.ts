import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../src/cli/main.js'
import { memoryIo, normalize, repoRoot, siteFrom, tempDir } from '../helpers/site.js'

describe('the citypress command', () => {
  /** A first build of the minimal site: the next test builds it again into the same folder. */
  const first = { site: '', out: '', io: memoryIo(), code: -1 }
  beforeAll(async () => {
    first.site = await siteFrom('minimal')
    first.out = path.join(await tempDir(), 'public')
    first.code = await main(['build', first.site, '--out', first.out], first.io)
  })

  it('builds a site, prints what it built and exits with 0', () => {
    const { io, out, code } = first
    expect(code).toBe(0)
    // One summary line, last: pages rendered and reused, other files, seconds, images, where.
    expect(io.stdout).toMatch(
      /\n✓ Built \d+ pages \(\d+ rendered, 0 reused from the cache\) and \d+ other files in \d+\.\d\ds; images: \d+ variants encoded, \d+ reused; written to .*public\/\n$/,
    )
    expect(existsSync(path.join(out, 'index.html'))).toBe(true)
  })

  it('says so when the output folder already held exactly what a build would write', async () => {
    const { site, out } = first
    expect(first.code).toBe(0)
    // The first build added its landing pages to published-urls.json: this one loads the site.
    const io = memoryIo()
    expect(await main(['build', site, '--out', out], io)).toBe(0)
    expect(io.stdout).toMatch(
      /\(0 rendered, \d+ reused from the cache\).*; .*public\/ already held exactly this output, so nothing was written\n$/,
    )
    // Now nothing it reads changed since: it repeats what that build printed, without loading the site.
    const again = memoryIo()
    expect(await main(['build', site, '--out', out], again)).toBe(0)
    expect(again.stdout).toMatch(
      /; nothing the site is built from changed since the last build and .*public\/ still holds its output, so nothing was written\n$/,
    )
    expect(again.stdout.replace(/\n.*\n$/, '')).toBe(io.stdout.replace(/\n.*\n$/, ''))
  })

  it('exits with 1 and prints every error with its code frame when the site has errors', async () => {
    const io = memoryIo()
    const site = await siteFrom('minimal', {
      'services/office-cleaning.yaml': 'title: Office Cleaning\nsubtitel: Nightly.\ndescription: Offices.\n',
    })
    expect(await main(['build', site, '--out', path.join(await tempDir(), 'dist')], io)).toBe(1)
    expect(normalize(io.stderr).replaceAll('<tmp>/site/', '')).toBe(
      [
        'error[unknown-key]: Unknown key "subtitel" in the top level.',
        '  --> services/office-cleaning.yaml:2:1',
        '  |',
        '2 | subtitel: Nightly.',
        '  | ^^^^^^^^',
        'hint: Did you mean "subtitle"?',
        '',
        'Build failed with 1 error.',
        '',
      ].join('\n'),
    )
  })

  it('says which command failed: validation is not a build', async () => {
    const site = await siteFrom('minimal', {
      'services/office-cleaning.yaml': 'title: Office Cleaning\nsubtitel: Nightly.\ndescription: Offices.\n',
    })
    const io = memoryIo()
    expect(await main(['validate', site], io)).toBe(1)
    expect(io.stderr).toMatch(/\n\nValidation failed with 1 error\.\n$/)
  })

  it('shows on a terminal what a build is doing, and starts an error report on a clean line', async () => {
    const io = Object.assign(memoryIo(), { isTTY: true })
    const site = await siteFrom('minimal', {
      'templates/sections/Text.tsx': 'export function Text(): never {\n  throw new Error("no text today")\n}\n',
    })
    expect(await main(['build', site, '--out', path.join(await tempDir(), 'dist')], io)).toBe(1)
    // The progress line is redrawn in place (\r, clear to the end), then cleared before the report.
    expect(io.stderr).toMatch(
      /^\r\x1b\[KPlanning pages…(\r\x1b\[K[^\r]*)*\r\x1b\[Kerror\[render-failed\]: The page \/\S* could not be rendered/,
    )
  })

  it('exits with 2 and suggests the right command or option for a typo', async () => {
    const io = memoryIo()
    expect(await main(['biuld'], io)).toBe(2)
    expect(io.stderr).toContain("unknown command 'biuld'")
    expect(io.stderr).toContain('(Did you mean build?)')
    const io2 = memoryIo()
    expect(await main(['build', '--outt', 'x'], io2)).toBe(2)
    expect(io2.stderr).toContain('(Did you mean --out?)')
  })

  it('teaches each command with an example in --help and exits with 0', async () => {
    for (const command of ['build', 'validate', 'routes']) {
      const io = memoryIo()
      expect(await main([command, '--help'], io)).toBe(0)
      expect(io.stdout).toContain(`$ citypress ${command}`)
    }
  })

  it('validates the example site without errors', async () => {
    const io = memoryIo()
    const code = await main(['validate', path.join(repoRoot, 'sites/system4')], io)
    expect(io.stderr.replace(/warning\[[\s\S]*?\n\n/g, '')).toBe('')
    expect(code).toBe(0)
    expect(io.stdout).toMatch(/is valid: \d+ files, \d+ pages\./)
  })

  it("names the site's own template files, which the build runs as code, and says nothing of templates for a site without them", async () => {
    const site = await siteFrom('minimal', {
      'templates/components/Footer.tsx': 'export function Footer() { return null }\n',
      'templates/sections/Text.tsx': 'export function Text() { return null }\n',
    })
    const io = memoryIo()
    expect(await main(['validate', site], io)).toBe(0)
    expect(io.stdout).toContain(
      'This site runs its own template code: templates/components/Footer.tsx, templates/sections/Text.tsx. Review changes to templates/ as code.\n',
    )
    const without = memoryIo()
    expect(await main(['validate', await siteFrom('minimal')], without)).toBe(0)
    expect(without.stdout).not.toContain('template')
  })

  it('lists routes with counts per kind and the landing-page matrix', async () => {
    const io = memoryIo()
    expect(await main(['routes', await siteFrom('minimal')], io)).toBe(0)
    expect(io.stdout).toContain('/services/office-cleaning')
    expect(io.stdout).toMatch(/Landing pages \(\/lp\/\{city\}-\{service\}\), 2 in all:/)
    // The minimal site gives its places no local paragraph, so its pages fail the quality gate (○).
    expect(io.stdout).toMatch(/Springfield, IL\s+○/)
    expect(io.stdout).toContain('○ noindex (fails the quality gate: 2)')
    expect(io.stdout).toMatch(/\n\d+ pages: .*2 landing/)
  })

  it('stops quietly when the reader of its output goes away (citypress routes | head)', async () => {
    // The pipe is closed before the command writes, so its first write fails with EPIPE. A small
    // site is enough: the first line written meets the closed pipe.
    const child = spawn(process.execPath, [path.join(repoRoot, 'bin/citypress.cjs'), 'routes', await siteFrom('minimal')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout.destroy()
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
    const code = await new Promise((resolve) => child.on('close', resolve))
    expect(stderr).toBe('')
    expect(code).toBe(0)
  })

  it('gives libuv one file thread per core, at most its default of 4, unless the user sized its pool', async () => {
    // Counted in the running command (a preview, ready once it has built): a size set after Node
    // had read a file through the pool would leave the pool at 4 threads.
    const site = await siteFrom('minimal')
    const threads = async (size: string | undefined) => {
      const env = { ...process.env, UV_THREADPOOL_SIZE: size }
      if (size === undefined) delete env.UV_THREADPOOL_SIZE
      const child = spawn(process.execPath, [path.join(repoRoot, 'bin/citypress.cjs'), 'preview', site, '--port', '0'], {
        stdio: ['ignore', 'pipe', 'inherit'],
        env,
      })
      try {
        let printed = ''
        await new Promise<void>((resolve, reject) => {
          child.stdout.on('data', (chunk: Buffer) => {
            printed += chunk
            if (printed.includes('Press Ctrl+C to stop.')) resolve()
          })
          child.on('close', () => reject(new Error(`the preview stopped before it was ready:\n${printed}`)))
        })
        return (await readdir(`/proc/${child.pid}/task`)).length
      } finally {
        child.kill()
      }
    }
    const sized = await threads(undefined)
    expect((await threads('4')) - sized).toBe(4 - Math.min(4, availableParallelism()))
  })
})
