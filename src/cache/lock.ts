import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { link, open, readFile, rename, rm, stat, unlink, utimes } from 'node:fs/promises'
import { hostname } from 'node:os'
import { ownPath } from './site-folder.js'

/**
 * Locks between citypress processes: a file created exclusively (`wx`) that names its holder, so a
 * lock left by a build that was killed (kill -9, Ctrl-C, a crash) is taken over at once instead of
 * being waited out, and a build that must wait can say for whom.
 *
 * proper-lockfile, the kept package for this, tells a dead holder only by the lock's age (at least
 * 2 s, usually 10) and records no holder to name; a lock here is a small JSON file instead.
 */
export interface LockHolder {
  readonly pid: number
  readonly host: string
  /** When the holder took the lock (ISO 8601). */
  readonly started: string
}

export interface Lock {
  readonly holder: LockHolder
  /** Gives the lock up (only if it is still ours). */
  release(): Promise<void>
}

export type TryLock = { readonly lock: Lock } | { readonly heldBy: LockHolder | undefined }

/**
 * A lock on another machine (a shared file system) cannot be asked whether its holder lives: its
 * holder touches it every `heartbeatMs`, and one untouched for `staleMs` is taken.
 */
const heartbeatMs = 10_000
const staleMs = 60_000

const me: Omit<LockHolder, 'started'> = { pid: process.pid, host: hostname() }

/** Takes `file` if it is free or its holder is dead; else says who holds it. */
export async function tryLock(file: string): Promise<TryLock> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const holder: LockHolder = { ...me, started: new Date().toISOString() }
    try {
      const handle = await open(ownPath(file), 'wx')
      await handle.writeFile(JSON.stringify(holder))
      await handle.close()
      return { lock: held(file, holder) }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const found = await readHolder(file)
    if (found === 'gone') continue
    if (found !== 'unreadable' && !(await isDead(file, found))) return { heldBy: found }
    // Unreadable: being written this instant (a holder writes a few bytes right after creating),
    // or damaged. Taken only once it is old enough that no holder is still writing it.
    if (found === 'unreadable' && !(await olderThan(file, 2_000))) return { heldBy: undefined }
    await breakLock(file, found)
  }
  return { heldBy: undefined }
}

/** Waits for `file` to be free (or its holder dead) and takes it; `onWait` is told once whom it waits for. */
export async function acquireLock(file: string, onWait?: (holder: LockHolder | undefined) => void, pollMs = 100): Promise<Lock> {
  let told = false
  for (;;) {
    const tried = await tryLock(file)
    if ('lock' in tried) return tried.lock
    if (!told) onWait?.(tried.heldBy)
    told = true
    await new Promise((done) => setTimeout(done, pollMs))
  }
}

/** How a holder is named in a message: "process 123 on host, since 14:02:11". */
export function describeHolder(holder: LockHolder | undefined): string {
  if (!holder) return 'another citypress process'
  const since = new Date(holder.started)
  return `process ${holder.pid} on ${holder.host === me.host ? 'this machine' : holder.host}, running since ${Number.isNaN(since.getTime()) ? holder.started : since.toLocaleTimeString('en-GB')}`
}

function held(file: string, holder: LockHolder): Lock {
  const heartbeat = setInterval(() => void utimes(file, new Date(), new Date()).catch(() => {}), heartbeatMs)
  heartbeat.unref()
  return {
    holder,
    async release() {
      clearInterval(heartbeat)
      const now = await readHolder(file)
      if (typeof now === 'object' && now.pid === holder.pid && now.started === holder.started && now.host === holder.host)
        await rm(file, { force: true })
    },
  }
}

async function readHolder(file: string): Promise<LockHolder | 'gone' | 'unreadable'> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'gone' : 'unreadable'
  }
  try {
    const holder = JSON.parse(text) as LockHolder
    return typeof holder.pid === 'number' && typeof holder.host === 'string' && typeof holder.started === 'string' ? holder : 'unreadable'
  } catch {
    return 'unreadable'
  }
}

/** Whether the lock's holder has ended (or its pid now belongs to a process started after it took the lock). */
async function isDead(file: string, holder: LockHolder): Promise<boolean> {
  if (holder.host !== me.host) return olderThan(file, staleMs)
  try {
    process.kill(holder.pid, 0)
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
  const started = processStart(holder.pid)
  return started !== undefined && started > Date.parse(holder.started) + 1_000
}

async function olderThan(file: string, ms: number): Promise<boolean> {
  const stats = await stat(file).catch(() => undefined)
  return stats !== undefined && Date.now() - stats.mtimeMs > ms
}

/**
 * Removes a dead holder's lock. Moved aside first and then checked, so two processes that both
 * found it dead cannot remove the lock one of them has just taken: a lock moved aside by mistake
 * is put back.
 */
async function breakLock(file: string, dead: LockHolder | 'unreadable'): Promise<void> {
  const aside = `${file}.${process.pid}-${randomBytes(3).toString('hex')}.tmp`
  if (
    !(await rename(file, aside).then(
      () => true,
      () => false,
    ))
  )
    return
  const moved = await readHolder(aside)
  const same =
    dead === 'unreadable' ? moved === 'unreadable' : typeof moved === 'object' && moved.pid === dead.pid && moved.started === dead.started
  if (!same) await link(aside, file).catch(() => {})
  await unlink(aside).catch(() => {})
}

/** When a process started (ms since the epoch), from Linux's /proc; undefined elsewhere. */
function processStart(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Field 22, counted after the command name (which may hold spaces) in parentheses.
    const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19])
    const boot = Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1])
    // Clock ticks are 1/100 s on every Linux that Node runs on (USER_HZ).
    return Number.isFinite(ticks) && Number.isFinite(boot) ? boot * 1000 + ticks * 10 : undefined
  } catch {
    return undefined
  }
}
