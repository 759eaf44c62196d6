import { type ChildProcess, fork } from 'node:child_process'
import type { ImageJob } from '../plan/plan-images.js'
import { programFile } from '../tool/program-file.js'

export interface ImageProcess {
  /** The bytes of one variant, encoded or drawn in the process; rejects with the error it met. */
  make(job: ImageJob): Promise<Uint8Array>
  /** Ends the process, returning its memory. */
  close(): Promise<void>
}

export interface ImageProcessOptions {
  /**
   * The process's old-generation heap, in MB. A smaller cap saved no memory and cost time; a
   * larger one only let satori's garbage grow. @default 64
   */
  readonly heapMb?: number
}

/** How many times in a row a process that died is started again before encoding gives up. */
const restarts = 2

/** The process ended while making a variant: the variant may have caused it, or another in hand. */
class ProcessDied extends Error {}

/**
 * glibc's allocator, for the image process only: libvips allocates on each of its threads, and
 * glibc gives every thread an arena of its own (up to eight per core) from which freed memory is
 * seldom returned, so a first build of 10,000 share images peaked at 819 MiB, most of it freed
 * memory held in arenas. Two arenas, and blocks of 4 MB and more mapped on their own (returned
 * to the system when freed), keep it to what is in use. Other allocators ignore these.
 */
const allocator = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '4194304' }

/**
 * A process that encodes image variants with sharp and draws share images with satori
 * (image-worker.ts), so that neither libvips's memory nor satori's garbage (a few megabytes per
 * picture) grows the build's own process, whose heap holds the plan of every page; ending it
 * after the images returns all of it.
 *
 * A process that dies (out of its heap, or killed) never leaves the variants in hand waiting. Each
 * is made again alone in a new process, so only the variant that kills a process by itself fails
 * (its page is blamed, not the pages drawn beside it); a new process is started up to `restarts`
 * times in a row. The process ends when this one does, even when this one is killed: it leaves
 * when its channel closes.
 */
export function startImageProcess(options: ImageProcessOptions = {}): ImageProcess {
  const waiting = new Map<number, { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }>()
  let child: Promise<ChildProcess> | undefined
  let deaths = 0
  let lastDeath: Error | undefined
  let next = 0
  let closed = false

  const start = async (): Promise<ChildProcess> => {
    const started = fork(await programFile('image-worker', import.meta.url, ['sharp']), [], {
      // The young generation small as well: the render workers' measurements (render-worker.ts).
      execArgv: [`--max-old-space-size=${options.heapMb ?? 64}`, '--max-semi-space-size=4'],
      env: { ...process.env, ...allocator },
      serialization: 'advanced',
      // What it prints (V8's report when it runs out of heap) goes into the error, not the terminal.
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    })
    let printed = ''
    started.stderr!.on('data', (chunk: Buffer) => void (printed.length < 2000 && (printed += chunk.toString('utf8'))))
    // V8's report of a full heap starts with its last collections; the reason is the FATAL ERROR line.
    const said = () => {
      const lines = printed
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
      return (lines.find((line) => line.startsWith('FATAL ERROR: ')) ?? lines[0])?.replace(/^FATAL ERROR: /, '')
    }
    // An error event (it could not start) may come with or without a close event: it dies once.
    let dead = false
    const die = (error: Error) => {
      if (closed || dead) return
      dead = true
      deaths++
      lastDeath = error
      child = undefined
      for (const { reject } of waiting.values()) reject(error)
      waiting.clear()
    }
    started.on('error', (error) => die(new ProcessDied(`the image process stopped: ${error.message}`)))
    // 'close', not 'exit': its error output has been read by then.
    started.on('close', (code, signal) =>
      die(
        new ProcessDied(
          `the image process stopped (${[signal ? `signal ${signal}` : `exit code ${code}`, said()].filter(Boolean).join(': ')})`,
        ),
      ),
    )
    started.on('message', (message: { id: number; bytes?: Uint8Array; error?: { message: string; stack?: string } }) => {
      const pending = waiting.get(message.id)
      waiting.delete(message.id)
      if (message.error) pending?.reject(Object.assign(new Error(message.error.message), { stack: message.error.stack }))
      else pending?.resolve(message.bytes!)
    })
    return started
  }

  // While a variant is made alone, no other is sent; `inHand` counts those sent and not answered.
  let alone: Promise<unknown> = Promise.resolve()
  let isAlone = false
  let inHand = 0
  let drained: (() => void) | undefined

  const send = async (job: ImageJob, solo = false): Promise<Uint8Array> => {
    while (isAlone && !solo) await alone
    if (closed) throw new Error('the image process is closed')
    if (deaths > restarts) throw lastDeath!
    const worker = await (child ??= start())
    const id = next++
    inHand++
    try {
      const bytes = await new Promise<Uint8Array>((resolve, reject) => {
        waiting.set(id, { resolve, reject })
        worker.send(
          { id, job },
          (error) => error && waiting.get(id)?.reject(new ProcessDied(`the image process stopped: ${error.message}`)),
        )
      })
      deaths = 0
      return bytes
    } finally {
      if (--inHand === 0) drained?.()
    }
  }

  /** Makes `job` with nothing else in hand, once the variants sent before it are answered. */
  const makeAlone = (job: ImageJob): Promise<Uint8Array> => {
    const turn = alone.then(async () => {
      isAlone = true
      try {
        if (inHand > 0) await new Promise<void>((resolve) => (drained = resolve))
        return await send(job, true)
      } finally {
        isAlone = false
        drained = undefined
      }
    })
    alone = turn.catch(() => undefined)
    return turn
  }

  return {
    async make(job) {
      try {
        return await send(job)
      } catch (error) {
        if (!(error instanceof ProcessDied)) throw error
        // Which variant in hand killed the process is known only by making each again alone.
        return makeAlone(job)
      }
    },
    async close() {
      closed = true
      const worker = await child?.catch(() => undefined)
      for (const { reject } of waiting.values()) reject(new Error('the image process is closed'))
      waiting.clear()
      if (!worker || worker.exitCode !== null || worker.signalCode !== null) return
      const exited = new Promise((resolve) => worker.once('exit', resolve))
      worker.kill()
      await exited
    },
  }
}
