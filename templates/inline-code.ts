/**
 * Every inline script the templates write, by name. Document.tsx writes them from here and the
 * render stage declares them (src/render/inline-code.ts): the Content-Security-Policy allows
 * these by their hashes and no other, and check/ stops a build at any other inline script.
 */
export const inlineScripts = {
  /**
   * Marks the document as scripted before the body is drawn, so styles that need the script (the
   * header over a hero) apply from the first paint instead of switching once the deferred module
   * has run.
   */
  jsClass: "document.documentElement.classList.add('js')",
} as const
