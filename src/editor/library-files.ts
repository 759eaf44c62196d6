import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'

const gzipped = promisify(gzip)

/** Smaller files are sent as they are: compressing them saves less than it costs. */
const worthCompressing = 32 * 1024

/** A file of Decap's (lib/decap/) as sent: gzipped when the browser takes it and the file is large. */
export interface LibraryFile {
  readonly bytes: Buffer
  readonly encoding?: 'gzip'
}

export interface LibraryFiles {
  /** The file `name` of the folder, or undefined when it is not there. */
  get(name: string, acceptEncoding: string | undefined): Promise<LibraryFile | undefined>
  /** Starts reading and compressing `name`, so the first request for it does not wait. */
  warm(name: string): void
}

/**
 * Decap's files as the editor serves them. Its bundle is 5 MB, 1.5 MB gzipped, which a teammate
 * opening the editor over the network feels; each file is read and compressed once per preview
 * (zlib works in its own threads, so answering other requests meanwhile), then kept.
 */
export function libraryFiles(folder: string): LibraryFiles {
  const plain = new Map<string, Promise<Buffer | undefined>>()
  const packed = new Map<string, Promise<Buffer | undefined>>()
  const read = (name: string) => {
    let found = plain.get(name)
    if (!found) plain.set(name, (found = readFile(path.join(folder, name)).catch(() => undefined)))
    return found
  }
  const compressed = (name: string) => {
    let found = packed.get(name)
    if (!found) {
      found = read(name).then((bytes) => (bytes && bytes.length >= worthCompressing ? gzipped(bytes, { level: 9 }) : undefined))
      packed.set(name, found)
    }
    return found
  }
  return {
    async get(name, acceptEncoding) {
      const bytes = await read(name)
      if (!bytes) return undefined
      const smaller = acceptsGzip(acceptEncoding) ? await compressed(name) : undefined
      return smaller ? { bytes: smaller, encoding: 'gzip' } : { bytes }
    },
    warm(name) {
      void compressed(name)
    },
  }
}

/** Whether an Accept-Encoding header takes gzip: named, or by `*`, with a weight above 0 (`gzip;q=0` refuses it). */
export function acceptsGzip(header: string | undefined): boolean {
  const weights = new Map<string, number>()
  for (const part of (header ?? '').split(',')) {
    const [coding, ...params] = part.split(';').map((s) => s.trim().toLowerCase())
    const q = params.find((p) => p.startsWith('q='))
    if (coding) weights.set(coding, q === undefined ? 1 : Number(q.slice(2)))
  }
  const weight = weights.get('gzip') ?? weights.get('*')
  return weight !== undefined && weight > 0
}
