import path from 'node:path'
import { parseDocument, stringify } from 'yaml'
import { loadAndPlan } from '../build/index.js'
import { hiddenPagesText } from '../build/summary.js'
import { citySlug } from '../config/areas/area-slug.js'
import { kindOf, listSiteFiles } from '../config/load-site.js'
import {
  EditorAddressKept,
  EditorAddressMoves,
  EditorBadName,
  EditorBadRequest,
  EditorChangedOnDisk,
  EditorConflict,
  EditorFileTaken,
  EditorImageInUse,
  EditorImageResized,
  EditorMalformed,
  EditorNotAnImage,
  EditorNotContent,
  EditorRenameElsewhere,
  fail,
} from '../errors/catalogue.js'
import { BuildFailure, ConfigError } from '../errors/config-error.js'
import { printable } from '../errors/printable.js'
import type { LandingIdentity } from '../plan/landing-model.js'
import { paragraphsToWrite } from '../plan/landing-quality.js'
import { markdownToText, wordsOf } from '../plan/landing-text.js'
import {
  type AddressChange,
  addedRedirects,
  addressOf,
  moves,
  newRedirects,
  type Redirect,
  rewrittenFiles,
  serviceFile,
  serviceSlugOf,
  withRedirects,
} from './address-change.js'
import { pairedColours } from './colour-contrast.js'
import { type EditorConfig, type NamedMap, nameField } from './decap-config.js'
import { diskChanges, linesOnDisk } from './disk-lines.js'
import { cannotEdit, frontMatter, newFileText, newText, withSwitches } from './entry-text.js'
import { checkUpload } from './media.js'
import { dataOf, rebasedText, textOf } from './rebase.js'
import { parseOrRefuse, Refusal } from './refusal.js'
import { wrongParams } from './request-shape.js'
import {
  deleteSiteFile,
  isContentFile,
  isImageFile,
  listFolder,
  listImages,
  OutsideSite,
  readSiteFile,
  type SitePath,
  sha,
  sitePath,
  writeSiteFile,
} from './site-files.js'
import { isTowns, sameTown, takeLists, withFormerName, withLists, withListsField } from './town-lists.js'
import {
  type Editions,
  editionPath,
  oneLanguage,
  pathIn,
  translationName,
  translationOf,
  translationOnly,
  translationView,
  unshownKeys,
  withSchemaLine,
} from './translations.js'
import {
  entryText,
  gone,
  nameAt,
  namesIn,
  type VirtualPath,
  virtualData,
  virtualDeleteText,
  virtualOf,
  virtualPath,
  virtualPaths,
  virtualSaveText,
} from './virtual-entries.js'
import { renameKey } from './yaml-edit.js'

/**
 * The server side of Decap's proxy backend (decap-server's localFs middleware speaks the same
 * protocol: one JSON POST `{action, params}` per call). Unlike it, every save is parsed, compared
 * with the file on disk, checked with the whole site in memory as `validate` checks it, and
 * written as a minimal edit; a refusal is `{error}` with citypress's located message, which Decap
 * shows as it is.
 */
export interface ProxySession {
  readonly siteRoot: string
  readonly maps: () => readonly NamedMap[]
  /** The languages the editor edits an entry in, and where each translation lives. */
  readonly editions: () => Editions
  /** Per path, the file as the editor was last given it: a save over another text is a conflict. */
  readonly served: Map<string, string>
  /** Per path, the text of the file on disk that a refused save (409) said had changed: saved again, the save goes onto it. */
  readonly shown: Map<string, string>
  /** Per virtual path, the name the entry saved at it got (a new entry's slug path, a renamed entry's old path). */
  readonly aliases: Map<string, string>
  /** Where the editor serves an image of the site by its name (`<mediaBase>images/roof.jpg`), for the media library. */
  readonly mediaBase: string
  /** Where what the marketer should know is told (preview's terminal): an upload made smaller. */
  readonly note?: (text: string) => void
  /**
   * The one queue of writes, shared by every editor tab's session: a save checks the file on disk
   * against what its tab was given and writes it with no other save in between, so of two saves
   * of one file at once, the second is a conflict, never a silent overwrite.
   */
  readonly writes: { last: Promise<unknown> }
  /**
   * The translations one save writes beside its base entry (a site file's name → its new text,
   * null: removed): read in place of the disk, checked with every check of the save, and written
   * with its first write.
   */
  pending?: Map<string, string | null>
  warmed?: boolean
}

export interface ProxyAnswer {
  readonly status: number
  readonly body: unknown
}

export function createProxySession(
  siteRoot: string,
  layout: () => Pick<EditorConfig, 'maps' | 'editions'>,
  mediaBase = '/admin/api/media/',
  note?: (text: string) => void,
  writes: ProxySession['writes'] = { last: Promise.resolve() },
): ProxySession {
  return {
    siteRoot: path.resolve(siteRoot),
    maps: () => layout().maps,
    editions: () => layout().editions ?? oneLanguage,
    served: new Map(),
    shown: new Map(),
    aliases: new Map(),
    mediaBase,
    note,
    writes,
  }
}

/** The actions that change files: run one at a time, in the order they came. */
const writing = new Set(['persistEntry', 'persistMedia', 'deleteFile', 'deleteFiles'])

function serially<T>(session: ProxySession, run: () => Promise<T>): Promise<T> {
  const next = session.writes.last.then(run, run)
  session.writes.last = next.catch(() => undefined)
  return next
}

type Params = Record<string, unknown>

/**
 * The answer to one request: a refusal for a request of the wrong shape or a save citypress
 * refuses; anything else thrown is a bug, for the caller to log and answer.
 */
export async function answerProxy(session: ProxySession, action: unknown, params: unknown): Promise<ProxyAnswer> {
  if (typeof action !== 'string')
    return refuse(session.siteRoot, 400, fail(EditorMalformed, { file: 'editor' }, '(unnamed)', 'its action is not a name'))
  const wrong = wrongParams(action, params ?? {})
  if (wrong) return refuse(session.siteRoot, 400, fail(EditorMalformed, { file: 'editor' }, action, wrong))
  try {
    const run = () => dispatch(session, action, (params ?? {}) as Params)
    return await (writing.has(action) ? serially(session, run) : run())
  } catch (error) {
    if (error instanceof OutsideSite) return refuse(session.siteRoot, 403, fail(EditorNotContent, { file: error.name }, error.name))
    if (error instanceof Refusal) return refuse(session.siteRoot, error.status, ...error.errors)
    throw error
  }
}

