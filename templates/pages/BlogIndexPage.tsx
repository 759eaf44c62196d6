import { blogTitle } from '../../src/config/messages/messages.js'
import type { BlogIndexProps } from '../../src/plan/route-plan.js'
import { usePage, useText } from '../context.js'
import { PostCards } from './PostPage.js'

/** The blog listing, newest first, paginated by site.yaml `blog.perPage` (/blog, /blog/page/2, …). */
export function BlogIndexPage({ page, pageCount, slugs }: BlogIndexProps) {
  const { posts, site } = usePage()
  const shown = slugs.map((slug) => posts.find((p) => p.slug === slug)!)
  const text = useText()
  const title = blogTitle(site)
  return (
    <>
      <section className="hero hero-background hero-h-auto page-header">
        <div className="container hero-inner">
          <div className="hero-copy">
            <h1>{page > 1 ? text('blogPageTitle', { title, page }) : title}</h1>
            {site.blog?.description && <p className="hero-lead">{site.blog.description}</p>}
          </div>
        </div>
      </section>
      <section className="section">
        <div className="container">
          <PostCards posts={shown} level={2} />
          {pageCount > 1 && (
            <nav className="pagination" aria-label={text('blogPages')}>
              {page > 1 && (
                <a className="btn btn-secondary" rel="prev" href={page === 2 ? '/blog' : `/blog/page/${page - 1}`}>
                  {text('newerPosts')}
                </a>
              )}
              <span>{text('pageOf', { page, count: pageCount })}</span>
              {page < pageCount && (
                <a className="btn btn-secondary" rel="next" href={`/blog/page/${page + 1}`}>
                  {text('olderPosts')}
                </a>
              )}
            </nav>
          )}
        </div>
      </section>
    </>
  )
}
