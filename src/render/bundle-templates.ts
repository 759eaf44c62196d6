import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Message, Plugin } from 'esbuild'
import { cachedByInputs, metafileInputs } from '../cache/by-inputs.js'
import { type CacheNote, ensureCacheFolder, replaceInCache } from '../cache/sealed-file.js'
import { siteTemplateFiles } from '../config/read/site-templates.js'
import { fail, TemplateError } from '../errors/catalogue.js'
import { BuildFailure, type ConfigError } from '../errors/config-error.js'
import { sourcePosition } from '../errors/source-stack.js'
import type { findForms } from '../html/find-forms.js'
import type { collectPageFacts } from '../html/page-facts.js'
import type { TemplateRoute } from '../plan/route-plan.js'
import { bundle as esbuildBundle } from '../tool/esbuild.js'
import { citypressVersion, codeDigest, displayFile, packageRoot, toolStoreDir } from '../tool/package.js'
import type { RenderContext } from './render-context.js'

/**
 * What templates/render.tsx exports, and the page scanners of the checks: the render worker
 * (render-worker.ts) scans each page where it was rendered, and its whole program is this bundle.
 */
export interface TemplateModule {
  renderRoute(route: TemplateRoute, context: RenderContext): string
  /** The shared header's and footer's markup as the route's page holds it, for collectPageFacts' `shared`. */
  sharedMarkup(route: TemplateRoute, context: RenderContext): readonly string[]
  collectPageFacts: typeof collectPageFacts
  findForms: typeof findForms
}

export interface TemplateBundle {
  readonly module: TemplateModule
  /** The bundle's file, which a render worker imports (render-worker.ts). */
  readonly file: string
  /** Hash of the bundled code: part of every page's cache key. */
  readonly hash: string
  /** Where a template that threw `error` went wrong: its component and source line. */
  locate(error: unknown): ThrowingTemplate
}

export interface ThrowingTemplate {
  /** The component function (esbuild's keepNames keeps its name in the bundle). */
  readonly component?: string
  /** Display path of the template source, e.g. `templates/sections/Text.tsx`. */
  readonly file?: string
  readonly line?: number
}

export interface BundleTemplatesOptions {
  /** The site folder; files in its templates/ replace the shared ones of the same path. */
  siteRoot: string
  /** Lucide icon names to include. */
  icons: readonly string[]
  /** Told when a cached bundle was damaged (the build's --verbose cache lines). */
  note?: CacheNote
}

/**
 * Bundles templates/ with esbuild into one ES module and imports it. A fresh bundle per build
 * (rather than importing templates/ directly) lets `preview` pick up template edits without a
 * restart, lets a site override any template by path, and gives one hash that names the exact
 * template code a page was rendered with.
 */
export async function bundleTemplates(options: BundleTemplatesOptions): Promise<TemplateBundle> {
  const templates = path.join(packageRoot, 'templates')
  const icons = [...new Set([...templateIcons(templates), ...options.icons])].sort()
  const overrides = path.join(options.siteRoot, 'templates')
  const siteFiles = siteTemplateFiles(options.siteRoot)
  const dir = path.join(toolStoreDir(), 'code')
  const { hash } = await cachedByInputs({
    name: 'templates',
    siteRoot: options.siteRoot,
    // The site's overrides name the entry (siteFiles); a new one changes no existing input, so their list is part of the key.
    key: `${citypressVersion}+${codeDigest}|${icons.join(',')}|${siteFiles.map((f) => path.relative(overrides, f).split(path.sep).join('/')).join(',')}`,
    siteFiles,
    compute: () => bundle({ templates, overrides, icons, dir, note: options.note }),
    // The bundle is imported: only with the very bytes its entry recorded.
    verify: async ({ hash }) => isBundleHash(hash) && codeHash(await readFile(bundleFile(dir, hash)).catch(() => '')) === hash,
    note: options.note,
  })
  // Named by the hash its (sealed) entry holds, in the tool store: never a path read from a file.
  if (!isBundleHash(hash)) throw new Error(`citypress: a template bundle entry holds no bundle hash (${JSON.stringify(hash)})`)
  const file = bundleFile(dir, hash)
  const module = await importOnce(file)
  return { module, file, hash, locate: (error) => locateThrow(error, file) }
}