async function dispatch(session: ProxySession, action: string, params: Params): Promise<ProxyAnswer> {
  const { siteRoot } = session
  switch (action) {
    case 'info':
      return ok({ repo: path.basename(siteRoot), publish_modes: ['simple'], type: 'local_fs' })
    case 'entriesByFolder': {
      const folder = String(params.folder ?? '')
      const map = session.maps().find((m) => m.folder === folder)
      const names = map ? await virtualNames(session, map) : await listFolder(siteRoot, folder, String(params.extension ?? 'yaml'))
      // A translated folder lists each entry in every language (Decap groups them by path).
      const { languages, folders } = session.editions()
      const paths = folders.includes(folder)
        ? names.flatMap((name) => languages.map((code) => pathIn(session.editions(), name, code)))
        : names
      return ok(await Promise.all(paths.map((name) => entryOf(session, name))))
    }
    case 'entriesByFiles':
      return ok(await Promise.all(((params.files ?? []) as { path: string }[]).map((file) => entryOf(session, file.path))))
    case 'getEntry':
      return ok(await entryOf(session, String(params.path)))
    case 'persistEntry': {
      const files = (params.dataFiles ?? [params.entry]) as { path: string; raw: string; newPath?: string }[]
      const isNew = (params.options as { newEntry?: unknown } | undefined)?.newEntry === true
      // The entry is checked with its images in place; a refused entry takes them back out.
      const uploaded: { file: SitePath; previous: Buffer | undefined }[] = []
      try {
        for (const asset of (params.assets ?? []) as { path: string; content: string }[]) uploaded.push(await saveMedia(session, asset))
        const { bases, translations } = await editionsOf(session, files, isNew)
        session.pending = translations
        const redirects = await translationRedirects(session)
        if (redirects.length > 0) await redirectFrom(session, redirects)
        for (const file of bases) await saveEntry(session, file, isNew)
        // Translations whose base entry was saved unchanged: checked with the site, then written.
        if (session.pending.size > 0) {
          await validateWith(session, new Map())
          await writeAll(session, new Map())
        }
      } catch (error) {
        for (const { file, previous } of uploaded.reverse()) {
          if (previous) await writeSiteFile(siteRoot, file, previous)
          else await deleteSiteFile(siteRoot, file).catch(() => undefined)
        }
        throw error
      } finally {
        session.pending = undefined
      }
      return ok({ message: 'entry persisted' })
    }
    case 'planSave':
      return ok(await planSave(session, params.entry as Sent, params.translations as Record<string, string> | undefined))
    case 'planDelete':
      return ok(await planDelete(session, String(params.path)))
    case 'hiddenPages':
      return ok(await hiddenPages(session, String(params.path)))
    case 'contrast':
      return ok({ pairs: pairedColours(params.colors as Record<string, unknown>, String(params.token)) })
    case 'words':
      // Counted as the quality gate counts a local paragraph's words (plan/plan-landing.ts).
      return ok({ words: wordsOf(markdownToText(String(params.text))).length })
    case 'getMedia':
      // Names and addresses, not bytes: the library shows each image from its address as it scrolls.
      return ok(
        (await listImages(siteRoot)).map((image) => ({
          id: image.id,
          name: path.posix.basename(image.name),
          path: image.name,
          size: image.size,
          url: `${session.mediaBase}${image.name}`,
          displayURL: `${session.mediaBase}${image.name}`,
        })),
      )
    case 'getMediaFile':
      return ok(await mediaOf(session, String(params.path)))
    case 'persistMedia': {
      const asset = params.asset as { path: string; content: string }
      await saveMedia(session, asset)
      return ok(await mediaOf(session, asset.path))
    }
    case 'deleteFile':
    case 'deleteFiles': {
      const paths = action === 'deleteFile' ? [String(params.path)] : ((params.paths ?? []) as string[])
      // An entry's translations go with it: Decap names each language's path, the base's removes them all.
      for (const one of paths) {
        const { base, code } = editionPath(session.editions(), one)
        if (code !== undefined) continue
        try {
          session.pending = await translationsGone(session, base)
          await deleteEntry(session, base)
        } finally {
          session.pending = undefined
        }
      }
      return ok({ message: 'deleted' })
    }
    case 'getDeployPreview':
      return ok(null)
    default:
      return refuse(siteRoot, 422, fail(EditorBadRequest, { file: 'editor' }, `it asked for "${action}", which the editor does not do`))
  }
}

function ok(body: unknown): ProxyAnswer {
  return { status: 200, body }
}

/**
 * Decap shows `error` in a notice that folds whitespace: each problem on one line, placed in the
 * site folder's terms (`services/roofing.yaml:3:8`), without the terminal's source frame.
 */
function refuse(siteRoot: string, status: number, ...errors: ConfigError[]): ProxyAnswer {
  const place = (e: ConfigError) => [siteName(siteRoot, e.file), e.line, e.column].filter((part) => part !== undefined).join(':')
  const error = errors.map((e) => printable(`${place(e)}: ${e.message}${e.hint ? ` Hint: ${e.hint}` : ''}`)).join('\n')
  return {
    status,
    body: {
      error,
      problems: errors.map((e) => ({
        code: e.code,
        file: siteName(siteRoot, e.file),
        path: e.path,
        line: e.line,
        column: e.column,
        message: e.message,
        hint: e.hint,
      })),
    },
  }
}

function siteName(siteRoot: string, file: string): string {
  const relative = path.relative(siteRoot, path.resolve(file))
  return relative.startsWith('..') ? file : relative.split(path.sep).join('/')
}

function checkedPath(session: ProxySession, given: unknown, allow: (name: string) => boolean): SitePath {
  const file = sitePath(session.siteRoot, given)
  if (!file || !allow(file.name)) {
    const name = String(given)
    throw new Refusal(403, [fail(EditorNotContent, { file: name.slice(0, 200) }, name.slice(0, 200))])
  }
  return file
}

async function readText(session: ProxySession, file: SitePath): Promise<string | undefined> {
  const pending = session.pending?.get(file.name)
  if (pending !== undefined) return pending ?? undefined
  return (await readSiteFile(session.siteRoot, file))?.toString('utf8')
}

/** The file as it is on disk, whatever the save in progress would write to it. */
async function diskText(session: ProxySession, file: SitePath): Promise<string | undefined> {
  return (await readSiteFile(session.siteRoot, file))?.toString('utf8')
}

async function virtualNames(session: ProxySession, map: NamedMap): Promise<string[]> {
  const text = await readText(session, checkedPath(session, map.file, isContentFile))
  return text ? virtualPaths(text, map) : []
}

async function entryOf(session: ProxySession, given: string): Promise<unknown> {
  const editions = session.editions()
  const { base, code } = editionPath(editions, given)
  if (code !== undefined) return translationEntry(session, base, code, given)
  if (editions.files.includes(given)) return settingsEntry(session, given)
  const entry = (await baseEntry(session, base)) as { data: unknown; file: { path: string; id: string | null } }
  // Decap knows a translated folder's entries by their path in a language.
  return base === given ? entry : { ...entry, file: { ...entry.file, path: pathIn(editions, entry.file.path, editions.languages[0]!) } }
}

