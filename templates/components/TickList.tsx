import { Icon } from './Icon.js'

/** A list whose items start with a tick: hero points, reasons, card features. */
export function TickList({ items, className }: { items?: readonly string[]; className?: string }) {
  if (!items?.length) return null
  return (
    <ul className={className ? `tick-list ${className}` : 'tick-list'}>
      {items.map((p) => (
        <li key={p}>
          <Icon name="circle-check" size={20} />
          {p}
        </li>
      ))}
    </ul>
  )
}
