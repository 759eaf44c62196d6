import { readFileSync } from 'node:fs'
import { SourceMap, type SourceMapPayload } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Positions in a bundle (lib/citypress.mjs, a site's template bundle) mapped back to the source
 * they were compiled from, through the bundle's map beside it (`<bundle>.map`). The maps are
 * read only when a stack is shown: Node parsing lib/'s map at every start (source maps enabled)
 * cost every command some 20 ms, for the rare internal error.
 */
const maps = new Map<string, { readonly map: SourceMap; readonly root: string } | undefined>()

/** Where line and column (1-based) of `bundle` came from; undefined when the bundle has no map or the position none. */
export function sourcePosition(
  bundle: string,
  line: number,
  column: number,
): { readonly file: string; readonly line: number; readonly column: number } | undefined {
  if (!maps.has(bundle)) {
    let found: { map: SourceMap; root: string } | undefined
    try {
      const payload = JSON.parse(readFileSync(`${bundle}.map`, 'utf8')) as SourceMapPayload
      // Sources are relative to the map's `sourceRoot`, itself relative to the map (Node applies neither).
      found = { map: new SourceMap(payload), root: path.resolve(path.dirname(bundle), payload.sourceRoot ?? '') }
    } catch {
      /* no map: positions stay as they are */
    }
    maps.set(bundle, found)
  }
  const mapped = maps.get(bundle)
  const entry = mapped?.map.findEntry(line - 1, column - 1) as
    | { originalSource?: string; originalLine?: number; originalColumn?: number }
    | undefined
  if (!entry?.originalSource) return undefined
  const file = entry.originalSource.startsWith('file:')
    ? fileURLToPath(entry.originalSource)
    : path.resolve(mapped!.root, entry.originalSource)
  return { file, line: entry.originalLine! + 1, column: entry.originalColumn! + 1 }
}

/** An error's stack for a bug report, each frame in a bundle that has a map pointing at its source instead. */
export function sourceStack(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  return (error.stack ?? error.message).replace(
    /(\(|at )((?:file:\/\/)?[^\s()]+\.m?js):(\d+):(\d+)(?=\)|$)/gm,
    (whole, before: string, file: string, line: string, column: string) => {
      const found = sourcePosition(file.startsWith('file:') ? fileURLToPath(file) : file, Number(line), Number(column))
      return found ? `${before}${found.file}:${found.line}:${found.column}` : whole
    },
  )
}
