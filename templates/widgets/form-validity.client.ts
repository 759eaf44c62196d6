/**
 * The forms' own checks (required, email, pattern) said in the page's language: a browser words
 * them in its own, which on a page in another language is a sentence in the wrong one. Each
 * message is set as the field is found invalid, and cleared as soon as it is edited, so the
 * browser checks it afresh. Bundled only into the scripts of pages that need it
 * (src/assets/bundle-assets.ts), where it runs by itself, beside the form widget.
 */
for (const form of document.querySelectorAll<HTMLFormElement>('[data-widget="form"] form')) sayValidityInPageLanguage(form)

function sayValidityInPageLanguage(form: HTMLFormElement): void {
  form.addEventListener(
    'invalid',
    (event) => {
      const field = event.target as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement
      field.setCustomValidity('')
      field.setCustomValidity(messageFor(field))
    },
    true,
  )
  const clear = (event: Event) => (event.target as HTMLInputElement).setCustomValidity?.('')
  form.addEventListener('input', clear)
  form.addEventListener('change', clear)
}

function messageFor(field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement): string {
  const { validity } = field
  if (validity.valueMissing) return field instanceof HTMLSelectElement ? CITYPRESS_TEXT.choiceRequired : CITYPRESS_TEXT.fieldRequired
  if (validity.typeMismatch && field.type === 'email') return CITYPRESS_TEXT.emailInvalid
  if (validity.patternMismatch) return CITYPRESS_TEXT.formatInvalid
  // Any other check keeps the browser's own words.
  return ''
}
