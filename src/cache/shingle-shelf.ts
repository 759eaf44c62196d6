import { closeSync, readSync, rmSync, writeSync } from 'node:fs'
import { openScratchFile } from './sealed-file.js'

/**
 * A page's shingles left in a file (a shelf's, or prints.bin: print-store.ts), read back into one
 * of two buffers (a pair of pages is compared from both).
 */
export interface ShelvedShingles {
  /** How many shingles there are. */
  readonly length: number
  /**
   * The shingles, in a buffer `slot` reuses: valid until the next read into the same slot (a pair
   * is compared from slots 0 and 1).
   */
  read(slot: 0 | 1): Uint32Array
}

/** A page's shingles: in memory, or put away by a shelf. */
export type Shingles = Uint32Array | ShelvedShingles

/** A page's shingles themselves, read into `slot` when they were put away. */
export function shinglesOf(shingles: Shingles, slot: 0 | 1): Uint32Array {
  return shingles instanceof Uint32Array ? shingles : shingles.read(slot)
}

/**
 * Where the landing pages' shingles wait while the plan compares them (print-store.ts): a file in
 * the cache folder, since they are most of what planning holds (150 MB at 50,000 pages) and each
 * is read only a few times: once to count, once for its prefix, and for its two candidates and
 * the few pairs that may be over the similarity limit. The file is made on the first page put
 * away, written through a buffer and read at offsets, and removed by `close`. Its name is a
 * temporary one (`removeLeftovers` in sealed-file.ts deletes it when a build died before that).
 */
export interface ShingleShelf {
  put(shingles: Uint32Array): ShelvedShingles
  /** Removes the file; what was put away can no longer be read. */
  close(): void
}

/** Shingles that stayed in memory, as a shelf gives them. */
function kept(shingles: Uint32Array): ShelvedShingles {
  return { length: shingles.length, read: () => shingles }
}

/** Words written at once. */
const bufferWords = 1 << 18

export function shingleShelf(dir: string): ShingleShelf {
  let file: string | undefined
  let fd: number | undefined
  /** Words in the file, and waiting in `pending` to be written after them. */
  let written = 0
  const pending = new Uint32Array(bufferWords)
  let waiting = 0
  let closed = false
  let inMemory = false

  const slots = shingleSlots(() => fd!)

  class Shelved implements ShelvedShingles {
    constructor(
      readonly at: number,
      readonly length: number,
    ) {}

    read(slot: 0 | 1): Uint32Array {
      if (fd === undefined) throw new Error('The shingle shelf was closed before its shingles were read.')
      if (this.at + this.length > written) flush()
      return slots.read(this, this.at * 4, slot)
    }
  }

  function flush(): void {
    if (waiting === 0) return
    const bytes = new Uint8Array(pending.buffer, 0, waiting * 4)
    let done = 0
    while (done < bytes.length) done += writeSync(fd!, bytes, done, bytes.length - done, written * 4 + done)
    written += waiting
    waiting = 0
  }

  return {
    put(shingles) {
      if (closed) throw new Error('A shingle was put on a closed shelf.')
      if (fd === undefined && !inMemory) {
        const scratch = openScratchFile(dir, 'shingles')
        if (scratch) ({ file, fd } = scratch)
        else inMemory = true
      }
      if (inMemory) return kept(shingles.slice())
      const shelved = new Shelved(written + waiting, shingles.length)
      let from = 0
      while (from < shingles.length) {
        if (waiting === bufferWords) flush()
        const count = Math.min(shingles.length - from, bufferWords - waiting)
        pending.set(shingles.subarray(from, from + count), waiting)
        waiting += count
        from += count
      }
      return shelved
    },
    close() {
      closed = true
      if (fd === undefined) return
      closeSync(fd)
      fd = undefined
      rmSync(file!, { force: true })
    },
  }
}

/**
 * Reads put-away shingles from a file into one of two buffers that each read reuses: what a read
 * returns is valid until the next read into the same slot (a pair of pages is compared from
 * slots 0 and 1). A page read into its slot last is not read again.
 */
export interface ShingleSlots {
  /** `shingles.length` words at byte offset `at` of the file. */
  read(shingles: { readonly length: number }, at: number, slot: 0 | 1): Uint32Array
}

/** ShingleSlots over the open file `fd()` gives. */
export function shingleSlots(fd: () => number): ShingleSlots {
  const buffers = [new Uint32Array(1024), new Uint32Array(1024)]
  const inSlot: (object | undefined)[] = [undefined, undefined]
  return {
    read(shingles, at, slot) {
      const { length } = shingles
      if (inSlot[slot] === shingles) return buffers[slot]!.subarray(0, length)
      const file = fd()
      if (buffers[slot]!.length < length) buffers[slot] = new Uint32Array(length * 2)
      const into = buffers[slot]!
      const bytes = length * 4
      let done = 0
      while (done < bytes) {
        const read = readSync(file, into, done, bytes - done, at + done)
        if (read === 0) throw new Error('A file of shingles ended early.')
        done += read
      }
      inSlot[slot] = shingles
      return into.subarray(0, length)
    },
  }
}
