import path from 'node:path'
import { parse, stringify } from 'yaml'
import { loadAndPlan } from '../build.js'
import { EditorBadName, EditorBadRequest, EditorCannotEdit, EditorConflict, EditorNotAnImage, EditorNotContent, fail } from '../errors/catalogue.js'
import { BuildFailure, type ConfigError } from '../errors/config-error.js'
import { printable } from '../errors/printable.js'
import { virtualFolder, type NamedMap } from './decap-config.js'
import { checkUpload } from './media.js'
import { deleteSiteFile, isContentFile, isImageFile, listFolder, OutsideSite, readSiteFile, sha, sitePath, writeSiteFile, type SitePath } from './site-files.js'
import { editYaml } from './yaml-edit.js'

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
  /** Per path, the hash of the file the editor was last given: a save over another is a conflict. */
  readonly served: Map<string, string>
  warmed?: boolean
}

export interface ProxyAnswer {
  readonly status: number
  readonly body: unknown
}

export function createProxySession(siteRoot: string, maps: () => readonly NamedMap[]): ProxySession {
  return { siteRoot: path.resolve(siteRoot), maps, served: new Map() }
}

type Params = Record<string, unknown>

export async function answerProxy(session: ProxySession, action: unknown, params: Params): Promise<ProxyAnswer> {
  try {
    return await dispatch(session, String(action), params)
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
      for (const asset of (params.assets ?? []) as { path: string; content: string }[]) await saveMedia(session, asset)
      for (const file of files) await saveEntry(session, file)
      return ok({ message: 'entry persisted' })
    }
    case 'getMedia': {
      const names = (await listFolder(siteRoot, 'images', '')).filter(isImageFile)
      return ok(await Promise.all(names.map((name) => mediaOf(session, name))))
    }
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

class Refusal extends Error {
  constructor(readonly status: number, readonly errors: readonly ConfigError[]) {
    super(errors[0]?.message)
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
  return { status, body: { error, problems: errors.map((e) => ({ code: e.code, file: siteName(siteRoot, e.file), line: e.line, column: e.column, message: e.message, hint: e.hint })) } }
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

/** `_editor/areas.yaml/places/Springfield%2C%20IL.yml` → the map and the name. */
function virtualOf(session: ProxySession, given: string): { map: NamedMap; name: string } | undefined {
  if (!given.startsWith(`${virtualFolder}/`)) return undefined
  const map = session.maps().find((m) => given.startsWith(`${m.folder}/`) && given.endsWith('.yml'))
  if (!map) return undefined
  return { map, name: decodeURIComponent(given.slice(map.folder.length + 1, -4)) }
}

async function virtualNames(session: ProxySession, map: NamedMap): Promise<string[]> {
  const text = await readSiteFile(session.siteRoot, checkedPath(session, map.file, isContentFile))
  const data = text ? (parse(text.toString('utf8')) as Record<string, Record<string, unknown>> | null) : null
  return Object.keys(data?.[map.key] ?? {}).map((name) => `${map.folder}/${encodeURIComponent(name)}.yml`)
}

async function entryOf(session: ProxySession, given: string): Promise<unknown> {
  const virtual = virtualOf(session, given)
  const file = checkedPath(session, virtual ? virtual.map.file : given, isContentFile)
  const bytes = await readSiteFile(session.siteRoot, file)
  if (!bytes) return { data: null, file: { path: given, id: null } }
  const text = bytes.toString('utf8')
  session.served.set(file.name, sha(text))
  if (!virtual) return { data: text, file: { path: given, id: sha(text) } }
  const value = (parse(text) as Record<string, Record<string, unknown>>)?.[virtual.map.key]?.[virtual.name]
  const data = stringify(virtual.map.objectValues ? value : { value }, { lineWidth: 0 })
  return { data, file: { path: given, id: sha(data) } }
}

/** A file's new text from what Decap sent, or a refusal. Validates the whole site with it in memory. */
async function saveEntry(session: ProxySession, sent: { path: string; raw: string; newPath?: string }): Promise<void> {
  if (sent.newPath && sent.newPath !== sent.path) throw new Refusal(422, [fail(EditorBadRequest, { file: sent.path }, 'renaming a file is done in a text editor')])
  const virtual = virtualOf(session, sent.path)
  const file = checkedPath(session, virtual ? virtual.map.file : sent.path, isContentFile)
  const disk = (await readSiteFile(session.siteRoot, file))?.toString('utf8')
  if (disk !== undefined && session.served.get(file.name) !== sha(disk)) throw new Refusal(409, [fail(EditorConflict, { file: file.name }, file.name)])
  if (disk === undefined && !/^[a-z0-9]+(?:-[a-z0-9]+)*\.(?:ya?ml|md)$/.test(path.posix.basename(file.name))) {
    throw new Refusal(422, [fail(EditorBadName, { file: file.name }, path.posix.basename(file.name))])
  }
  const text = disk === undefined ? sent.raw : newText(file.name, disk, sent.raw, virtual)
  if (text === disk) return
  await validateWith(session, new Map([[file.name, text]]))
  await writeSiteFile(session.siteRoot, file, text)
  session.served.set(file.name, sha(text))
}

function newText(name: string, disk: string, raw: string, virtual: { map: NamedMap; name: string } | undefined): string {
  const cannot = () => new Refusal(422, [fail(EditorCannotEdit, { file: name }, name)])
  if (virtual) {
    const sent = parse(raw) as Record<string, unknown> | null
    const value = virtual.map.objectValues ? sent ?? {} : sent?.value
    const target = parse(disk) as Record<string, Record<string, unknown>>
    const current = target[virtual.map.key]![virtual.name]
    target[virtual.map.key]![virtual.name] = prune(value, current) as Record<string, unknown>
    return editYaml(disk, target) ?? (() => { throw cannot() })()
  }
  if (!name.endsWith('.md')) return editYaml(disk, prune(parse(raw), parse(disk))) ?? (() => { throw cannot() })()
  const [diskHead, diskBody] = frontMatter(disk)
  const [sentHead, sentBody] = frontMatter(raw)
  if (diskHead === undefined || sentHead === undefined) throw cannot()
  const head = editYaml(diskHead, prune(parse(sentHead) ?? {}, parse(diskHead) ?? {}))
  if (head === undefined) throw cannot()
  // Decap trims the body's last newline; an unchanged body keeps the file's own ending.
  const body = sentBody.trimEnd() === diskBody.trimEnd() ? diskBody : `${sentBody.trimEnd()}\n`
  return disk.slice(0, disk.indexOf(diskHead)) + head + disk.slice(disk.indexOf(diskHead) + diskHead.length, disk.length - diskBody.length) + body
}

/** The YAML between the `---` lines, and the body after them. */
function frontMatter(text: string): [string | undefined, string] {
  const match = /^---\r?\n([\s\S]*?)^---[ \t]*(?:\r?\n|$)/m.exec(text)
  if (!match || match.index !== 0) return [undefined, text]
  return [match[1]!, text.slice(match[0].length)]
}

/**
 * Decap sends an empty value for every optional field the form shows; a key that is not in the
 * file and comes back empty was not written by the user.
 */
function prune(sent: unknown, disk: unknown): unknown {
  if (Array.isArray(sent)) return sent.map((item, i) => prune(item, Array.isArray(disk) ? disk[i] : undefined))
  if (!sent || typeof sent !== 'object') return sent
  const old = disk && typeof disk === 'object' && !Array.isArray(disk) ? (disk as Record<string, unknown>) : {}
  const kept: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(sent)) {
    if (!(key in old) && isEmpty(value)) continue
    kept[key] = prune(value, old[key])
  }
  return kept
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
    || (typeof value === 'object' && value !== null && Object.keys(value).length === 0)
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

/** The same checks as `validate`, with `overlay` read instead of the disk; refuses with every problem. */
async function validateWith(session: ProxySession, overlay: ReadonlyMap<string, string | null>): Promise<void> {
  try {
    await loadAndPlan(session.siteRoot, overlay)
  } catch (error) {
    if (error instanceof BuildFailure) throw new Refusal(422, error.errors)
    throw error
  }
}

async function deleteEntry(session: ProxySession, given: string): Promise<void> {
  const virtual = virtualOf(session, given)
  if (virtual) {
    const file = checkedPath(session, virtual.map.file, isContentFile)
    const disk = (await readSiteFile(session.siteRoot, file))!.toString('utf8')
    const target = parse(disk) as Record<string, Record<string, unknown>>
    delete target[virtual.map.key]![virtual.name]
    const text = editYaml(disk, target)
    if (text === undefined) throw new Refusal(422, [fail(EditorCannotEdit, { file: file.name }, file.name)])
    await validateWith(session, new Map([[file.name, text]]))
    await writeSiteFile(session.siteRoot, file, text)
    session.served.set(file.name, sha(text))
    return
  }
  const file = checkedPath(session, given, (name) => isContentFile(name) || isImageFile(name))
  if (isContentFile(file.name)) await validateWith(session, new Map([[file.name, null]]))
  await deleteSiteFile(session.siteRoot, file)
}

async function mediaOf(session: ProxySession, given: string): Promise<unknown> {
  const file = checkedPath(session, given, isImageFile)
  const bytes = await readSiteFile(session.siteRoot, file)
  if (!bytes) return null
  return { id: sha(bytes), content: bytes.toString('base64'), encoding: 'base64', path: file.name, name: path.posix.basename(file.name) }
}

async function saveMedia(session: ProxySession, asset: { path: string; content: string }): Promise<void> {
  const file = checkedPath(session, asset.path, isImageFile)
  const checked = await checkUpload(file.name, Buffer.from(String(asset.content), 'base64'))
  if (!checked.ok) throw new Refusal(422, [fail(EditorNotAnImage, { file: file.name }, file.name, checked.type)])
  await writeSiteFile(session.siteRoot, file, checked.bytes)
}

