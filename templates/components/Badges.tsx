import { Icon } from './Icon.js'

export interface BadgesProps {
  items?: readonly string[]
  /** Accessible name of the list. */
  label?: string
  className?: string
}

/** Trust badges (Fully Insured & Bonded, …) as a row of pills with a shield icon. */
export function Badges({ items, label = 'Why customers trust us', className }: BadgesProps) {
  if (!items?.length) return null
  return (
    <ul className={className ? `badges ${className}` : 'badges'} aria-label={label}>
      {items.map((b) => <li key={b} className="badge" dir="auto"><Icon name="shield-check" size={18} />{b}</li>)}
    </ul>
  )
}
