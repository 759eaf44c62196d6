/**
 * The landing-page slug rule: the city is the part of the area name
 * before any comma, lower-cased, whitespace turned into hyphens, and a leading "ft." changed to
 * "fort". So that every URL stays inside [a-z0-9-]: accents are folded
 * ("Piqué" → "pique") and any other character is dropped ("St. Bernard" → "st-bernard").
 */
export function citySlug(areaName: string): string {
  let slug = slugs.get(areaName)
  if (slug === undefined) {
    if (slugs.size > 100_000) slugs.clear() // a long preview session with ever new names
    slugs.set(areaName, (slug = slugOf(areaName)))
  }
  return slug
}

/** Each area's slug: a 10,000-page matrix asks for some 100,000 landing paths. */
const slugs = new Map<string, string>()

function slugOf(areaName: string): string {
  return textSlug(
    areaName
      .split(',')[0]!
      .trim()
      .toLowerCase()
      .replace(/^ft\.\s*/, 'fort '),
  )
}

/** The one rule for an address segment citypress makes or reads: lower-case ASCII letters, digits and single hyphens. */
export const isSlug = (s: string): boolean => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(s)

/** A text as an address segment by that rule, accents folded: "Construcción" → "construccion". */
export function textSlug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
}
