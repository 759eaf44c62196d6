import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { maxPageSheets } from '../../src/render/page-stylesheets.js'
import { launchChromium, viewports } from '../helpers/browser.js'
import { type ExampleBuild, type ExampleSite, exampleBuild } from '../helpers/example-build.js'
import { type SiteServer, serveSite } from '../helpers/server.js'

/**
 * A cut stylesheet changes nothing a visitor sees: on a page of each cut of every example site,
 * what every element (and its ::before and ::after) looks like, in the computed properties of
 * `seen`, is the same under the page's own sheet as under the whole stylesheet, at phone and
 * desktop widths, at rest and with every state a widget can put the page in: menus and details
 * open, the header solid after a scroll, dialogs, popovers, the consent banner and form messages
 * shown.
 */
// (The starter's layouts are a page each: it has no cut, as a layout needs more pages than are sampled.)
const sites: readonly ExampleSite[] = ['system4', 'greenway', 'brightline']

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

/** The `<style>` of a page. */
const inlineStyle = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)?.[1]

/** One page of each cut sheet the site's pages carry, by path, and the whole stylesheet. */
function pagesByCut(built: ExampleBuild): { full: string; pages: string[] } {
  const stylesheet = built.result.paths.find((p) => /^assets\/site-[0-9a-f]+\.css$/.test(p))!
  const full = readFileSync(path.join(built.outDir, stylesheet), 'utf8').trim()
  const first = new Map<string, string>()
  for (const file of built.result.paths.filter((p) => p.endsWith('.html'))) {
    const css = inlineStyle(built.file(file))
    if (css !== undefined && css !== full && !first.has(css)) first.set(css, file)
  }
  return { full, pages: [...first.values()].sort() }
}

/**
 * What a visitor sees of an element: its box, its place, its text and its paint. (Reading all of a
 * computed style's 360-odd properties took seconds a page.) Sizes are used values, so any rule
 * that moves a box shows in them.
 */
const seen = [
  'display',
  'position',
  'top',
  'right',
  'bottom',
  'left',
  'z-index',
  'width',
  'height',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border-top-width',
  'border-right-width',
  'border-bottom-width',
  'border-left-width',
  'border-top-style',
  'border-top-color',
  'border-bottom-color',
  'border-top-left-radius',
  'border-bottom-right-radius',
  'outline-style',
  'outline-color',
  'outline-offset',
  'box-shadow',
  'color',
  'background-color',
  'background-image',
  'opacity',
  'visibility',
  'transform',
  'filter',
  'overflow-x',
  'overflow-y',
  'flex-direction',
  'flex-wrap',
  'flex-grow',
  'justify-content',
  'align-items',
  'row-gap',
  'column-gap',
  'grid-template-columns',
  'grid-template-rows',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'line-height',
  'letter-spacing',
  'text-align',
  'text-decoration-line',
  'text-transform',
  'white-space',
  'list-style-type',
  'cursor',
  'object-fit',
  'aspect-ratio',
  'fill',
  'stroke',
  'content',
  'clip-path',
]

/** Every element's look, as one line each, with its ::before and ::after where they have content. */
function computedStyles(page: Page): Promise<string[]> {
  return page.evaluate(async (properties) => {
    // Sizes follow the text's font: measured once every face the page asked for has arrived.
    await document.fonts.ready
    for (const animation of document.getAnimations()) animation.finish()
    const lines: string[] = []
    for (const element of document.querySelectorAll('*')) {
      const name = `${element.localName}${element.id ? `#${element.id}` : ''}.${[...element.classList].join('.')}`
      for (const pseudo of [null, '::before', '::after']) {
        const style = getComputedStyle(element, pseudo)
        if (pseudo && style.content === 'none') continue
        lines.push(`${name}${pseudo ?? ''}${properties.map((p) => `\n${p}: ${style.getPropertyValue(p)}`).join('')}`)
      }
    }
    return lines
  }, seen)
}

/**
 * Puts the page in every state its widgets can, all at once, as their scripts do (set here
 * directly, so no event of the widgets undoes one while the page is measured).
 */
