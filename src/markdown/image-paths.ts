import path from 'node:path'

/**
 * Site-relative paths an image written in Markdown may mean, most specific first: next to the
 * document (its folder inside the site folder, '' for a YAML field), then the site folder, then
 * images/. config/ reads the first that exists; templates/ looks a YAML field's image up in the
 * same order among the measured images, where the first found is that same file.
 */
export function candidatesOf(written: string, folder: string): string[] {
  const clean = written.split(/[?#]/)[0]!
  if (clean.startsWith('/')) return [path.posix.normalize(clean.slice(1))]
  const found = [path.posix.join(folder, clean), path.posix.normalize(clean)]
  if (!found[1]!.startsWith('images/')) found.push(path.posix.join('images', clean))
  return [...new Set(found)]
}
