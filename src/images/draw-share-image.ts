import { readFile } from 'node:fs/promises'
import { shareImageSize } from '../../templates/seo/share-image.js'
import { maxImagePixels } from '../config/checks/image-limits.js'
import type { ShareDrawing } from '../plan/plan-images.js'

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
  const logo = drawing.logo && (await sameLogo(drawing.logo))
  const svg = await satori(shareLayout(drawing, logo) as never, {
    ...shareImageSize,
    fonts: [{ name: 'Heading', data: font, weight: 700, style: 'normal' }],
  })
  const picture = sharp(Buffer.from(svg))
  return (logo ? picture.composite([{ input: logo.png, left: padX, top: padY }]) : picture).jpeg({ quality: 82 }).toBuffer()
}

type Node = { type: string; props: Record<string, unknown> & { style?: Record<string, unknown>; children?: unknown } }
const h = (type: string, style: Record<string, unknown>, children?: unknown, props: Record<string, unknown> = {}): Node => ({
  type,
  props: { ...props, style, children },
})

/**
 * The height left to the title, in px: the picture less its padding, the logo's row (72 px; the
 * site's name at 34 px is shorter) and the footer (the 8 px rule, its 20 px margin and the
 * address at 28 px, about 34 px tall).
 */
const titleSpace = shareImageSize.height - 2 * padY - 72 - (8 + 20 + 34)
const titleLineHeight = 1.15

/**
 * The picture: logo (or name) at the top, the title large, an accent rule and the site's address
 * below. The title always fits: satori measures it in the font and ends it with an ellipsis at
 * the last line that fits (`lineClamp`), and breaks a word wider than the picture.
 */
function shareLayout(d: ShareDrawing, logo: { width: number; height: number } | undefined): Node {
  const size = d.title.length > 70 ? 52 : d.title.length > 40 ? 62 : 72
  const lines = Math.floor(titleSpace / (size * titleLineHeight))
  // satori sizes boxes without their padding (content-box): the padding is taken off the size.
  const box = { width: shareImageSize.width - 2 * padX, height: shareImageSize.height - 2 * padY, padding: `${padY}px ${padX}px` }
  return h(
    'div',
    {
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      ...box,
      backgroundColor: d.background,
      color: d.text,
      fontFamily: 'Heading',
    },
    [
      // The logo's place, kept empty: drawShareImage lays the logo over it.
      logo ? h('div', { height: logo.height, width: logo.width }) : h('div', { fontSize: 34 }, d.siteName),
      // lineClamp applies to a block (satori), which takes the column's width, as the flex box did.
      h(
        'div',
        { display: 'block', lineClamp: lines, wordBreak: 'break-word', fontSize: size, lineHeight: titleLineHeight, maxWidth: 1000 },
        d.title,
      ),
      h('div', { display: 'flex', flexDirection: 'column' }, [
        h('div', { width: 120, height: 8, backgroundColor: d.accent, borderRadius: 4, marginBottom: 20 }),
        h('div', { fontSize: 28 }, d.host),
      ]),
    ],
  )
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
  // An SVG logo is drawn from its sanitized text (config/checks/sanitize-svg.ts), never from the site folder.
  const input = logo.svg !== undefined ? Buffer.from(logo.svg) : await readFile(logo.file)
  const png = await sharp(input, { density, limitInputPixels: maxImagePixels }).resize({ width, height, fit: 'fill' }).png().toBuffer()
  return { png, width, height }
}
