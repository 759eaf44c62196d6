import { collectCodePoints, fontPackages, resolveFont, type SiteFonts } from './resolve-fonts.js'
import { fail, UnknownFont } from '../errors/catalogue.js'
import type { ConfigError } from '../errors/config-error.js'
import { originOf } from './locate.js'
import type { ReadCache } from './read-cache.js'
import type { YamlSource } from './read-yaml.js'
import type { SiteInput } from './site-input.generated.js'
import type { ResolvedTheme } from './theme.js'

export interface SiteFontsOptions {
  readonly input: SiteInput
  readonly theme: ResolvedTheme
  readonly siteRoot: string
  readonly source: YamlSource
  /** The data of every file of the site: which scripts its text uses decides the subsets shipped. */
  readonly texts: readonly unknown[]
  /** Where each font's metrics are remembered between builds. */
  readonly reads: ReadCache
}

/**
 * site.yaml `theme.fonts` found in the installed @fontsource packages (src/config/resolve-fonts.ts).
 * A family no package provides is an `unknown-font` error at its line that names the package to
 * install; nothing is ever fetched from a font host.
 */
export async function resolveSiteFonts(options: SiteFontsOptions): Promise<{ fonts?: SiteFonts; errors: ConfigError[] }> {
  const codePoints = new Set<number>()
  for (const data of options.texts) collectCodePoints(JSON.stringify(data) ?? '', codePoints)
  const { body, heading } = options.theme.fonts
  // One family for both: the body's (variable) file serves the headings too.
  const [bodyFont, headingFont] = await Promise.all([
    resolveFont(body, { siteRoot: options.siteRoot, codePoints, role: 'body', reads: options.reads }),
    heading === body ? undefined : resolveFont(heading, { siteRoot: options.siteRoot, codePoints, role: 'heading', reads: options.reads }),
  ]).then(([b, h]) => [b, heading === body ? b : h])
  const errors: ConfigError[] = []
  for (const [role, family, font] of [['body', body, bodyFont], ['heading', heading, headingFont]] as const) {
    if (font) continue
    // A heading font left out follows the body font, so the body's line is the one to fix.
    const written = options.input.theme?.fonts?.[role] !== undefined
    const [variable, plain] = fontPackages(family) as [string, string]
    errors.push(fail(UnknownFont, originOf(options.source, written ? `/theme/fonts/${role}` : '/theme/fonts/body', 'value'), family, variable, plain))
    if (role === 'body' && !options.input.theme?.fonts?.heading) break
  }
  if (errors.length > 0 || !bodyFont || !headingFont) return { errors }
  return { fonts: { body: bodyFont, heading: headingFont }, errors }
}
