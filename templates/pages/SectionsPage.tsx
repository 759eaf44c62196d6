import type { PageConfig } from '../../src/types.js'
import { renderPostBody } from '../components/Markdown.js'
import { usePage } from '../context.js'
import { Sections } from '../sections/index.js'

/**
 * A page authored in pages/*.yaml: its sections, in order. A pages/*.md page shows its Markdown
 * text between its `before` and `after` sections, laid out as a text section.
 */
export function SectionsPage(page: PageConfig) {
  const { images } = usePage()
  if (!page.markdown) return <Sections list={page.sections} />
  const { body, at, imagePaths } = page.markdown
  const { html } = renderPostBody(body, { imagePaths, images })
  return (
    <>
      <Sections list={page.sections.slice(0, at)} />
      <section className="section section-text tone-plain">
        <div className="container narrow">
          <div className="text-body">
            <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
          </div>
        </div>
      </section>
      <Sections list={page.sections.slice(at)} />
    </>
  )
}
