import { usePage } from '../context.js'
import { socialImage } from './page-image.js'
import { shareImageFor, shareImageSize } from './share-image.js'

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
      <meta property="og:locale" content={site.language.replace('-', '_')} />
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
