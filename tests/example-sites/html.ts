/**
 * A very small HTML reader for asserting on built pages. React's renderToStaticMarkup writes
 * well-formed markup (every element closed, void elements self-closed), so a tag tokenizer and a
 * stack are enough; no dependency needed. Selectors: `tag`, `.class`, `#id`, `[attr]`,
 * `[attr=value]`, compounds of those (`a.btn[href=/contact]`), the descendant combinator and lists
 * (`input, select`).
 */
export interface HtmlNode {
  readonly tag: string
  readonly attrs: Readonly<Record<string, string>>
  readonly children: (HtmlNode | string)[]
}

const voidTags = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr'])
const rawTextTags = new Set(['script', 'style'])

export function parseHtml(html: string): HtmlNode {
  const root: HtmlNode = { tag: '#root', attrs: {}, children: [] }
  const stack: HtmlNode[] = [root]
  const tagPattern = /<!--[\s\S]*?-->|<!doctype[^>]*>|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=/>]+(?:="[^"]*")?)*)\s*(\/?)>/gi
  let last = 0
  for (let m = tagPattern.exec(html); m; m = tagPattern.exec(html)) {
    const top = stack[stack.length - 1]!
    if (m.index > last) top.children.push(decode(html.slice(last, m.index)))
    last = tagPattern.lastIndex
    if (!m[2]) continue
    const tag = m[2].toLowerCase()
    if (m[1]) {
      const at = stack.map((n) => n.tag).lastIndexOf(tag)
      if (at > 0) stack.length = at
      continue
    }
    const node: HtmlNode = { tag, attrs: parseAttrs(m[3] ?? ''), children: [] }
    top.children.push(node)
    if (rawTextTags.has(tag)) {
      const end = html.indexOf(`</${tag}>`, last)
      node.children.push(html.slice(last, end))
      last = tagPattern.lastIndex = end + tag.length + 3
      continue
    }
    if (!m[4] && !voidTags.has(tag)) stack.push(node)
  }
  return root
}

function parseAttrs(text: string): Record<string, string> {
  const attrs: Record<string, string> = {}
  for (const m of text.matchAll(/([^\s=/>]+)(?:="([^"]*)")?/g)) attrs[m[1]!] = decode(m[2] ?? '')
  return attrs
}

function decode(text: string): string {
  return text.replace(
    /&(amp|lt|gt|quot|#39|#x27|nbsp);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' ' })[e]!,
  )
}

interface Simple {
  tag?: string
  id?: string
  classes: string[]
  attrs: [string, string | undefined][]
}

function parseSelector(selector: string): Simple[] {
  return selector
    .trim()
    .split(/\s+/)
    .map((part) => {
      const simple: Simple = { classes: [], attrs: [] }
      for (const m of part.matchAll(/([a-z][a-z0-9-]*)|\.([\w-]+)|#([\w-]+)|\[([\w-]+)(?:=([^\]]*))?\]/gi)) {
        if (m[1]) simple.tag = m[1].toLowerCase()
        else if (m[2]) simple.classes.push(m[2])
        else if (m[3]) simple.id = m[3]
        else simple.attrs.push([m[4]!, m[5]?.replace(/^["']|["']$/g, '')])
      }
      return simple
    })
}

function matches(node: HtmlNode, s: Simple): boolean {
  if (s.tag && node.tag !== s.tag) return false
  if (s.id && node.attrs.id !== s.id) return false
  const classes = (node.attrs.class ?? '').split(/\s+/)
  if (!s.classes.every((c) => classes.includes(c))) return false
  return s.attrs.every(([name, value]) => name in node.attrs && (value === undefined || node.attrs[name] === value))
}

function descendants(node: HtmlNode): HtmlNode[] {
  const out: HtmlNode[] = []
  const walk = (n: HtmlNode) => {
    for (const c of n.children)
      if (typeof c !== 'string') {
        out.push(c)
        walk(c)
      }
  }
  walk(node)
  return out
}

/** Every descendant of `node` matching `selector` (a comma-separated list allowed), in document order. */
export function findAll(node: HtmlNode, selector: string): HtmlNode[] {
  const found = new Set(selector.split(',').flatMap((one) => findAllOne(node, one)))
  const order = descendants(node)
  return [...found].sort((a, b) => order.indexOf(a) - order.indexOf(b))
}

function findAllOne(node: HtmlNode, selector: string): HtmlNode[] {
  let current = [node]
  for (const simple of parseSelector(selector)) {
    const found = new Set<HtmlNode>()
    for (const n of current) for (const d of descendants(n)) if (matches(d, simple)) found.add(d)
    current = [...found]
  }
  return current
}

/** The first match; throws when there is none, so a missing element fails with its selector. */
export function find(node: HtmlNode, selector: string): HtmlNode {
  const hit = findAll(node, selector)[0]
  if (!hit) throw new Error(`No element matches "${selector}"`)
  return hit
}

/** Text content with whitespace collapsed, as a visitor reads it. */
export function text(node: HtmlNode | string): string {
  const raw = (n: HtmlNode | string): string => (typeof n === 'string' ? n : rawTextTags.has(n.tag) ? '' : n.children.map(raw).join(''))
  return raw(node).replace(/\s+/g, ' ').trim()
}

/** Texts of every match. */
export function texts(node: HtmlNode, selector: string): string[] {
  return findAll(node, selector).map(text)
}
