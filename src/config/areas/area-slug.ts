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
  const city = areaName.split(',')[0]!.trim().toLowerCase()
  return city
    .replace(/^ft\.\s*/, 'fort ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
}
