import { fail, ShareImageFont, UnknownFont, warn } from '../../errors/catalogue.js'
import type { ConfigError } from '../../errors/config-error.js'
import type { ConfigWarning } from '../../errors/config-warning.js'
import { originOf } from '../read/locate.js'
import type { ReadCache } from '../read/read-cache.js'
import type { YamlSource } from '../read/read-yaml.js'
import type { SiteInput } from '../site-input.generated.js'
import { bundledShareFace } from './bundled-face.js'
import { systemStack } from './font-weights.js'
import { collectCodePoints, type FontResolution, fontId, type ResolvedFont, resolveFont, type SiteFonts } from './resolve-fonts.js'
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

type Role = 'body' | 'heading'

/**
 * site.yaml `theme.fonts` found in the installed @fontsource packages (src/config/theme/resolve-fonts.ts),
 * with the weights `theme.fonts.weights` lists, or a system stack (`system-ui, sans-serif`), which
 * needs no package. A family no package provides is an `unknown-font` error at its line; nothing
 * is ever fetched from a font host. Share images need a static .woff (satori reads no WOFF2 and no
 * variable font): without one of the heading or body family, they are drawn in the face bundled
 * with citypress, and a `share-image-font` warning says so.
 */
export async function resolveSiteFonts(
  options: SiteFontsOptions,
): Promise<{ fonts?: SiteFonts; errors: ConfigError[]; warnings: ConfigWarning[] }> {
  const codePoints = new Set<number>()
  for (const data of options.texts) collectCodePoints(JSON.stringify(data) ?? '', codePoints)
  const { body, heading } = options.theme.fonts
  const written = options.input.theme?.fonts
  // A heading font left out follows the body font, so the body's line is the one to fix.
  const lineOf = (role: Role) =>
    originOf(options.source, written?.[role] !== undefined ? `/theme/fonts/${role}` : '/theme/fonts/body', 'value')
  const weightsOf = (role: Role) => written?.weights?.[role]
  const sorted = (weights: readonly number[] | undefined) => weights && [...weights].sort((a, b) => a - b)
  const resolve = async (
    family: string,
    role: Role,
    weights = sorted(weightsOf(role)),
    also?: readonly number[],
  ): Promise<FontResolution> => {
    const stack = systemStack(family)
    if (stack) return { font: { family, system: stack, category: 'system', faces: [], weights: weights ?? [] }, errors: [], inputs: [] }
    return resolveFont(family, {
      siteRoot: options.siteRoot,
      codePoints,
      role,
      reads: options.reads,
      at: lineOf(role),
      weights,
      also,
      weightsAt: originOf(options.source, `/theme/fonts/weights/${also ? 'heading' : role}`, 'value'),
    })
  }
  // One family for both: one set of faces (every weight either lists) serves the body and the
  // headings, and each asks only for its own weights of them.
  const [b, h] = [sorted(weightsOf('body')), sorted(weightsOf('heading'))]
  const [bodyFound, headingFound] =
    heading !== body
      ? await Promise.all([resolve(body, 'body', b), resolve(heading, 'heading', h)])
      : await resolve(body, 'body', b && h ? sorted([...new Set([...b, ...h])]) : b, b ? undefined : h).then((found) => {
          const font = found.font
          if (!font || !h) return [found, found] as const
          return [b ? { ...found, font: { ...font, weights: b } } : found, { ...found, font: { ...font, weights: h } }] as const
        })
  const errors: ConfigError[] = []
  for (const [role, family, found] of [
    ['body', body, bodyFound],
    ['heading', heading, headingFound],
  ] as const) {
    if (found.font) continue
    // The body's package problems are told once, at the body's line.
    if (role === 'body' || found !== bodyFound) errors.push(...found.errors)
    if (found.errors.length === 0) errors.push(fail(UnknownFont, lineOf(role), family))
    if (role === 'body' && !written?.heading) break
  }
  if (errors.length > 0 || !bodyFound.font || !headingFound.font) return { errors, warnings: [] }
  const share = shareFace(bodyFound.font, headingFound.font)
  const warnings = share.reason ? [warn(ShareImageFont, lineOf('heading'), share.family, share.drawnIn, share.reason, share.install)] : []
  const inputs = [...new Set([...bodyFound.inputs, ...headingFound.inputs, share.file])].sort()
  return {
    fonts: { body: bodyFound.font, heading: headingFound.font, inputs, share: { file: share.file, family: share.drawnIn } },
    errors,
    warnings,
  }
}

/**
 * The .woff share images are drawn with: the heading family's static face, else the body's, else
 * citypress's own, with the reason the heading family could not be used: a system stack cannot be
 * read at build, and a variable package ships only WOFF2.
 */
function shareFace(body: ResolvedFont, heading: ResolvedFont) {
  const own = [heading, body].find((font) => font.woff)
  if (own) return { file: own.woff!, drawnIn: own.family }
  const bundled = bundledShareFace()
  return {
    file: bundled.file,
    drawnIn: bundled.family,
    family: heading.family,
    reason: heading.system ? ('system' as const) : ('variable' as const),
    install: heading.system ? undefined : `@fontsource/${fontId(heading.family)}`,
  }
}