/**
 * Each bundle imported once per process. Node keeps an imported module for the process's life
 * anyway (a bundle is named by its hash, so the same name is the same code); a module loader put
 * in front of Node's, as a test runner's, would otherwise read and evaluate the megabyte bundle
 * again at every build.
 */
function importOnce(file: string): Promise<TemplateModule> {
  let module = imported.get(file)
  if (!module) imported.set(file, (module = import(pathToFileURL(file).href) as Promise<TemplateModule>))
  return module
}
const imported = new Map<string, Promise<TemplateModule>>()

const isBundleHash = (hash: unknown): hash is string => typeof hash === 'string' && /^[0-9a-f]{16}$/.test(hash)
const codeHash = (code: string | Uint8Array) => createHash('sha256').update(code).digest('hex').slice(0, 16)
const bundleFile = (dir: string, hash: string) => path.join(dir, `templates-${hash}.mjs`)

/**
 * The first component frame of a stack that is in the bundle, mapped to its source through the
 * bundle's map (`<bundle>.map`), read only when a template threw (errors/source-stack.ts).
 */
function locateThrow(error: unknown, bundle: string): ThrowingTemplate {
  const stack = error instanceof Error ? (error.stack ?? '') : ''
  const url = pathToFileURL(bundle).href
  for (const line of stack.split('\n')) {
    const frame = /^\s+at (?:Object\.)?([A-Z]\w*) \((.+):(\d+):(\d+)\)$/.exec(line)
    if (!frame || (frame[2] !== url && frame[2] !== bundle)) continue
    const component = frame[1]
    const source = sourcePosition(bundle, Number(frame[3]), Number(frame[4]))
    return source ? { component, file: displayFile(source.file), line: source.line } : { component }
  }
  return {}
}

async function bundle(options: { templates: string; overrides: string; icons: readonly string[]; dir: string; note?: CacheNote }) {
  const result = await esbuildBundle({
    stdin: {
      contents: [
        `export { renderRoute, sharedMarkup } from ${JSON.stringify(path.join(options.templates, 'render.tsx'))}`,
        `export { collectPageFacts } from ${JSON.stringify(path.join(packageRoot, 'src/html/page-facts.ts'))}`,
        `export { findForms } from ${JSON.stringify(path.join(packageRoot, 'src/html/find-forms.ts'))}`,
      ].join('\n'),
      resolveDir: packageRoot,
      sourcefile: 'templates-entry.ts',
      loader: 'ts',
    },
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    // React is bundled in, so this picks its production build whatever NODE_ENV the calling
    // process has (vitest sets "test"); the development build renders 3.5× slower.
    define: { 'process.env.NODE_ENV': '"production"' },
    keepNames: true,
    // react-dom/server requires Node built-ins (util, stream); an ES module needs a require for that.
    banner: {
      js: "import { createRequire as __citypressRequire } from 'node:module'; const require = __citypressRequire(import.meta.url);",
    },
    // A separate map without a sourceMappingURL comment: read only when a template throws.
    sourcemap: 'external',
    outfile: path.join(packageRoot, 'templates.mjs'),
    absWorkingDir: packageRoot,
    // A site's template overrides live outside this package; their `react` is still ours.
    nodePaths: [path.join(packageRoot, 'node_modules')],
    sourceRoot: `${packageRoot}/`,
    logLevel: 'silent',
    plugins: [iconsPlugin(options.icons), siteOverridesPlugin(options.templates, options.overrides)],
  }).catch((error: unknown) => {
    // A syntax or import error in a template (most likely a site's own override) is the user's to fix.
    const messages = (error as { errors?: Message[] }).errors
    if (!messages?.length) throw error
    throw new BuildFailure(messages.map(templateError))
  })
  const code = result.outputFiles.find((f) => f.path.endsWith('.mjs'))!.text
  const map = result.outputFiles.find((f) => f.path.endsWith('.map'))!.text
  const hash = codeHash(code)
  // A real file (not a data: URL) so stack traces and source maps name it.
  const { dir } = options
  const file = bundleFile(dir, hash)
  // Named by its hash, but a file of that name is trusted only with those very bytes: a damaged
  // one would be imported and render every page wrong. Replaced whole, as another build may be
  // importing it.
  const [found, foundMap] = [readIfAny(file), readIfAny(`${file}.map`)]
  if (found !== code || foundMap !== map) {
    if (found !== undefined || foundMap !== undefined)
      options.note?.(`the template bundle ${path.basename(file)} was damaged (its bytes do not match its name's hash); it is written again`)
    await ensureCacheFolder(dir)
    for (const [target, contents] of [
      [`${file}.map`, map],
      [file, code],
    ] as const) {
      // A folder in its place (damage) cannot be renamed over.
      if (statSync(target, { throwIfNoEntry: false })?.isDirectory()) await rm(target, { recursive: true, force: true })
      await replaceInCache(target, [Buffer.from(contents)])
    }
    await pruneBundles(dir)
  }
  return { value: { hash }, inputs: [...metafileInputs(result.metafile, packageRoot), path.join(options.templates, 'icons.json')] }
}

