import path from 'node:path'
import { parseDocument } from 'yaml'
import { loadAndPlan } from '../build/index.js'
import { hiddenPagesText } from '../build/summary.js'
import { citySlug } from '../config/areas/area-slug.js'
import { listSiteFiles } from '../config/load-site.js'
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
  rewrittenFiles,
  serviceFile,
  serviceSlugOf,
} from './address-change.js'
import { pairedColours } from './colour-contrast.js'
import { type NamedMap, nameField } from './decap-config.js'
import { diskChanges, linesOnDisk } from './disk-lines.js'
import { cannotEdit, frontMatter, newFileText, newText, withSwitches } from './entry-text.js'
import { checkUpload } from './media.js'
import { rebasedText } from './rebase.js'
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
  gone,
  nameAt,
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
  warmed?: boolean
}

export interface ProxyAnswer {
  readonly status: number
  readonly body: unknown
}

export function createProxySession(
  siteRoot: string,
  maps: () => readonly NamedMap[],
  mediaBase = '/admin/api/media/',
  note?: (text: string) => void,
  writes: ProxySession['writes'] = { last: Promise.resolve() },
): ProxySession {
  return { siteRoot: path.resolve(siteRoot), maps, served: new Map(), shown: new Map(), aliases: new Map(), mediaBase, note, writes }
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
      return ok(await Promise.all(names.map((name) => entryOf(session, name))))
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
        for (const file of files) await saveEntry(session, file, isNew)
      } catch (error) {
        for (const { file, previous } of uploaded.reverse()) {
          if (previous) await writeSiteFile(siteRoot, file, previous)
          else await deleteSiteFile(siteRoot, file).catch(() => undefined)
        }
        throw error
      }
      return ok({ message: 'entry persisted' })
    }
    case 'planSave':
      return ok(await planSave(session, params.entry as Sent))
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
      for (const one of paths) await deleteEntry(session, one)
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
  return (await readSiteFile(session.siteRoot, file))?.toString('utf8')
}

async function virtualNames(session: ProxySession, map: NamedMap): Promise<string[]> {
  const text = await readText(session, checkedPath(session, map.file, isContentFile))
  return text ? virtualPaths(text, map) : []
}

async function entryOf(session: ProxySession, given: string): Promise<unknown> {
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
  await writeSiteFile(session.siteRoot, file, text)
  session.served.set(file.name, text)
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
 * checked together as one overlay; written only when `write`. Returns the 301s it makes and the
 * question the editor asks before saving it.
 */
async function moveAddress(session: ProxySession, move: Move, write: boolean): Promise<{ redirects: string[]; question: string }> {
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
  const redirects = newRedirects(change, translated, before?.plan.redirects ?? [], after.plan.redirects).map((r) => `${r.from} → ${r.to}`)
  const unrecorded = Object.keys(after.site.published.pages).length === 0 && !after.site.site.published
  const files = [...others.keys()].filter((name) => others.get(name) !== null)
  const question = EditorAddressMoves.text('page', redirects, files, unrecorded)
  if (write) await writeAll(session, overlay)
  return { redirects, question }
}

/** Every file of an overlay written (null: removed), or, when one cannot be, each put back as it was. */
async function writeAll(session: ProxySession, overlay: ReadonlyMap<string, string | null>): Promise<void> {
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
}

/**
 * What saving `sent` would do to addresses, asked before the save: the 301s it makes, in the
 * question the editor shows; none when the save moves nothing. Checked as the save would be.
 */
async function planSave(session: ProxySession, given: Sent): Promise<{ redirects: string[]; question?: string; kept?: string }> {
  const virtual = virtualOf(session.maps(), given.path)
  if (virtual) return planVirtual(session, given, virtual)
  const move = await addressMove(session, withoutAddress(given, false))
  return move ? { ...(await moveAddress(session, move, false)), kept: EditorAddressKept.text() } : { redirects: [] }
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
    return await loadAndPlan(session.siteRoot, overlay)
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
      found = (isSiteText(name) ? readText(session, checkedPath(session, name, isSiteText)) : Promise.resolve(undefined)).then(
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
      const proposed = overlay.get(name)
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
    await loadAndPlan(session.siteRoot, overlay)
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
    await writeSiteFile(session.siteRoot, file, text)
    session.served.set(file.name, text)
    return
  }
  const file = checkedPath(session, given, (name) => isContentFile(name) || isImageFile(name))
  if (isContentFile(file.name)) await validateWith(session, new Map([[file.name, null]]))
  else await checkImageUnused(session, file)
  await deleteSiteFile(session.siteRoot, file)
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
