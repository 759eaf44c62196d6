import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Plugin } from 'esbuild'
import { cachedByInputs, metafileInputs, portablePath } from '../cache/by-inputs.js'
import type { CacheNote } from '../cache/sealed-file.js'
import { en } from '../config/messages/en.js'
import { siteText } from '../config/messages/messages.js'
import type { SiteMeta } from '../config/site-model.js'
import { themeProperties } from '../config/theme/theme.js'
import type { SiteFonts } from '../config/theme/theme-model.js'
import { bundle as esbuildBundle } from '../tool/esbuild.js'
import { minifyCss } from '../tool/lightning-css.js'
import { citypressVersion, codeDigest, packageRoot } from '../tool/package.js'
import type { AssetManifest, OutputFile } from '../types.js'
import { fontFacesCss, preloadName } from './font-faces.js'

export interface AssetsResult {
  /** What templates link to (see RenderContext `assets`). */
  readonly manifest: AssetManifest
  readonly files: readonly OutputFile[]
}

/**
 * Inline the stylesheet when it is at most this many bytes gzip-compressed. A linked stylesheet
 * blocks first paint for a whole round trip (Lighthouse "render-blocking resources"); inlined,
 * it arrives with the HTML. Below this size the first response still fits in the first ~14 kB
 * TCP window for typical pages, so inlining costs nothing on first visits; above it, caching one
 * file across pages wins.
 */
export const inlineCssLimit = 10_000

/**
 * The two client assets, each minified by esbuild and named by content hash so hosts can cache
 * them forever: one stylesheet (templates/styles/ with the site's theme tokens and @font-face rules
 * after its imports) and one script with every widget's enhancement module
 * (templates/widgets/index.client.ts). Kept between builds in the tool store (cache/by-inputs.ts),
 * outside the site folder: what it holds is published.
 */
export async function bundleAssets(site: SiteMeta, fonts: SiteFonts, siteRoot: string, note?: CacheNote): Promise<AssetsResult> {
  const theme = `${themeCss(site)}\n${fontFacesCss(fonts, path.join(packageRoot, 'templates'))}`
  // Parts only some sites use, so the others' stylesheets do not carry them.
  const stylesheets = site.languages.length > 1 ? '@import "./styles/languages.css";\n' : ''
  const texts = widgetTexts(site)
  // Reused while no stylesheet, widget or font-package file changed (esbuild takes ~50–150 ms).
  // The fonts' own inputs (metadata, ranges, the places a package was looked for) join esbuild's,
  // so the build's inputs digest (heldEntryDigest) changes with any font package.
  const cached = await cachedByInputs<AssetsJson>({
    name: 'assets',
    siteRoot,
    key: `${citypressVersion}+${codeDigest}|${site.basePath}|${stylesheets}${theme}|${JSON.stringify(texts)}|${fonts.inputs.map((f) => portablePath(f, siteRoot)).join('\n')}`,
    compute: async () => {
      const result = await bundle(stylesheets + theme, preloadName(fonts), texts, site.basePath)
      return { value: toJson(result), inputs: [...new Set([...result.inputs, ...fonts.inputs])] }
    },
    note,
  })
  return fromJson(cached)
}

/** A form field's checks, which the form widget says in the page's language. */
const validityTexts = ['fieldRequired', 'choiceRequired', 'emailInvalid', 'formatInvalid'] as const

/** What templates/widgets/widget-text.d.ts declares, in the site's words. */
function widgetTexts(site: SiteMeta): Record<string, string> {
  const validity = validityTexts.map((key) => [key, siteText(site, key)] as const)
  // An English page leaves its form's checks to the browser, whose English words are these, and
  // its script carries none of it. A page in another language, or a site that words them its own
  // way, says them itself.
  const saysItself = new Intl.Locale(site.language).language !== 'en' || validity.some(([key, text]) => text !== en[key])
  return { linkCopied: siteText(site, 'linkCopied'), ...Object.fromEntries(validity.map(([key, text]) => [key, saysItself ? text : ''])) }
}

