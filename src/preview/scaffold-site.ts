import { existsSync, statSync } from 'node:fs'
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { packageRoot } from '../paths.js'

/** The starter site `citypress new` copies; a real site folder, so the build tests cover it. */
export const starterSite = path.join(packageRoot, 'sites', 'starter')

/** A reason `new` refuses to write; the CLI prints it as a command-line error. */
export class ScaffoldRefused extends Error {
  override readonly name = 'ScaffoldRefused'
}

export interface ScaffoldResult {
  /** Absolute path of the new site folder. */
  readonly root: string
  /** Written files, relative to `root`, forward slashes. */
  readonly files: readonly string[]
  /** Whether the modelines point at schemas/ by relative (inside this package) or absolute path. */
  readonly schemaLinks: 'relative' | 'absolute'
}

const modeline = /^# yaml-language-server: \$schema=(\S+)/

/**
 * Copies the starter site into `target`, which must not exist or be empty (an existing site is
 * never overwritten). Each YAML file's `$schema` modeline is rewritten to reach this package's
 * schemas/ from its new place: relative inside this package, absolute outside it (a relative
 * path out of an unrelated folder would break as soon as either moves).
 */
export async function scaffoldSite(target: string): Promise<ScaffoldResult> {
  const root = path.resolve(target)
  if (existsSync(root)) {
    if (!statSync(root).isDirectory()) throw new ScaffoldRefused(`${target} exists and is not a folder; choose another name.`)
    if ((await readdir(root)).length > 0) throw new ScaffoldRefused(`${target} is not empty; citypress new never overwrites files. Choose a new or empty folder.`)
  }
  const fromPackage = path.relative(packageRoot, root)
  const inside = fromPackage !== '..' && !fromPackage.startsWith(`..${path.sep}`) && !path.isAbsolute(fromPackage)
  const files = await listFiles(starterSite)
  for (const file of files) {
    const from = path.join(starterSite, file)
    const to = path.join(root, file)
    await mkdir(path.dirname(to), { recursive: true })
    if (!/\.ya?ml$/.test(file)) {
      await copyFile(from, to)
      continue
    }
    const text = await readFile(from, 'utf8')
    await writeFile(to, text.replace(modeline, (line, ref: string) => {
      const schema = path.resolve(path.dirname(from), ref)
      const link = inside ? path.relative(path.dirname(to), schema).split(path.sep).join('/') : schema.split(path.sep).join('/')
      return `# yaml-language-server: $schema=${link}`
    }))
  }
  // Form submissions captured by `citypress preview` are local test data, never content.
  await writeFile(path.join(root, '.gitignore'), '.citypress/\n')
  return { root, files: [...files, '.gitignore'], schemaLinks: inside ? 'relative' : 'absolute' }
}

/** Every file under `dir` except dot files and folders, relative, sorted. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((f) => !f.split('/').some((s) => s.startsWith('.')))
    .sort()
}
