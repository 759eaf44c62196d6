import { blogTitle } from '../../src/config/messages/messages.js'
import type { PostConfig, PostSummary } from '../../src/config/site-model.js'
import { absoluteUrl } from '../../src/plan/urls.js'
import { balancedGridClass } from '../components/grid.js'
import { Icon } from '../components/Icon.js'
import { Image } from '../components/Image.js'
import { renderPostBody } from '../components/markdown-html.js'
import { ShareButton } from '../components/ShareButton.js'
import { Toc } from '../components/Toc.js'
import { usePage, useText } from '../context.js'
import { formatDay } from '../format-date.js'

/**
 * One blog post: header with date, author and the share button; the cover image; then the body
 * beside its table of contents.
 */
export function PostPage(post: PostConfig) {
  const { site, route, posts, images } = usePage()
  const text = useText()
  const blogName = blogTitle(site)
  const { html, headings } = renderPostBody(post.body, { imagePaths: post.imagePaths, images, text })
  const url = absoluteUrl(site.url, route.url, site.trailingSlash)
  const more = posts.filter((p) => p.slug !== post.slug).slice(0, 3)
  return (
    <>
      <article className="post">
        <header className="post-header">
          <div className="container narrow">
            <a className="post-back" href="/blog">
              <Icon name="arrow-left" size={18} />
              {blogName}
            </a>
            <h1>{post.title}</h1>
            <p className="post-excerpt">{post.excerpt}</p>
            <div className="post-meta">
              <span>
                <Icon name="calendar" size={18} />
                <time dateTime={post.date}>{formatDay(post.date, site.language)}</time>
              </span>
              {post.author && (
                <span>
                  <Icon name="user-round" size={18} />
                  {post.author}
                </span>
              )}
              <ShareButton title={post.title} url={url} excerpt={post.excerpt} />
            </div>
          </div>
        </header>
        {post.image && (
          <div className="container post-cover">
            <Image src={post.image} alt={post.imageAlt ?? ''} priority className="rounded" sizes="(min-width: 1100px) 1040px, 100vw" />
          </div>
        )}
        <div className={headings.length ? 'container post-layout' : 'container narrow'}>
          {headings.length > 0 && (
            <aside className="post-toc">
              <Toc headings={headings} />
            </aside>
          )}
          <div className="prose post-body" dangerouslySetInnerHTML={{ __html: html }} />
        </div>
      </article>
      {more.length > 0 && (
        <section className="section tone-surface">
          <div className="container">
            <h2 className="center">{text('moreFrom', { blog: blogName })}</h2>
            <PostCards posts={more} />
          </div>
        </section>
      )}
    </>
  )
}

/**
 * Post cards for the listing and the "more posts" band. `level` keeps the heading outline
 * unbroken: h2 under the listing's h1, h3 under the band's h2 (axe: heading-order).
 */
export function PostCards({ posts, level = 3 }: { posts: readonly PostSummary[]; level?: 2 | 3 }) {
  const { language } = usePage().site
  const Title = level === 2 ? 'h2' : 'h3'
  return (
    <ul className={`post-grid${balancedGridClass({ count: posts.length, max: 3 })}`}>
      {posts.map((post) => (
        <li key={post.slug} className="post-card">
          {post.image && (
            <Image
              src={post.image}
              alt={post.imageAlt ?? ''}
              className="post-card-img"
              sizes="(min-width: 1100px) 360px, (min-width: 700px) 50vw, 100vw"
            />
          )}
          <div className="post-card-body">
            <p className="post-card-date">
              <time dateTime={post.date}>{formatDay(post.date, language)}</time>
            </p>
            <Title className="post-card-title">
              <a href={`/blog/${post.slug}`}>{post.title}</a>
            </Title>
            <p>{post.excerpt}</p>
          </div>
        </li>
      ))}
    </ul>
  )
}
