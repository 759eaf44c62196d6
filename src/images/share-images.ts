import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { isDark } from '../config/theme.js'
import type { ImageJob } from '../plan/plan-images.js'
import type { ImageSource, RoutePlan, ShareDrawing, SiteConfig } from '../types.js'
import { shareImageFor, shareImageSize } from '../../templates/seo/share-image.js'

export type { ShareDrawing }

/** Bump when the drawing changes: it is part of every share image's name. */
const drawingVersion = 'share-v3'

/**
 * The share-image digest and jobs: one 1200 × 630 JPEG per page that gets one (the rule is
 * templates/seo/share-image.ts). Drawn from the brand: the heading font's file, the theme's dark
 * brand colour with its text colour, the accent, the logo for dark backgrounds. Without a static
 * .woff of the heading or body family installed (`npm install @fontsource/<family>`) there is no
 * font to draw with, and pages keep site.yaml `socialImage`.
 */
export function planShareImages(site: SiteConfig, routes: readonly RoutePlan[]): { digest?: string; jobs: ImageJob[] } {
  const font = site.fonts.heading.woff ?? site.fonts.body.woff
  if (!font) return { jobs: [] }
  const { colors } = site.site.theme
  const logo = pickLogo(site, colors.primaryDark)
  const base = {
    siteName: site.site.name, host: site.site.url.replace(/^https?:\/\//, ''),
    background: colors.primaryDark, text: colors.onPrimaryDark, accent: colors.accent, font,
    logo: logo && { file: logo.absolutePath, format: logo.format, width: logo.width, height: logo.height, hash: logo.hash },
  }
  const digest = createHash('sha256')
    .update(JSON.stringify({ drawingVersion, ...base, font: undefined, logo: logo?.hash }))
    .update(readFileSync(font))
    .digest('hex').slice(0, 16)
  const jobs: ImageJob[] = []
  for (const route of routes) {
    const image = shareImageFor(route, site.site, { shareDigest: digest })
    if (!image) continue
    const source: ImageSource = { src: `share image of ${route.url}`, absolutePath: font, ...shareImageSize, format: 'share', hash: digest, origin: route.origin }
    jobs.push({ source, outputPath: image.path, width: shareImageSize.width, format: 'jpeg', share: { ...base, title: image.title } })
  }
  return { digest, jobs }
}

/** The logo that shows on the image's dark background, if the site has one that does. */
function pickLogo(site: SiteConfig, background: string): ImageSource | undefined {
  const { logo } = site.site
  if (!logo) return undefined
  const src = isDark(background) ? logo.dark : logo.src
  return src ? site.images.get(src) : undefined
}

const fonts = new Map<string, Promise<Buffer>>()

/** The padding of the picture, in px: horizontal, vertical. The logo sits in its top-left corner. */
const [padX, padY] = [72, 64]

/**
 * Draws one share image: satori lays the text out in the site's font as SVG paths, sharp draws
 * them, lays the logo over its place and encodes. The logo is not in the SVG: embedded there, it
 * was encoded as a data URL and decoded again for every image.
 */
export async function drawShareImage(drawing: ShareDrawing): Promise<Uint8Array> {
  const [{ default: satori }, { default: sharp }] = await Promise.all([import('satori'), import('sharp')])
  if (!fonts.has(drawing.font)) fonts.set(drawing.font, readFile(drawing.font))
  const font = await fonts.get(drawing.font)!
  const logo = drawing.logo && await sameLogo(drawing.logo)
  const svg = await satori(shareLayout(drawing, logo) as never, { ...shareImageSize, fonts: [{ name: 'Heading', data: font, weight: 700, style: 'normal' }] })
  const picture = sharp(Buffer.from(svg))
  return (logo ? picture.composite([{ input: logo.png, left: padX, top: padY }]) : picture).jpeg({ quality: 82 }).toBuffer()
}

type Node = { type: string; props: Record<string, unknown> & { style?: Record<string, unknown>; children?: unknown } }
const h = (type: string, style: Record<string, unknown>, children?: unknown, props: Record<string, unknown> = {}): Node => ({ type, props: { ...props, style, children } })

/** The picture: logo (or name) at the top, the title large, an accent rule and the site's address below. */
function shareLayout(d: ShareDrawing, logo: { width: number; height: number } | undefined): Node {
  const size = d.title.length > 70 ? 52 : d.title.length > 40 ? 62 : 72
  // satori sizes boxes without their padding (content-box): the padding is taken off the size.
  const box = { width: shareImageSize.width - 2 * padX, height: shareImageSize.height - 2 * padY, padding: `${padY}px ${padX}px` }
  return h('div', { display: 'flex', flexDirection: 'column', justifyContent: 'space-between', ...box, backgroundColor: d.background, color: d.text, fontFamily: 'Heading' }, [
    // The logo's place, kept empty: drawShareImage lays the logo over it.
    logo ? h('div', { height: logo.height, width: logo.width }) : h('div', { fontSize: 34 }, d.siteName),
    h('div', { display: 'flex', fontSize: size, lineHeight: 1.15, maxWidth: 1000 }, d.title),
    h('div', { display: 'flex', flexDirection: 'column' }, [
      h('div', { width: 120, height: 8, backgroundColor: d.accent, borderRadius: 4, marginBottom: 20 }),
      h('div', { fontSize: 28 }, d.host),
    ]),
  ])
}

let lastLogo: { readonly hash: string; readonly image: ReturnType<typeof logoImage> } | undefined

/**
 * Every share image of a site draws the same logo: it is resized and encoded once, not once per
 * image, and again only when its bytes change (a preview's edit).
 */
function sameLogo(logo: NonNullable<ShareDrawing['logo']>): ReturnType<typeof logoImage> {
  if (lastLogo?.hash !== logo.hash) {
    const image = logoImage(logo)
    // A logo that failed is not kept: the next image tries again and reports its own error.
    image.catch(() => lastLogo?.image === image && (lastLogo = undefined))
    lastLogo = { hash: logo.hash, image }
  }
  return lastLogo!.image
}

/** The logo 72 px tall, as a PNG to lay over the picture. An SVG is drawn at twice that, then scaled down. */
async function logoImage(logo: NonNullable<ShareDrawing['logo']>): Promise<{ png: Buffer; width: number; height: number }> {
  const { default: sharp } = await import('sharp')
  const height = 72
  const width = Math.round((logo.width * height) / logo.height)
  const density = logo.format === 'svg' ? Math.min(2400, Math.ceil((72 * height * 2) / logo.height)) : undefined
  const png = await sharp(await readFile(logo.file), { density }).resize({ width, height, fit: 'fill' }).png().toBuffer()
  return { png, width, height }
}
