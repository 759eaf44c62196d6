import type { PageConfig } from '../../src/config/site-model.js'
import { renderPostBody } from '../components/markdown-html.js'
import { usePage, useText } from '../context.js'
import { formatDay } from '../format-date.js'
import { Sections } from '../sections/index.js'

/**
 * A page authored in pages/*.yaml: its sections, in order. A pages/*.md page shows its Markdown
 * text between its `before` and `after` sections, laid out as a text section. A page with
 * `updated` says when it last changed: at the top of its Markdown text, else under its first
 * section (its hero), where readers of a legal page look for it.
 */
export function SectionsPage(page: PageConfig) {
  const { images, site } = usePage()
  const text = useText()
  const updated = page.updated && <LastUpdated date={page.updated} language={site.language} />
  if (!page.markdown) {
    if (!updated) return <Sections list={page.sections} />
    return (
      <>
        <Sections list={page.sections.slice(0, 1)} />
        <div className="container page-updated-band">{updated}</div>
        <Sections list={page.sections.slice(1)} />
      </>
    )
  }
  const { body, at, imagePaths } = page.markdown
  const { html } = renderPostBody(body, { imagePaths, images, text })
  return (
    <>
      <Sections list={page.sections.slice(0, at)} />
      <section className="section section-text tone-plain">
        <div className="container narrow">
          <div className="text-body">
            {updated}
            <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
          </div>
        </div>
      </section>
      <Sections list={page.sections.slice(at)} />
    </>
  )
}

/** "Last updated March 2, 2026", with the machine-readable day in <time>. */
function LastUpdated({ date, language }: { date: string; language: string }) {
  const shown = formatDay(date, language)
  const text = useText()
  return (
    <p className="page-updated">
      {text('lastUpdated')} <time dateTime={date}>{shown}</time>
    </p>
  )
}
