import { createContext, useContext } from 'react'
import { useText } from '../context.js'
import { Icon } from './Icon.js'

/**
 * Counts the walkthrough buttons of the page being rendered, so the Shell renders the one shared
 * popup only on pages that have a button. It works because React's server renderer renders
 * siblings in order: the Shell places <WalkthroughDialog> after <main> and the footer, so every
 * button has registered by the time the dialog decides. A fresh scope per page (made in Shell).
 */
export interface WalkthroughScope {
  buttons: number
}

const Scope = createContext<WalkthroughScope | null>(null)
export const WalkthroughScopeProvider = Scope.Provider

/** Called by every walkthrough button while it renders. Outside a Shell (unit tests) it does nothing. */
export function useRegisterWalkthrough(): void {
  const scope = useContext(Scope)
  if (scope) scope.buttons++
}

export interface WalkthroughDialogProps {
  /** The accessible name of the popup. @default the messages table's `scheduleWalkthrough` */
  title?: string
}

/**
 * The walkthrough popup: a full-screen modal <dialog> with the
 * scheduling page in an iframe. The iframe has no `src` here: the walkthrough widget sets the
 * clicked button's scheduler link when the popup opens, so a third-party page loads only on
 * demand. The close control is a native `method="dialog"` form button.
 */
export function WalkthroughDialog({ title: given }: WalkthroughDialogProps) {
  const scope = useContext(Scope)
  const text = useText()
  if (!scope || scope.buttons === 0) return null
  const title = given ?? text('scheduleWalkthrough')
  return (
    <dialog className="walkthrough-dialog" data-walkthrough-dialog aria-label={title}>
      <form method="dialog" className="walkthrough-bar">
        <button type="submit" className="walkthrough-close" aria-label={text('closeCalendar')}>
          <Icon name="x" size={28} />
        </button>
      </form>
      <iframe className="walkthrough-frame" title={title} />
    </dialog>
  )
}
