/**
 * The shape of each proxy request's `params`, checked before any is used: Decap sends these
 * shapes (decap-cms-backend-proxy), and anything else is answered 400 with the part that is wrong,
 * rather than meeting a file name that is an object or a list that is a number deep inside a save.
 */
type Check = (value: unknown) => boolean

const text: Check = (value) => typeof value === 'string'
const optional =
  (check: Check): Check =>
  (value) =>
    value === undefined || value === null || check(value)
const list =
  (check: Check): Check =>
  (value) =>
    Array.isArray(value) && value.every(check)
const object =
  (fields: Record<string, Check>): Check =>
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.entries(fields).every(([key, check]) => check((value as Record<string, unknown>)[key]))

const dataFile = object({ path: text, raw: text, newPath: optional(text) })
const texts: Check = (value) => typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(text)
const asset = object({ path: text, content: text })

/** Per action, per param: what Decap sends. Params not named here are not read. */
const shapes: Record<string, Record<string, readonly [Check, string]>> = {
  info: {},
  entriesByFolder: {
    folder: [text, 'a folder name'],
    extension: [optional(text), 'a file extension'],
    depth: [optional((v) => typeof v === 'number'), 'a number'],
  },
  entriesByFiles: { files: [list(object({ path: text })), 'a list of files, each with a path'] },
  getEntry: { path: [text, 'a file path'] },
  persistEntry: {
    entry: [optional(dataFile), 'a file with a path and its text'],
    dataFiles: [optional(list(dataFile)), 'a list of files, each with a path and its text'],
    assets: [optional(list(asset)), 'a list of uploads, each with a path and its content'],
    options: [optional(object({})), 'an object'],
  },
  planSave: {
    entry: [dataFile, 'a file with a path and its text'],
    translations: [optional(texts), 'an object of texts by language'],
  },
  getMedia: { mediaFolder: [optional(text), 'a folder name'] },
  getMediaFile: { path: [text, 'a file path'] },
  persistMedia: { asset: [asset, 'an upload with a path and its content'] },
  deleteFile: { path: [text, 'a file path'] },
  planDelete: { path: [text, 'a file path'] },
  hiddenPages: { path: [text, 'a file path'] },
  words: { text: [text, 'a text'] },
  contrast: { colors: [object({}), 'an object of colours'], token: [text, 'a colour name'] },
  deleteFiles: { paths: [list(text), 'a list of file paths'] },
  getDeployPreview: {},
}

/** Undefined when `params` has the action's shape, else what is wrong, in words; an unknown action: undefined (answered as such). */
export function wrongParams(action: string, params: unknown): string | undefined {
  const shape = Object.hasOwn(shapes, action) ? shapes[action] : undefined
  if (!shape) return undefined
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return 'its params are not an object'
  for (const [name, [check, noun]] of Object.entries(shape)) {
    if (!check((params as Record<string, unknown>)[name])) return `its params.${name} is not ${noun}`
  }
  if (action === 'persistEntry' && !('entry' in params && params.entry) && !('dataFiles' in params && params.dataFiles))
    return 'it names no file to save (params.entry or params.dataFiles)'
  return undefined
}
