/**
 * The texts widgets write at run time, in the site's language: each is written into its place as
 * the widgets are bundled (src/assets/bundle-assets.ts), so no page carries them.
 */
declare const CITYPRESS_TEXT: {
  /** Shown after the share button copied the page's address. */
  readonly linkCopied: string
}
