import { readFileSync, realpathSync } from 'node:fs'
import { release } from 'node:os'
import path from 'node:path'

/**
 * File systems whose changes reach no native watcher (inotify, FSEvents) from where they are made:
 * a network share written by another machine (NFS, SMB/CIFS), WSL's Windows drives and Docker's
 * bind mounts on a Mac or Windows (9p, drvfs, gRPC FUSE), and FUSE file systems generally (sshfs
 * sees only what goes through it). chokidar's docs name these as the cases for `usePolling`.
 */
const silentTypes = /^(?:nfs4?|cifs|smb3|smbfs|9p|drvfs|fuse(?:\..+)?)$/

export interface WatchModeInput {
  /** The folder to watch, absolute and with its symlinks resolved. */
  readonly folder: string
  /** The text of /proc/self/mountinfo (Linux); '' elsewhere. */
  readonly mountinfo: string
  /** Whether this is Linux under WSL, where `/mnt/c/…` is a Windows drive. */
  readonly isWsl: boolean
}

/**
 * Why file events are known not to arrive for `folder` (the file-system type it is mounted with,
 * or "a Windows drive under WSL"), or undefined when native events can be trusted. Pure: the
 * caller reads the mount table (proc(5): the mount point is field 5, the type the first field
 * after the " - " separator, spaces written as \040).
 */
export function pollingReason({ folder, mountinfo, isWsl }: WatchModeInput): string | undefined {
  if (isWsl && /^\/mnt\/[a-z](?:\/|$)/i.test(folder)) return 'a Windows drive under WSL'
  let best: { point: string; type: string } | undefined
  for (const line of mountinfo.split('\n')) {
    const [before, after] = line.split(' - ')
    const point = before?.split(' ')[4]
    const type = after?.split(' ')[0]
    if (point === undefined || type === undefined) continue
    const decoded = point.replace(/\\([0-7]{3})/g, (_all, octal: string) => String.fromCharCode(parseInt(octal, 8)))
    if (!isWithin(folder, decoded)) continue
    if (!best || decoded.length >= best.point.length) best = { point: decoded, type }
  }
  return best && silentTypes.test(best.type) ? `a ${best.type} file system` : undefined
}

/** pollingReason for a folder on this machine. */
export function pollingReasonHere(folder: string): string | undefined {
  let real = path.resolve(folder)
  try {
    real = realpathSync(real)
  } catch {
    /* a missing folder: its path as given */
  }
  let mountinfo = ''
  if (process.platform === 'linux') {
    try {
      mountinfo = readFileSync('/proc/self/mountinfo', 'utf8')
    } catch {
      /* no /proc: nothing known */
    }
  }
  const isWsl = process.platform === 'linux' && (process.env.WSL_DISTRO_NAME !== undefined || /microsoft/i.test(release()))
  return pollingReason({ folder: real, mountinfo, isWsl })
}

function isWithin(folder: string, mountPoint: string): boolean {
  return mountPoint === '/' || folder === mountPoint || folder.startsWith(`${mountPoint}/`)
}
