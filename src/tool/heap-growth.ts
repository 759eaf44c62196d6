import { getHeapSpaceStatistics, getHeapStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { Worker, type WorkerOptions } from 'node:worker_threads'

/**
 * How far V8 lets the heap grow past what survived its last full collection before collecting
 * again, the process's one setting (`--heap-growing-percent`; 0 is V8's own choice, up to four
 * times). The flag is read at every collection, so setting it while the process runs takes
 * effect, for every thread. Both reasons to bound it are kept here, since the tighter must win:
 * one written over the other's lets the heap grow fourfold where neither meant it to.
 */
const bounds = {
  /**
   * For the whole run of a process that plans and builds (the CLI, the bench's React floor): 1.5
   * times. Planning 50,000 pages, which leaves about 215 MiB alive, peaked at 1,036 MiB of resident
   * memory by default and at 688 MiB bounded, in the same time (10,107 pages: a cold build as fast,
   * peak 469 against 478 MiB).
   */
  process: 50,
  /**
   * While workers render many pages: this thread links them into the output and keeps their
   * facts, allocating steadily and keeping little, so a large build's peak was mostly its garbage.
   * Only for that stage where the process is not bounded: builds that render little (warm, one
   * city) spend their time loading caches, which took longer with it.
   */
  rendering: 70,
}

/**
 * While workers render, the heap may grow by about this much past what survived, where the bound
 * in force would allow more: on a large site a share of what is alive is most of the peak. At
 * 50,107 pages about 220 MiB is alive when rendering starts, and growing by half of what survived
 * took the main thread's heap from 315–333 to 492–545 MiB by the end (render stage 867 and 885 MiB
 * of resident memory). Growing by 48 MiB (21 %), a cold build peaked at 528.8–547.5 MiB (median
 * 532); by 24 MiB (11 %), at 503.8–534.1 MiB (median 515), in the same time (four alternating
 * pairs). At 10,107 pages (about 65 MiB alive) that is 37 % where the process allows 50 %: cold
 * builds as fast (wall 0.99 of the other's, four pairs) at the same peak (299 MiB).
 */
const renderingHeadroomMiB = 24

let processBounded = false
/** Render stages in this process collecting sooner (collectSooner). */
let rendering = 0
/** The bound while rendering, set from what was alive when the first render stage started. */
let renderingPercent = 0

function apply(): void {
  const percent = rendering > 0 ? renderingPercent : processBounded ? bounds.process : 0
  setFlagsFromString(`--heap-growing-percent=${percent}`)
}

/**
 * Bounds the heap's growth for the rest of the process, its young generation too
 * (boundYoungGeneration). For its entry points only, never on import.
 */
export function boundHeapGrowth(): void {
  processBounded = true
  apply()
  boundYoungGeneration()
}

/**
 * The young generation of every heap of a process that builds: the render workers' and other
 * threads' (`resourceLimits.maxYoungGenerationSizeMb`), and this thread's once bounded. A build's
 * main thread keeps what it makes (routes, page facts), and V8's default of 32 MiB was resident
 * for the whole build. At 8 MiB, cold builds peaked at 297-304 MiB at 10,107 pages (333-346 by
 * default, three pairs, in the same time) and 531-534 MiB at 50,107 (586-591).
 */
export const youngGenerationMiB = 8

/**
 * Holds this thread's young generation at youngGenerationMiB. Node sets a heap's size when it
 * makes it, so only a flag on the command line (`--max-semi-space-size`) bounds the main thread's,
 * and a relaunch to add one would cost a second process of about 40 MiB. V8 does read, at each
 * collection, the factor it grows a young generation by: so this one is made to grow as usual up
 * to the bound (small objects kept until it has), and a factor of 1 keeps it there. Heaps made
 * later start at the bound, since with that factor they would never grow to it. Left alone
 * where the command line chose a size, or where this thread's young generation is already larger
 * (a test process that ran other code first).
 */
function boundYoungGeneration(): void {
  const chosen = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)]
  if (chosen.some((flag) => /^--(max|min)[-_]semi[-_]space[-_]size|^--semi[-_]space[-_]growth[-_]factor/.test(flag))) return
  const bound = youngGenerationMiB * 2 ** 20
  if (youngGenerationSize() > bound) return
  const kept: object[] = []
  while (youngGenerationSize() < bound && kept.length < youngGenerationGrowthObjects) {
    for (let i = 0; i < 256; i++) kept.push({ kept: i })
  }
  // A V8 whose young generation grows otherwise keeps its own choice, not the smallest size.
  if (youngGenerationSize() < bound) return
  setFlagsFromString(`--min-semi-space-size=${youngGenerationMiB / 2}`)
  youngGenerationHeld = true
  holdYoungGeneration()
}

let youngGenerationHeld = false

function holdYoungGeneration(): void {
  if (youngGenerationHeld) setFlagsFromString('--semi-space-growth-factor=1')
}

/** A worker thread made by boundedWorker, and when it runs. */
export interface BoundedWorker {
  readonly worker: Worker
  /** Settled once the worker runs (or could not start): from then on this thread's young generation is held again. */
  readonly running: Promise<void>
}

/**
 * A worker thread whose young generation is youngGenerationMiB, as every heap of the process. V8
 * sets the growth factor back to 2, for every heap, as it makes a heap (a factor below 2 is not
 * one it starts with): this thread's is held again once the worker runs. Until then this thread's
 * young generation can grow past its bound, so a caller waits for `running` before work that
 * keeps much: a cold build of 10,107 pages that started the SVG sanitizer's thread and parsed the
 * site's YAML meanwhile grew it to 32 MiB for the rest of the build.
 */
export function boundedWorker(file: string | URL, options: WorkerOptions = {}): BoundedWorker {
  const worker = new Worker(file, {
    ...options,
    resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMiB, ...options.resourceLimits },
  })
  worker.once('online', holdYoungGeneration)
  const running = new Promise<void>((resolve) => {
    for (const event of ['online', 'error', 'exit']) worker.once(event, () => resolve())
  })
  return { worker, running }
}

/**
 * How many small objects may be kept to make the young generation grow to its bound: about 10 MB,
 * where it grows after some 8,000 (it grows once more than it holds has survived a collection).
 */
const youngGenerationGrowthObjects = 2 ** 18

/** Both semi-spaces of this thread's young generation, as V8 has them now. */
function youngGenerationSize(): number {
  return getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0
}

/**
 * Bounds the heap's growth while workers render, until the returned function is called, starting
 * with one full collection now: what planning left is gone before the workers start, and what
 * survives sets the bound (renderingHeadroomMiB), which applies from the next collection. Another
 * build in the process may be rendering too: the bound lifts when the last is done.
 */
export function collectSooner(): () => void {
  if (rendering++ === 0) {
    collectNow()
    const aliveMiB = getHeapStatistics().used_heap_size / 2 ** 20
    const bound = processBounded ? bounds.process : bounds.rendering
    renderingPercent = Math.max(10, Math.min(bound, Math.round((renderingHeadroomMiB / aliveMiB) * 100)))
    apply()
  }
  return () => {
    if (--rendering === 0) apply()
  }
}

/** A full collection now, whatever V8 would have chosen. */
export function collectNow(): void {
  // `gc` is given only to contexts made after --expose-gc is set.
  setFlagsFromString('--expose-gc')
  ;(runInNewContext('gc') as () => void)()
}
