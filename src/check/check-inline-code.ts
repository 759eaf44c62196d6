import { fail, UnexpectedInlineCode } from '../errors/catalogue.js'
import type { ConfigError } from '../errors/config-error.js'
import type { WatchedPage } from './watch-pages.js'

/**
 * One `unexpected-inline-code` error per inline script, style or style attribute that the build
 * did not declare, at the first page (in route order) that holds it, naming how many others do:
 * a template override writing it puts it on every page, which is one mistake, not hundreds.
 */
export function checkInlineCode(pages: readonly WatchedPage[]): ConfigError[] {
  const found = new Map<string, { page: WatchedPage; index: number; others: string[] }>()
  for (const page of pages) {
    page.unexpected.forEach((code, index) => {
      const key = `${code.kind}\0${code.hash}`
      const known = found.get(key)
      if (known) known.others.push(page.route.url)
      else found.set(key, { page, index, others: [] })
    })
  }
  return [...found.values()].map(({ page, index, others }) => {
    const { kind, text, hash } = page.unexpected[index]!
    return fail(UnexpectedInlineCode, page.route.origin, page.route.url, kind, text, hash.slice(1, -1), others)
  })
}
