import { useText } from '../context.js'
import { balancedGridClass } from './grid.js'
import { Icon } from './Icon.js'

export interface BadgesProps {
  items?: readonly string[]
  /** Accessible name of the list. */
  label?: string
  className?: string
}

/** Trust badges (Fully Insured & Bonded, …) as a row of pills with a shield icon. */
export function Badges({ items, label, className }: BadgesProps) {
  const text = useText()
  if (!items?.length) return null
  return (
    <ul
      className={`badges${className ? ` ${className}` : ''}${balancedGridClass({ count: items.length, max: 3, phoneColumns: 1 })}`}
      aria-label={label ?? text('trustBadges')}
    >
      {items.map((b) => (
        <li key={b} className="badge" dir="auto">
          <Icon name="shield-check" size={18} />
          {b}
        </li>
      ))}
    </ul>
  )
}
