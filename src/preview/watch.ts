import { watch, readdirSync, statSync, type FSWatcher } from 'node:fs'
import path from 'node:path'

export interface WatchOptions {
  readonly folders: readonly string[]
  /** Quiet time after the last event before `onChange` runs: editors save in bursts. */
  readonly debounceMs: number
  /** Every changed path (files or folders) of one burst, absolute. */
  readonly onChange: (paths: readonly string[]) => void
}

export interface Watcher {
  close(): void
}

/**
 * Watches folder trees, including folders created later. Uses one non-recursive `fs.watch` per
 * folder: recursive watching is not dependable on Linux with Node 20, and watching folders (not
 * files) also sees editors that save by writing a temporary file and renaming it over the old one.
 */
export function watchFolders(options: WatchOptions): Watcher {
  const watchers = new Map<string, FSWatcher>()
  const pending = new Set<string>()
  let timer: NodeJS.Timeout | undefined
  let closed = false

  const flush = () => {
    timer = undefined
    const paths = [...pending]
    pending.clear()
    if (paths.length > 0 && !closed) options.onChange(paths)
  }
  const note = (file: string) => {
    pending.add(file)
    if (timer) clearTimeout(timer)
    timer = setTimeout(flush, options.debounceMs)
  }
  const add = (root: string, dir: string) => {
    if (closed || watchers.has(dir) || isIgnored(path.relative(root, dir))) return
    let watcher: FSWatcher
    try {
      watcher = watch(dir, (_event, name) => {
        const file = name ? path.join(dir, name.toString()) : dir
        if (isIgnored(path.relative(root, file))) return
        note(file)
        if (isDirectory(file)) addTree(root, file)
      })
    } catch {
      return // removed before we got to it
    }
    // A watched folder that is deleted reports an error on some systems; its parent saw the change.
    watcher.on('error', () => forget(dir))
    watchers.set(dir, watcher)
  }
  const forget = (dir: string) => {
    watchers.get(dir)?.close()
    watchers.delete(dir)
  }
  const addTree = (root: string, dir: string) => {
    add(root, dir)
    let entries: string[] = []
    try {
      entries = readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)
    } catch {
      forget(dir)
      return
    }
    for (const name of entries) addTree(root, path.join(dir, name))
  }
  for (const folder of options.folders) addTree(path.resolve(folder), path.resolve(folder))

  return {
    close() {
      closed = true
      if (timer) clearTimeout(timer)
      for (const w of watchers.values()) w.close()
      watchers.clear()
    },
  }
}

/**
 * Paths (relative to a watched folder) whose changes never affect a build: dot folders and files
 * (`.citypress/` where form submissions are written, `.git/`, editor swap files), node_modules,
 * and backup files (`name~`, vim's `4913` write test).
 */
export function isIgnored(relative: string): boolean {
  const base = path.basename(relative)
  return relative.split(path.sep).some((s) => (s.startsWith('.') && s !== '.' && s !== '..') || s === 'node_modules')
    || base.endsWith('~') || base === '4913'
}

function isDirectory(file: string): boolean {
  try {
    return statSync(file).isDirectory()
  } catch {
    return false
  }
}
