/** How long "Link copied to clipboard!" (in the site's language) stays visible. */
const STATUS_MS = 4000

/**
 * The share button: the device's share sheet with title, text and url where there is
 * one; otherwise the url goes to the clipboard and "Link copied to clipboard!" appears (in a live
 * region, so it is announced, where an alert would interrupt). Failures are logged by
 * name; a person cancelling the share sheet is not a failure.
 */
export function mountShare(element: HTMLElement): void {
  const button = element as HTMLButtonElement
  button.hidden = false
  const status = button.parentElement?.querySelector<HTMLElement>('.share-status')
  let timer: ReturnType<typeof setTimeout> | undefined
  button.addEventListener('click', async () => {
    const { title, text } = button.dataset
    const url = button.dataset.url || window.location.href
    if (navigator.share) {
      try {
        await navigator.share({ title, text, url })
      } catch (error) {
        if ((error as Error).name !== 'AbortError') console.error('Error sharing', error)
      }
      return
    }
    try {
      await navigator.clipboard.writeText(url)
      if (!status) return
      status.textContent = CITYPRESS_TEXT.linkCopied
      clearTimeout(timer)
      timer = setTimeout(() => {
        status.textContent = ''
      }, STATUS_MS)
    } catch (error) {
      console.error('Error copying link', error)
    }
  })
}
