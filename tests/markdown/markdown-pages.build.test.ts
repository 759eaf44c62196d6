import { describe, expect, it } from 'vitest'
import { loadSite } from '../../src/config/load-site.js'
import type { BuildFailure, ConfigError } from '../../src/errors/config-error.js'
import { system4 } from '../example-sites/build-system4.js'
import { buildInMemory, writePhoto } from '../example-sites/helpers.js'
import { normalize, siteFrom } from '../helpers/site.js'

// Any page can be a pages/*.md file; its front matter names it and may add
// sections before and after the Markdown text.
const legal = `---
title: Privacy
description: How we handle what you send us.
before:
  - type: hero
    height: auto
    eyebrow: Legal
    title: Privacy notice
after:
  - type: cta
    heading: Questions?
    actions:
      - { label: Write to us, href: /contact }
---

We keep only what you send us.

## What we collect

![The front desk](desk.jpg)

## How to reach us

Use [the contact page](/contact) or jump back to [what we collect](#what-we-collect).
`

describe('Markdown pages', () => {
  it('builds a pages/*.md file at its file name, with its sections before and after the text', async () => {
    const dir = await siteFrom('minimal', { 'pages/legal/privacy.md': legal })
    await writePhoto(dir, 'pages/legal/desk.jpg', { width: 640, height: 480 })
    const { result, page } = await buildInMemory(dir)
    const route = result.routes.find((r) => r.url === '/legal/privacy')!
    expect(normalize(route.origin.file)).toBe('<tmp>/site/pages/legal/privacy.md')
    expect(route.title).toContain('Privacy')
    const main = page('/legal/privacy').split('<main')[1]!
    const order = [
      '<h1',
      'We keep only what you send us.',
      '<h2 id="what-we-collect">What we collect</h2>',
      '<picture>',
      'alt="The front desk" width="640" height="480"',
      'href="#what-we-collect"',
      'Questions?',
    ]
    const at = order.map((text) => main.indexOf(text))
    expect(
      at.every((i) => i >= 0),
      JSON.stringify(at),
    ).toBe(true)
    expect(at).toEqual([...at].sort((a, b) => a - b))
  })

  it('reports an unknown front matter key at its line in the .md file', async () => {
    const dir = await siteFrom('minimal', { 'pages/privacy.md': legal.replace('description:', 'summary:') })
    // The page's image exists: only the key is wrong (the config reports every mistake in one round).
    await writePhoto(dir, 'pages/desk.jpg', { width: 640, height: 480 })
    const errors = await loadSite(dir).then(
      () => [] as ConfigError[],
      (e: BuildFailure) => e.errors,
    )
    expect(errors.map((e) => `${e.code} ${normalize(e.file)}:${e.line}:${e.column}`)).toEqual([
      'unknown-key <tmp>/site/pages/privacy.md:3:1',
    ])
  })

  it("serves the example site's legal pages from Markdown files", async () => {
    const site = await loadSite(system4)
    for (const url of ['/privacy-policy', '/terms-of-service']) {
      const page = site.pages.find((p) => p.path === url)!
      expect(page.origin.file).toMatch(new RegExp(`sites/system4/pages${url}\\.md$`))
      expect(page.markdown?.body).toContain('## Contact us')
    }
  })
})
