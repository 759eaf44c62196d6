import { getHeapStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

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
 * of resident memory); by 48 MiB (21 %), 783–806 MiB in the same time. At 10,107 pages (about 65
 * MiB alive) the bound in force is the tighter one, as before: 20 % cost 5 % more time there.
 */
const renderingHeadroomMiB = 48

let processBounded = false
/** Render stages in this process collecting sooner (collectSooner). */
let rendering = 0
/** The bound while rendering, set from what was alive when the first render stage started. */
let renderingPercent = 0

function apply(): void {
  const percent = rendering > 0 ? renderingPercent : processBounded ? bounds.process : 0
  setFlagsFromString(`--heap-growing-percent=${percent}`)
}

/** Bounds the heap's growth for the rest of the process. For its entry points only, never on import. */
export function boundHeapGrowth(): void {
  processBounded = true
  apply()
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
