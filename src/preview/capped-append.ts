import { appendFile, mkdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { ownPath } from '../cache/site-folder.js'

/** Appends of this process still to run, per file: each starts when the one before has settled. */
const queues = new Map<string, Promise<unknown>>()

/**
 * Appends `text` to `file` unless the file would then pass `cap` bytes; resolves false when it
 * was refused. A size check followed by an append is two awaits: checked side by side, 300
 * concurrent posts all see the same size and all append. Here each check sees every append
 * before it, because the checks and appends of one file run one after another. (Another
 * process appending to the same file is not counted: one preview serves a site.)
 */
export function appendCapped(file: string, text: string, cap: number): Promise<boolean> {
  const run = async () => {
    const size = (await stat(file).catch(() => undefined))?.size ?? 0
    if (size + Buffer.byteLength(text) > cap) return false
    await mkdir(ownPath(path.dirname(file)), { recursive: true })
    await appendFile(ownPath(file), text)
    return true
  }
  const appended = (queues.get(file) ?? Promise.resolve()).then(run)
  // The queue waits for this append whatever its outcome; its error reaches the caller through `appended`.
  const settled = appended.then(
    () => undefined,
    () => undefined,
  )
  queues.set(file, settled)
  void settled.then(() => {
    if (queues.get(file) === settled) queues.delete(file)
  })
  return appended
}