async function bundle(
  theme: string,
  preload: string | undefined,
  texts: Readonly<Record<string, string>>,
  basePath: string,
): Promise<AssetsResult & { inputs: string[] }> {
  const templates = path.join(packageRoot, 'templates')
  const [css, js] = await Promise.all([
    esbuildBundle({
      // @import must come first (CSS ignores it after any rule); the theme tokens follow.
      stdin: { contents: `@import "./styles/index.css";\n${theme}`, resolveDir: templates, loader: 'css', sourcefile: 'theme.css' },
      // publicPath makes font URLs absolute, so they also work from a stylesheet inlined in a page;
      // under a sub-path they start with it, as every other address of the site does.
      bundle: true,
      write: false,
      minify: true,
      logLevel: 'silent',
      outdir: 'assets',
      publicPath: `${basePath}/assets`,
      loader: { '.woff2': 'file' },
      assetNames: '[name]-[hash]',
      metafile: true,
      absWorkingDir: packageRoot,
      plugins: [weightTokens],
    }),
    esbuildBundle({
      entryPoints: [path.join(templates, 'widgets', 'index.client.ts')],
      // Only where the forms say their checks themselves: every other script stays as it was, byte for byte.
      ...(texts.fieldRequired ? { inject: [path.join(templates, 'widgets', 'form-validity.client.ts')] } : {}),
      bundle: true,
      write: false,
      minify: true,
      format: 'esm',
      target: 'es2020',
      logLevel: 'silent',
      outdir: 'assets',
      metafile: true,
      absWorkingDir: packageRoot,
      plugins: [widgetText(texts)],
    }),
  ])
  const inputs = [...metafileInputs(css.metafile, packageRoot), ...metafileInputs(js.metafile, packageRoot)]
  const files: OutputFile[] = []
  const named = (contents: Uint8Array, stem: string, ext: string) => {
    const file = `assets/${stem}-${createHash('sha256').update(contents).digest('hex').slice(0, 10)}${ext}`
    files.push({ path: file, contents })
    return `/${file}`
  }
  let cssUrl = ''
  let inlineCss: string | undefined
  const fonts: string[] = []
  for (const out of css.outputFiles) {
    if (out.path.endsWith('.css')) {
      // Minified again by the printer of its cuts for pages (render/page-stylesheets.ts), so a page
      // styles the same under its cut as under the whole.
      const text = minifyCss(out.text)
      const contents = Buffer.from(`${text}\n`)
      cssUrl = named(contents, 'site', '.css')
      if (gzipSync(contents).byteLength <= inlineCssLimit) inlineCss = text
    } else {
      files.push({ path: `assets/${path.basename(out.path)}`, contents: out.contents })
      // The body text's main face first: the document preloads it.
      if (out.path.endsWith('.woff2')) {
        const url = `/assets/${path.basename(out.path)}`
        if (preload && path.basename(out.path).startsWith(`${preload}-`)) fonts.unshift(url)
        else fonts.push(url)
      }
    }
  }
  const script = js.outputFiles[0]!.contents
  const jsUrl = script.byteLength > 0 ? named(script, 'site', '.js') : undefined
  return { manifest: { css: cssUrl, inlineCss, fonts, js: jsUrl }, files, inputs }
}

type AssetsJson = { manifest: AssetsResult['manifest']; files: { path: string; base64: string }[] }
const toJson = ({ manifest, files }: AssetsResult): AssetsJson => ({
  manifest,
  files: files.map((f) => ({ path: f.path, base64: Buffer.from(f.contents).toString('base64') })),
})
const fromJson = ({ manifest, files }: AssetsJson): AssetsResult => ({
  manifest,
  files: files.map((f) => ({ path: f.path, contents: Buffer.from(f.base64, 'base64') })),
})

/** site.yaml `theme` as CSS custom properties; the stylesheet reads only these. */
function themeCss(site: SiteMeta): string {
  return `:root{${themeProperties(site.theme)}}`
}

/**
 * Each `font-weight: 650` of templates/styles/ becomes `font-weight: var(--weight-650)`, which
 * font-faces.ts sets to the weight the site's family has (the heading family's inside headings):
 * the stylesheet keeps the design's weights, and asks browsers only for faces the site ships.
 */
const weightTokens: Plugin = {
  name: 'citypress-weight-tokens',
  setup(build) {
    build.onLoad({ filter: /[\\/]templates[\\/]styles[\\/][^\\/]+\.css$/ }, async (args) => ({
      contents: (await readFile(args.path, 'utf8')).replace(/font-weight:\s*(\d+)\b/g, 'font-weight: var(--weight-$1, $1)'),
      loader: 'css',
    }))
  },
}

/**
 * Each `CITYPRESS_TEXT.name` of templates/widgets/ becomes the site's text as a string literal
 * before esbuild reads the file (templates/widgets/widget-text.d.ts). Written into the source
 * rather than `define`d, the minifier sees the text as it sees any literal, so its short names,
 * and with them the script's bytes, depend on the texts alone.
 */
function widgetText(texts: Readonly<Record<string, string>>): Plugin {
  // JSON's escapes are JavaScript's; single quotes as the widgets' own literals are written.
  const literal = (text: string) => `'${JSON.stringify(text).slice(1, -1).replaceAll('\\"', '"').replaceAll("'", "\\'")}'`
  return {
    name: 'citypress-widget-text',
    setup(build) {
      build.onLoad({ filter: /[\\/]templates[\\/]widgets[\\/][^\\/]+\.ts$/ }, async (args) => ({
        contents: (await readFile(args.path, 'utf8')).replace(/\bCITYPRESS_TEXT\.(\w+)/g, (whole, key: string) =>
          key in texts ? literal(texts[key]!) : whole,
        ),
        loader: 'ts',
      }))
    },
  }
}
