import { readFile } from 'node:fs/promises'
import type { OutputFile, OutputWriter } from '../types.js'

/** Output paths to hand over as soon as they are all in memory, while the build goes on (preview's open tabs). */
export interface FirstPages {
  readonly paths: readonly string[]
  readonly onRendered: (files: readonly OutputFile[]) => void
}

/**
 * The writer of a build with `write: false` (preview, tests): each file is added to `files`, and
 * nothing touches the disk; commit() has no folder to swap in.
 */
export function createMemoryOutput(files: OutputFile[], firstPages?: FirstPages): OutputWriter {
  const waiting = new Set(firstPages?.paths)
  const add = (file: OutputFile) => {
    files.push(file)
    if (waiting.delete(file.path) && waiting.size === 0) firstPages!.onRendered(files.filter((f) => firstPages!.paths.includes(f.path)))
  }
  return {
    get count() {
      return files.length
    },
    async write(file) {
      add(file)
    },
    async link(file, { source, contents }) {
      add({ path: file, contents: contents ?? (await readFile(source)) })
    },
    async commit() {
      return undefined
    },
    async abort() {},
  }
}
