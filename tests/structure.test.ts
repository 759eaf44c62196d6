import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot, tempDir } from './helpers/site.js'

// The pipeline flows one way (ARCHITECTURE.md): config → plan → images | assets | render → check →
// output, then report (a finished build's report page, drawn from every stage's results). A stage
// may use an earlier stage and the neutral modules, never a later stage or a parallel one; the
// neutral modules use no stage. The drivers may use everything. templates/ is render-stage code:
// it may use config, plan, the render stage it belongs to (the render context it is given) and the
// neutral modules, never the parallel images and assets stages. Read from the source itself, so a new import
// that breaks the flow fails here; and every folder or loose file of src/ must be in these tables
// and every folder named in ARCHITECTURE.md, so a new one is placed on purpose, never by default.

const rank: Record<string, number> = { config: 1, plan: 2, images: 3, assets: 3, render: 3, check: 4, output: 5, report: 6 }
const neutral = new Set(['errors', 'cache', 'html', 'markdown', 'site', 'tool', 'types.ts'])
/** The types generated from schemas/ describe the site's files for every stage. */
const neutralFiles = new Set(['config/site-input.generated.ts'])
/** build/ runs the stages; bench/ measures them; cli/, preview/, editor/ and scaffold/ serve the user. */
const drivers = new Set(['build', 'bench', 'cli', 'preview', 'editor', 'scaffold'])
/** The stage whose code templates/ is: it may use what that stage may. */
const templatesRank = rank.render!

const known = (area: string) => area in rank || neutral.has(area) || drivers.has(area)

/** `config/load-site.ts` → `config`; `types.ts` → `types.ts`. */
const areaOf = (file: string) => file.split('/')[0]!

/**
 * Every module under `dir` of the repository at `root`, with the files it imports (relative
 * imports), relative to `root`. `import type` counts for the flow of stages (a type is a shape a
 * stage hands on) unless `valuesOnly`: the cycle check asks what runs, and types are erased.
 */
