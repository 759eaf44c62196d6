import { describe, expect, it } from 'vitest'
import { findForms } from '../../src/html/find-forms.js'
import { collectPageFacts } from '../../src/html/page-facts.js'

/**
 * Attribute values as a browser reads them: a site's own templates may write any character
 * reference, not only the five React escapes, and a link, id or form name is checked by what
 * the browser makes of it.
 */
const written = 'Caf&eacute;&nbsp;&amp;&#x27;Bar&#8217;s&hellip;&apos;'
const read = "Café\u00a0&'Bar\u2019s\u2026'"

describe('the page scanners', () => {
  it('decode every character reference in the attributes page facts keep', () => {
    const facts = collectPageFacts(`<div id="${written}"><a href="/menu?q=${written}" id="x${written}">Menu</a></div>`)
    expect(facts.ids).toEqual([read, `x${read}`])
    expect(facts.urls).toEqual([`/menu?q=${read}`])
  })

  it('decode every character reference in form names and field names', () => {
    const html = `<form name="${written}"><input name="f${written}"/><input type="hidden" name="form-name" value="${written}"/></form><form><input type="hidden" name="form-name" value="${written}"/></form>`
    expect(findForms(html)).toEqual([
      { name: read, method: '', fields: [`f${read}`, 'form-name'] },
      { name: read, method: '', fields: ['form-name'] },
    ])
  })

  it('leave an ampersand that starts no reference as it is', () => {
    expect(collectPageFacts('<a href="/a?x=1&y=2&amp;z">a</a>').urls).toEqual(['/a?x=1&y=2&z'])
    expect(findForms('<form name="R&D &amp; Co"></form>')[0]!.name).toBe('R&D & Co')
  })
})
