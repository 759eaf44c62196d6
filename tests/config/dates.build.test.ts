import { describe, expect, it } from 'vitest'
import { BuildFailure, build } from '../../src/build/index.js'
import { isCalendarDate } from '../../src/config/checks/calendar-date.js'
import { formatConfigError } from '../../src/errors/format.js'
import { normalize, siteFrom } from '../helpers/site.js'

// A date that is no day ("2025-13-45") is refused at its line: it would print "Invalid Date"
// into the post, the blog index and the RSS feed.
const post = (date: string, updated = '') => `---\ntitle: A short note\ndate: ${date}\n${updated}excerpt: A post.\n---\n\nText.\n`

async function errorsFor(files: Record<string, string>): Promise<string[]> {
  const failure = await build({ site: await siteFrom('widgets', files), write: false, cacheDir: false }).then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(failure instanceof BuildFailure)) throw new Error(`expected a BuildFailure, got ${String(failure)}`)
  return failure.errors.map((e) => normalize(formatConfigError(e, { color: false })).replace(/<tmp>\/site\//g, ''))
}

describe('front-matter dates', () => {
  it('reports a date that is no day of the calendar at its file, line and column', async () => {
    expect(await errorsFor({ 'blog/short-note.md': post('2025-13-45') })).toEqual([
      [
        'error[bad-date]: The publication date "2025-13-45" is not a day of the calendar.',
        '  --> blog/short-note.md:3:7',
        '  |',
        '3 | date: 2025-13-45',
        '  |       ^^^^^^^^^^',
        "hint: Write a real date as YYYY-MM-DD: months run 01–12, and days to the month's length (2024-02-29 exists, 2025-02-29 does not).",
      ].join('\n'),
    ])
  })

  it('reports the 30th of February and an impossible update date alike', async () => {
    const errors = await errorsFor({ 'blog/short-note.md': post('2025-02-30', 'updated: 2025-04-31\n') })
    expect(errors.map((e) => e.split('\n').slice(0, 2).join(' '))).toEqual([
      'error[bad-date]: The publication date "2025-02-30" is not a day of the calendar.   --> blog/short-note.md:3:7',
      'error[bad-date]: The update date "2025-04-31" is not a day of the calendar.   --> blog/short-note.md:4:10',
    ])
  })

  it('prints a real date in the post, the blog index and the feed, never "Invalid Date"', async () => {
    const { files } = await build({
      site: await siteFrom('widgets', { 'blog/short-note.md': post('2024-02-29') }),
      write: false,
      cacheDir: false,
    })
    const text = (path: string) => String(files.find((f) => f.path === path)?.contents)
    expect(text('blog/short-note.html')).toContain('<time dateTime="2024-02-29">February 29, 2024</time>')
    expect(text('blog.html')).toContain('<time dateTime="2024-02-29">February 29, 2024</time>')
    expect(text('rss.xml')).toContain('<pubDate>Thu, 29 Feb 2024 12:00:00 GMT</pubDate>')
    for (const path of ['blog/short-note.html', 'blog.html', 'rss.xml']) expect(text(path)).not.toContain('Invalid Date')
  })

  it('knows leap years', () => {
    expect(['2024-02-29', '2000-02-29', '2025-12-31'].map(isCalendarDate)).toEqual([true, true, true])
    expect(['1900-02-29', '2025-02-29', '2025-00-10', '2025-06-31', '2025-1-01'].map(isCalendarDate)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ])
  })
})
