import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { ShareDrawing } from '../types.js'

export interface ShareImageThread {
  /** The JPEG of one share image, drawn on the thread; rejects with the error drawing it met. */
  draw(drawing: ShareDrawing): Promise<Uint8Array>
  /** Ends the thread, returning its memory. */
  close(): Promise<void>
}

export interface ShareImageThreadOptions {
  /**
   * The thread's old-generation heap, in MB. A smaller cap saved no memory and cost time; a
   * larger one only let the garbage grow. @default 64
   */
  readonly heapMb?: number
}

/** How many times a thread that died is started again before drawing gives up. */
const restarts = 2

/**
 * A thread that draws share images (share-worker.ts). satori lays each picture out in
 * JavaScript and leaves a few megabytes of garbage per image; on the main thread, whose heap
 * holds the plan of every page, that garbage piled up between collections (a share image per
 * page: 10,000 on the bench site) and set the build's peak memory (issue 19). A thread of its
 * own collects it within a small capped heap, and ending it after the images returns its memory.
 *
 * A thread that dies (out of its heap, or killed) fails the drawings in hand, never leaves
 * them waiting; the next drawing starts a new thread, up to `restarts` times.
 */
export function startShareImageThread(options: ShareImageThreadOptions = {}): ShareImageThread {
  const waiting = new Map<number, { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }>()
  let worker: Promise<Worker> | undefined
  let deaths = 0
  let lastDeath: Error | undefined
  let next = 0
  let closed = false

  const start = async (): Promise<Worker> => {
    const thread = new Worker(await workerEntry(), {
      // The young generation small as well: the render workers' measurements (render-worker.ts).
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? 64, maxYoungGenerationSizeMb: 8 },
    })
    // An error event is followed by an exit event: the thread dies once.
    let dead = false
    const die = (error: Error) => {
      if (closed || dead) return
      dead = true
      deaths++
      lastDeath = error
      worker = undefined
      for (const { reject } of waiting.values()) reject(error)
      waiting.clear()
    }
    thread.on('error', (error) => die(new Error(`the share image thread stopped: ${error.message}`)))
    thread.on('exit', (code) => die(new Error(`the share image thread stopped (exit code ${code})`)))
    thread.on('message', (message: { id: number; bytes?: Uint8Array; error?: { message: string; stack?: string } }) => {
      const pending = waiting.get(message.id)
      waiting.delete(message.id)
      if (message.error) pending?.reject(Object.assign(new Error(message.error.message), { stack: message.error.stack }))
      else pending?.resolve(message.bytes!)
    })
    return thread
  }

  return {
    async draw(drawing) {
      if (closed) throw new Error('the share image thread is closed')
      if (deaths > restarts) throw lastDeath!
      const thread = await (worker ??= start())
      const id = next++
      return new Promise<Uint8Array>((resolve, reject) => {
        waiting.set(id, { resolve, reject })
        thread.postMessage({ id, drawing })
      })
    },
    async close() {
      closed = true
      const thread = await worker?.catch(() => undefined)
      for (const { reject } of waiting.values()) reject(new Error('the share image thread is closed'))
      waiting.clear()
      await thread?.terminate()
    },
  }
}

/**
 * The thread's program. The CLI runs from lib/, where bin/compile.mjs bundles share-worker.ts
 * beside citypress.mjs. Run from src/ (tests), that TypeScript is bundled here instead, with
 * esbuild as the templates are, and started from memory; sharp, native, is imported by path.
 */
async function workerEntry(): Promise<URL> {
  if (!import.meta.url.endsWith('.ts')) return new URL('./share-worker.mjs', import.meta.url)
  return (fromSource ??= bundleFromSource(path.join(path.dirname(fileURLToPath(import.meta.url)), 'share-worker.ts')))
}
let fromSource: Promise<URL> | undefined

async function bundleFromSource(entry: string): Promise<URL> {
  const { build } = await import('esbuild')
  const sharp = pathToFileURL(createRequire(import.meta.url).resolve('sharp')).href
  const result = await build({
    entryPoints: [entry], bundle: true, write: false, format: 'esm', platform: 'node', target: 'node20', logLevel: 'silent',
    plugins: [{ name: 'sharp-by-path', setup: (b) => b.onResolve({ filter: /^sharp$/ }, () => ({ path: sharp, external: true })) }],
  })
  return new URL(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0]!.contents).toString('base64')}`)
}
