import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from './helpers/site.js'

// The pipeline flows one way (DESIGN.md): config → plan → images | assets | render → check →
// output, then report (a finished build's report page, drawn from every stage's results). A stage may use an earlier stage and the neutral modules, never a later stage or a
// parallel one; the neutral modules use no stage. The drivers (build/, bench/, cli/, preview/, editor/) may use
// everything. Read from the source itself, so a new import that breaks the flow fails here.

const rank: Record<string, number> = { config: 1, plan: 2, images: 3, assets: 3, render: 3, check: 4, output: 5, report: 6 }
const neutral = new Set(['errors', 'cache', 'html', 'markdown', 'site', 'tool', 'types.ts'])
/** The types generated from schemas/ describe the site's files for every stage. */
const neutralFiles = new Set(['config/site-input.generated.ts'])
const drivers = new Set(['build', 'bench', 'cli', 'preview', 'editor'])

/** Every module of src/ with the modules of src/ it imports (relative imports, `import type` included). */
async function importGraph(): Promise<Map<string, string[]>> {
  const src = path.join(repoRoot, 'src')
  const graph = new Map<string, string[]>()
  for (const entry of await readdir(src, { recursive: true })) {
    if (!/\.tsx?$/.test(entry)) continue
    const file = entry.split(path.sep).join('/')
    const text = await readFile(path.join(src, entry), 'utf8')
    const targets = [...text.matchAll(/^(?:import|export)\b[^'"]*?from\s+'(\.[^']+)'/gm)].map(([, spec]) => path.posix.normalize(path.posix.join(path.posix.dirname(file), spec!)).replace(/\.js$/, '.ts'))
    graph.set(file, targets)
  }
  return graph
}

/** `config/load-site.ts` → `config`; `build.ts` → `build.ts`. */
const areaOf = (file: string) => file.split('/')[0]!

describe('the structure of src/', () => {
  it('lets stages import only earlier stages and neutral modules', async () => {
    const wrong: string[] = []
    for (const [file, targets] of await importGraph()) {
      const from = areaOf(file)
      if (drivers.has(from)) continue
      for (const target of targets) {
        const to = areaOf(target)
        if (to === from || neutral.has(to) || neutralFiles.has(target)) continue
        if (neutral.has(from)) wrong.push(`${file} (neutral) imports ${target}`)
        else if (drivers.has(to)) wrong.push(`${file} imports the driver ${target}`)
        else if (rank[to]! > rank[from]!) wrong.push(`${file} (${from}) imports a later stage: ${target}`)
        else if (rank[to] === rank[from]) wrong.push(`${file} (${from}) imports a parallel stage: ${target}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it('has no import cycle', async () => {
    const graph = await importGraph()
    const cycles: string[] = []
    const state = new Map<string, 'open' | 'done'>()
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === 'done') return
      if (state.get(file) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(file)), file].join(' → '))
        return
      }
      state.set(file, 'open')
      for (const target of graph.get(file) ?? []) if (graph.has(target)) visit(target, [...trail, file])
      state.set(file, 'done')
    }
    for (const file of graph.keys()) visit(file, [])
    expect(cycles).toEqual([])
  })
})
