// libuv's thread pool makes every asynchronous file call of a process and its worker threads
// (pages linked into the output, image variants read and written). Sized one thread per core, at
// most libuv's default of 4: on 2 cores the default's 4 threads, beside the main thread and two
// render workers, took cores from rendering (cold build of 10,107 pages, four paired series:
// 0.952-0.966 of the wall with 2).
// libuv reads the size once, when the process first reads a file asynchronously, and an ES
// module's own loading does: only a CommonJS entry that requires this first is early enough. A
// size the user set is kept; child processes inherit it.
const { availableParallelism } = require('node:os')

process.env.UV_THREADPOOL_SIZE ??= String(Math.min(4, availableParallelism()))
