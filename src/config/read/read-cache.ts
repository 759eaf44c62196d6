import { hash } from '../../cache/digest.js'
import { type CacheNote, readSealedJson, writeSealedJson } from '../../cache/sealed-file.js'
import type { ConfigError } from '../../errors/config-error.js'
import type { IconDrawing } from '../checks/sanitize-svg.js'
import { isMarkdownKind, type RawRef } from '../checks/schema-validators.js'
import type { FileKind, FoundRef } from '../checks/validate.js'
import { parseMarkdownFile } from './markdown-file.js'
import { parseYaml, type YamlSource } from './read-yaml.js'
import { reassemble, splitMinimumLength, splitOf, type YamlSplit } from './split-yaml.js'

/** One site file, parsed and validated. */
export interface ReadFile {
  readonly errors: readonly ConfigError[]
  readonly refs: readonly FoundRef[]
  readonly entry?: { readonly source: YamlSource; readonly data: unknown }
}

export interface FileText {
  readonly text: string
  /** Display path, for messages. */
  readonly file: string
  /** Path inside the site folder: names the file in the stored cache. */
  readonly name: string
  readonly kind: FileKind
}

/**
 * Parsing and validating YAML is most of loading a large site: 0.8 s of a warm build for an
 * areas.yaml of 2,500 places, 0.15 s for the example site. A file whose text is unchanged needs
 * neither, so results are remembered at two levels:
 *
 * - in memory, by exact text, for a long-running process (preview parses only the file saved);
 * - on disk (`<cache>/config.json`), for the next build: the data and references of every file
 *   that was valid, keyed by a digest of its kind and text under the citypress version (code and
 *   schemas). A file read from there is not parsed at all; its `source` parses the text only if
 *   a problem is reported in the file (place-problems.ts), so messages stay exact.
 *
 * Files with errors are never stored: they are parsed again and report their errors each time.
 */
export interface ReadCache {
  read(input: FileText, how: ReadHow): ReadFile
  /**
   * What was learnt from a binary file, by a key that changes with the file, so an unchanged one
   * is not decoded again: an image's size and hash, by path, size and modification time
   * (`measureKey`; loading sharp alone takes 0.1 s); a font's metrics, by its contents'
   * hash (unpacking a WOFF2 file takes 30-50 ms); an SVG's sanitized text, by its file's hash
   * (loading the sanitizer takes half a second).
   */
  measured<K extends keyof Measurements>(kind: K, key: string): Measurements[K] | undefined
  /** What `measured` gives, without keeping it for the next build as `measured` does: for a guess. */
  peek<K extends keyof Measurements>(kind: K, key: string): Measurements[K] | undefined
  remember<K extends keyof Measurements>(kind: K, key: string, value: Measurements[K]): void
  /** Writes the stored cache when this load read anything it did not hold. */
  save(): Promise<void>
}

/** How config/load-site.ts reads a file: all of it, or (for data reassembled from cached entries) only checks it. */
export interface ReadHow {
  parse(): ReadFile
  validate(source: YamlSource, data: unknown): Pick<ReadFile, 'errors' | 'refs'>
}

interface StoredFile {
  readonly key: string
  readonly data: unknown
  readonly refs: readonly RawRef[]
  /** How a large file was cut into entries (split-yaml.ts), so a change re-reads only some. */
  readonly split?: YamlSplit
}

/** What config/checks/cross-check.ts learns from an image file. */
export interface MeasuredImage {
  readonly width: number
  readonly height: number
  readonly format: string
  /** sha256 of the file, hex; of its sanitized text for an SVG (the bytes that are published). */
  readonly hash: string
  /** An SVG's: sha256 of the file, which keeps its sanitized text (`Measurements.svgs`). */
  readonly sourceHash?: string
}

/** An SVG as config/checks/sanitize-svg.ts left it, by the sha256 of the file. */
export interface SanitizedSvg {
  readonly svg: string
}

