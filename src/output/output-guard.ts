import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { homedir } from 'node:os'
import path from 'node:path'
import { readOutputRecord } from '../cache/output-record.js'
import { fail, OutputFolderNotOurs, OutputFolderRefused } from '../errors/catalogue.js'
import { BuildFailure } from '../errors/config-error.js'
import { OWN_FOLDER } from '../site/paths.js'
import { displayFile } from '../tool/package.js'

/**
 * The file that marks a folder as a citypress output: written by every build that
 * writes the folder, with the relative path of every file it wrote. It is published with the
 * site, so it holds nothing of the machine (no absolute path, no user name). A dotfile: Netlify
 * does not deploy dotfiles (except `.well-known/`); GitHub Pages, Cloudflare Pages and plain
 * servers (nginx, Apache) may serve it as a text file, which shows only the site's own file names.
 * It is never a route, so neither the sitemap nor the link check sees it.
 */
export const outputMarker = '.citypress-output'

const markerHeading = 'citypress-output 1'

/**
 * What a file browser leaves in any folder it shows (Finder, Windows Explorer): nobody's work,
 * made again when needed, so it neither makes a folder someone else's nor stops a build.
 */
const browserFiles = new Set(['.DS_Store', 'Thumbs.db', 'desktop.ini'])

/** The marker's text for an output holding `files` (relative paths, forward slashes). */
export function markerText(files: Iterable<string>): string {
  const listed = [...files].filter((file) => file !== outputMarker).sort()
  return `${markerHeading}\n# Written by citypress build, which replaces this folder whole: it holds only the files below.\n${listed.join('\n')}\n`
}

/** The files a marker lists, or undefined when `text` is not a marker. */
function markerFiles(text: string): ReadonlySet<string> | undefined {
  const lines = text.split('\n')
  if (lines[0] !== markerHeading) return undefined
  return new Set(lines.slice(1).filter((line) => line !== '' && !line.startsWith('#')))
}

/**
 * What no marker or record vouches for, whatever it lists: a git repository (`.git`, a folder, or
 * a file in a worktree such as a gh-pages checkout) and GitHub Pages' `CNAME` (the custom domain).
 * citypress writes neither (a CNAME is the host's setting, which its build does not make), and
 * losing either is losing someone's history or domain, so a folder holding one is never replaced.
 */
function neverVouched(file: string): boolean {
  return file === 'CNAME' || file.split('/').includes('.git')
}

/**
 * Whether `file` (relative, forward slashes) is an asset named by its content, as a build writes
 * them: `assets/…-<hash>.<ext>` (10 or 12 hex digits of ours, an image width after it, or esbuild's
 * 8 of [A-Z0-9]). An edit renames one, so an earlier build of the same site left it under a name
 * this build no longer writes; a marker with no output record may still vouch for it.
 */
export function isContentNamed(file: string): boolean {
  return file.startsWith('assets/') && /-(?:[0-9a-f]{10,16}|[A-Z0-9]{8})(?:-\d+)?\.[a-z0-9]+$/.test(file)
}

export interface OutputGuardOptions {
  /** The output folder as given (`--out`). */
  readonly outDir: string
  /** The site folder. */
  readonly site: string
  /** The last build's output record (cache/output-record.ts), for an output of a citypress that wrote no marker. */
  readonly recordFile?: string
  /** @default process.cwd() */
  readonly cwd?: string
  /** @default os.homedir() */
  readonly home?: string
}

/**
 * Runs before a build creates, moves or deletes anything (the cache folder, the staging and
 * `.old-*` siblings included), and throws a BuildFailure when the output folder is not the
 * build's to replace. Some folders are refused whatever they hold: the site folder, a folder that
 * holds it or the current folder, anything in a `.citypress` (a build cache), `.git` or
 * `node_modules`, the home folder and `/`; paths are compared after resolving symlinks. Any other folder is
 * replaced only when it is missing, empty, or marked as a citypress output (`outputMarker`) and
 * holding nothing but what that build wrote. Neither the marker nor the site's output record
 * vouches for a `.git` or a `CNAME` (neverVouched); and with no record, the marker vouches only
 * for the files the build writes itself, which write-output.ts checks on commit. There is no flag to override this: a flag people set
 * to silence a question (Vite's `emptyOutDir`) ends up set where it deletes their files.
 */
