import type { Action as ActionInput } from '../../src/config/site-input.generated.js'
import { usePage } from '../context.js'
import { Icon } from './Icon.js'

export interface ActionProps {
  action: ActionInput
  className?: string
}

/**
 * A link styled as a button, or a walkthrough button. Without JavaScript the walkthrough
 * button is a plain link to the scheduling page (opened in a new tab); the walkthrough widget
 * turns it into the popup.
 */
export function Action({ action, className }: ActionProps) {
  const { site } = usePage()
  const classes = ['btn', `btn-${action.style ?? 'primary'}`, className].filter(Boolean).join(' ')
  const inner = (
    <>
      {action.icon && <Icon name={action.icon} size={18} />}
      <span>{action.label}</span>
    </>
  )
  if (action.scheduler) {
    const src = site.schedulers?.[action.scheduler] ?? ''
    return (
      <a className={classes} href={src} target="_blank" rel="noopener" data-widget="walkthrough" data-scheduler={src}>
        {inner}
      </a>
    )
  }
  return <a className={classes} href={action.href}>{inner}</a>
}

export function Actions({ actions, className }: { actions?: readonly ActionInput[]; className?: string }) {
  if (!actions?.length) return null
  return (
    <div className={className ? `actions ${className}` : 'actions'}>
      {actions.map((a, i) => <Action key={i} action={a} />)}
    </div>
  )
}
