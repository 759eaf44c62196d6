import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { type PageSheets, selectorNames, stylesheetFor } from '../../src/html/selector-names.js'
import { cutStylesheet } from '../../src/render/page-stylesheets.js'
import { minifyCss } from '../../src/tool/lightning-css.js'
import { packageRoot } from '../../src/tool/package.js'
import { runTimeNames } from '../../templates/widgets/run-time-names.js'

const css = [
  '@font-face{font-family:Body;src:url(/assets/body.woff2)}',
  ':root{--ink:#111}',
  'body{margin:0}',
  '.btn{color:red}',
  '.card .btn{color:blue}',
  'table td{padding:0}',
  '#services{scroll-margin:4rem}',
  '.menu:not(.is-open){display:none}',
  '.chip,.badge{border:1px solid}',
  '[hidden]{display:none!important}',
  '.nav a[aria-current=page]{font-weight:700}',
  ':is(.faq,.toc) summary{cursor:pointer}',
  '@media (min-width:40em){.hero{padding:4rem}.btn{padding:1rem}}',
  '@keyframes fade{from{opacity:0}}',
].join('')

describe('cutting a stylesheet to the names a page uses', () => {
  const cut = cutStylesheet(css, new Set(['body', '.btn', '.menu', '.badge', '.nav', 'a', 'summary']))

  it('keeps every rule whose selectors require only those names', () => {
    for (const kept of [
      'body{',
      '.btn{color:red}',
      '.menu:not(.is-open)',
      '.chip,.badge',
      '.nav a[aria-current=page]',
      '@media (min-width:40em){.btn{padding:1rem}}',
    ]) {
      expect(cut).toContain(kept)
    }
  })

  it('drops the rules that need a class, an element or an id the page lacks', () => {
    for (const dropped of ['.card', 'table', '#services', '.hero']) expect(cut).not.toContain(dropped)
  })

  it('keeps fonts, custom properties, keyframes, attribute states and what :is() asks for', () => {
    for (const kept of ['@font-face', ':root{--ink:#111}', '@keyframes fade', '[hidden]', ':is(.faq,.toc) summary'])
      expect(cut).toContain(kept)
  })
})

describe('the one CSS printer', () => {
  it('leaves out a rule it cannot read, as a browser does, and keeps the rest instead of failing', () => {
    expect(minifyCss('.a{color:red}.c{{x}.d{width:1px}')).toContain('.a{color:red}')
  })
})

describe('the stylesheet a page carries', () => {
  const cuts: PageSheets = {
    required: ['.btn', '.card', '.hero', 'body', 'table'].sort(),
    sheets: [
      { css: 'small', names: ['.btn', 'body'] },
      { css: 'larger', names: ['.btn', '.card', 'body'] },
    ],
  }

  it('is the smallest cut that covers every name its body uses', () => {
    expect(stylesheetFor('<main><a class="btn">A</a></main>', cuts, 'full')).toBe('small')
    expect(stylesheetFor('<main><div class="card"><a class="btn">A</a></div></main>', cuts, 'full')).toBe('larger')
  })

  it('ignores names no rule of the stylesheet requires', () => {
    expect(stylesheetFor('<main><svg class="lucide lucide-moon"></svg><p id="why">x</p></main>', cuts, 'full')).toBe('small')
  })

  it('is the whole stylesheet when no cut covers the body', () => {
    expect(stylesheetFor("<main><table><tr><td class='hero'>x</td></tr></table></main>", cuts, 'full')).toBe('full')
  })

  it('reads class and id attributes in every quoting HTML allows, with their entities', () => {
    expect([...selectorNames(`<p class='a  b' id=top>x</p><i CLASS="c&amp;d">y</i>`)].sort()).toEqual([
      '#top',
      '.a',
      '.b',
      '.c&d',
      'i',
      'p',
    ])
  })
})

describe('the names scripts add at run time', () => {
  it('list every class and element the widgets and inline scripts add', async () => {
    const widgets = path.join(packageRoot, 'templates/widgets')
    const files = [
      ...(await readdir(widgets)).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')).map((f) => path.join(widgets, f)),
      path.join(packageRoot, 'templates/inline-code.ts'),
    ]
    const classes = new Set<string>()
    const elements = new Set<string>()
    for (const file of files) {
      const text = await readFile(file, 'utf8')
      for (const [, list] of text.matchAll(/classList\.(?:add|toggle|replace)\(([^)]*)\)/g)) {
        for (const [, name] of list!.matchAll(/'([^']+)'/g)) classes.add(name!)
      }
      for (const [, value] of text.matchAll(/className\s*\+?=\s*'([^']+)'/g)) for (const name of value!.split(/\s+/)) classes.add(name)
      for (const [, name] of text.matchAll(/createElement\('([^']+)'\)/g)) elements.add(name!)
    }
    // The scan itself finds what it looks for: a widget that adds a class, one that makes an element.
    expect(classes).toContain('is-open')
    expect(elements).toContain('iframe')
    expect([...classes].filter((name) => !(runTimeNames.classes as readonly string[]).includes(name))).toEqual([])
    expect([...elements].filter((name) => !(runTimeNames.elements as readonly string[]).includes(name))).toEqual([])
  })
})
