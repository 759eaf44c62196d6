/**
 * The embeds a site may show: a small declared set, each drawn as a
 * click-to-load facade, so no third-party frame (and none of its cookies) loads before the
 * visitor asks. The frame origins extend the CSP `frame-src` only for providers a site uses
 * (src/output/hosts/headers.ts). Shared by config/ (checks), templates/ (markup) and output/ (CSP).
 * What each value may be is read in embed-values.ts.
 */
import { parseMap, parseYoutube } from './embed-values.js'

export interface EmbedProvider {
  /** What is shown, which names the facade's button ("Play video", "Show map"). */
  readonly noun: 'video' | 'map'
  /** What `value` is, for error messages. */
  readonly expects: string
  readonly isValid: (value: string) => boolean
  /** The origin the frame is loaded from (CSP `frame-src`). */
  readonly frameOrigin: string
  /** The frame's address, loaded only after the click. */
  readonly frameUrl: (value: string) => string
  /** The page on the provider's site: the facade's link, which works without JavaScript. */
  readonly pageUrl: (value: string) => string
}

export const embedProviders = {
  // The privacy-enhanced domain: no cookies until the visitor plays the video.
  youtube: {
    noun: 'video',
    expects: 'a YouTube video id (the 11 characters after watch?v=) or its address, with an optional start time (t=90 or start=90)',
    isValid: (v) => parseYoutube(v) !== undefined,
    frameOrigin: 'https://www.youtube-nocookie.com',
    frameUrl: (v) => {
      const video = parseYoutube(v)!
      return `https://www.youtube-nocookie.com/embed/${video.id}?autoplay=1${video.start ? `&start=${video.start}` : ''}`
    },
    pageUrl: (v) => {
      const video = parseYoutube(v)!
      return `https://www.youtube.com/watch?v=${video.id}${video.start ? `&t=${video.start}s` : ''}`
    },
  },
  vimeo: {
    noun: 'video',
    expects: 'a Vimeo video number (the digits after vimeo.com/)',
    isValid: (v) => /^\d{4,12}$/.test(v),
    frameOrigin: 'https://player.vimeo.com',
    frameUrl: (v) => `https://player.vimeo.com/video/${v}?autoplay=1&dnt=1`,
    pageUrl: (v) => `https://vimeo.com/${v}`,
  },
  map: {
    noun: 'map',
    expects:
      'an address or place to show on Google Maps, or a Google Maps address (google.com/maps/…; a maps.app.goo.gl short link cannot be embedded)',
    isValid: (v) => parseMap(v) !== undefined,
    frameOrigin: 'https://www.google.com',
    frameUrl: (v) => parseMap(v)!.frameUrl,
    pageUrl: (v) => parseMap(v)!.pageUrl,
  },
} as const satisfies Record<string, EmbedProvider>

export type EmbedProviderName = keyof typeof embedProviders

export function isEmbedProvider(name: string): name is EmbedProviderName {
  return Object.hasOwn(embedProviders, name)
}

/** `::: youtube dQw4w9WgXcQ` → provider and value; the container's text is the title. */
export function parseEmbedInfo(info: string): { provider: string; value: string } {
  const [provider = '', ...rest] = info.trim().split(/\s+/)
  return { provider: provider.toLowerCase(), value: rest.join(' ') }
}
