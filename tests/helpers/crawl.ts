import type { HostServer } from './host-server.js'

export interface Crawl {
  /** Every HTML page reached, by path. */
  readonly pages: ReadonlySet<string>
  /** Every address of the server checked, by path, with its status. */
  readonly checked: ReadonlyMap<string, number>
  /** `path (on page): status` for each address that answered 400 or more. */
  readonly broken: readonly string[]
}

/**
 * Follows every href, src, srcset, form action, sitemap and feed entry, and every `url()` of a
 * stylesheet, from `start` on a served site, as a browser and a crawler would: each address of
 * the server is fetched once. `publicOrigin`: the site's own public address, which stands for
 * the server in the sitemap, the feed and canonical links.
 */
export async function crawlSite(server: HostServer, start: string, publicOrigin: string): Promise<Crawl> {
  const pages = new Set<string>([start])
  const checked = new Map<string, number>()
  const queue = [start, `${start}sitemap.xml`, `${start}rss.xml`]
  const broken: string[] = []
  const fetchStatus = async (url: string) => {
    let response = await fetch(server.origin + url, { redirect: 'manual' })
    // Follow the host's own redirects (a folder's address), as a browser does.
    for (let hops = 0; response.status >= 300 && response.status < 400 && hops < 3; hops++)
      response = await fetch(new URL(response.headers.get('location')!, server.origin + url), { redirect: 'manual' })
    return response
  }
  const publicPrefix = new RegExp(`^${publicOrigin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`)
  while (queue.length) {
    const at = queue.shift()!
    const response = await fetchStatus(at)
    const text = await response.text()
    const isCss = response.headers.get('content-type')?.startsWith('text/css') ?? at.endsWith('.css')
    const found = [
      ...[...text.matchAll(/ (?:href|src|action|data-endpoint|data-fallback|content)="([^"]*)"|<(?:loc|link)>([^<]*)</g)].map(
        (m) => m[1] ?? m[2]!,
      ),
      ...[...text.matchAll(/ (?:srcset|imagesrcset)="([^"]*)"/g)].flatMap((m) => m[1]!.split(',').map((c) => c.trim().split(/\s+/)[0]!)),
      // Stylesheets, inline in a page or linked: fonts and images by url().
      ...[...text.matchAll(/url\((["']?)([^"')]+)\1\)/g)].map((m) => m[2]!),
    ]
      .map((url) => url.replace(publicPrefix, '/'))
      .filter((url) => url.startsWith('/') || /^\w+:/.test(url))
    for (const raw of found) {
      const url = new URL(raw.replaceAll('&amp;', '&'), server.origin + at)
      if (url.origin !== server.origin) continue
      const key = url.pathname
      if (checked.has(key)) continue
      const answer = await fetchStatus(key)
      checked.set(key, answer.status)
      // Form posts are the form service's; the page behind the address must exist all the same.
      if (answer.status >= 400 && !key.endsWith('/__forms.html')) broken.push(`${key} (on ${at}): ${answer.status}`)
      const type = answer.headers.get('content-type') ?? ''
      if (answer.status < 400 && (type.startsWith('text/html') || type.startsWith('text/css')) && !pages.has(key)) {
        pages.add(key)
        queue.push(key)
      }
      await answer.body?.cancel()
    }
    if (isCss) pages.delete(at)
  }
  return { pages, checked, broken }
}
