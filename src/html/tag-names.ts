/** The characters of a tag name as the scanners read React's markup: `[a-zA-Z][a-zA-Z0-9-]*`. */

/** [a-zA-Z]: what a tag name starts with (after `<` or `</`). */
export function isLetter(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90)
}

/** [a-zA-Z0-9-]: what the rest of a tag name is made of. */
export function isNameChar(code: number): boolean {
  return isLetter(code) || (code >= 48 && code <= 57) || code === 45
}
