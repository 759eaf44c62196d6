import { usePage } from '../context.js'
import { socialImage } from './page-image.js'
import { shareImageFor, shareImageSize } from './share-image.js'

/**
 * Open Graph's `ll_CC` form of a language: its region, or the likeliest one (`es` → `es_ES`) on a
 * site in several languages, whose versions must tell apart. A site in one language keeps its tag
 * as written.
 */
function openGraphLocale(code: string, withRegion: boolean): string {
  const locale = new Intl.Locale(code)
  const full = withRegion && !locale.region ? locale.maximize() : locale
  return full.region ? `${full.language}_${full.region}` : code.replace('-', '_')
}

/**
 * Open Graph and Twitter card tags, so a shared link shows the page's title, description and
 * image. Every URL is absolute (crawlers do not resolve relative ones).
 */
export function SocialMeta({ canonical }: { canonical: string }) {
  const page = usePage()
  const { site, route, brand } = page
  // A page's own image wins; else the share image drawn for it at build, else site.yaml socialImage.
  const drawn = shareImageFor(route, site, brand)
  const image = drawn ? { url: `${site.url}/${drawn.path}`, ...shareImageSize, alt: drawn.title } : socialImage(page)
  const post = route.template === 'post' ? route.props : undefined
  return (
    <>
      <meta property="og:type" content={post ? 'article' : 'website'} />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:title" content={route.title} />
      {route.description && <meta property="og:description" content={route.description} />}
      <meta property="og:url" content={canonical} />
      <meta property="og:locale" content={openGraphLocale(site.language, site.languages.length > 1)} />
      {route.alternates
        ?.filter((a) => a.hreflang !== 'x-default' && a.hreflang !== site.language)
        .map((a) => (
          <meta key={a.hreflang} property="og:locale:alternate" content={openGraphLocale(a.hreflang, true)} />
        ))}
      {image && <meta property="og:image" content={image.url} />}
      {image?.width && <meta property="og:image:width" content={String(image.width)} />}
      {image?.height && <meta property="og:image:height" content={String(image.height)} />}
      {image?.alt && <meta property="og:image:alt" content={image.alt} />}
      {post && <meta property="article:published_time" content={post.date} />}
      {post?.updated && <meta property="article:modified_time" content={post.updated} />}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={route.title} />
      {route.description && <meta name="twitter:description" content={route.description} />}
      {image && <meta name="twitter:image" content={image.url} />}
      {image?.alt && <meta name="twitter:image:alt" content={image.alt} />}
    </>
  )
}
