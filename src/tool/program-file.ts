import { mkdir, readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { hash } from '../cache/digest.js'
import { replaceFile } from '../cache/replace-file.js'
import { bundle } from './esbuild.js'
import { packageRoot, toolStoreDir } from './package.js'

/**
 * The file of a program that runs beside the build in a process or thread of its own: `name`.ts
 * in the folder of the module at `caller` (its `import.meta.url`). The CLI runs from lib/, where
 * bin/compile.mjs bundles each such program beside citypress.mjs under its name (the caller may
 * be in lib/chunks/, hence the package's folder, not the caller's). Run from src/ (tests), that
 * TypeScript is bundled here instead, with esbuild as the templates are, into a file named by its
 * contents in the tool store; the packages `byPath` names (native code, or code that reads files
 * of its own) are imported by their paths.
 */
export function programFile(name: string, caller: string, byPath: readonly string[] = []): Promise<string> {
  const here = fileURLToPath(caller)
  if (!here.endsWith('.ts')) return Promise.resolve(path.join(packageRoot, 'lib', `${name}.mjs`))
  let file = fromSource.get(name)
  if (!file) {
    file = bundleFromSource(name, path.join(path.dirname(here), `${name}.ts`), byPath)
    fromSource.set(name, file)
  }
  return file
}
const fromSource = new Map<string, Promise<string>>()

async function bundleFromSource(name: string, entry: string, byPath: readonly string[]): Promise<string> {
  const require = createRequire(import.meta.url)
  const paths = new Map(byPath.map((specifier) => [specifier, pathToFileURL(require.resolve(specifier)).href]))
  const result = await bundle({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'silent',
    plugins: [
      {
        name: 'packages-by-path',
        setup: (b) =>
          b.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) => {
            const resolved = paths.get(specifier)
            return resolved === undefined ? undefined : { path: resolved, external: true }
          }),
      },
    ],
  })
  const contents = result.outputFiles[0]!.contents
  // In the tool store, not the shared temporary folder, where another user could leave a file of
  // that name; and used only with these very bytes, since it is run.
  const dir = path.join(toolStoreDir(), 'code')
  const file = path.join(dir, `${name}-${hash(contents).slice(0, 12)}.mjs`)
  if (!(await readFile(file).catch(() => undefined))?.equals(contents)) {
    await mkdir(dir, { recursive: true })
    await replaceFile(file, contents)
  }
  return file
}
