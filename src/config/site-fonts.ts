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
  // A heading font left out follows the body font, so the body's line is the one to fix.
  const lineOf = (role: 'body' | 'heading') => originOf(options.source, options.input.theme?.fonts?.[role] !== undefined ? `/theme/fonts/${role}` : '/theme/fonts/body', 'value')
  const resolve = (family: string, role: 'body' | 'heading') => resolveFont(family, { siteRoot: options.siteRoot, codePoints, role, reads: options.reads, at: lineOf(role) })
  // One family for both: the body's (variable) file serves the headings too.
  const [bodyFound, headingFound] = await Promise.all([resolve(body, 'body'), heading === body ? undefined : resolve(heading, 'heading')])
    .then(([b, h]) => [b, h ?? b] as const)
  const errors: ConfigError[] = []
  for (const [role, family, found] of [['body', body, bodyFound], ['heading', heading, headingFound]] as const) {
    if (found.font) continue
    // The body's package problems are told once, at the body's line.
    if (role === 'body' || found !== bodyFound) errors.push(...found.errors)
    if (found.errors.length === 0) {
      const [variable, plain] = fontPackages(family) as [string, string]
      errors.push(fail(UnknownFont, lineOf(role), family, variable, plain))
    }
    if (role === 'body' && !options.input.theme?.fonts?.heading) break
  }
  if (errors.length > 0 || !bodyFound.font || !headingFound.font) return { errors }
  const inputs = [...new Set([...bodyFound.inputs, ...headingFound.inputs])].sort()
  return { fonts: { body: bodyFound.font, heading: headingFound.font, inputs }, errors }
}
