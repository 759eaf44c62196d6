import { usePage } from '../context.js'
import { formatDate } from './PostPage.js'

export interface BlogIndexProps {
  page: number
  pageCount: number
  slugs: string[]
}

/** The blog listing, newest first, paginated by site.yaml `blog.perPage`. */
export function BlogIndexPage({ page, pageCount, slugs }: BlogIndexProps) {
  const { posts, site } = usePage()
  const shown = slugs.map((slug) => posts.find((p) => p.slug === slug)!)
  return (
    <section className="section">
      <div className="container">
        <h1>{site.blog?.title ?? 'Blog'}</h1>
        {site.blog?.description && <p className="lead">{site.blog.description}</p>}
        <ul className="card-grid">
          {shown.map((post) => (
            <li key={post.slug} className="card">
              <h2 className="card-title"><a href={`/blog/${post.slug}`}>{post.title}</a></h2>
              <p className="muted"><time dateTime={post.date}>{formatDate(post.date)}</time></p>
              <p>{post.excerpt}</p>
            </li>
          ))}
        </ul>
        {pageCount > 1 && (
          <nav className="pagination" aria-label="Blog pages">
            {page > 1 && <a rel="prev" href={page === 2 ? '/blog' : `/blog/page/${page - 1}`}>Newer posts</a>}
            <span>Page {page} of {pageCount}</span>
            {page < pageCount && <a rel="next" href={`/blog/page/${page + 1}`}>Older posts</a>}
          </nav>
        )}
      </div>
    </section>
  )
}
