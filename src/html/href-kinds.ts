/** A relative href (`contact`, `./a`, `../b`, `?q`): no scheme, not site-absolute, not a bare fragment. */
export function isRelativeHref(href: string): boolean {
  return href !== '' && !/^[a-z][a-z0-9+.-]*:|^[/#]/i.test(href)
}

/**
 * An href that leads to the same place from any page: neither relative nor a bare `#fragment`
 * (nor empty), so a link check of it holds for every page that has it.
 */
export function leadsAnywhereAlike(href: string): boolean {
  return href !== '' && !href.startsWith('#') && !isRelativeHref(href)
}
