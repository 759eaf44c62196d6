/**
 * Addresses shared by the Form component (templates/) and the build: kept in a file without
 * imports because the template bundle includes it.
 */

/** Where the form widget posts with provider `netlify`, and the file declaring every form. */
export const FORMS_DECLARATION_URL = '/__forms.html'

/**
 * The hidden field every form of a site in several languages sends: the language of the page it
 * was sent from, so whoever answers knows which to answer in.
 */
export const LANGUAGE_FIELD = 'lang'

/**
 * The page a form lands on when it posts without JavaScript: Netlify answers a native post with
 * the page named by the form's `action`. One page per form, so each shows its own success message.
 * Form names may hold `_` and capitals (`home_quote_form`); addresses stay within `[a-z0-9-]`.
 */
export function formSuccessUrl(formName: string): string {
  return `/thanks/${formName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`
}
