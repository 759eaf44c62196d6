import type { Stats } from 'node:fs'

/**
 * A file as stat describes it: size, modification and change time, inode. Any write to a file
 * changes its change time, which no program can set back (utimes sets only the other two), and a
 * file replaced (an editor's save, a package installed, a page cached anew) has another inode: a
 * file whose stat equals its stamp holds the bytes it held when stamped, without reading it.
 * Linking and unlinking change the change time as well.
 */
export type FileStamp = readonly [size: number, mtimeMs: number, ctimeMs: number, ino: number]

export function stampOf(stats: Stats): FileStamp {
  return [stats.size, stats.mtimeMs, stats.ctimeMs, stats.ino]
}

/** Whether `stats` is of a regular file as `stamp` describes it (a longer stamp's first four fields). */
export function isAsStamped(stats: Stats, stamp: readonly [...FileStamp, ...unknown[]]): boolean {
  return stats.isFile() && stats.size === stamp[0] && stats.mtimeMs === stamp[1] && stats.ctimeMs === stamp[2] && stats.ino === stamp[3]
}
