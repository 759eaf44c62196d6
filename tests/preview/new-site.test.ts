import { existsSync } from 'node:fs'
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/build.js'
import { main } from '../../src/cli/main.js'
import { memoryIo, repoRoot, tempDir } from '../helpers/site.js'

/** Every `$schema=` modeline of a site folder, resolved to the file it points at. */
async function schemaLinks(site: string): Promise<{ file: string; link: string; target: string }[]> {
  const links = []
  for (const entry of await readdir(site, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.yaml')) continue
    const file = path.join(entry.parentPath, entry.name)
    const link = (await readFile(file, 'utf8')).match(/^# yaml-language-server: \$schema=(\S+)/)?.[1] ?? ''
    links.push({ file: path.relative(site, file), link, target: path.resolve(path.dirname(file), link) })
  }
  return links.sort((a, b) => a.file.localeCompare(b.file))
}

describe('citypress new', () => {
  it('scaffolds a site outside the repo that builds as is, with absolute schema links, and prints next steps', async () => {
    const dir = path.join(await tempDir(), 'acme')
    const io = memoryIo()
    expect(await main(['new', dir], io)).toBe(0)
    expect(io.stdout).toContain('Next steps:')
    expect(io.stdout).toContain(`npx citypress preview ${dir}`)

    const links = await schemaLinks(dir)
    expect(links.map((l) => l.file)).toEqual(['areas.yaml', 'forms.yaml', 'pages/contact.yaml', 'pages/home.yaml', 'services/office-cleaning.yaml', 'site.yaml'])
    for (const { file, link, target } of links) {
      expect(path.isAbsolute(link), file).toBe(true)
      expect(existsSync(target), `${file} → ${link}`).toBe(true)
      expect(path.dirname(target)).toBe(path.join(repoRoot, 'schemas'))
    }
    expect(await readFile(path.join(dir, '.gitignore'), 'utf8')).toBe('.citypress/\n')

    const result = await build({ site: dir, outDir: path.join(await tempDir(), 'dist'), cacheDir: false })
    expect(result.routes.map((r) => r.url)).toEqual(expect.arrayContaining(['/', '/contact', '/services/office-cleaning']))
  })

  it('links the schemas by relative path when the new site is inside this package', async () => {
    const dir = path.join(repoRoot, 'node_modules', '.cache', `citypress-new-test-${process.pid}`)
    try {
      expect(await main(['new', dir], memoryIo())).toBe(0)
      for (const { file, link, target } of await schemaLinks(dir)) {
        expect(link, file).toMatch(/^(\.\.\/)+schemas\/[a-z]+\.schema\.json$/)
        expect(existsSync(target), `${file} → ${link}`).toBe(true)
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('refuses to write into a folder that is not empty, and changes nothing there', async () => {
    const dir = await tempDir()
    await writeFile(path.join(dir, 'site.yaml'), 'name: Mine\n')
    const io = memoryIo()
    expect(await main(['new', dir], io)).toBe(2)
    expect(io.stderr).toContain('is not empty; citypress new never overwrites files')
    expect(await readdir(dir)).toEqual(['site.yaml'])
    expect(await readFile(path.join(dir, 'site.yaml'), 'utf8')).toBe('name: Mine\n')
  })

  it('keeps the starter in the repo a valid site that builds', async () => {
    const result = await build({ site: path.join(repoRoot, 'sites/starter'), write: false, cacheDir: false })
    const contact = result.files.find((f) => f.path === result.routes.find((r) => r.url === '/contact')!.outputPath)
    expect(String(contact?.contents)).toContain('<form name="quote"')
  })
})
