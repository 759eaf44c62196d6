import { createHash } from 'node:crypto'
import path from 'node:path'
import { packageRoot } from '../paths.js'
import type { OutputFile, SiteMeta } from '../types.js'

export interface AssetsResult {
  /** URLs templates link to. `js` is absent when there are no widgets at all. */
  readonly manifest: { readonly css: string; readonly js?: string }
  readonly files: readonly OutputFile[]
}

/**
 * The two client assets, each minified by esbuild and named by content hash so hosts can cache
 * them forever: one stylesheet (templates/styles/ with the site's theme tokens in front) and one
 * script with every widget's enhancement module (templates/widgets/index.client.ts).
 */
export async function bundleAssets(site: SiteMeta): Promise<AssetsResult> {
  const { build } = await import('esbuild')
  const templates = path.join(packageRoot, 'templates')
  const [css, js] = await Promise.all([
    build({
      stdin: { contents: `${themeCss(site)}\n@import "./styles/index.css";`, resolveDir: templates, loader: 'css', sourcefile: 'theme.css' },
      bundle: true, write: false, minify: true, logLevel: 'silent', outdir: 'assets', loader: { '.woff2': 'file' }, assetNames: '[name]-[hash]',
    }),
    build({
      entryPoints: [path.join(templates, 'widgets', 'index.client.ts')],
      bundle: true, write: false, minify: true, format: 'esm', target: 'es2020', logLevel: 'silent', outdir: 'assets',
    }),
  ])
  const files: OutputFile[] = []
  const named = (contents: Uint8Array, stem: string, ext: string) => {
    const file = `assets/${stem}-${createHash('sha256').update(contents).digest('hex').slice(0, 10)}${ext}`
    files.push({ path: file, contents })
    return `/${file}`
  }
  let cssUrl = ''
  for (const out of css.outputFiles) {
    if (out.path.endsWith('.css')) cssUrl = named(out.contents, 'site', '.css')
    else files.push({ path: `assets/${path.basename(out.path)}`, contents: out.contents })
  }
  const script = js.outputFiles[0]!.contents
  const jsUrl = script.byteLength > 0 ? named(script, 'site', '.js') : undefined
  return { manifest: { css: cssUrl, js: jsUrl }, files }
}

/** site.yaml `theme` as CSS custom properties; the stylesheet reads only these. */
function themeCss(site: SiteMeta): string {
  const colors = {
    primary: '#0b5cab', primaryDark: '#083f78', accent: '#16a34a', ink: '#0f172a', muted: '#475569', surface: '#f1f5f9',
    ...site.theme?.colors,
  }
  const vars = Object.entries(colors).map(([name, value]) => `--color-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${value};`)
  return `:root{${vars.join('')}--radius:${site.theme?.radius ?? '12px'};}`
}
