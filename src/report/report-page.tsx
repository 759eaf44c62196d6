import { Fragment } from 'react'
import { formatBytes } from '../check/budgets.js'
import { type Bar, BarChart, bandOf, GridChart, GridLegend, gridLayout, scoreBands } from './charts.js'
import type { LanguageGate, ReportData } from './report-data.js'

/** Rows a list shows before "and N more" (the charts show fewer). */
const listed = 100
const charted = 20

const assetLabels = { html: 'HTML (gzip)', css: 'CSS (gzip)', js: 'JavaScript (gzip)', images: 'Images' } as const

/**
 * The build report: citypress's own page about a build, not one of the site's. Styles are inline
 * and there is no script at all; its policy (the meta element) lets nothing else load.
 */
export function ReportPage({ data }: { data: ReportData }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta httpEquiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`Build report: ${data.siteName}`}</title>
        <style>{css}</style>
      </head>
      <body>
        <header>
          <h1>{`Build report: ${data.siteName}`}</h1>
          <p>
            {`Built ${data.builtAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')} for ${data.host}: ${count(data.pageCount, 'page')} `}
            {`(${data.rendered} rendered, ${data.reused} reused) and ${count(data.fileCount - data.pageCount, 'other file')}.`}
          </p>
          <nav aria-label="Parts of the report">
            <a href="#grid">Landing grid</a> <a href="#paragraphs">Paragraphs to write</a>{' '}
            {data.languageGates.map((gate) => (
              <Fragment key={gate.code}>
                <a href={`#grid-${gate.code}`}>{`Landing grid (${gate.code})`}</a>{' '}
              </Fragment>
            ))}
            <a href="#weight">Page weight</a> <a href="#images">Images</a> <a href="#timings">Timings</a>
          </nav>
        </header>
        <main>
          <LanguagesSection data={data} />
          <GridSection gate={data} />
          <ParagraphsSection gate={data} />
          {data.languageGates.map((gate) => (
            <Fragment key={gate.code}>
              <GridSection gate={gate} language={gate} />
              <ParagraphsSection gate={gate} language={gate} />
            </Fragment>
          ))}
          <WeightSection data={data} />
          <ImagesSection data={data} />
          <TimingsSection data={data} />
        </main>
        <footer>
          <p>
            Written by <code>citypress build</code> into <code>.citypress/report.html</code>; each build replaces it.
          </p>
        </footer>
      </body>
    </html>
  )
}

/** The gate of the site's first language, or of another one (`language`), whose parts are named apart. */
type GateProps = {
  gate: Pick<LanguageGate, 'grid' | 'noindex' | 'paragraphs' | 'settings'>
  language?: Pick<LanguageGate, 'code' | 'label'>
}

/** A section's id and heading for the first language or another. */
const partOf = (id: string, title: string, language: GateProps['language']) =>
  language ? { id: `${id}-${language.code}`, title: `${title}: ${language.label} (${language.code})` } : { id, title }