function readIfAny(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}

/** Every template edit in preview makes a bundle; keep the 30 newest. */
async function pruneBundles(dir: string): Promise<void> {
  const bundles = readdirSync(dir)
    .filter((n) => /^templates-[0-9a-f]+\.mjs$/.test(n))
    .map((n) => path.join(dir, n))
  const byAge = bundles.map((f) => [f, statSync(f).mtimeMs] as const).sort((a, b) => b[1] - a[1])
  await Promise.all(byAge.slice(30).flatMap(([f]) => [rm(f, { force: true }), rm(`${f}.map`, { force: true })]))
}

/** Icons the shared templates use themselves, listed in templates/icons.json. */
function templateIcons(templates: string): string[] {
  return (JSON.parse(readFileSync(path.join(templates, 'icons.json'), 'utf8')) as { icons: string[] }).icons
}

/** `citypress:icons` exports exactly the icons the site uses, keyed by kebab-case name. */
function iconsPlugin(icons: readonly string[]): Plugin {
  return {
    name: 'citypress-icons',
    setup(build) {
      build.onResolve({ filter: /^citypress:icons$/ }, () => ({ path: 'icons', namespace: 'citypress' }))
      build.onLoad({ filter: /.*/, namespace: 'citypress' }, () => ({
        resolveDir: packageRoot,
        loader: 'js',
        contents:
          icons.map((name, i) => `import i${i} from 'lucide-react/icons/${name}'`).join('\n') +
          `\nexport const icons = {${icons.map((name, i) => `${JSON.stringify(name)}: i${i}`).join(', ')}}\n`,
      }))
    },
  }
}

/**
 * A site's templates/ folder mirrors the shared one: a file there replaces the shared file of the
 * same path. Relative imports are read as if every file sat in the shared folder, so an override
 * can import its shared siblings (`../components/Icon.js`) and `../../src/…` exactly like the
 * file it replaces, and sees the site's other overrides first.
 */
function siteOverridesPlugin(shared: string, overrides: string): Plugin {
  return {
    name: 'citypress-site-templates',
    setup(build) {
      if (!existsSync(overrides)) return
      build.onResolve({ filter: /^\./ }, (args) => {
        const fromOverride = args.resolveDir === overrides || args.resolveDir.startsWith(overrides + path.sep)
        if (!fromOverride && !args.resolveDir.startsWith(shared)) return undefined
        const sharedDir = fromOverride ? path.join(shared, path.relative(overrides, args.resolveDir)) : args.resolveDir
        // Imports say `./Text.js` (TypeScript's ESM convention) for a file named Text.tsx.
        const target = path.resolve(sharedDir, args.path).replace(/\.js$/, '')
        const inside = path.relative(shared, target)
        const roots = inside.startsWith('..') ? [path.dirname(shared)] : [overrides, shared]
        const stem = inside.startsWith('..') ? path.relative(path.dirname(shared), target) : inside
        for (const base of roots) {
          for (const ext of ['.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts']) {
            const candidate = path.join(base, stem + ext)
            if (existsSync(candidate)) return { path: candidate }
          }
        }
        return undefined
      })
    },
  }
}

function templateError(message: Message): ConfigError {
  const at = message.location
  const place = at
    ? {
        file: displayFile(path.resolve(packageRoot, at.file)),
        line: at.line,
        column: at.column + 1,
        length: at.length,
        lineText: at.lineText,
      }
    : { file: 'templates/' }
  return fail(TemplateError, place, message.text, message.notes[0]?.text)
}
