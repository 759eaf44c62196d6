import type { Action as ActionInput } from '../../src/config/site-input.generated.js'
import { usePage, useText } from '../context.js'
import { Icon } from './Icon.js'
import { useRegisterWalkthrough } from './WalkthroughDialog.js'

export interface ActionProps {
  action: ActionInput
  className?: string
}

/**
 * A link styled as a button, or a walkthrough button. Without JavaScript the walkthrough
 * button is a plain link to the scheduling page (opened in a new tab); the walkthrough widget
 * turns it into the popup. Each button uses its own scheduler link (the contact band's Book Now
 * differs from Schedule a Walkthrough on the home page).
 */
export function Action({ action, className }: ActionProps) {
  if (action.scheduler) return <WalkthroughButton action={action} className={className} />
  return (
    <a className={buttonClasses(action, className)} href={action.href}>
      <ActionInner action={action} />
    </a>
  )
}

function WalkthroughButton({ action, className }: ActionProps) {
  const { site } = usePage()
  const text = useText()
  useRegisterWalkthrough()
  const src = site.schedulers?.[action.scheduler!] ?? ''
  return (
    <a
      className={buttonClasses(action, className)}
      href={src}
      target="_blank"
      rel="noopener"
      data-widget="walkthrough"
      data-scheduler={src}
    >
      <ActionInner action={{ ...action, label: action.label || text('scheduleWalkthrough') }} />
    </a>
  )
}

function ActionInner({ action }: { action: ActionInput }) {
  return (
    <>
      {action.icon && <Icon name={action.icon} size={18} />}
      <span>{action.label}</span>
    </>
  )
}

function buttonClasses(action: ActionInput, className: string | undefined): string {
  return ['btn', `btn-${action.style ?? 'primary'}`, className].filter(Boolean).join(' ')
}

export function Actions({ actions, className }: { actions?: readonly ActionInput[]; className?: string }) {
  if (!actions?.length) return null
  return (
    <div className={className ? `actions ${className}` : 'actions'}>
      {actions.map((a, i) => (
        <Action key={i} action={a} />
      ))}
    </div>
  )
}
