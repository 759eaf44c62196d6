import { createRequire } from 'node:module'
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright'

import { inject } from 'vitest'
import { type AxeViolation, axeInPage } from '../../bin/axe-check.mjs'
import { chromiumPath } from '../../bin/chromium.mjs'
import { chromiumLaunchOptions } from './chromium-options.js'

export { chromiumPath }

export const viewports = {
  phone: { width: 375, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const

/**
 * A Chromium for the calling test file (chromium-options.ts says how it is started): a connection
 * to the browser tier's one Chromium (browser-server-setup.ts), else one of its own. Closing it
 * closes the file's contexts and pages.
 */
export function launchChromium(): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint')
  return endpoint ? chromium.connect(endpoint) : chromium.launch(chromiumLaunchOptions)
}

export interface OfflineContext {
  readonly context: BrowserContext
  /** Every request that left 127.0.0.1 (answered by the stubs below or refused), in order. */
  readonly thirdParty: string[]
}

/**
 * A browser context whose third-party requests never leave the machine: `*.invalid` hosts (the
 * test site's scheduler and analytics) get small stand-in answers, anything else is refused.
 */
export async function openOfflineContext(browser: Browser, options: BrowserContextOptions = {}): Promise<OfflineContext> {
  const context = await browser.newContext({ viewport: viewports.desktop, ...options })
  const thirdParty: string[] = []
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url())
    if (url.hostname === '127.0.0.1') return route.continue()
    thirdParty.push(url.href)
    if (!url.hostname.endsWith('.invalid')) return route.abort('blockedbyclient')
    if (url.pathname.endsWith('.js'))
      return route.fulfill({ contentType: 'text/javascript', body: 'window.analyticsLoaded = (window.analyticsLoaded || 0) + 1' })
    return route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Scheduler</title><h1>Pick a time</h1><p id="address">${url.href}</p>`,
    })
  })
  return { context, thirdParty }
}

/** Resolves after the browser has painted twice: scrolling and observers have had their turn. */
export function nextFrames(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))))
}

export type { AxeViolation }

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/**
 * Puts axe-core into every page `context` opens, before the page's own scripts. Where a test runs
 * axe on many pages, this halves what each check costs: axe (half a megabyte) is no longer sent
 * over the wire and added as a tag after each load.
 */
export async function withAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ path: axeSource })
}

/**
 * Runs axe-core (WCAG 2.1 A and AA plus best practices) on the page as it is now, so a test can
 * check each state of a widget. Returns the violations in a form that reads well in a failure.
 */
export async function findAxeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axeSource })
  return page.evaluate(axeInPage)
}

/** A page an audit visits: where to go, and how a failure names it. */
export interface AuditedPage {
  readonly url: string
  readonly label: string
}

/** Every axe violation of `pages` (under `base`) at `width` px, one line each: none when all pass. */
export async function axeViolationLines(browser: Browser, base: string, pages: readonly AuditedPage[], width: number): Promise<string[]> {
  return (await auditPages(browser, base, pages, { scroll: width, axe: [width] })).axe.get(width)!
}

/** Each of `pages` that is wider than a `width` px viewport (it would scroll sideways), one line each. */
export async function sidewaysScrollLines(
  browser: Browser,
  base: string,
  pages: readonly AuditedPage[],
  width: number,
  height = 640,
): Promise<string[]> {
  return (await auditPages(browser, base, pages, { scroll: width, axe: [], height })).wide
}

/** What auditPages found on each page, one line per finding: all empty when every page passes. */
export interface PageAudit {
  /** The pages wider than the `scroll` width (they would scroll sideways). */
  readonly wide: string[]
  /** The axe violations at each of the `axe` widths. */
  readonly axe: ReadonlyMap<number, string[]>
}

/**
 * Loads each page once, at the narrowest width, and checks it there for sideways scroll, then
 * resizes the viewport to each `axe` width and runs axe: one page load for every check of a page.
 * Media queries and the pages' own resize handling answer a resize as they answer a load at that
 * width.
 */
export async function auditPages(
  browser: Browser,
  base: string,
  pages: readonly AuditedPage[],
  widths: { scroll: number; axe: readonly number[]; height?: number },
): Promise<PageAudit> {
  const height = widths.height ?? 800
  const context = await browser.newContext({ viewport: { width: widths.scroll, height } })
  if (widths.axe.length > 0) await withAxe(context)
  const page = await context.newPage()
  const wide: string[] = []
  const axe = new Map(widths.axe.map((width) => [width, [] as string[]]))
  for (const { url, label } of pages) {
    // Back to the narrowest width: the last page was left at the widest.
    await page.setViewportSize({ width: widths.scroll, height })
    await page.goto(base + url)
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
    if (scrollWidth > widths.scroll) wide.push(`${label}: ${scrollWidth} px`)
    for (const [width, found] of axe) {
      await page.setViewportSize({ width, height })
      await nextFrames(page)
      found.push(...(await findAxeViolations(page)).map((v) => `${label}: ${v.id} ${v.help} (${v.targets.slice(0, 3).join(', ')})`))
    }
  }
  await context.close()
  return { wide, axe }
}
