import { execFileSync } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { repoRoot, tempDir } from '../helpers/site.js'

describe('an internal error’s stack', () => {
  it('names the TypeScript source lines of a bundle, with Node’s own source maps off', async () => {
    // A bundle as bin/compile.mjs makes lib/citypress.mjs: a map beside it, run by a plain `node`.
    const dir = await tempDir()
    const source = path.join(dir, 'thrower.ts')
    await writeFile(
      source,
      [
        `export { sourceStack } from ${JSON.stringify(path.join(repoRoot, 'src/errors/source-stack.ts'))}`,
        'export function fail(): never {',
        "  throw new Error('a bug of ours')",
        '}',
        '',
      ].join('\n'),
    )
    const bundle = path.join(dir, 'lib', 'bundle.mjs')
    await build({
      entryPoints: [source],
      outfile: bundle,
      bundle: true,
      platform: 'node',
      format: 'esm',
      sourcemap: 'linked',
      sourcesContent: false,
      logLevel: 'silent',
    })
    const run = (show: string) =>
      execFileSync(
        'node',
        [
          '--input-type=module',
          '-e',
          `
      const m = await import(${JSON.stringify(pathToFileURL(bundle).href)})
      try { m.fail() } catch (error) { process.stdout.write(${show}) }
    `,
        ],
        { encoding: 'utf8' },
      )
    expect(run('error.stack')).toContain('bundle.mjs:')
    const mapped = run('m.sourceStack(error)')
    expect(mapped).toContain('Error: a bug of ours')
    expect(mapped).toContain(`fail (${source}:3:9)`)
    expect(mapped).not.toContain('bundle.mjs:')
  })
})
