/**
 * What an embed's value may be, read once for config/ (is it valid?) and templates/ (which frame
 * and page): a YouTube video with its start time, and a Google Maps place or address.
 */

/** A YouTube video: its 11-character id and, when given, the second it starts at. */
export interface YoutubeVideo {
  readonly id: string
  readonly start?: number
}

const youtubeId = /^[A-Za-z0-9_-]{11}$/
const youtubeHosts = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'www.youtube-nocookie.com',
  'youtube-nocookie.com',
])

/**
 * `dQw4w9WgXcQ`, `dQw4w9WgXcQ?t=90`, or an address as YouTube's Share button writes it
 * (`https://youtu.be/dQw4w9WgXcQ?t=90`, `…/watch?v=…&t=1m30s`, `…/embed/…?start=90`, `…/shorts/…`).
 * The start time is `t=` or `start=`, in seconds or as `1h2m3s`; undefined when the value is none of these.
 */
export function parseYoutube(value: string): YoutubeVideo | undefined {
  const text = value.trim()
  if (!/^https?:\/\//i.test(text)) {
    const [id = '', query] = text.split('?', 2)
    if (!youtubeId.test(id)) return undefined
    return withStart(id, new URLSearchParams(query ?? ''))
  }
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return undefined
  }
  if (!youtubeHosts.has(url.hostname.toLowerCase())) return undefined
  const segments = url.pathname.split('/').filter(Boolean)
  const id = url.hostname.endsWith('youtu.be')
    ? segments[0]
    : segments[0] === 'watch'
      ? (url.searchParams.get('v') ?? undefined)
      : ['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '')
        ? segments[1]
        : undefined
  if (!id || !youtubeId.test(id)) return undefined
  // A start time may also come as a fragment (`#t=90`), as older share links wrote it.
  const params = new URLSearchParams(url.search)
  for (const [key, v] of new URLSearchParams(url.hash.slice(1))) if (!params.has(key)) params.set(key, v)
  return withStart(id, params)
}

function withStart(id: string, params: URLSearchParams): YoutubeVideo | undefined {
  const written = params.get('t') ?? params.get('start')
  if (written === null) return { id }
  const start = seconds(written)
  return start === undefined ? undefined : start > 0 ? { id, start } : { id }
}

/** `90`, `90s`, `1m30s`, `1h2m3s` → seconds. */
function seconds(text: string): number | undefined {
  if (/^\d+$/.test(text)) return Number(text)
  const parts = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(text)
  if (!parts || text === '') return undefined
  return Number(parts[1] ?? 0) * 3600 + Number(parts[2] ?? 0) * 60 + Number(parts[3] ?? 0)
}

/** A map: the frame's address (always on www.google.com, the one origin the CSP frames) and the page's. */
export interface MapTarget {
  readonly frameUrl: string
  readonly pageUrl: string
}

const search = (place: string): MapTarget => ({
  frameUrl: `https://www.google.com/maps?q=${encodeURIComponent(place)}&output=embed`,
  pageUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`,
})

/**
 * A place or address (`10 Market Street, Springfield`), or a Google Maps address as the browser
 * shows it: `…/maps/place/Name/@lat,lng,z`, `…/maps/search/Name`, `…/maps?q=…`, `…/maps/@lat,lng,z`,
 * or the Share → Embed a map address (`…/maps/embed?pb=…`). Short links (maps.app.goo.gl) say
 * nothing until followed, so they are undefined, as is any other address.
 */
export function parseMap(value: string): MapTarget | undefined {
  const text = value.trim()
  if (!text) return undefined
  if (!/^https?:\/\//i.test(text)) return /^[a-z][a-z0-9+.-]*:|^\/\//i.test(text) ? undefined : search(text)
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return undefined
  }
  if (!/^(www\.|maps\.)?google\.[a-z]{2,3}(\.[a-z]{2})?$/i.test(url.hostname)) return undefined
  const page = url.href
  // maps.google.com serves maps at its root; www.google.com under /maps.
  if (!url.hostname.toLowerCase().startsWith('maps.') && !/^\/maps(\/|$)/.test(url.pathname)) return undefined
  const segments = url.pathname.split('/').filter(Boolean)
  if (segments[0] === 'maps') segments.shift()
  if (segments[0] === 'embed' && url.searchParams.has('pb')) {
    return { frameUrl: `https://www.google.com/maps/embed?pb=${encodeURIComponent(url.searchParams.get('pb')!)}`, pageUrl: page }
  }
  const query = url.searchParams.get('q') ?? url.searchParams.get('query')
  const named =
    (segments[0] === 'place' || segments[0] === 'search') && segments[1] && !segments[1].startsWith('@')
      ? decodePlace(segments[1])
      : undefined
  const at = /^@(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/.exec(segments.find((s) => s.startsWith('@')) ?? '')
  const place = query || named || (at ? `${at[1]},${at[2]}` : undefined)
  return place ? { frameUrl: search(place).frameUrl, pageUrl: page } : undefined
}

function decodePlace(segment: string): string {
  try {
    return decodeURIComponent(segment.replaceAll('+', ' '))
  } catch {
    return segment.replaceAll('+', ' ')
  }
}
