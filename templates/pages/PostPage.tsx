import type { PostConfig } from '../../src/types.js'
import { Image } from '../components/Image.js'
import { Markdown } from '../components/Markdown.js'

/** One blog post. */
export function PostPage(post: PostConfig) {
  return (
    <article className="section post">
      <div className="container narrow">
        <p className="eyebrow"><time dateTime={post.date}>{formatDate(post.date)}</time>{post.author && ` · ${post.author}`}</p>
        <h1>{post.title}</h1>
        {post.image && <Image src={post.image} alt={post.imageAlt ?? ''} priority className="rounded" sizes="(min-width: 800px) 760px, 100vw" />}
        <Markdown text={post.body} />
      </div>
    </article>
  )
}

export function formatDate(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
}