/** The metrics of a font file that its fallback is scaled from (config/theme/resolve-fonts.ts), in font units. */
export interface FontMetrics {
  readonly xWidthAvg: number
  readonly unitsPerEm: number
  readonly ascent: number
  readonly descent: number
  readonly lineGap: number
}

export interface Measurements {
  readonly images: MeasuredImage
  readonly fonts: FontMetrics
  readonly svgs: SanitizedSvg
  /** A site's own icon as drawn inline (config/checks/sanitize-svg.ts iconDrawing), by the sha256 of its sanitized text. */
  readonly icons: IconDrawing
}

/** What an image's measurements are kept under: the file as its stat describes it. */
export const measureKey = (absolutePath: string, stats: { readonly size: number; readonly mtimeMs: number }): string =>
  `${absolutePath}\0${stats.size}\0${stats.mtimeMs}`

type MeasuredFiles = { [K in keyof Measurements]: Record<string, Measurements[K]> }

/** One kind's table, writable (TypeScript does not see that a generic index into MeasuredFiles is). */
const of = <K extends keyof Measurements>(files: MeasuredFiles, kind: K) => files[kind] as Record<string, Measurements[K]>

interface Stored extends Partial<MeasuredFiles> {
  readonly version: string
  readonly files: Record<string, StoredFile>
}

const inMemory = new Map<string, ReadFile>()
const measuredInMemory: MeasuredFiles = { images: {}, fonts: {}, svgs: {}, icons: {} }
/** The last text read of each file (by display path) with its source, for knownSource. */
const lastRead = new Map<string, { readonly text: string; readonly source: YamlSource }>()

/**
 * Lets go of every text and value read so far. They are kept for the next load in the same
 * process: a preview's rebuilds, most of whose files did not change. A build that no later build
 * follows would hold every file's text and parsed values until it ends (7 MB at 10,107 pages).
 */
export function forgetReads(): void {
  inMemory.clear()
  lastRead.clear()
}

/**
 * The source of a file as last read, when its text is still `text`: placing a problem
 * (place-problems.ts) then reuses its syntax tree if one was parsed, as a preview's rebuilds do.
 */
export function knownSource(file: string, text: string): YamlSource | undefined {
  const known = lastRead.get(file)
  return known?.text === text ? known.source : undefined
}

export async function openReadCache(options?: { file: string; version: string; note?: CacheNote }): Promise<ReadCache> {
  const read = options && (await readSealedJson<Stored>(options.file, options.note))
  // What another citypress (version, code or schemas) stored is not trusted.
  const stored = read?.version === options?.version ? read : undefined
  const previous = stored?.files ?? {}
  const previousMeasured: MeasuredFiles = {
    images: stored?.images ?? {},
    fonts: stored?.fonts ?? {},
    svgs: stored?.svgs ?? {},
    icons: stored?.icons ?? {},
  }
  // Only the files read by this load are written back, so removed files drop out.
  const files: Record<string, StoredFile> = {}
  const measured: MeasuredFiles = { images: {}, fonts: {}, svgs: {}, icons: {} }
  let changed = false
  const peek: ReadCache['peek'] = (kind, key) => of(measuredInMemory, kind)[key] ?? of(previousMeasured, kind)[key]
  return {
    read(input, how) {
      const memoKey = `${input.kind}\0${input.file}\0${input.text}`
      const known = inMemory.get(memoKey)
      if (known) return remember(input, noted(input, known))
      const key = options && digest(input)
      const hit = key && previous[input.name]?.key === key ? previous[input.name] : undefined
      const read = hit ? fromStored(input, hit) : readChanged(input, how, previous[input.name])
      if (inMemory.size > 2000) {
        inMemory.clear()
        lastRead.clear()
      }
      inMemory.set(memoKey, read)
      return remember(input, noted(input, read), key)
    },
    measured(kind, key) {
      const value = peek(kind, key)
      if (value) of(measured, kind)[key] = value
      return value
    },
    peek,
    remember(kind, key, value) {
      of(measuredInMemory, kind)[key] = value
      of(measured, kind)[key] = value
      changed = true
    },
    async save() {
      const count = (record: object) => Object.keys(record).length
      const same =
        count(files) === count(previous) &&
        (['images', 'fonts', 'svgs', 'icons'] as const).every((kind) => count(measured[kind]) === count(previousMeasured[kind]))
      if (!options || (!changed && same)) return
      await writeSealedJson(options.file, { version: options.version, files, ...measured } satisfies Stored)
    },
  }

  function remember(input: FileText, read: ReadFile, key = options && digest(input)): ReadFile {
    if (!key || read.errors.length > 0 || !read.entry) return read
    if (previous[input.name]?.key === key) files[input.name] = previous[input.name]!
    else {
      files[input.name] = {
        key,
        data: read.entry.data,
        refs: read.refs.map(({ kind, value, pointer }) => ({ kind, value, pointer })),
        split: splits.get(read),
      }
      changed = true
    }
    return read
  }
}

