import { cp, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { parse, stringify } from 'yaml'
import { loadAndPlan } from '../../src/build/index.js'
import { editorConfig } from '../../src/editor/decap-config.js'
import { answerProxy, createProxySession, type ProxySession } from '../../src/editor/proxy.js'
import type { LiveNames } from '../../src/editor/schema-fields.js'
import { repoRoot, snapshot, tempDir } from '../helpers/site.js'

const names: LiveNames = { service: [], form: [], areaList: [], scheduler: [], icon: [], href: [], minLocalWords: 40 }

type Entry = { data: string; file: { path: string } }
type Plan = { redirects: string[]; question?: string }

/** A copy of greenway, its build record and all, with an editor session on it. */
async function greenway(): Promise<{ site: string; session: ProxySession }> {
  const site = path.join(await tempDir('citypress-address-'), 'greenway')
  await cp(path.join(repoRoot, 'sites', 'greenway'), site, { recursive: true, filter: (src) => !src.includes(`${path.sep}.citypress`) })
  const session = createProxySession(site, () => editorConfig(site, names, '/admin/api/', 'http://localhost/'))
  return { site, session }
}

describe("the editor changes a page's address", () => {
  let site: string
  let session: ProxySession
  const read = (file: string) => readFile(path.join(site, file), 'utf8')
  const call = (action: string, params: Record<string, unknown>) => answerProxy(session, action, params)
  const entry = async (file: string) => (await call('getEntry', { path: file })).body as Entry

  beforeAll(async () => {
    ;({ site, session } = await greenway())
  })

  it('renames lawn care to lawn mowing: every landing page redirects to the same town, every reference follows, in one save', async () => {
    const lawnCare = await entry('services/lawn-care.yaml')
    expect(parse(lawnCare.data).address, 'the editor shows the address').toBe('lawn-care')
    const before = await loadAndPlan(site)
    const towns = before.plan.routes.filter((r) => /^\/lp\/.+-lawn-care$/.test(r.url)).map((r) => r.url.slice(4, -'-lawn-care'.length))
    expect(towns.length).toBeGreaterThan(5)
    const raw = stringify({ ...parse(lawnCare.data), address: 'lawn-mowing' })
    const sent = { path: 'services/lawn-care.yaml', raw }
    const untouched = await snapshot(site)

    // Asked first: the 301s, each landing page to its own town's new page.
    const plan = (await call('planSave', { entry: sent })).body as Plan
    expect(await snapshot(site), 'asking writes nothing').toEqual(untouched)
    expect(plan.redirects).toEqual(
      expect.arrayContaining([
        '/services/lawn-care → /services/lawn-mowing',
        ...towns.map((town) => `/lp/${town}-lawn-care → /lp/${town}-lawn-mowing`),
      ]),
    )
    expect(plan.redirects).toHaveLength(towns.length + 1)
    expect(plan.question).toContain('/lp/oregon-city-lawn-care → /lp/oregon-city-lawn-mowing')
    expect(plan.question).toMatch(/Links and names in .*landing\.yaml.* are changed to match/)

    const saved = await call('persistEntry', { dataFiles: [sent], assets: [], options: {} })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    await expect(read('services/lawn-care.yaml')).rejects.toThrow()
    expect(await read('services/lawn-mowing.yaml'), 'the file moves as it is').toBe(
      await readFile(path.join(repoRoot, 'sites/greenway/services/lawn-care.yaml'), 'utf8'),
    )
    for (const file of ['site.yaml', 'landing.yaml', 'pages/home.yaml']) {
      const text = await read(file)
      expect(text, file).not.toMatch(/\blawn-care\b(?!\s*$)/m)
      expect(text, file).toContain('lawn-mowing')
    }
    expect(parse(await read('site.yaml')).redirects).toContainEqual({ from: '/services/lawn-care', to: '/services/lawn-mowing' })

    // The site as saved makes exactly those redirects, each kept in its town.
    const after = await loadAndPlan(site)
    const landing = after.plan.redirects.filter((r) => r.from.endsWith('-lawn-care'))
    expect(landing.map((r) => `${r.from} → ${r.to}`).sort()).toEqual(
      towns.map((town) => `/lp/${town}-lawn-care → /lp/${town}-lawn-mowing`).sort(),
    )
    // Saving the old entry again from the same tab would bring the old file back: refused.
    const again = await call('persistEntry', {
      dataFiles: [{ path: 'services/lawn-care.yaml', raw: lawnCare.data }],
      assets: [],
      options: {},
    })
    expect(again.status).toBe(409)
    await expect(read('services/lawn-care.yaml')).rejects.toThrow()
  })

  it('moves a page to a new path: links to it follow, and the old path redirects', async () => {
    const about = await entry('pages/about.yaml')
    const data = parse(about.data) as { path: string }
    const from = data.path
    const sent = { path: 'pages/about.yaml', raw: stringify({ ...data, path: '/about-us' }) }
    const plan = (await call('planSave', { entry: sent })).body as Plan
    expect(plan.redirects).toEqual([`${from} → /about-us`])
    const saved = await call('persistEntry', { dataFiles: [sent], assets: [], options: {} })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(parse(await read('site.yaml')).redirects).toContainEqual({ from, to: '/about-us' })
    const { plan: after } = await loadAndPlan(site)
    expect(after.routes.map((r) => r.url)).toContain('/about-us')
  })

  it('refuses an address that is no slug or names another file, writing nothing', async () => {
    const other = await greenway()
    const call = (action: string, params: Record<string, unknown>) => answerProxy(other.session, action, params)
    const data = parse(((await call('getEntry', { path: 'services/irrigation.yaml' })).body as Entry).data)
    const before = await snapshot(other.site)
    for (const address of ['../site', 'a/b', 'Lawn Care', 'landscape-design']) {
      const sent = { path: 'services/irrigation.yaml', raw: stringify({ ...data, address }) }
      for (const action of ['planSave', 'persistEntry']) {
        const answer = await call(action, action === 'planSave' ? { entry: sent } : { dataFiles: [sent], assets: [], options: {} })
        expect(answer.status, `${action} ${address}`).toBe(422)
      }
    }
    expect(await snapshot(other.site)).toEqual(before)
  })

  it('says that no landing page can be redirected when the site has no record of its published addresses', async () => {
    const other = await greenway()
    await rm(path.join(other.site, 'published-urls.json'))
    const call = (action: string, params: Record<string, unknown>) => answerProxy(other.session, action, params)
    const data = ((await call('getEntry', { path: 'services/irrigation.yaml' })).body as Entry).data
    const plan = (
      await call('planSave', { entry: { path: 'services/irrigation.yaml', raw: stringify({ ...parse(data), address: 'sprinklers' }) } })
    ).body as Plan
    expect(plan.redirects).toEqual(['/services/irrigation → /services/sprinklers'])
    expect(plan.question).toContain('Its landing pages get no redirect: the site has no record of the addresses it published')
  })
})
