/**
 * The texts widgets write at run time, in the site's language: each is written into its place as
 * the widgets are bundled (src/assets/bundle-assets.ts), so no page carries them.
 */
declare const CITYPRESS_TEXT: {
  /** Shown after the share button copied the page's address. */
  readonly linkCopied: string
  /**
   * A form field's checks, said in the page's language (templates/widgets/form-validity.client.ts);
   * all four empty where the browser's own words are the page's, and the script has none of it.
   */
  readonly fieldRequired: string
  readonly choiceRequired: string
  readonly emailInvalid: string
  readonly formatInvalid: string
}
