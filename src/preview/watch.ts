import path from 'node:path'
import { type FSWatcher, watch } from 'chokidar'

export interface WatchOptions {
  readonly folders: readonly string[]
  /** Quiet time after the last event before `onChange` runs: editors save in bursts. */
  readonly debounceMs: number
  /** Every changed path (files or folders) of one burst, absolute. */
  readonly onChange: (paths: readonly string[]) => void
  /** Ask each file for changes every `pollIntervalMs` instead of waiting for the system's events. @default false */
  readonly poll?: boolean
  /** @default 300 */
  readonly pollIntervalMs?: number
}

export interface Watcher {
  /** Resolves once the folders' files are listed: a change after it is seen. */
  ready(): Promise<void>
  close(): Promise<void>
}

/**
 * Watches folder trees, folders created later included, with chokidar: native events (inotify,
 * FSEvents) by default, or polling where they do not arrive (network folders, WSL's Windows
 * drives, Docker bind mounts: src/preview/watch-mode.ts). chokidar also follows editors that save
 * by writing a temporary file and renaming it over the old one (`atomic`).
 */
export function watchFolders(options: WatchOptions): Watcher {
  const roots = options.folders.map((f) => path.resolve(f))
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
  const ignored = (file: string) => {
    const root = roots.find((r) => file === r || file.startsWith(r + path.sep))
    return root !== undefined && file !== root && isIgnored(path.relative(root, file))
  }
  const interval = options.pollIntervalMs ?? 300
  const watcher: FSWatcher = watch(roots, {
    ignoreInitial: true,
    ignored,
    usePolling: options.poll ?? false,
    interval,
    binaryInterval: interval,
    ignorePermissionErrors: true,
  })
  watcher.on('all', (_event, file) => note(path.resolve(file)))
  // A folder removed while it is listed, a file without permission: the next event brings it back.
  watcher.on('error', () => undefined)
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()))
  return {
    ready: () => ready,
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      await watcher.close()
    },
  }
}

/**
 * Paths (relative to a watched folder) whose changes never affect a build: dot folders and files
 * (`.citypress/` where form submissions are written, `.git/`, vim's and emacs' swap and lock
 * files), node_modules, backup files (`name~`, vim's `4913` write test, emacs' `#name#`), and
 * temporary and swap files by their ending: the editor's and other tools' `name.<pid>.tmp` written
 * before a rename, `.swp`/`.swo`/`.swx`, half-downloaded `.part` and `.crdownload`. A rebuild on
 * them would build a half-written state, then the same again when the real file lands.
 */
export function isIgnored(relative: string): boolean {
  const base = path.basename(relative)
  return (
    relative.split(path.sep).some((s) => (s.startsWith('.') && s !== '.' && s !== '..') || s === 'node_modules') ||
    base.endsWith('~') ||
    base === '4913' ||
    /^#.*#$/.test(base) ||
    /\.(?:tmp|temp|swp|swo|swx|part|crdownload)$/i.test(base)
  )
}
