import type { Worker } from 'node:worker_threads'
import { boundedWorker } from '../../tool/heap-growth.js'
import { programFile } from '../../tool/program-file.js'
import type { SvgRequest } from './svg-worker.js'

/**
 * SVG sanitizing, as the rest of citypress asks for it: an SVG is a document that browsers run
 * when it is opened on its own, so only what DOMPurify's SVG allow-list keeps is published
 * (svg-purifier.ts says how).
 *
 * DOMPurify runs in jsdom, whose loading takes about half a second of one core. It runs in a
 * thread of its own (svg-worker.ts), started only when an SVG is not in the read cache
 * (config/read/read-cache.ts), so a build whose SVGs are unchanged never loads it, and one whose
 * SVGs are new loads it on the other core while this one parses the site's YAML
 * (startSvgSanitizer). The thread does not keep the process alive while it waits.
 */

/** A site's own icon: the shapes inside its `<svg>` and the box they are drawn in. */
export interface IconDrawing {
  readonly viewBox: string
  /** Serialized SVG elements, every colour of them `currentColor`. */
  readonly shapes: string
}

/**
 * The SVG that DOMPurify's allow-list keeps of `text`, as UTF-8 XML with its root `<svg>`; '' when
 * nothing is left (not well-formed XML, or no `<svg>` root in the SVG namespace). Call
 * svgDeclaration first: DTDs are refused, not parsed. Sanitizing the result again returns it as it is.
 */
export function sanitizeSvg(text: string): Promise<string> {
  return ask({ kind: 'sanitize', text })
}

/**
 * A site's icon from an SVG sanitizeSvg has kept: its shapes only, each colour `currentColor` so
 * it takes the colour of the text around it as Lucide's do; `viewBox` from the file, else its
 * width and height. Undefined when no shape is left.
 */
export function iconDrawing(svg: string, size: { width: number; height: number }): Promise<IconDrawing | undefined> {
  return ask({ kind: 'icon', svg, size: { width: size.width, height: size.height } })
}

/** What is refused before parsing: a document type declaration or an entity (`<!ENTITY x "…">`). */
export function svgDeclaration(text: string): '<!DOCTYPE' | '<!ENTITY' | undefined {
  if (/<!ENTITY/i.test(text)) return '<!ENTITY'
  if (/<!DOCTYPE/i.test(text)) return '<!DOCTYPE'
  return undefined
}

/** An SVG file's text: UTF-8 unless a byte order mark (or a first `<` in UTF-16) says otherwise. */
export function decodeSvg(bytes: Uint8Array): string {
  const [a, b] = [bytes[0], bytes[1]]
  const encoding =
    (a === 0xff && b === 0xfe) || (a === 0x3c && b === 0x00)
      ? 'utf-16le'
      : (a === 0xfe && b === 0xff) || (a === 0x00 && b === 0x3c)
        ? 'utf-16be'
        : 'utf-8'
  // The decoder drops the byte order mark.
  return new TextDecoder(encoding).decode(bytes)
}

/**
 * Starts the sanitizer's thread, if it is not running, so jsdom loads before the first SVG comes;
 * settled once the thread runs (heap-growth.ts boundedWorker says why to wait for it).
 */
export async function startSvgSanitizer(): Promise<void> {
  await (await sanitizer().catch(() => undefined))?.running
}

/**
 * Ends the sanitizer's thread, returning its memory (a build, once its site is read), unless an
 * SVG is in hand: another load in this process asked for it, and the thread then stays for it,
 * keeping nothing alive once idle.
 */
export async function stopSvgSanitizer(): Promise<void> {
  const running = await thread?.catch(() => undefined)
  // Asked for before this stop came to be answered: it is answered first.
  if (!running || running.waiting.size > 0) return
  thread = undefined
  await running.worker.terminate()
}

type Reply = { id: number; value?: unknown; error?: { message: string; stack?: string } }

/** A sanitizer's thread and the answers it owes, by request. */
interface Sanitizer {
  readonly worker: Worker
  readonly running: Promise<void>
  readonly waiting: Map<number, { resolve: (value: never) => void; reject: (error: Error) => void }>
}

let thread: Promise<Sanitizer> | undefined
let next = 0

function sanitizer(): Promise<Sanitizer> {
  if (thread) return thread
  const started: Promise<Sanitizer> = programFile('svg-worker', import.meta.url, ['jsdom', 'dompurify']).then(
    (file) => {
      // A young generation as small as the render workers': jsdom's parsing makes short-lived
      // garbage, and V8's default let this thread's heap reach 78 MB while a site loads (a cold
      // build of a 107-page site peaked 20-30 MiB higher in the same time). The old generation
      // is left unbounded: an SVG of any size is sanitized, not refused.
      const { worker, running } = boundedWorker(file)
      const waiting: Sanitizer['waiting'] = new Map()
      const stopped = (error: Error) => {
        if (thread === started) thread = undefined
        for (const { reject } of waiting.values()) reject(error)
        waiting.clear()
      }
      worker.on('error', stopped)
      worker.on('exit', (code) => stopped(new Error(`the SVG sanitizer stopped (exit code ${code})`)))
      worker.on('message', ({ id, value, error }: Reply) => {
        const pending = waiting.get(id)
        waiting.delete(id)
        if (error) pending?.reject(Object.assign(new Error(error.message), { stack: error.stack }))
        else pending?.resolve(value as never)
        if (waiting.size === 0) worker.unref()
      })
      // Held until it runs, which the caller may be waiting for with nothing else to do.
      void running.then(() => waiting.size === 0 && worker.unref())
      return { worker, running, waiting }
    },
    (error: unknown) => {
      if (thread === started) thread = undefined
      throw error
    },
  )
  thread = started
  return started
}

async function ask<T>(request: SvgRequest): Promise<T> {
  const started = sanitizer()
  let running = await started
  // Stopped while this waited for it (another build done reading stopped it first): a new one.
  if (thread !== started) running = await sanitizer()
  const { worker, waiting } = running
  const id = next++
  return new Promise<T>((resolve, reject) => {
    waiting.set(id, { resolve: resolve as (value: never) => void, reject })
    // Kept alive while an answer is awaited.
    worker.ref()
    worker.postMessage({ id, ...request })
  })
}