function GridSection({ gate, language }: GateProps) {
  const { grid, noindex, settings } = gate
  const part = partOf('grid', 'Landing grid', language)
  if (grid.cells.length === 0)
    return (
      <section id={part.id} aria-labelledby={`${part.id}-title`}>
        <h2 id={`${part.id}-title`}>{part.title}</h2>
        <p>This site has no landing pages (landing.yaml).</p>
      </section>
    )
  const perService = grid.services.map((s, i) => {
    const cells = grid.cells.filter((c) => c.service === i)
    return {
      title: s.title,
      pages: cells.length,
      noindex: cells.filter((c) => !c.indexable).length,
      mean: Math.round(cells.reduce((n, c) => n + c.score, 0) / Math.max(1, cells.length)),
    }
  })
  return (
    <section id={part.id} aria-labelledby={`${part.id}-title`}>
      <h2 id={`${part.id}-title`}>{part.title}</h2>
      <p className="summary">
        {`${count(grid.cells.length, 'landing page')}: ${grid.cells.length - noindex.total} indexed, ${noindex.total} noindex (left out of the sitemap). `}
        {`The gate: a local paragraph of ${settings.minLocalWords}+ words, at most ${Math.round(settings.maxSimilarity * 100)}% alike a sibling${settings.minWords ? `, ${settings.minWords}+ words` : ''}.`}
      </p>
      <GridLegend />
      <figure>
        <GridChart grid={grid} />
        <figcaption>{gridCaption(grid)}</figcaption>
      </figure>
      <table>
        <caption>Pages per service</caption>
        <thead>
          <tr>
            <th scope="col">Service</th>
            <th scope="col" className="n">
              Pages
            </th>
            <th scope="col" className="n">
              Noindex
            </th>
            <th scope="col" className="n">
              Mean score
            </th>
          </tr>
        </thead>
        <tbody>
          {perService.map((s) => (
            <tr key={s.title}>
              <th scope="row">{s.title}</th>
              <td className="n">{s.pages}</td>
              <td className="n">{s.noindex}</td>
              <td className="n">{s.mean}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {noindex.total > 0 && (
        <div className="noindex">
          <h3>Noindex pages and why</h3>
          <table>
            <caption>Noindex pages per reason (a page may have several)</caption>
            <thead>
              <tr>
                <th scope="col">Reason</th>
                <th scope="col" className="n">
                  Pages
                </th>
              </tr>
            </thead>
            <tbody>
              {noindex.byReason.map((r) => (
                <tr key={r.reason}>
                  <th scope="row">{r.reason}</th>
                  <td className="n">{r.pages}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="pages">
            <caption>
              {noindex.pages.length < noindex.total
                ? `The ${noindex.pages.length} weakest of ${noindex.total} noindex pages`
                : 'Every noindex page, weakest first'}
            </caption>
            <thead>
              <tr>
                <th scope="col">Page</th>
                <th scope="col" className="n">
                  Score
                </th>
                <th scope="col">Reasons</th>
              </tr>
            </thead>
            <tbody>
              {noindex.pages.map((p) => (
                <tr key={p.url}>
                  <td>
                    <span className="url">{p.url}</span>
                    <br />
                    {`${p.area} · ${p.service}`}
                  </td>
                  <td className="n">
                    <span className="score" style={{ background: scoreBands[bandOf(p.score)]!.fill }}>
                      {p.score}
                    </span>
                  </td>
                  <td>{p.reasons.join('; ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

function gridCaption(grid: ReportData['grid']): string {
  const services = grid.services.map((s) => s.title).join(', ')
  const layout = gridLayout(grid)
  if (layout === 'labelled') return `Rows are areas, columns services (${services}).`
  return `Each row is an area and each column a service (${services}); the areas run down blocks of ${layout.rows}, side by side, in landing.yaml's order. The tables below name the pages.`
}

function ParagraphsSection({ gate, language }: GateProps) {
  const { paragraphs, settings } = gate
  const total = paragraphs.reduce((n, p) => n + p.pages, 0)
  const rest = paragraphs.slice(listed)
  const part = partOf('paragraphs', 'Local paragraphs to write', language)
  const file = language ? `locales/${language.code}/areas.yaml` : 'areas.yaml'
  return (
    <section id={part.id} aria-labelledby={`${part.id}-title`}>
      <h2 id={`${part.id}-title`}>{part.title}</h2>
      {paragraphs.length === 0 ? (
        <p>No page waits for a local paragraph.</p>
      ) : (
        <>
          <p className="summary">{`${count(paragraphs.length, 'area')} ${paragraphs.length === 1 ? 'lacks' : 'lack'} a local paragraph of ${settings.minLocalWords}+ words (${file} places.<area>.local); together they hold back ${count(total, 'noindex page')}. Writing one lets its pages into search, unless another reason keeps them out.`}</p>
          <BarChart
            label={`Noindex pages each area's paragraph would lift, the ${Math.min(charted, paragraphs.length)} with the most`}
            bars={paragraphs.slice(0, charted).map((p) => ({ label: p.area, value: p.pages, text: count(p.pages, 'page') }))}
          />
          <table>
            <caption>Areas by pages lifted</caption>
            <thead>
              <tr>
                <th scope="col">Area</th>
                <th scope="col" className="n">
                  Pages
                </th>
                <th scope="col" className="n">
                  Words now
                </th>
              </tr>
            </thead>
            <tbody>
              {paragraphs.slice(0, listed).map((p) => (
                <tr key={p.area}>
                  <th scope="row">{p.area}</th>
                  <td className="n">{p.pages}</td>
                  <td className="n">{p.words}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {rest.length > 0 && (
            <p>{`And ${count(rest.length, 'more area')} (${count(
              rest.reduce((n, p) => n + p.pages, 0),
              'page',
            )}).`}</p>
          )}
        </>
      )}
    </section>
  )
}

function WeightSection({ data }: { data: ReportData }) {
  return (
    <section id="weight" aria-labelledby="weight-title">
      <h2 id="weight-title">Page weight per page kind</h2>
      <p className="summary">
        The heaviest page of each kind, against site.yaml <code>budgets</code> (the dashed line; a red bar is over it).
      </p>
      {(['html', 'css', 'js', 'images'] as const).map((asset) => {
        const bars: Bar[] = data.weights.map((w) => {
          const a = w.assets.find((x) => x.asset === asset)!
          return {
            label: w.kind,
            value: a.bytes,
            limit: a.budget?.limit,
            isOver: a.budget !== undefined && a.bytes > a.budget.limit,
            text: `${formatBytes(a.bytes)}${a.budget ? ` / ${a.budget.written}` : ''}`,
          }
        })
        return (
          <figure key={asset}>
            <figcaption>{assetLabels[asset]}</figcaption>
            <BarChart label={`${assetLabels[asset]} of the heaviest page per kind`} bars={bars} />
          </figure>
        )
      })}
      <table>
        <caption>Heaviest page per kind, with budgets</caption>
        <thead>
          <tr>
            <th scope="col">Kind</th>
            <th scope="col" className="n">
              Pages
            </th>
            {(['html', 'css', 'js', 'images'] as const).map((a) => (
              <th key={a} scope="col" className="n">
                {assetLabels[a]}
              </th>
            ))}
            <th scope="col">Heaviest HTML</th>
          </tr>
        </thead>
        <tbody>
          {data.weights.map((w) => (
            <tr key={w.kind}>
              <th scope="row">{w.kind}</th>
              <td className="n">{w.pages}</td>
              {w.assets.map((a) => (
                <td key={a.asset} className={a.budget && a.bytes > a.budget.limit ? 'n over' : 'n'}>
                  {formatBytes(a.bytes)}
                  {a.budget ? ` / ${a.budget.written}${a.bytes > a.budget.limit ? ' over' : ''}` : ''}
                </td>
              ))}
              <td className="url">{w.largestUrl}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

function ImagesSection({ data }: { data: ReportData }) {
  const { images } = data
  const saved = images.sourceBytes - images.deliveredBytes
  return (
    <section id="images" aria-labelledby="images-title">
      <h2 id="images-title">Image bytes saved</h2>
      {images.images.length === 0 ? (
        <p>No photos to encode (icons, share images, SVGs and GIFs are not counted).</p>
      ) : (
        <>
          <p className="summary">{`${count(images.images.length, 'photo')}: ${formatBytes(images.sourceBytes)} as written, ${formatBytes(images.deliveredBytes)} as the widest AVIF of each (${images.variants} variants in all); ${formatBytes(saved)} saved (${Math.round((saved / Math.max(1, images.sourceBytes)) * 100)}%).`}</p>
          <BarChart
            label="Each photo's source bytes (light) and its widest AVIF (dark)"
            bars={images.images.slice(0, charted).map((i) => ({
              label: i.src,
              value: i.deliveredBytes,
              behind: i.sourceBytes,
              text: `${formatBytes(i.deliveredBytes)} of ${formatBytes(i.sourceBytes)}`,
            }))}
          />
          <table>
            <caption>Photos, most saved first</caption>
            <thead>
              <tr>
                <th scope="col">Image</th>
                <th scope="col" className="n">
                  Source
                </th>
                <th scope="col" className="n">
                  Widest AVIF
                </th>
                <th scope="col" className="n">
                  Saved
                </th>
                <th scope="col" className="n">
                  Variants
                </th>
              </tr>
            </thead>
            <tbody>
              {images.images.slice(0, listed).map((i) => (
                <tr key={i.src}>
                  <th scope="row" className="url">
                    {i.src}
                  </th>
                  <td className="n">{formatBytes(i.sourceBytes)}</td>
                  <td className="n">{formatBytes(i.deliveredBytes)}</td>
                  <td className="n">{formatBytes(i.sourceBytes - i.deliveredBytes)}</td>
                  <td className="n">{i.variants}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  )
}

/** Each other language's pages by kind: what its translation covers, beside the default language's. */
function LanguagesSection({ data }: { data: ReportData }) {
  if (data.languages.length === 0) return null
  return (
    <section id="languages" aria-labelledby="languages-title">
      <h2 id="languages-title">Languages</h2>
      <p className="summary">
        A page is built in another language only when every text it shows is translated: each text still to translate is listed under its
        language, at its line, with the translation file to write it in.
      </p>
      {data.languages.map(({ code, kinds, missing }) => (
        <Fragment key={code}>
          <table>
            <caption>{`Pages in ${code}, by kind`}</caption>
            <thead>
              <tr>
                <th scope="col">Kind</th>
                <th scope="col" className="n">
                  Default language
                </th>
                <th scope="col" className="n">
                  {code}
                </th>
                <th scope="col" className="n">
                  Missing
                </th>
              </tr>
            </thead>
            <tbody>
              {kinds.map((k) => (
                <tr key={k.kind}>
                  <th scope="row">{k.kind}</th>
                  <td className="n">{k.base}</td>
                  <td className="n">{k.built}</td>
                  <td className="n">{k.base - k.built}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {missing.length > 0 && (
            <table>
              <caption>{`Texts to translate in ${code}`}</caption>
              <thead>
                <tr>
                  <th scope="col">Write it in</th>
                  <th scope="col">Text of</th>
                  <th scope="col">Field</th>
                </tr>
              </thead>
              <tbody>
                {missing.map((m) => (
                  <tr key={`${m.file}:${m.line}:${m.field}`}>
                    <td>{m.translation}</td>
                    <td>{`${m.file}:${m.line}`}</td>
                    <td>{m.field}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Fragment>
      ))}
    </section>
  )
}

function TimingsSection({ data }: { data: ReportData }) {
  const total = data.timings.reduce((n, t) => n + t.ms, 0)
  return (
    <section id="timings" aria-labelledby="timings-title">
      <h2 id="timings-title">Stage timings</h2>
      <p className="summary">{`Milliseconds per stage; images are encoded beside the render, so the stages add up to more than the build took (${Math.round(total)} ms).`}</p>
      <BarChart
        label="Milliseconds per build stage"
        bars={data.timings.map((t) => ({ label: t.stage, value: t.ms, text: `${Math.round(t.ms)} ms` }))}
      />
      <table>
        <caption>Stage timings</caption>
        <thead>
          <tr>
            <th scope="col">Stage</th>
            <th scope="col" className="n">
              ms
            </th>
          </tr>
        </thead>
        <tbody>
          {data.timings.map((t) => (
            <tr key={t.stage}>
              <th scope="row">{t.stage}</th>
              <td className="n">{Math.round(t.ms)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`
}

const css = `
body{margin:0;font:15px/1.5 system-ui,sans-serif;color:#1b1b1b;background:#fff}
header,main,footer{max-width:1100px;margin:0 auto;padding:0 20px}
header{padding-top:20px;border-bottom:1px solid #ccc}
nav a{margin-right:14px;color:#0b4f8a}
section{margin:28px 0;padding-bottom:12px;border-bottom:1px solid #e3e3e3}
h1{font-size:26px;margin:0 0 4px}h2{font-size:21px;margin:0 0 8px}h3{font-size:17px}
figure{margin:12px 0}figcaption{font-weight:600;margin:4px 0}
.chart{display:block;max-width:100%;height:auto;font:12px system-ui,sans-serif}
.chart text{fill:#1b1b1b}
table{border-collapse:collapse;margin:12px 0;min-width:320px}
caption{text-align:left;font-weight:600;padding:4px 0}
th,td{border-bottom:1px solid #ddd;padding:4px 10px;text-align:left;vertical-align:top}
thead th{border-bottom:2px solid #999}
.n{text-align:right;font-variant-numeric:tabular-nums}
.url{word-break:break-all;font-family:ui-monospace,monospace;font-size:13px}
.over{color:#a61b0f;font-weight:600}
.score{display:inline-block;min-width:2.2em;text-align:center;border-radius:3px;color:#1b1b1b}
.pages td:first-child{max-width:420px}
footer{color:#444;font-size:13px;padding-bottom:24px}
`
