import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { BuildFailure, ConfigError, type DataPlace, type SourcePosition } from '../../errors/config-error.js'
import { ConfigWarning } from '../../errors/config-warning.js'
import { locate, positionAt } from './locate.js'
import { parseMarkdownFile } from './markdown-file.js'
import { knownSource } from './read-cache.js'
import { parseYaml, type YamlSource } from './read-yaml.js'

type Problem = ConfigError | ConfigWarning

/**
 * Finds the line, column and text of every problem that names its place as a DataPlace (a JSON
 * Pointer into its file), reading and parsing each such file once. Stages record places that way
 * because finding lines needs syntax trees that a build without problems never builds; the drivers
 * (build(), the CLI) call this before handing problems to the reporter, and loadSite for its own.
 * A problem's notes are placed the same way. Returns new problems, in the same order. One whose file is gone keeps its file and config path.
 *
 * `sources`: files already in memory by display path (loadSite's), so they are not read again.
 */
export async function placeProblems<T extends Problem>(problems: readonly T[], sources?: ReadonlyMap<string, YamlSource>): Promise<T[]> {
  const unplaced = (p: Problem) => p.pointer !== undefined || p.notes?.some((note) => note.pointer !== undefined)
  if (!problems.some(unplaced)) return [...problems]
  const read = new Map<string, Promise<YamlSource | undefined>>()
  const sourceOf = (file: string) => {
    let found = read.get(file)
    if (!found) read.set(file, (found = sources?.get(file) ? Promise.resolve(sources.get(file)) : readSource(file)))
    return found
  }
  return Promise.all(
    problems.map(async (problem) => {
      if (!unplaced(problem)) return problem
      const place = async <P extends SourcePosition & DataPlace>({ pointer, at: _at, inValue: _inValue, ...rest }: P) => {
        if (pointer === undefined) return rest
        const source = await sourceOf(rest.file)
        return { ...rest, ...(source ? positionIn(source, { pointer, at: _at, inValue: _inValue }) : {}) }
      }
      const notes = problem.notes && (await Promise.all(problem.notes.map(place)))
      const placed = {
        ...(await place(problem.toJSON())),
        ...(notes ? { notes } : {}),
        cause: problem instanceof ConfigError ? problem.cause : undefined,
      }
      return (problem instanceof ConfigError ? new ConfigError(placed) : new ConfigWarning(placed)) as T
    }),
  )
}

/**
 * What a driver's work reports, placed: the warnings of its result, or the errors of the
 * BuildFailure it throws.
 */
export async function placeReported<T extends { readonly warnings: readonly Problem[] }>(work: Promise<T>): Promise<T> {
  let result: T
  try {
    result = await work
  } catch (error) {
    if (error instanceof BuildFailure)
      throw new BuildFailure(await placeProblems(error.errors), await placeProblems(error.warnings as readonly ConfigWarning[]))
    throw error
  }
  return { ...result, warnings: await placeProblems(result.warnings) }
}

/** The position of a DataPlace in its file's source. */
function positionIn(source: YamlSource, place: DataPlace): SourcePosition {
  const start = locate(source, place.pointer ?? '', place.at ?? 'value')
  if (!place.inValue) return start
  // A block scalar's lines follow its key, indented: the text is on the value's lines at or below
  // where it starts, as the Markdown scanner counted them.
  const { line, column, text } = place.inValue
  const lines = source.lines.lineStarts
  const first = (start.line ?? 1) - 1
  for (let l = first + line; l < lines.length; l++) {
    const lineText = source.text.slice(lines[l], lines[l + 1] ?? source.text.length)
    const at = lineText.indexOf(text, l === first ? (start.column ?? 1) - 1 + column : 0)
    if (at !== -1) return positionAt(source, lines[l]! + at, lines[l]! + at + text.length)
  }
  return start
}

/** A site file as config/ parsed it: a Markdown file's front matter, or a YAML file. */
async function readSource(file: string): Promise<YamlSource | undefined> {
  let text: string
  try {
    text = await readFile(path.resolve(file), 'utf8')
  } catch {
    return undefined
  }
  return knownSource(file, text) ?? (file.endsWith('.md') ? parseMarkdownFile(text, file).frontMatter : parseYaml(text, file).source)
}
