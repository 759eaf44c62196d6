import { renderToStaticMarkup } from 'react-dom/server'
import type { ReportData } from './report-data.js'
import { ReportPage } from './report-page.js'

/** The build report as one self-contained HTML document: inline CSS and SVG, no script. */
export function renderReport(data: ReportData): string {
  return `<!doctype html>\n${renderToStaticMarkup(<ReportPage data={data} />)}\n`
}
