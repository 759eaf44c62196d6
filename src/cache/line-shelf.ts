import { closeSync, readSync, rmSync, writeSync } from 'node:fs'
import { StringDecoder } from 'node:string_decoder'
import { openScratchFile } from './sealed-file.js'

/**
 * Lines of text that only the end of a build reads (the page memo's new values, page-memo.ts; the
 * plan's landing pages, build/plan-aside.ts), put away in a temporary file of the cache folder as
 * they come and read back in order, a block at a time, as often as asked: at 50,000 pages, held
 * until then as objects, they were most of what the main thread kept per page while the pages
 * rendered. The file is made on the first line, written through a buffer, and removed by `close`
 * (`removeLeftovers` in sealed-file.ts deletes it when a build died before that). A folder that
 * cannot take it keeps the lines in memory.
 */
export interface LineShelf {
  /** Puts one line away; it must hold no line break. */
  put(line: string): void
  /** How many characters the lines put away hold, a line break after each. */
  readonly length: number
  /** The lines put away, in order. No line may be put while they are read. */
  lines(): Generator<string>
  /** Removes the file; what was put away can no longer be read. */
  close(): void
}

/** Characters written, and bytes read, at once: the lines waiting are held as strings meanwhile. */
const blockLength = 1 << 18

export function lineShelf(dir: string, name: string): LineShelf {
  let scratch: { readonly file: string; readonly fd: number } | undefined
  let inMemory: string[] | undefined
  let closed = false
  /** Bytes in the file. */
  let written = 0
  let length = 0
  let pending: string[] = []
  let pendingLength = 0

  function flush(): void {
    if (pending.length === 0) return
    const bytes = Buffer.from(pending.join(''))
    let done = 0
    while (done < bytes.length) done += writeSync(scratch!.fd, bytes, done, bytes.length - done, written + done)
    written += bytes.length
    pending = []
    pendingLength = 0
  }

  return {
    get length() {
      return length
    },
    put(line) {
      if (closed) throw new Error('A line was put on a closed shelf.')
      length += line.length + 1
      if (!scratch && !inMemory) {
        scratch = openScratchFile(dir, name)
        if (!scratch) inMemory = []
      }
      if (inMemory) {
        inMemory.push(line)
        return
      }
      pending.push(line, '\n')
      pendingLength += line.length + 1
      if (pendingLength >= blockLength) flush()
    },
    *lines() {
      if (closed) throw new Error('A closed shelf was read.')
      if (inMemory) {
        yield* inMemory
        return
      }
      if (!scratch) return
      flush()
      const block = Buffer.allocUnsafe(blockLength)
      const decoder = new StringDecoder('utf8')
      let rest = ''
      for (let at = 0; at < written; ) {
        const read = readSync(scratch.fd, block, 0, Math.min(blockLength, written - at), at)
        if (read === 0) throw new Error('A shelf of lines ended early.')
        at += read
        const lines = (rest + decoder.write(block.subarray(0, read))).split('\n')
        rest = lines.pop()!
        yield* lines
      }
    },
    close() {
      closed = true
      inMemory = undefined
      pending = []
      if (!scratch) return
      closeSync(scratch.fd)
      rmSync(scratch.file, { force: true })
      scratch = undefined
    },
  }
}