async function baseEntry(session: ProxySession, given: string): Promise<unknown> {
  const virtual = virtualOf(session.maps(), given)
  const file = checkedPath(session, virtual ? virtual.map.file : given, isContentFile)
  const text = await readText(session, file)
  if (text === undefined) return { data: null, file: { path: given, id: null } }
  session.served.set(file.name, text)
  if (!virtual) return { data: withAddress(file.name, withSwitches(file.name, text)), file: { path: given, id: sha(text) } }
  const name = nameAt(text, virtual, session.aliases, given)
  // No data tells Decap the name is free (it asks before it creates an entry).
  if (name === undefined) return { data: null, file: { path: given, id: null } }
  const data = isTowns(virtual.map)
    ? withListsField(virtualData(text, virtual.map, name), text, name)
    : virtualData(text, virtual.map, name)
  // Decap keeps the path it is given: later saves of the entry name it as the folder lists it.
  return { data, file: { path: virtualPath(virtual.map, name), id: sha(data) } }
}

type Sent = { path: string; raw: string; newPath?: string }

type Data = Record<string, unknown>

/** A file's data as the editor edits it (a Markdown file's front matter with its `body`); {} when it has none. */
function entryData(name: string, text: string | undefined): Data {
  const data = text === undefined ? undefined : dataOf(name, text)
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Data) : {}
}

/** A map's one name as the whole file would hold it, so its texts are found by the file's schema. */
const wrapped = (map: NamedMap, name: string, value: unknown): Data => ({
  [map.key]: { [name]: map.objectValues ? (value ?? {}) : (value as Data | undefined)?.value },
})

/** An entry in a language other than the default: its base entry's text fields, with its translation's texts. */
async function translationEntry(session: ProxySession, base: string, code: string, given: string): Promise<unknown> {
  const editions = session.editions()
  const virtual = virtualOf(session.maps(), base)
  const source = checkedPath(session, virtual ? virtual.map.file : base, isContentFile)
  const sourceText = await readText(session, source)
  const name = virtual && sourceText !== undefined ? nameAt(sourceText, virtual, session.aliases, base) : undefined
  if (sourceText === undefined || (virtual && name === undefined)) return { data: null, file: { path: given, id: null } }
  const target = checkedPath(session, translationName(code, source.name), isSiteText)
  const text = await readText(session, target)
  if (text !== undefined) session.served.set(target.name, text)
  const kind = kindOf(source.name)!
  if (!virtual) {
    const data = textOf(source.name, translationView(kind, entryData(source.name, sourceText), entryData(target.name, text)))
    return { data, file: { path: given, id: sha(data) } }
  }
  const own = namesIn(sourceText, virtual.map)[name!]
  const translated = text === undefined ? undefined : entryData(target.name, text)
  const view = translationView(kind, wrapped(virtual.map, name!, own), translated)
  const value = (view[virtual.map.key] as Record<string, unknown> | undefined)?.[name!] ?? {}
  const data = entryText(virtual.map, name!, value)
  return { data, file: { path: pathIn(editions, virtualPath(virtual.map, name!), code), id: sha(data) } }
}

/** A settings file translated in one entry: each language's data under its code, the default's first. */
async function settingsEntry(session: ProxySession, given: string): Promise<unknown> {
  const [first, ...others] = session.editions().languages
  const file = checkedPath(session, given, isContentFile)
  const text = await readText(session, file)
  if (text === undefined) return { data: null, file: { path: given, id: null } }
  session.served.set(file.name, text)
  const base = entryData(file.name, withSwitches(file.name, text))
  const data: Data = { [first!]: base }
  for (const code of others) {
    const target = checkedPath(session, translationName(code, file.name), isSiteText)
    const translated = await readText(session, target)
    if (translated !== undefined) session.served.set(target.name, translated)
    data[code] = translationView(kindOf(file.name)!, base, entryData(target.name, translated))
  }
  const raw = stringify(data, { lineWidth: 0 })
  return { data: raw, file: { path: given, id: sha(raw) } }
}

/**
 * What Decap sent for one entry in every language, as the base entry's saves (paths without a
 * language, without the translation's own field) and the translations' new texts by file.
 */
async function editionsOf(
  session: ProxySession,
  files: readonly Sent[],
  isNew: boolean,
): Promise<{ bases: Sent[]; translations: Map<string, string | null> }> {
  const editions = session.editions()
  const bases: Sent[] = []
  const others: { base: string; code: string; raw: string }[] = []
  for (const file of files) {
    const { base, code } = editionPath(editions, file.path)
    if (code !== undefined) {
      others.push({ base, code, raw: file.raw })
      continue
    }
    const newPath = file.newPath ? editionPath(editions, file.newPath).base : file.newPath
    if (!editions.files.includes(base)) {
      bases.push({
        ...file,
        path: base,
        newPath,
        raw: editions.folders.some((f) => base.startsWith(`${f}/`)) ? withoutProvenance(base, file.raw) : file.raw,
      })
      continue
    }
    // A settings file: every language's data in one, under its code.
    const all = (parseOrRefuse(file.raw, base) ?? {}) as Record<string, unknown>
    const [first, ...codes] = editions.languages
    bases.push({ ...file, path: base, newPath, raw: withoutProvenance(base, stringify(all[first!] ?? {}, { lineWidth: 0 })) })
    for (const code of codes)
      if (all[code] && typeof all[code] === 'object') others.push({ base, code, raw: stringify(all[code], { lineWidth: 0 }) })
  }
  const translations = new Map<string, string | null>()
  for (const other of others) {
    const saved = bases.find((b) => b.path === other.base)
    const [name, text] = await translationSaved(session, other, saved, isNew)
    if (text !== undefined) translations.set(name, text)
  }
  return { bases, translations }
}

/**
 * The 301s a save's translations make: a translation's page that moves (a service's `slug`, a
 * page's `path` in its language) is sent on from its old address to its new one, as a base
 * entry's is (moveAddress); the save adds them to site.yaml `redirects`.
 */