function noted(input: FileText, read: ReadFile): ReadFile {
  if (read.entry) lastRead.set(input.file, { text: input.text, source: read.entry.source })
  return read
}

/** The cut of each large file read (split-yaml.ts), for the stored cache. */
const splits = new WeakMap<ReadFile, YamlSplit>()

/**
 * A file whose text changed: a large one is read entry by entry, reusing the entries of its last
 * version that did not change (then only validated); anything else is parsed and validated whole.
 */
function readChanged(input: FileText, how: ReadHow, prior: StoredFile | undefined): ReadFile {
  const large = input.kind !== 'post' && input.text.length >= splitMinimumLength
  if (large) {
    const quick = reassemble(input.text, prior?.split && { data: prior.data, split: prior.split })
    if (quick) {
      const source = sourceOnDemand(input)
      const checked = how.validate(source, quick.data)
      // With errors, the whole file is parsed below, so they are reported at their positions.
      if (checked.errors.length === 0) {
        const read: ReadFile = { errors: [], refs: checked.refs, entry: { source, data: quick.data } }
        splits.set(read, quick.split)
        return read
      }
    }
  }
  const full = how.parse()
  const split = large && full.errors.length === 0 && full.entry ? splitOf(input.text, full.entry.source.doc) : undefined
  const read = lighten(input, full)
  if (split) splits.set(read, split)
  return read
}

function digest({ kind, text }: FileText): string {
  return hash(`${kind}\0${text}`)
}

/**
 * A valid file keeps its data and references but not its syntax tree, which is parsed again only
 * if an error needs a position: the tree of a 2 MB areas.yaml holds some 40 MB.
 */
function lighten(input: FileText, read: ReadFile): ReadFile {
  if (read.errors.length > 0 || !read.entry) return read
  return fromStored(input, { data: read.entry.data, refs: read.refs })
}

function fromStored(input: FileText, stored: Pick<StoredFile, 'data' | 'refs'>): ReadFile {
  const source = sourceOnDemand(input)
  return {
    errors: [],
    refs: stored.refs.map(({ kind, value, pointer }) => ({ kind, value, pointer, source })),
    entry: { source, data: stored.data },
  }
}

/** A YamlSource that parses its file only when a problem in it is placed (place-problems.ts). */
function sourceOnDemand({ text, file, kind }: FileText): YamlSource {
  let parsed: YamlSource | undefined
  const source = () => (parsed ??= isMarkdownKind(kind) ? parseMarkdownFile(text, file).frontMatter : parseYaml(text, file).source)
  return {
    file,
    get text() {
      return source().text
    },
    get doc() {
      return source().doc
    },
    get lines() {
      return source().lines
    },
    get data() {
      return source().data
    },
  }
}
