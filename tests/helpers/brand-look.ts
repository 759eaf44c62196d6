import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { build as esbuild } from 'esbuild'
import type { Browser } from 'playwright'
import { parse } from 'yaml'
import { resolveTheme, themeProperties } from '../../src/config/theme/theme.js'
import { packageRoot } from '../../src/tool/package.js'

/**
 * What a visitor sees of a site's colours, measured in Chromium on the real stylesheet
 * (templates/styles/index.css with the site's theme tokens in front, as src/assets/bundle-assets.ts
 * writes it) over the markup the templates render for the header, buttons, cards, inputs and
 * footer. Cheaper than building a whole example site, and it measures exactly what a theme change
 * moves: the CSS and the tokens.
 */
export type BrandLook = Record<string, Record<string, string>>

/** The theme of a site folder's site.yaml as the stylesheet's custom properties. */
export async function siteThemeCss(siteDir: string): Promise<string> {
  const input = parse(await readFile(path.join(siteDir, 'site.yaml'), 'utf8')) as { theme?: Parameters<typeof resolveTheme>[0] }
  return `:root{${themeProperties(resolveTheme(input.theme))}}`
}

async function stylesheet(themeCss: string): Promise<string> {
  const result = await esbuild({
    stdin: {
      contents: `@import "./styles/index.css";\n${themeCss}`,
      resolveDir: path.join(packageRoot, 'templates'),
      loader: 'css',
      sourcefile: 'theme.css',
    },
    bundle: true,
    write: false,
    logLevel: 'silent',
  })
  return result.outputFiles[0]!.text
}

const markup = `
<header class="site-header"><div class="container header-bar">
  <a class="logo" href="#"><span class="logo-text">Brand</span></a>
  <nav class="main-nav"><ul class="nav-list">
    <li><a class="nav-link" id="nav" href="#">Services</a></li>
    <li><a class="nav-link" id="nav-current" aria-current="page" href="#">About</a></li>
  </ul></nav>
  <a class="btn btn-accent header-cta" id="header-cta" href="#">Quote</a>
</div></header>
<main>
  <section class="section"><div class="container">
    <p class="eyebrow" id="eyebrow">Eyebrow</p><p class="lead" id="lead">Lead</p><a id="link" href="#">Link</a>
    <div class="actions">
      <a class="btn btn-primary" id="btn-primary" href="#">Primary</a>
      <a class="btn btn-accent" id="btn-accent" href="#">Accent</a>
      <a class="btn btn-secondary" id="btn-secondary" href="#">Secondary</a>
      <a class="btn btn-link" id="btn-link" href="#">Link</a>
    </div>
    <ul class="card-grid"><li class="card" id="card"><h3 class="card-title" id="card-title">Card</h3><p>Text</p></li></ul>
    <ul class="service-grid"><li class="service-card" id="service-card"><div class="service-card-body"><h3 class="service-card-title">S</h3><p id="service-card-text">T</p><a class="service-card-link" id="service-card-link" href="#">More</a></div></li></ul>
    <ul class="feature-grid feature-cards"><li class="feature" id="feature-card"><span class="feature-icon" id="feature-icon">i</span><h3 class="feature-title">F</h3></li></ul>
    <ul class="tick-list"><li><svg class="icon" id="tick" width="10" height="10"></svg>Tick</li></ul>
    <ul class="chips"><li class="chip"><span id="chip">Chip</span></li></ul>
    <div class="faq"><details class="faq-item" id="faq-item"><summary>Q<svg class="faq-chevron icon" id="faq-chevron" width="10" height="10"></svg></summary></details></div>
  </div></section>
  <section class="section tone-surface" id="surface"><div class="container">
    <p class="section-lead" id="surface-lead">Lead</p><a class="btn btn-secondary" id="surface-btn-secondary" href="#">S</a>
  </div></section>
  <section class="hero has-image" id="hero"><div class="container hero-inner"><div class="hero-copy">
    <p class="eyebrow" id="hero-eyebrow">E</p><h1 id="hero-h1">Hero</h1><p class="hero-lead" id="hero-lead">Lead</p>
    <div class="actions">
      <a class="btn btn-accent" id="hero-btn-accent" href="#">Accent</a>
      <a class="btn btn-primary" id="hero-btn-primary" href="#">Primary</a>
      <a class="btn btn-secondary" id="hero-btn-secondary" href="#">Secondary</a>
      <a class="btn btn-link" id="hero-btn-link" href="#">Link</a>
    </div></div></div></section>
  <section class="section tone-brand" id="band"><div class="container">
    <h2 id="band-h2">Band</h2><p class="section-lead" id="band-lead">Lead</p>
    <div class="actions"><a class="btn btn-accent" id="band-btn-accent" href="#">A</a><a class="btn btn-secondary" id="band-btn-secondary" href="#">S</a></div>
  </div></section>
  <section class="section"><div class="container"><div class="form-card" id="form-card"><form>
    <div class="form-grid">
      <div class="field"><label id="label" for="name">Name <span class="required" id="required">*</span></label><input id="input" type="text"></div>
      <div class="field"><label for="sel">Pick</label><select id="select"><option>a</option></select></div>
      <div class="field field-full"><label for="msg">Message</label><textarea id="textarea"></textarea><p class="field-help" id="help">Help</p></div>
      <div class="field"><label for="focus">Focused</label><input id="input-focus" type="text"></div>
    </div>
    <button class="btn btn-accent form-submit" id="submit" type="submit">Send</button>
  </form></div></div></section>
</main>
<footer class="site-footer" id="footer"><div class="container">
  <div class="footer-grid"><div class="footer-col"><h2 class="footer-heading" id="footer-heading">Services</h2><ul><li><a id="footer-link" href="#">Service</a></li></ul></div>
  <div class="business-facts"><p class="business-phone"><a id="footer-phone" href="#">555</a></p></div></div>
  <div class="footer-bottom" id="footer-bottom"><p id="footer-text">© Brand</p></div>
</div></footer>`

const properties = ['color', 'background-color', 'border-top-color', 'outline-color'] as const

/** Computed colours of each element with an id in the markup above; the focused input after focus. */
export async function measureBrandLook(browser: Browser, themeCss: string): Promise<BrandLook> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  await page.setContent(
    `<!doctype html><html lang="en"><head><style>${await stylesheet(themeCss)}</style></head><body>${markup}</body></html>`,
  )
  await page.focus('#input-focus')
  const look = await page.evaluate(
    (names) => {
      const out: Record<string, Record<string, string>> = {}
      for (const element of document.querySelectorAll<HTMLElement>('[id]')) {
        const style = getComputedStyle(element)
        out[element.id] = Object.fromEntries(names.map((n) => [n, style.getPropertyValue(n)]))
      }
      return out
    },
    [...properties],
  )
  await page.close()
  return look
}