async function translationRedirects(session: ProxySession): Promise<Redirect[]> {
  const pending = session.pending!
  const address = (name: string, text: string | null | undefined) => {
    const data = text ? entryData(name, text) : {}
    return JSON.stringify([data.slug, data.path])
  }
  const changed: string[] = []
  for (const [name, text] of pending) {
    if (address(name, text) !== address(name, await diskText(session, checkedPath(session, name, isSiteText)))) changed.push(name)
  }
  if (changed.length === 0) return []
  // Planned as they stand and with the translations alone: the save's own check comes after, with its base entries.
  const before = await loadAndPlan(session.siteRoot).catch(() => undefined)
  const after = await loadAndPlan(session.siteRoot, pending).catch(() => undefined)
  const kinds = new Set(['service', 'sections', 'post'])
  const moved = before?.plan.routes.filter((r) => kinds.has(r.template) && changed.includes(siteName(session.siteRoot, r.origin.file)))
  if (!after || !moved?.length) return []
  const now = new Set(after.plan.routes.map((r) => r.url))
  return moved.flatMap((old) => {
    const same = after.plan.routes.find((r) => r.template === old.template && r.origin.file === old.origin.file)
    return !now.has(old.url) && same ? [{ from: old.url, to: same.url }] : []
  })
}

/** site.yaml with `redirects` added, among the save's translations. */
async function redirectFrom(session: ProxySession, redirects: readonly Redirect[]): Promise<void> {
  const pending = session.pending!
  const site = checkedPath(session, 'site.yaml', isContentFile)
  const text = await readText(session, site)
  if (text !== undefined) pending.set(site.name, withRedirects(text, redirects) ?? cannotEdit(site.name))
}

/** A base entry's text without the translation's own field, which its pane shows too. */
function withoutProvenance(name: string, raw: string): string {
  const data = entryData(name, raw)
  if (!(translationOnly in data)) return raw
  const { [translationOnly]: _translation, ...rest } = data
  return textOf(name, rest)
}

/**
 * A translation's new text from its pane (undefined: nothing to write, null: removed): the base
 * entry's text fields it fills in, as saved in the same save or as on disk, with the keys it has
 * that its pane does not show. Checked like any save against what this tab was given.
 */
async function translationSaved(
  session: ProxySession,
  sent: { base: string; code: string; raw: string },
  saved: Sent | undefined,
  isNew: boolean,
): Promise<[string, string | null | undefined]> {
  const virtual = virtualOf(session.maps(), sent.base)
  const source = checkedPath(session, virtual ? virtual.map.file : sent.base, isContentFile)
  const target = checkedPath(session, translationName(sent.code, source.name), isSiteText)
  const kind = kindOf(source.name)!
  const disk = await diskText(session, target)
  if (disk !== undefined) checkServed(session, target, disk)
  const baseText = saved && !virtual ? saved.raw : await readText(session, source)
  if (!virtual) {
    const own = unshownKeys(kind, entryData(target.name, disk))
    const texts = translationOf(kind, entryData(source.name, baseText), entryData(target.name, sent.raw))
    if (!texts && Object.keys(own).length === 0) return [target.name, disk === undefined ? undefined : null]
    const raw = textOf(target.name, { ...own, ...texts })
    const baseOnDisk = { name: source.name, text: (await diskText(session, source)) ?? '' }
    if (disk === undefined) return [target.name, withSchemaLine(kind, baseOnDisk, target.name, newFileText(target.name, raw))]
    return [
      target.name,
      newText(
        target.name,
        disk,
        onDisk(session, target, disk, raw, (text) => text),
      ),
    ]
  }
  // One name of a map: the name it has on disk (a renamed town's translations follow it, townMoved),
  // else a new entry's, as typed in its first language.
  const typed = saved ? (parseOrRefuse(saved.raw, source.name) as Data | null)?.[nameField] : undefined
  const old = baseText === undefined || isNew ? undefined : nameAt(baseText, virtual, session.aliases, sent.base)
  const name = old ?? (typeof typed === 'string' && typed.trim() !== '' ? typed.trim() : undefined)
  if (name === undefined) return [target.name, undefined]
  const baseValue = saved ? (parseOrRefuse(saved.raw, source.name) as Data | null) : namesIn(baseText ?? '', virtual.map)[name]
  const mine = (parseOrRefuse(sent.raw, target.name) ?? {}) as Data
  const texts = translationOf(kind, wrapped(virtual.map, name, baseValue), wrapped(virtual.map, name, mine))
  const has = disk !== undefined && Object.hasOwn(namesIn(disk, virtual.map, target.name), name)
  if (!texts) return [target.name, has ? virtualDeleteText(target.name, disk!, virtual.map, name) : undefined]
  const value = (texts[virtual.map.key] as Data)[name]
  const raw = entryText(virtual.map, name, value)
  const { text } = virtualSaveText({ file: target.name, disk: disk ?? '', map: virtual.map, old: has ? name : undefined, raw })
  return [target.name, disk === undefined ? withSchemaLine(kind, { name: source.name, text: baseText ?? '' }, target.name, text) : text]
}

/** The translations of an entry, each removed (a site file's name → null, or its map without the name): they go with it. */
async function translationsGone(session: ProxySession, given: string): Promise<Map<string, string | null>> {
  const gone = new Map<string, string | null>()
  const virtual = virtualOf(session.maps(), given)
  const source = virtual ? virtual.map.file : given
  if (!isContentFile(source)) return gone
  const name = virtual
    ? await readText(session, checkedPath(session, source, isContentFile)).then(
        (text) => text && nameAt(text, virtual, session.aliases, given),
      )
    : undefined
  for (const code of session.editions().languages.slice(1)) {
    const target = checkedPath(session, translationName(code, source), isSiteText)
    const disk = await diskText(session, target)
    if (disk === undefined) continue
    if (!virtual) gone.set(target.name, null)
    else if (name && Object.hasOwn(namesIn(disk, virtual.map, target.name), name))
      gone.set(target.name, virtualDeleteText(target.name, disk, virtual.map, name))
  }
  return gone
}

const fileNameRule = /^[a-z0-9]+(?:-[a-z0-9]+)*\.(?:ya?ml|md)$/

/** A file's new text from what Decap sent, or a refusal. Validates the whole site with it in memory. */
async function saveEntry(session: ProxySession, given: Sent, isNew: boolean): Promise<void> {
  const virtual = virtualOf(session.maps(), given.path)
  const renamed = given.newPath !== undefined && given.newPath !== null && given.newPath !== given.path
  if (virtual && !renamed) return saveVirtual(session, given, virtual, isNew)
  const sent = withoutAddress(await rebasedSave(session, given), isNew)
  if (!isNew && !renamed) {
    const move = await addressMove(session, sent)
    if (move) return void (await moveAddress(session, move, true))
  }
  if (renamed) return renameFile(session, sent)
  const file = checkedPath(session, sent.path, isContentFile)
  const disk = await readText(session, file)
  if (disk !== undefined) checkServed(session, file, disk)
  // An entry this tab opened that is gone (renamed or deleted since): saving it would bring it back.
  else if (!isNew && session.served.has(file.name)) throw gone(file.name)
  if (disk === undefined && !fileNameRule.test(path.posix.basename(file.name))) {
    throw new Refusal(422, [fail(EditorBadName, { file: file.name }, path.posix.basename(file.name))])
  }
  const text = disk === undefined ? newFileText(file.name, sent.raw) : newText(file.name, disk, sent.raw)
  if (text === disk) return
  await validateWith(session, new Map([[file.name, text]]))
  await writeAll(session, new Map([[file.name, text]]))
}