async function importGraph(root: string, dir: string, { valuesOnly = false } = {}): Promise<Map<string, string[]>> {
  const graph = new Map<string, string[]>()
  for (const entry of await readdir(path.join(root, dir), { recursive: true })) {
    if (!/\.tsx?$/.test(entry)) continue
    const file = path.posix.join(dir, entry.split(path.sep).join('/'))
    const text = await readFile(path.join(root, file), 'utf8')
    const imports = valuesOnly
      ? /^(?:import|export)\b(?! type\b)[^'"]*?from\s+'(\.[^']+)'/gm
      : /^(?:import|export)\b[^'"]*?from\s+'(\.[^']+)'/gm
    const targets = [...text.matchAll(imports)].map(([, spec]) =>
      path.posix.normalize(path.posix.join(path.posix.dirname(file), spec!)).replace(/\.js$/, '.ts'),
    )
    graph.set(file, targets)
  }
  return graph
}

/** A `src/` path → the path inside src/, or undefined for a file elsewhere. */
const inSrc = (file: string) => (file.startsWith('src/') ? file.slice('src/'.length) : undefined)

/** Every folder and loose file of `<root>/src` that the tables do not place. */
async function unplaced(root: string): Promise<string[]> {
  const entries = await readdir(path.join(root, 'src'), { withFileTypes: true })
  return entries
    .filter((e) => (e.isDirectory() || /\.tsx?$/.test(e.name)) && !known(e.name))
    .map((e) => `src/${e.name}${e.isDirectory() ? '/' : ''} is in no table of tests/structure.test.ts (a stage, neutral or a driver?)`)
    .sort()
}

/** Every folder of `<root>/src` that `<root>/ARCHITECTURE.md` does not name as `src/<folder>/`. */
async function unnamed(root: string): Promise<string[]> {
  const map = await readFile(path.join(root, 'ARCHITECTURE.md'), 'utf8').catch(() => '')
  const folders = (await readdir(path.join(root, 'src'), { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name)
  return folders.filter((name) => !map.includes(`src/${name}/`)).map((name) => `src/${name}/ is not named in ARCHITECTURE.md`)
}

/** Every import of src/ or templates/ that goes against the flow. */
async function wrongImports(root: string): Promise<string[]> {
  const wrong: string[] = []
  for (const [file, targets] of await importGraph(root, 'src')) {
    const from = areaOf(inSrc(file)!)
    if (drivers.has(from) || !known(from)) continue
    for (const target of targets) {
      const inside = inSrc(target)
      // An import of templates/ (pure data they share, such as the share image's size) is judged from the templates' side.
      if (inside === undefined) continue
      const to = areaOf(inside)
      if (to === from || neutral.has(to) || neutralFiles.has(inside)) continue
      if (neutral.has(from)) wrong.push(`${file} (neutral) imports ${target}`)
      else if (!known(to)) wrong.push(`${file} imports ${target}, in no table`)
      else if (drivers.has(to)) wrong.push(`${file} imports the driver ${target}`)
      else if (rank[to]! > rank[from]!) wrong.push(`${file} (${from}) imports a later stage: ${target}`)
      else if (rank[to] === rank[from]) wrong.push(`${file} (${from}) imports a parallel stage: ${target}`)
    }
  }
  for (const [file, targets] of await importGraph(root, 'templates')) {
    for (const target of targets) {
      const inside = inSrc(target)
      if (inside === undefined) continue
      const to = areaOf(inside)
      if (neutral.has(to) || neutralFiles.has(inside) || to === 'render' || (to in rank && rank[to]! < templatesRank)) continue
      if (!known(to)) wrong.push(`${file} (templates) imports ${target}, in no table`)
      else if (drivers.has(to)) wrong.push(`${file} (templates) imports the driver ${target}`)
      else
        wrong.push(
          `${file} (templates, render-stage code) imports ${rank[to] === templatesRank ? 'its own or a parallel stage' : 'a later stage'}: ${target}`,
        )
    }
  }
  return wrong
}

describe('the structure of src/', () => {
  it('places every folder and loose file of src/ in a table', async () => {
    expect(await unplaced(repoRoot)).toEqual([])
  })

  it('names every folder of src/ in ARCHITECTURE.md', async () => {
    expect(await unnamed(repoRoot)).toEqual([])
  })

  it('lets stages import only earlier stages and neutral modules, and templates only config, plan, render and neutral modules', async () => {
    expect(await wrongImports(repoRoot)).toEqual([])
  })

  it('fails for a folder of src/ it does not know, naming it', async () => {
    const root = await tempDir()
    await mkdir(path.join(root, 'src', 'config'), { recursive: true })
    await mkdir(path.join(root, 'src', 'widgets'), { recursive: true })
    await mkdir(path.join(root, 'templates'), { recursive: true })
    await writeFile(path.join(root, 'src', 'config', 'load.ts'), "import { x } from '../widgets/x.js'\n")
    await writeFile(path.join(root, 'src', 'widgets', 'x.ts'), 'export const x = 1\n')
    await writeFile(path.join(root, 'src', 'loose.ts'), 'export const y = 2\n')
    await writeFile(path.join(root, 'templates', 'page.tsx'), "import { build } from '../src/build/index.js'\n")
    await writeFile(path.join(root, 'ARCHITECTURE.md'), '`src/config/` reads the site folder.\n')
    expect(await unplaced(root)).toEqual([
      'src/loose.ts is in no table of tests/structure.test.ts (a stage, neutral or a driver?)',
      'src/widgets/ is in no table of tests/structure.test.ts (a stage, neutral or a driver?)',
    ])
    expect(await unnamed(root)).toEqual(['src/widgets/ is not named in ARCHITECTURE.md'])
    expect(await wrongImports(root)).toEqual([
      'src/config/load.ts imports src/widgets/x.ts, in no table',
      'templates/page.tsx (templates) imports the driver src/build/index.ts',
    ])
  })

  it('has no import cycle', async () => {
    const graph = await importGraph(repoRoot, 'src', { valuesOnly: true })
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
