/**
 * The FAQ accordion: at most one item open; clicking the open item closes it and
 * clicking another switches. Native <details name> already does all of it in current browsers;
 * this closes the others where the `name` grouping is not supported yet.
 */
export function mountFaq(root: HTMLElement): void {
  // `toggle` does not bubble, so listen in the capture phase.
  root.addEventListener(
    'toggle',
    (event) => {
      const opened = event.target as HTMLDetailsElement
      if (!opened.open) return
      for (const other of root.querySelectorAll<HTMLDetailsElement>('details[open]')) {
        if (other !== opened) other.open = false
      }
    },
    true,
  )
}