/**
 * Whether a save may go onto the file as it is on disk: it is as this tab was given it, or a
 * refused save told what changed on it since (then the save is rebased onto it, `onDisk`).
 */
function checkServed(session: ProxySession, file: SitePath, disk: string): void {
  const served = session.served.get(file.name)
  if (served === disk || (served !== undefined && session.shown.get(file.name) === disk)) return
  if (served === undefined) throw new Refusal(409, [fail(EditorConflict, { file: file.name }, file.name)])
  session.shown.set(file.name, disk)
  throw new Refusal(409, [fail(EditorChangedOnDisk, { file: file.name }, file.name, diskChanges(served, disk))])
}

/**
 * What Decap sent, as a save of the file on disk: as sent when the file is as this tab was given
 * it; after a refusal that said what changed, the marketer's own changes applied to the file as
 * it is now (rebase.ts). `view`: the entry as the editor shows a text of its file.
 */
function onDisk(session: ProxySession, file: SitePath, disk: string, raw: string, view: (text: string) => string): string {
  checkServed(session, file, disk)
  const served = session.served.get(file.name)!
  return served === disk ? raw : rebasedText(file.name, view(served), raw, view(disk))
}

/** What saving one name of a map writes: its file's new text, and the other files a renamed town changes. */
interface VirtualSaved {
  readonly file: SitePath
  readonly disk: string
  readonly old: string | undefined
  readonly name: string
  readonly overlay: ReadonlyMap<string, string | null>
  /** A renamed town's site as it is, planned once for its moved links and the 301s asked about. */
  readonly before?: Awaited<ReturnType<typeof loadAndPlan>>
}

async function virtualSaved(session: ProxySession, sent: Sent, virtual: VirtualPath, isNew: boolean): Promise<VirtualSaved> {
  const file = checkedPath(session, virtual.map.file, isContentFile)
  const disk = await readText(session, file)
  if (disk === undefined) throw gone(file.name)
  checkServed(session, file, disk)
  const old = isNew ? undefined : nameAt(disk, virtual, session.aliases, sent.path)
  if (!isNew && old === undefined) throw gone(file.name, virtual)
  const view = (text: string) =>
    isTowns(virtual.map) ? withListsField(virtualData(text, virtual.map, old!), text, old!) : virtualData(text, virtual.map, old!)
  const served = session.served.get(file.name)!
  const sentRaw =
    old === undefined || !nameAt(served, virtual, session.aliases, sent.path) ? sent.raw : onDisk(session, file, disk, sent.raw, view)
  if (!isTowns(virtual.map)) {
    const { text, name } = virtualSaveText({ file: file.name, disk, map: virtual.map, old, raw: sentRaw })
    return { file, disk, old, name, overlay: new Map([[file.name, text]]) }
  }
  // A town comes with the area lists it is in: added to, renamed in and taken out of them in this
  // save. Renamed, it keeps its old name as a former one; links to its pages and its translations follow.
  const { raw, lists, name: typed } = takeLists(sentRaw, nameField)
  const renamed = old !== undefined && typed !== old
  const saved = virtualSaveText({ file: file.name, disk, map: virtual.map, old, raw: renamed ? withFormerName(raw, old, typed) : raw })
  const text = withLists(saved.text, old, saved.name, lists)
  if (!renamed) return { file, disk, old, name: saved.name, overlay: new Map([[file.name, text]]) }
  const before = await loadAndPlan(session.siteRoot).catch(() => undefined)
  const others = await townMoved(session, old, saved.name, before)
  return { file, disk, old, name: saved.name, overlay: new Map([[file.name, text], ...others]), before }
}

/** One name of a map: edited, created (`isNew`, at the end of its map) or renamed in place by its name field. */
async function saveVirtual(session: ProxySession, sent: Sent, virtual: VirtualPath, isNew: boolean): Promise<void> {
  const { file, disk, old, name, overlay } = await virtualSaved(session, sent, virtual, isNew)
  if (overlay.get(file.name) !== disk) {
    const problems = await problemsWith(session, overlay)
    // A refused rename names first what still uses the old name (an area list's line), which
    // citypress reports when the old name is gone, before what it says of the new one.
    const uses =
      problems.length > 0 && old !== undefined && old !== name
        ? await problemsWith(session, new Map([[file.name, withoutEntry(disk, virtual.map, old)]]))
        : []
    if (problems.length > 0) throw new Refusal(422, distinct([...uses, ...problems]))
    await writeAll(session, overlay)
  }
  if (name !== virtual.name) session.aliases.set(sent.path, name)
}

/** The 301s a town's new name makes, asked before the save (planSave); none for any other save of a name. */
async function planVirtual(
  session: ProxySession,
  sent: Sent,
  virtual: VirtualPath,
): Promise<{ redirects: string[]; question?: string; kept?: string }> {
  if (!isTowns(virtual.map)) return { redirects: [] }
  const { old, name, overlay, before } = await virtualSaved(session, sent, virtual, false)
  if (old === undefined || old === name) return { redirects: [] }
  const after = await checked(session, overlay)
  const redirects = addedRedirects(before?.plan.redirects ?? [], after.plan.redirects).map((r) => `${r.from} → ${r.to}`)
  const hadPages = before?.plan.landingPages.some((page) => sameTown(page.area, old)) ?? false
  const unrecorded = hadPages && Object.keys(after.site.published.pages).length === 0 && !after.site.site.published
  if (redirects.length === 0 && !unrecorded) return { redirects }
  const files = [...overlay.keys()].filter((file) => file !== virtual.map.file)
  return { redirects, question: EditorAddressMoves.text('town', redirects, files, unrecorded), kept: EditorAddressKept.text() }
}

/**
 * The 301s removing a town makes, asked when its entry opens so Decap's own "delete?" question can
 * show them (client/admin.js); none for any other entry, or when the removal would be refused.
 */
