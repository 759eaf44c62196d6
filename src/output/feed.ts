import { blogTitle } from '../config/messages/messages.js'
import type { PostSummary, SiteMeta } from '../config/site-model.js'
import { absoluteUrl, feedUrl } from '../plan/urls.js'
import type { OutputFile } from '../types.js'
import { escapeXml } from './xml.js'

/** Feed readers show this many recent posts; older ones stay on the blog. */
const feedLength = 20

/**
 * `/rss.xml`: the blog's newest posts as RSS 2.0, linked from the head of blog pages; another
 * language's at `/es/rss.xml`, of its own posts. Dates come from the posts, never from the clock,
 * so an unchanged blog gives a byte-identical feed.
 */
export function feedFile(site: SiteMeta, posts: readonly PostSummary[]): OutputFile[] {
  if (posts.length === 0) return []
  const policy = site.trailingSlash
  const at = site.languagePath
  const title = `${blogTitle(site)} | ${site.name}`
  const items = posts.slice(0, feedLength).map((post) => {
    const url = absoluteUrl(site.url, `${at}/blog/${post.addressSlug ?? post.slug}`, policy)
    return [
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `      <pubDate>${rfc822(post.date)}</pubDate>`,
      `      <description>${escapeXml(post.excerpt)}</description>`,
      '    </item>',
    ].join('\n')
  })
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(title)}</title>`,
    `    <link>${escapeXml(absoluteUrl(site.url, `${at}/blog`, policy))}</link>`,
    `    <description>${escapeXml(site.blog?.description ?? title)}</description>`,
    `    <language>${escapeXml(site.language.toLowerCase())}</language>`,
    `    <atom:link href="${escapeXml(`${site.url}${feedUrl(site)}`)}" rel="self" type="application/rss+xml"/>`,
    `    <lastBuildDate>${rfc822(
      posts
        .map((p) => p.updated ?? p.date)
        .sort()
        .at(-1)!,
    )}</lastBuildDate>`,
    ...items,
    '  </channel>',
    '</rss>',
  ]
  return [{ path: feedUrl(site).slice(1), contents: `${xml.join('\n')}\n` }]
}

/** "2026-01-15" → "Thu, 15 Jan 2026 12:00:00 GMT" (RSS wants RFC 822; noon avoids date shifts). */
function rfc822(date: string): string {
  return new Date(`${date}T12:00:00Z`).toUTCString()
}