export async function guardOutputFolder(options: OutputGuardOptions): Promise<void> {
  const target = path.resolve(options.outDir)
  const shown = displayFile(target) || target
  const refused = hardRefusal(target, options)
  if (refused) throw new BuildFailure([fail(OutputFolderRefused, { file: shown }, shown, refused)])
  const stats = statSync(target, { throwIfNoEntry: false })
  if (!stats) return
  if (!stats.isDirectory()) throw new BuildFailure([fail(OutputFolderNotOurs, { file: shown }, shown, 'file', [])])
  const entries = readdirSync(target, { withFileTypes: true })
    .filter((entry) => !browserFiles.has(entry.name))
    .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
  if (entries.length === 0) return
  const marked = existsSync(path.join(target, outputMarker))
    ? markerFiles(readFileSync(path.join(target, outputMarker), 'utf8'))
    : undefined
  const recorded = await recordedFiles(target, options.recordFile)
  if (!marked && !recorded) throw new BuildFailure([fail(OutputFolderNotOurs, { file: shown }, shown, 'unmarked', entries.sort())])
  // Without the site's record of this folder, the marker alone vouches only for the files this
  // build writes itself: write-output.ts checks that on commit (`unvouchedIn`), once they are known.
  const vouched = new Set([...(marked ?? []), ...(recorded ?? [])].filter((file) => !neverVouched(file)))
  const strays = straysIn(target, vouched)
  if (strays.length > 0) throw new BuildFailure([fail(OutputFolderNotOurs, { file: shown }, shown, marked ? 'strays' : 'unmarked', strays)])
}

/** Why `target` may never be an output folder, or undefined. */
function hardRefusal(target: string, options: OutputGuardOptions): string | undefined {
  const real = realPath(target)
  const site = realPath(path.resolve(options.site))
  const cwd = realPath(path.resolve(options.cwd ?? process.cwd()))
  const home = realPath(path.resolve(options.home ?? homedir()))
  const segments = new Set([...target.split(path.sep), ...real.split(path.sep)])
  if (real === path.parse(real).root) return 'the root folder'
  if (real === site) return 'the site folder'
  if (contains(real, site)) return 'a folder that holds the site folder'
  if (real === home) return 'your home folder'
  if (contains(real, home)) return 'a folder that holds your home folder'
  if (real === cwd) return 'the current folder'
  if (contains(real, cwd)) return 'a folder that holds the current folder'
  if (segments.has(OWN_FOLDER)) return 'in .citypress, where citypress keeps its build cache'
  if (segments.has('.git')) return 'in .git, where git keeps its history'
  if (segments.has('node_modules')) return 'in node_modules, where npm keeps installed packages'
  return undefined
}

/** `file` with symlinks resolved: its nearest existing ancestor's real path, plus the rest. */
function realPath(file: string): string {
  let existing = file
  const rest: string[] = []
  for (;;) {
    try {
      return path.join(realpathSync(existing), ...rest)
    } catch {
      const parent = path.dirname(existing)
      if (parent === existing) return file
      rest.unshift(path.basename(existing))
      existing = parent
    }
  }
}

function contains(folder: string, inner: string): boolean {
  const relative = path.relative(folder, inner)
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)
}

/** The files the output record says the last build of this site left in `target` (an output from before the marker). */
async function recordedFiles(target: string, recordFile: string | undefined): Promise<ReadonlySet<string> | undefined> {
  const record = recordFile === undefined ? undefined : await readOutputRecord(recordFile)
  if (record?.outDir !== target) return undefined
  return new Set(record.listing.files.map(([file]) => file))
}

/**
 * What `folder` holds besides `files` (and the marker): files as their relative paths, folders
 * that hold none of `files` as one `name/` entry. Symlinks are never followed: citypress writes
 * none, so one is a stray unless listed.
 */
export function straysIn(folder: string, files: ReadonlySet<string>): string[] {
  const folders = new Set<string>()
  for (const file of files) {
    for (let dir = path.posix.dirname(file); dir !== '.' && !folders.has(dir); dir = path.posix.dirname(dir)) folders.add(dir)
  }
  const strays: string[] = []
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(folder, relative), { withFileTypes: true })) {
      const name = relative === '' ? entry.name : `${relative}/${entry.name}`
      if (entry.isDirectory()) {
        if (folders.has(name)) walk(name)
        else strays.push(`${name}/`)
      } else if (!files.has(name) && name !== outputMarker && !browserFiles.has(entry.name)) {
        strays.push(name)
      }
    }
  }
  walk('')
  return strays.sort()
}