async function planDelete(session: ProxySession, given: string): Promise<{ redirects: string[]; question?: string }> {
  const virtual = virtualOf(session.maps(), given)
  if (!virtual || !isTowns(virtual.map)) return { redirects: [] }
  const file = checkedPath(session, virtual.map.file, isContentFile)
  const disk = await readText(session, file)
  const name = disk === undefined ? undefined : nameAt(disk, virtual, session.aliases, given)
  if (disk === undefined || name === undefined) return { redirects: [] }
  const before = await loadAndPlan(session.siteRoot).catch(() => undefined)
  if (!before?.plan.landingPages.some((page) => sameTown(page.area, name))) return { redirects: [] }
  const after = await loadAndPlan(session.siteRoot, new Map([[file.name, withoutEntry(disk, virtual.map, name)]])).catch(() => undefined)
  if (!after) return { redirects: [] }
  const redirects = addedRedirects(before.plan.redirects, after.plan.redirects).map((r) => `${r.from} → ${r.to}`)
  const unrecorded = Object.keys(after.site.published.pages).length === 0 && !after.site.site.published
  return { redirects, question: EditorAddressMoves.text('removed town', redirects, [], unrecorded) }
}

/**
 * What keeps a town's or a service's landing pages out of search, said as the build says it
 * (build/summary.ts): the editor asks once an entry is saved, and for an entry it opens. None for
 * other entries, or while the site does not check.
 */
async function hiddenPages(session: ProxySession, given: string): Promise<{ hidden: string[] }> {
  const virtual = virtualOf(session.maps(), given)
  const slug = serviceSlugOf(given)
  if (!(virtual && isTowns(virtual.map)) && slug === undefined) return { hidden: [] }
  let mine = (page: LandingIdentity) => page.service.slug === slug
  if (virtual) {
    const disk = await readText(session, checkedPath(session, virtual.map.file, isContentFile))
    const name = disk === undefined ? undefined : nameAt(disk, virtual, session.aliases, given)
    if (name === undefined) return { hidden: [] }
    mine = (page) => sameTown(page.area, name)
  }
  const now = await loadAndPlan(session.siteRoot).catch(() => undefined)
  if (!now) return { hidden: [] }
  const urls = new Set(now.plan.landingPages.filter(mine).map((page) => page.url))
  const { pages, settings } = now.plan.landingQuality
  const held = paragraphsToWrite(
    pages.filter((page) => urls.has(page.url)),
    settings.minLocalWords,
  )
  return { hidden: held.map((area) => hiddenPagesText(area, settings.minLocalWords)) }
}

/**
 * The other files a town's new name changes: each link to one of its landing pages (in every
 * language) goes to the page's new address, and each translation of areas.yaml keys the town by
 * its new name. Its pages' 301s are the plan's (its place lists the old name in `formerly`).
 */
async function townMoved(
  session: ProxySession,
  old: string,
  name: string,
  before: Awaited<ReturnType<typeof loadAndPlan>> | undefined,
): Promise<Map<string, string | null>> {
  const files = new Map<string, string | null>()
  const read = async (file: string) =>
    files.has(file) ? (files.get(file) ?? undefined) : readText(session, checkedPath(session, file, isSiteText))
  const [from, to] = [`/lp/${citySlug(old)}-`, `/lp/${citySlug(name)}-`]
  const changes = (from === to ? [] : (before?.plan.landingPages ?? []))
    .filter((page) => sameTown(page.area, old) && page.url.includes(from))
    .map((page) => ({ from: page.url, to: page.url.replace(from, to) }))
  if (changes.length > 0)
    for (const [file, text] of await rewrittenFiles(session.siteRoot, changes, read, new Set(['areas.yaml']), [])) files.set(file, text)
  for (const file of await listSiteFiles(session.siteRoot)) {
    if (!/^locales\/[^/]+\/areas\.ya?ml$/.test(file)) continue
    const text = await read(file)
    const places = text === undefined ? undefined : (parseOrRefuse(text, file) as { places?: Record<string, unknown> } | null)?.places
    if (!places || !Object.hasOwn(places, old)) continue
    files.set(file, renameKey(text!, 'places', old, name) ?? cannotEdit(file))
  }
  return files
}

/**
 * A file renamed (`newPath`, as Decap sends it for an entry whose path changed): validated with the
 * old file gone and the new one there, so a reference to the old name refuses it at its line; then
 * the new file is written whole and the old one removed.
 */
async function renameFile(session: ProxySession, sent: Sent): Promise<void> {
  const from = checkedPath(session, sent.path, isContentFile)
  const to = checkedPath(session, sent.newPath, isContentFile)
  if (path.posix.dirname(from.name) !== path.posix.dirname(to.name) || path.posix.extname(from.name) !== path.posix.extname(to.name)) {
    throw new Refusal(422, [fail(EditorRenameElsewhere, { file: from.name }, from.name, to.name)])
  }
  if (!fileNameRule.test(path.posix.basename(to.name)))
    throw new Refusal(422, [fail(EditorBadName, { file: to.name }, path.posix.basename(to.name))])
  const disk = await readText(session, from)
  if (disk === undefined) throw gone(from.name)
  checkServed(session, from, disk)
  if ((await readSiteFile(session.siteRoot, to)) !== undefined)
    throw new Refusal(422, [fail(EditorFileTaken, { file: to.name }, from.name, to.name)])
  const text = newText(from.name, disk, sent.raw)
  await validateWith(
    session,
    new Map([
      [from.name, null],
      [to.name, text],
    ]),
  )
  await writeSiteFile(session.siteRoot, to, text)
  try {
    await deleteSiteFile(session.siteRoot, from)
  } catch (error) {
    // Both names would then be entries: the rename is undone rather than half made.
    await deleteSiteFile(session.siteRoot, to).catch(() => undefined)
    throw error
  }
  session.served.delete(from.name)
  session.served.set(to.name, text)
}

/** A save of a file that exists, as a save of it as it is on disk (`onDisk`). */
async function rebasedSave(session: ProxySession, sent: Sent): Promise<Sent> {
  const file = checkedPath(session, sent.path, isContentFile)
  const disk = await readText(session, file)
  if (disk === undefined || !session.served.has(file.name)) return sent
  return { ...sent, raw: onDisk(session, file, disk, sent.raw, (text) => withAddress(file.name, withSwitches(file.name, text))) }
}

/**
 * A service's address is its file's name, which Decap cannot change: the editor shows it as an
 * `address` field of its own (addressField), served with the entry and taken out of what is
 * saved; a changed one renames the file (moveAddress). A new service is named from its title.
 */
function withoutAddress(sent: Sent, isNew: boolean): Sent & { address?: string } {
  const slug = serviceSlugOf(sent.path)
  if (slug === undefined) return sent
  const address = (parseOrRefuse(sent.raw, sent.path) as Record<string, unknown> | null)?.address
  if (address === undefined) return sent
  const doc = parseDocument(sent.raw)
  doc.delete('address')
  if (isNew || typeof address !== 'string' || address === '' || address === slug) return { ...sent, raw: String(doc) }
  return { ...sent, raw: String(doc), address }
}

/** A file an address change may rewrite: a content file, or one of its translations. */
const isSiteText = (name: string) => isContentFile(name) || /^locales\/[^/]+\/.+\.(?:ya?ml|md)$/.test(name)