async function widgetStates(page: Page): Promise<void> {
  await page.evaluate(() => {
    // Scrolled, instantly, as the header widget makes it solid on a scroll it sees: a later scroll
    // event (a sheet swapped moves the page) must find it scrolled too.
    window.scrollTo({ top: 600, behavior: 'instant' })
    document.querySelector('.site-header')?.classList.add('is-solid')
    document.documentElement.classList.add('scroll-locked')
    for (const dropdown of document.querySelectorAll('[data-dropdown]')) dropdown.classList.add('is-open')
    for (const toggle of document.querySelectorAll('[aria-expanded]')) toggle.setAttribute('aria-expanded', 'true')
    for (const link of document.querySelectorAll('[data-toc-link]')) link.classList.add('is-active')
    for (const form of document.querySelectorAll('form')) form.setAttribute('aria-busy', 'true')
    for (const details of document.querySelectorAll('details')) details.open = true
    for (const hidden of document.querySelectorAll<HTMLElement>('body [hidden]')) hidden.hidden = false
    for (const dialog of document.querySelectorAll('dialog')) if (!dialog.open) dialog.show()
    for (const popover of document.querySelectorAll<HTMLElement>('[popover]')) popover.showPopover()
  })
}

/** The first differences between two measures, as `element property: cut ≠ full`. */
function differences(cut: readonly string[], full: readonly string[]): string[] {
  const found: string[] = []
  for (let i = 0; i < Math.max(cut.length, full.length) && found.length < 5; i++) {
    if (cut[i] === full[i]) continue
    const [name, ...own] = (cut[i] ?? '').split('\n')
    const whole = new Set((full[i] ?? '').split('\n').slice(1))
    found.push(
      `${name} ${own
        .filter((line) => !whole.has(line))
        .slice(0, 3)
        .join('; ')} (whole: ${(full[i] ?? '').split('\n')[0]})`,
    )
  }
  return found
}

describe.each(sites)('the cut stylesheets of %s', (name) => {
  let built: ExampleBuild
  let server: SiteServer
  let cuts: { full: string; pages: string[] }

  beforeAll(async () => {
    built = await exampleBuild(name)
    server = await serveSite(built.outDir)
    cuts = pagesByCut(built)
  })
  afterAll(async () => {
    await server?.close()
  })

  it('are at most eleven, so the _headers policy, which allows each by its hash, stays under the 2,000 characters Cloudflare Pages reads', () => {
    expect(cuts.pages.length).toBeLessThanOrEqual(maxPageSheets)
    const policy = built
      .file('_headers')
      .split('\n')
      .find((line) => line.includes('Content-Security-Policy:'))!
    expect(policy).toContain('style-src')
    expect(policy.length).toBeLessThan(2000)
  })

  it('are each smaller than the whole stylesheet', () => {
    expect(cuts.pages.length).toBeGreaterThan(0)
    for (const page of cuts.pages) expect(inlineStyle(built.file(page))!.length, page).toBeLessThan(cuts.full.length * 0.75)
  })

  it('style every element of their pages as the whole stylesheet does, in every widget state, at both widths', async () => {
    // The states at both widths (the slide-in menu is the phone's, the dropdown the desktop's); at
    // rest on the desktop, where a state's absence (`:not(.is-solid)`) is styled.
    for (const [viewport, states] of [
      [viewports.desktop, ['at rest', 'with its widgets open']],
      [viewports.phone, ['with its widgets open']],
    ] as const) {
      const context = await browser.newContext({ viewport })
      try {
        const page = await context.newPage()
        for (const file of cuts.pages) {
          await page.goto(`${server.url}/${file}`)
          const own = await page.evaluate(() => document.querySelector('head style')!.textContent!)
          const swap = (css: string) =>
            page.evaluate((text) => {
              document.querySelector('head style')!.textContent = text
            }, css)
          for (const state of states) {
            if (state !== 'at rest') await widgetStates(page)
            const cut = await computedStyles(page)
            await swap(cuts.full)
            const full = await computedStyles(page)
            await swap(own)
            expect(differences(cut, full), `${file} ${state} at ${viewport.width} px`).toEqual([])
          }
        }
      } finally {
        await context.close()
      }
    }
  }, 240_000)
})
