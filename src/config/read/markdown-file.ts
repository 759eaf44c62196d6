import { fail, NoFrontMatter } from '../../errors/catalogue.js'
import type { ConfigError } from '../../errors/config-error.js'
import { parseYaml, type YamlSource } from './read-yaml.js'

export interface MarkdownFile {
  /** Front matter as a YAML source whose positions are those of the .md file itself. */
  readonly frontMatter: YamlSource
  readonly body: string
  /** 1-based line of the body's first line in the file, so body positions map back. */
  readonly bodyLine: number
  readonly errors: ConfigError[]
}

/**
 * Splits `---` front matter from a Markdown body. The front matter is parsed from the whole text
 * with the body blanked out, so every line and column reported for it is the file's own.
 */
export function parseMarkdownFile(text: string, file: string): MarkdownFile {
  const match = /^---\r?\n([\s\S]*?)^---[ \t]*(\r?\n|$)/m.exec(text)
  if (!text.startsWith('---') || !match) {
    const { source } = parseYaml('', file)
    const error = fail(NoFrontMatter, { file, line: 1, column: 1, lineText: text.split('\n')[0] ?? '' })
    return { frontMatter: source, body: text, bodyLine: 1, errors: [error] }
  }
  const head = match[0]
  // Keep the offsets of the original file: `---` becomes blank space, the body is dropped.
  const yamlText = `   ${head.slice(3, head.length - (match[2] ?? '').length).replace(/^---[ \t]*$/m, '')}`
  const { source, errors } = parseYaml(yamlText.replace(/\s+$/, '\n'), file)
  const bodyLine = head.split('\n').length + (match[2] ? 0 : 1)
  return { frontMatter: { ...source, text: head }, body: text.slice(head.length), bodyLine, errors }
}
