import type { HeaderRule } from './headers.js'

/**
 * Reads a `_headers` file and matches its rules the way Netlify and Cloudflare Pages do, so
 * preview (from the build's rules, headers.ts) and the tests' servers send a built site's
 * production headers (its Content-Security-Policy above all) and a policy mistake shows before
 * the site is published.
 *
 * The format (Netlify "Custom headers", Cloudflare Pages "Headers"): a line that starts without
 * whitespace is a URL pattern; the indented `Name: value` lines below it apply to every request
 * whose path matches it. `*` matches any run of characters (slashes included), `:name` one path
 * segment. A path may match several rules; each applies, and a header two rules set gets both
 * values joined by ", ". Lines starting with `#` are comments.
 */
export type { HeaderRule }

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: { pattern: string; headers: [string, string][] }[] = []
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trimEnd()
    if (!line.trim() || line.trimStart().startsWith('#')) continue
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] })
      continue
    }
    const colon = line.indexOf(':')
    const rule = rules.at(-1)
    if (colon > 0 && rule) rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()])
  }
  return rules
}

/** The headers of every rule matching `urlPath` (a path without query), merged. */
export function headersForPath(rules: readonly HeaderRule[], urlPath: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const rule of rules) {
    if (!patternOf(rule.pattern).test(urlPath)) continue
    for (const [name, value] of rule.headers) {
      const key = Object.keys(out).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name
      out[key] = out[key] === undefined ? value : `${out[key]}, ${value}`
    }
  }
  return out
}

function patternOf(pattern: string): RegExp {
  const source = pattern
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') && part.length > 1 ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('')
  return new RegExp(`^${source}$`)
}
