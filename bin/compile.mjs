// Compiles the CLI (src/) into lib/citypress.mjs and the chunks it loads on demand (lib/chunks/)
// with esbuild, and the schema validators into lib/validators-<digest>.cjs. npm runs it at
// `prepare` (npm install in the checkout) and `prepack` (npm pack, npm publish), so an installed
// package never compiles anything; in a checkout, bin/citypress.cjs also calls it when lib/ is
// missing or older than any source file.
// It also fetches Decap CMS's browser build into lib/decap/ for the editor (bin/decap.mjs).
// Templates are not part of it: they are bundled per site build (src/render/bundle-templates.ts).
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { ensureDecap } from './decap.mjs'

export const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
export const output = path.join(root, 'lib', 'citypress.mjs')

/** Newest modification time of src/ and package.json, in ms. */
export function newestSource() {
  let newest = statSync(path.join(root, 'package.json')).mtimeMs
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(file)
      else newest = Math.max(newest, statSync(file).mtimeMs)
    }
  }
  walk(path.join(root, 'src'))
  return newest
}

export function isStale() {
  try {
    return statSync(output).mtimeMs < newestSource()
  } catch {
    return true
  }
}

export async function compile() {
  const { build } = await import('esbuild')
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
  const result = await build({
    // The programs that run beside a build too: the image process's and the SVG sanitizer's thread
    // (src/tool/program-file.ts finds them in lib/).
    entryPoints: {
      citypress: path.join(root, 'src/cli/main.ts'),
      'image-worker': path.join(root, 'src/images/image-worker.ts'),
      'svg-worker': path.join(root, 'src/config/checks/svg-worker.ts'),
    },
    outdir: path.dirname(output),
    outExtension: { '.js': '.mjs' },
    // What only a dynamic import reaches goes into chunks of its own under lib/chunks/, loaded when
    // a command needs it: the report's React, for one (src/build/write-report-page.ts), which every
    // command, `--help` included, would otherwise load at start-up, since an ES module bundle
    // imports its external packages at the top.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Pure-JavaScript dependencies are bundled in: a few files load in a third of the time of the
    // hundred-odd module files of commander, fast-glob and markdown-it (60 ms → 25 ms).
    // Left out: native code (sharp, esbuild, lightningcss), what the generated schema validators require at
    // run time (ajv), what templates, workers and the browser load by path, and the SVG sanitizer
    // (jsdom reads files of its own by path; both are imported only in the sanitizer's thread).
    external: [
      'sharp',
      'esbuild',
      'lightningcss',
      'ajv',
      'ajv-formats',
      'ajv/*',
      'react',
      'react-dom',
      'react-dom/*',
      'lucide-react',
      'idiomorph',
      '@fontsource-variable/*',
      'jsdom',
      'dompurify',
    ],
    // Bundled CommonJS packages require Node's built-ins; an ES module needs a require for that.
    banner: {
      js: "import { createRequire as __citypressRequire } from 'node:module'; const require = __citypressRequire(import.meta.url);",
    },
    sourcemap: 'linked',
    // Read only when an internal error's stack is shown (src/errors/source-stack.ts), which names src/ files, right here: the map need not carry their text.
    sourcesContent: false,
    define: { CITYPRESS_VERSION: JSON.stringify(version) },
    logLevel: 'warning',
    // Written below under temporary names and renamed over: a CLI starting meanwhile (another
    // terminal, or `npm pack` in a test run) loads the old file or the new one, never half of one.
    write: false,
  })
  // Chunks first: their names carry their contents' hash, so none replaces one in use, and an
  // entry renamed over is never without the chunks it imports.
  const chunks = path.join(path.dirname(output), 'chunks')
  const isChunk = (file) => path.dirname(file) === chunks
  mkdirSync(chunks, { recursive: true })
  for (const file of [...result.outputFiles.filter((f) => isChunk(f.path)), ...result.outputFiles.filter((f) => !isChunk(f.path))]) {
    const temporary = `${file.path}.${process.pid}.tmp`
    writeFileSync(temporary, file.contents)
    renameSync(temporary, file.path)
  }
  // Older builds' chunks go, so `npm pack` (lib/ is packed whole) ships only this build's.
  const current = new Set(result.outputFiles.map((f) => path.basename(f.path)))
  for (const name of readdirSync(chunks)) if (!current.has(name) && !name.endsWith('.tmp')) rmSync(path.join(chunks, name), { force: true })
}

/** Compiles the validators of the current schemas/ into lib/ (see src/config/checks/schema-validators.ts). */
export async function compileValidators() {
  const { writeSchemaValidators } = await import(pathToFileURL(output).href)
  return writeSchemaValidators()
}

/**
 * Makes create-citypress/ packable (its `prepack`): lib/create.mjs, the `new` command bundled
 * whole (no dependencies to install), starter/, a copy of sites/starter, and the LICENSE. Each has
 * one source in the repo; the copies are git-ignored and remade at every pack.
 */
export async function compileCreate() {
  const { build } = await import('esbuild')
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
  const target = path.join(root, 'create-citypress')
  await build({
    entryPoints: [path.join(root, 'src/cli/create-main.ts')],
    outfile: path.join(target, 'lib', 'create.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    banner: {
      js: "import { createRequire as __citypressRequire } from 'node:module'; const require = __citypressRequire(import.meta.url);",
    },
    define: { CITYPRESS_VERSION: JSON.stringify(version) },
    logLevel: 'warning',
  })
  rmSync(path.join(target, 'starter'), { recursive: true, force: true })
  const starter = path.join(root, 'sites', 'starter')
  // A build of the starter in the checkout leaves its cache in .citypress/: never part of a site.
  cpSync(starter, path.join(target, 'starter'), {
    recursive: true,
    filter: (from) => !path.relative(starter, from).split(path.sep).includes('.citypress'),
  })
  cpSync(path.join(root, 'LICENSE'), path.join(target, 'LICENSE'))
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  if (process.argv[2] === 'create') {
    await compileCreate()
    process.exit(0)
  }
  await compile()
  await compileValidators()
  ensureDecap(root)
}