/** An entry's text as the editor shows it: a service with its address (withoutAddress). */
function withAddress(name: string, text: string): string {
  const slug = serviceSlugOf(name)
  return slug === undefined ? text : `address: ${slug}\n${text}`
}

interface Move {
  readonly from: SitePath
  readonly to: SitePath
  readonly disk: string
  readonly sent: Sent
  readonly change: AddressChange
}

/** The address change a save makes (a service's new address, a page's new `path`), or undefined. */
async function addressMove(session: ProxySession, sent: Sent & { address?: string }): Promise<Move | undefined> {
  const from = checkedPath(session, sent.path, isContentFile)
  const disk = await readText(session, from)
  if (disk === undefined) return undefined
  if (sent.address !== undefined) {
    if (!fileNameRule.test(`${sent.address}.yaml`)) throw new Refusal(422, [fail(EditorBadName, { file: from.name }, sent.address)])
    const to = checkedPath(session, serviceFile(sent.address, from.name), isContentFile)
    const slug = serviceSlugOf(from.name)!
    const change = { from: `/services/${slug}`, to: `/services/${sent.address}`, service: { from: slug, to: sent.address } }
    return { from, to, disk, sent, change }
  }
  const head = (text: string) => (from.name.endsWith('.md') ? frontMatter(text)[0] : text) ?? ''
  const old = addressOf(from.name, parseOrRefuse(head(disk), from.name))
  const now = addressOf(from.name, parseOrRefuse(head(sent.raw), from.name))
  if (old === undefined || now === undefined || old === now || old === '/') return undefined
  return { from, to: from, disk, sent, change: { from: old, to: now } }
}

/**
 * A page moved to a new address, with every other file the move changes (address-change.ts),
 * checked together as one overlay; written only when `write`. Returns the 301s it makes (with
 * `also`, those its translations make) and the question the editor asks before saving it.
 */
async function moveAddress(
  session: ProxySession,
  move: Move,
  write: boolean,
  also: readonly string[] = [],
): Promise<{ redirects: string[]; question: string }> {
  const { from, to, disk, change } = move
  checkServed(session, from, disk)
  if (to.name !== from.name) {
    if (!fileNameRule.test(path.posix.basename(to.name)))
      throw new Refusal(422, [fail(EditorBadName, { file: to.name }, path.posix.basename(to.name))])
    if ((await readSiteFile(session.siteRoot, to)) !== undefined)
      throw new Refusal(422, [fail(EditorFileTaken, { file: to.name }, from.name, to.name)])
  }
  const text = newText(from.name, disk, move.sent.raw)
  const before = await loadAndPlan(session.siteRoot).catch(() => undefined)
  // The page moves in each language it is translated into, under that language's segment.
  const translated = (before?.site.site.languages.slice(1) ?? [])
    .map((l) => l.path)
    .filter((segment) => before!.plan.routes.some((r) => r.url === `/${segment}${change.from}`))
  const read = (name: string) => readText(session, checkedPath(session, name, isSiteText))
  const others = await rewrittenFiles(session.siteRoot, [change], read, new Set([from.name]), moves(change, translated))
  const overlay = new Map<string, string | null>([
    ...(to.name === from.name ? [] : [[from.name, null] as const]),
    [to.name, text],
    ...others,
  ])
  const after = await checked(session, overlay)
  const redirects = [
    ...newRedirects(change, translated, before?.plan.redirects ?? [], after.plan.redirects).map((r) => `${r.from} → ${r.to}`),
    ...also,
  ]
  const unrecorded = Object.keys(after.site.published.pages).length === 0 && !after.site.site.published
  const files = [...others.keys()].filter((name) => others.get(name) !== null)
  const question = EditorAddressMoves.text('page', redirects, files, unrecorded)
  if (write) await writeAll(session, overlay)
  return { redirects, question }
}

/**
 * Every file of an overlay written (null: removed), with the save's translations, or, when one
 * cannot be, each put back as it was.
 */
async function writeAll(session: ProxySession, given: ReadonlyMap<string, string | null>): Promise<void> {
  const overlay = withPending(session, given)
  const done: { file: SitePath; previous: Buffer | undefined }[] = []
  try {
    // New texts first, removals last: until the end, the site holds every entry under some name.
    for (const [name, text] of [...overlay].sort(([, a], [, b]) => Number(a === null) - Number(b === null))) {
      const file = checkedPath(session, name, isSiteText)
      done.push({ file, previous: await readSiteFile(session.siteRoot, file) })
      if (text === null) await deleteSiteFile(session.siteRoot, file)
      else await writeSiteFile(session.siteRoot, file, text)
    }
  } catch (error) {
    for (const { file, previous } of done.reverse()) {
      if (previous) await writeSiteFile(session.siteRoot, file, previous).catch(() => undefined)
      else await deleteSiteFile(session.siteRoot, file).catch(() => undefined)
    }
    throw error
  }
  // A removed file stays known as served, so a later save of it from this tab is refused as gone.
  for (const [name, text] of overlay) if (text !== null) session.served.set(name, text)
  session.pending?.clear()
}

/** An overlay with the save's translations under it: what the overlay says of a file wins. */
function withPending(session: ProxySession, overlay: ReadonlyMap<string, string | null>): ReadonlyMap<string, string | null> {
  return session.pending?.size ? new Map([...session.pending, ...overlay]) : overlay
}

/**
 * What saving `sent` would do to addresses, asked before the save: the 301s it makes, in the
 * question the editor shows; none when the save moves nothing. Checked as the save would be.
 */
async function planSave(
  session: ProxySession,
  given: Sent,
  translations: Readonly<Record<string, string>> = {},
): Promise<{ redirects: string[]; question?: string; kept?: string }> {
  const virtual = virtualOf(session.maps(), given.path)
  if (virtual) return planVirtual(session, given, virtual)
  // The entry's other languages (each language's pane as Decap holds it), for the addresses they move.
  const editions = session.editions()
  const files = [given, ...Object.entries(translations).map(([code, raw]) => ({ path: pathIn(editions, given.path, code), raw }))]
  try {
    session.pending = (await editionsOf(session, files, false)).translations
    const also = (await translationRedirects(session)).map((r) => `${r.from} → ${r.to}`)
    const move = await addressMove(session, withoutAddress(given, false))
    if (move) return { ...(await moveAddress(session, move, false, also)), kept: EditorAddressKept.text() }
    if (also.length === 0) return { redirects: [] }
    return { redirects: also, question: EditorAddressMoves.text('page', also, [], false), kept: EditorAddressKept.text() }
  } finally {
    session.pending = undefined
  }
}

/**
 * Runs the checks once, so the code and validators they load are warm before the first save: cold,
 * the first check takes seconds; warm, a tenth of one. Called when the editor opens.
 */
