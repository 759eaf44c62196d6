import { displayFile } from '../tool/package.js'
import { DiskFull, fail, NameTooLong, NoPermission, OutOfMemory, ReadOnly, TooManyOpenFiles } from './catalogue.js'
import type { ConfigError } from './config-error.js'

/** The heap a render worker may use (render-worker.ts sets it). */
const workerHeapMb = 128

/**
 * A failed write names no file when the disk fills mid-write (only a failed open carries `path`):
 * `.catch(naming(file))` gives it the file it was writing, so the report can say where.
 */
export function naming(file: string): (error: unknown) => never {
  return (error) => {
    if (error instanceof Error && (error as NodeJS.ErrnoException).path === undefined) Object.assign(error, { path: file })
    throw error
  }
}

/**
 * Failures of the machine rather than of citypress or the site: a full disk, a read-only or
 * foreign folder, too many open files, a path too long. They are the user's to fix, so they are
 * reported like a mistake in the site (the path, what to do, exit 1), never as a bug with a
 * stack. A build that meets one has already rolled back: the previous output is as it was.
 */
export function systemErrorOf(error: unknown): ConfigError | undefined {
  for (let at = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth++) {
    const found = fromErrno(at as NodeJS.ErrnoException)
    if (found) return found
  }
  return undefined
}

function fromErrno(error: NodeJS.ErrnoException & { dest?: string }): ConfigError | undefined {
  // A copy names its source in `path`; what failed is writing its destination.
  const file = error.syscall === 'copyfile' ? (error.dest ?? error.path) : (error.path ?? error.dest)
  // Named as the user knows it: the output folder, not the staging folder it is built in (write-output.ts).
  const where = {
    file:
      file === undefined
        ? '(unknown file)'
        : displayFile(String(file).replace(/([\\/])\.([^\\/]+)\.(?:staging|old)-[0-9a-f]+(?=$|[\\/])/, '$1$2')),
  }
  const action = verbOf(error.syscall)
  switch (error.code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return fail(DiskFull, where, where.file, error.code === 'EDQUOT')
    case 'EROFS':
      return fail(ReadOnly, where, where.file)
    case 'EACCES':
    case 'EPERM':
      return fail(NoPermission, where, where.file, action)
    case 'EMFILE':
    case 'ENFILE':
      return fail(TooManyOpenFiles, where, where.file)
    case 'ENAMETOOLONG':
      return fail(NameTooLong, where, where.file)
    case 'ERR_WORKER_OUT_OF_MEMORY':
      return fail(OutOfMemory, { file: '(render worker)' }, 'a render worker', workerHeapMb)
    default:
      return undefined
  }
}

function verbOf(syscall: string | undefined): string {
  switch (syscall) {
    case 'open':
    case 'write':
    case 'copyfile':
      return 'write or read'
    case 'mkdir':
      return 'create the folder'
    case 'rename':
      return 'move'
    case 'unlink':
    case 'rmdir':
    case 'rm':
      return 'delete'
    case 'link':
      return 'link'
    case 'scandir':
      return 'list'
    default:
      return 'use'
  }
}
