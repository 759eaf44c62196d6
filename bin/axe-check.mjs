// One axe-core run, shared by `npm run audit` and the browser tests, so both judge a page alike.

/**
 * Runs axe-core (WCAG 2.1 A and AA plus best practices) in the page, where `axe` is already
 * loaded; pass it to playwright's `page.evaluate`. Returns each violation with the selectors of
 * its nodes.
 */
export async function axeInPage() {
  // resultTypes: axe still runs every rule on every element, but describes (selector, HTML) only
  // the violations, not each of the many passing nodes, which no caller reads.
  const result = await window.axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    resultTypes: ['violations'],
  })
  // A see-through header over a hero image is fixed: while axe scrolls the page to check other
  // elements, it reads the header's text against whatever section is then under it (a white
  // band), not against the image it shows over at the top. Those colours (onPrimaryDark on the
  // image's primaryDark overlay) are the contrast table's to check, at build.
  const header = document.querySelector('.site-header')
  const seeThrough = header !== null && getComputedStyle(header).backgroundColor === 'rgba(0, 0, 0, 0)'
  const misread = (v, target) =>
    seeThrough && v.id === 'color-contrast' && document.querySelector(target.join(' '))?.closest('.site-header') != null
  return result.violations
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.filter((n) => !misread(v, n.target)).map((n) => n.target.join(' ')),
    }))
    .filter((v) => v.targets.length > 0)
}