export function warmChecks(session: ProxySession): void {
  if (session.warmed) return
  session.warmed = true
  void loadAndPlan(session.siteRoot).catch(() => undefined)
}

/** The file without the entry `name`; a town also out of every area list, which goes with it. */
function withoutEntry(disk: string, map: NamedMap, name: string): string {
  const text = virtualDeleteText(map.file, disk, map, name)
  return isTowns(map) ? withLists(text, name, name, []) : text
}

/** Each problem once: both checks of a refused rename may report the same one. */
function distinct(problems: readonly ConfigError[]): ConfigError[] {
  const key = (p: ConfigError) => [p.code, p.file, p.line, p.column, p.message].join('\0')
  return [...new Map(problems.map((p) => [key(p), p])).values()]
}

/** The site planned with `overlay` read instead of the disk, or a refusal with every problem. */
async function checked(session: ProxySession, overlay: ReadonlyMap<string, string | null>): ReturnType<typeof loadAndPlan> {
  try {
    return await loadAndPlan(session.siteRoot, withPending(session, overlay))
  } catch (error) {
    if (error instanceof BuildFailure) throw new Refusal(422, await placedOnDisk(session, overlay, error.errors))
    throw error
  }
}

/**
 * A refused save's problems at the lines of the files as they are on disk, which the marketer can
 * open: the check read the texts the save would write (`overlay`), whose lines differ from the
 * disk's after a line it adds or removes.
 */
async function placedOnDisk(
  session: ProxySession,
  overlay: ReadonlyMap<string, string | null>,
  problems: readonly ConfigError[],
): Promise<ConfigError[]> {
  // Each file read and compared with the save's text once, however many of its lines are quoted.
  const files = new Map<string, Promise<{ disk: string; place: ReturnType<typeof linesOnDisk> } | undefined>>()
  const fileOf = (name: string, proposed: string) => {
    let found = files.get(name)
    if (!found) {
      found = (isSiteText(name) ? diskText(session, checkedPath(session, name, isSiteText)) : Promise.resolve(undefined)).then(
        (disk) => (disk === undefined || disk === proposed ? undefined : { disk, place: linesOnDisk(disk, proposed) }),
        () => undefined,
      )
      files.set(name, found)
    }
    return found
  }
  return Promise.all(
    problems.map(async (problem) => {
      const name = siteName(session.siteRoot, problem.file)
      const proposed = overlay.get(name) ?? session.pending?.get(name)
      if (problem.line === undefined || typeof proposed !== 'string') return problem
      const file = await fileOf(name, proposed)
      if (!file) return problem
      const { line, added } = file.place(problem.line)
      if (line === problem.line && !added) return problem
      // A line the save adds is on no line of the disk: its column would point into another.
      const column = added ? undefined : problem.column
      return new ConfigError({ ...problem.toJSON(), line, column, lineText: file.disk.split('\n')[line - 1] })
    }),
  )
}

/** The same checks as `validate`, with `overlay` read instead of the disk; refuses with every problem. */
async function validateWith(session: ProxySession, overlay: ReadonlyMap<string, string | null>): Promise<void> {
  const problems = await problemsWith(session, overlay)
  if (problems.length > 0) throw new Refusal(422, await placedOnDisk(session, overlay, problems))
}

async function problemsWith(session: ProxySession, overlay: ReadonlyMap<string, string | null>): Promise<readonly ConfigError[]> {
  try {
    await loadAndPlan(session.siteRoot, withPending(session, overlay))
    return []
  } catch (error) {
    if (error instanceof BuildFailure) return error.errors
    throw error
  }
}

async function deleteEntry(session: ProxySession, given: string): Promise<void> {
  const virtual = virtualOf(session.maps(), given)
  if (virtual) {
    const file = checkedPath(session, virtual.map.file, isContentFile)
    const disk = await readText(session, file)
    const name = disk === undefined ? undefined : nameAt(disk, virtual, session.aliases, given)
    if (disk === undefined || name === undefined) return
    const text = withoutEntry(disk, virtual.map, name)
    await validateWith(session, new Map([[file.name, text]]))
    await writeAll(session, new Map([[file.name, text]]))
    return
  }
  const file = checkedPath(session, given, (name) => isContentFile(name) || isImageFile(name))
  if (!isContentFile(file.name)) {
    await checkImageUnused(session, file)
    return deleteSiteFile(session.siteRoot, file)
  }
  await validateWith(session, new Map([[file.name, null]]))
  await writeAll(session, new Map([[file.name, null]]))
}

/**
 * An image may be deleted when the site checks without it: the same load that validates a save,
 * with the image taken as gone, finds every YAML value and Markdown image that names it. What it
 * finds that the site without the deletion does not have is where the image is used.
 */
async function checkImageUnused(session: ProxySession, file: SitePath): Promise<void> {
  const without = await problemsWith(session, new Map([[file.name, null]]))
  if (without.length === 0) return
  const key = (p: ConfigError) => [p.code, p.file, p.line, p.column].join('\0')
  const before = new Set((await problemsWith(session, new Map())).map(key))
  const uses = without.filter((p) => !before.has(key(p)))
  if (uses.length === 0) return
  const places = [...new Set(uses.map((p) => [siteName(session.siteRoot, p.file), p.line].filter((part) => part !== undefined).join(':')))]
  throw new Refusal(409, [fail(EditorImageInUse, { file: file.name }, file.name, places)])
}

async function mediaOf(session: ProxySession, given: string): Promise<unknown> {
  const file = checkedPath(session, given, isImageFile)
  const bytes = await readSiteFile(session.siteRoot, file)
  if (!bytes) return null
  return { id: sha(bytes), content: bytes.toString('base64'), encoding: 'base64', path: file.name, name: path.posix.basename(file.name) }
}

/** Writes an upload; says which file it wrote and what it replaced, so a refused entry can take it back. */
async function saveMedia(
  session: ProxySession,
  asset: { path: string; content: string },
): Promise<{ file: SitePath; previous: Buffer | undefined }> {
  const file = checkedPath(session, asset.path, isImageFile)
  const checked = await checkUpload(file.name, Buffer.from(String(asset.content), 'base64'))
  if (!checked.ok) throw new Refusal(422, [fail(EditorNotAnImage, { file: file.name }, file.name, checked.type)])
  const previous = await readSiteFile(session.siteRoot, file)
  await writeSiteFile(session.siteRoot, file, checked.bytes)
  if (checked.resized) {
    const { from, to } = checked.resized
    const size = (s: typeof from) => `${s.width} × ${s.height} px, ${(s.bytes / 1024 / 1024).toFixed(1)} MB`
    session.note?.(EditorImageResized.text(file.name, size(from), size(to)))
  }
  return { file, previous }
}
