import { loadReact, h } from './jsx.js'
import type { ReportData } from './report-data.js'
import { ReportPage } from './report-page.js'

/** The build report as one self-contained HTML document: inline CSS and SVG, no script. */
export async function renderReport(data: ReportData): Promise<string> {
  const { renderToStaticMarkup } = await loadReact()
  return `<!doctype html>\n${renderToStaticMarkup(h(ReportPage, { data }))}\n`
}
