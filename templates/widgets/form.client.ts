/**
 * Quote forms: idle → submitting → success | error. Submitting disables the
 * button, shows the form's submitting label and clears an earlier error. The form is posted as
 * application/x-www-form-urlencoded to its `data-endpoint` (Netlify's /__forms.html with
 * form-name, the site's endpoint, or a form service, which is asked for JSON with `data-accept`
 * and whose answer must not carry errors). A 2xx answer shows the success panel and empties the form;
 * "Send Another Message" brings the empty form back. Anything else, or no answer at all, shows the
 * error message and keeps every field as typed.
 *
 * The optional success callback is, on a static site, a bubbling `form:success` DOM event
 * on the form's wrapper (detail: `{ form: name }`), for a site's own scripts or analytics.
 *
 * Nothing is logged and localhost is not faked: `citypress preview` answers
 * posts itself, so the real request runs everywhere.
 */
export function mountForm(card: HTMLElement): void {
  const form = card.querySelector('form')!
  const success = card.querySelector<HTMLElement>('[data-form-success]')!
  const error = form.querySelector<HTMLElement>('[data-form-error]')!
  const submit = form.querySelector<HTMLButtonElement>('[type="submit"]')!
  const idleLabel = submit.textContent ?? ''

  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    error.textContent = ''
    submit.disabled = true
    submit.textContent = form.dataset.submittingLabel || idleLabel
    form.setAttribute('aria-busy', 'true')
    const isSent = await send(form)
    submit.disabled = false
    submit.textContent = idleLabel
    form.removeAttribute('aria-busy')
    if (isSent) {
      form.reset()
      form.hidden = true
      success.hidden = false
      success.focus()
      card.dispatchEvent(new CustomEvent('form:success', { bubbles: true, detail: { form: form.getAttribute('name') } }))
    } else {
      error.textContent = error.dataset.message ?? ''
    }
  })
  success.querySelector('[data-form-reset]')?.addEventListener('click', () => {
    success.hidden = true
    form.hidden = false
    form.querySelector<HTMLElement>('input:not([type="hidden"]):not([tabindex="-1"]), select, textarea')?.focus()
  })
}

async function send(form: HTMLFormElement): Promise<boolean> {
  try {
    const body = new URLSearchParams(new FormData(form) as unknown as Record<string, string>)
    const isJson = form.dataset.accept === 'json'
    const response = await fetch(form.dataset.endpoint || form.action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(isJson ? { Accept: 'application/json' } : {}) },
      body: body.toString(),
    })
    if (!response.ok || !isJson) return response.ok
    return isAccepted(await response.json().catch(() => ({})))
  } catch {
    return false
  }
}

/**
 * A form service's JSON answer (src/config/presets/form-services.ts): Formspree `{ok: true, next}` or
 * `{errors: […]}`, Basin `{error}`, Getform `{success: true}`. A 2xx answer is a success unless it
 * says otherwise.
 */
function isAccepted(answer: { ok?: unknown; success?: unknown; error?: unknown; errors?: unknown }): boolean {
  return answer.ok !== false && answer.success !== false && !answer.error && !(Array.isArray(answer.errors) && answer.errors.length > 0)
}
