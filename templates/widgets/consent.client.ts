/** Where the visitor's answer is kept: 'yes' or 'no'; no key means not asked yet. */
const KEY = 'citypress-consent'

/**
 * The consent banner (site.yaml `analytics.consent`): `load` runs only after the visitor's yes,
 * now or on an earlier visit. The answer is kept in localStorage; each "Cookie settings" button
 * ([data-consent-open], in the footer) shows the banner again. The banner is fixed to the bottom
 * of the window, so showing it moves nothing on the page (no layout shift).
 */
export function askConsent(banner: HTMLElement, load: () => void): void {
  let answer: string | null = null
  try {
    answer = localStorage.getItem(KEY)
  } catch {
    // Storage refused (private mode, blocked cookies): ask on every page, load nothing unasked.
  }
  let isLoaded = answer === 'yes'
  if (isLoaded) load()
  banner.addEventListener('click', (event) => {
    const choice = (event.target as HTMLElement).closest<HTMLElement>('[data-consent]')?.dataset.consent
    if (!choice) return
    try {
      localStorage.setItem(KEY, choice)
    } catch {
      // The choice holds for this page only.
    }
    banner.hidden = true
    // A withdrawn yes: reload, so the scripts already running stop.
    if (choice === 'no' && isLoaded) location.reload()
    if (choice === 'yes' && !isLoaded) load()
    isLoaded ||= choice === 'yes'
  })
  for (const button of document.querySelectorAll('[data-consent-open]')) {
    button.addEventListener('click', () => {
      banner.hidden = false
      banner.querySelector('button')?.focus()
    })
  }
  banner.hidden = answer !== null
}
