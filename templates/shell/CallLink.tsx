import { Icon } from '../components/Icon.js'
import { mainCallLine, telHref } from '../components/phones.js'
import { usePage, useText } from '../context.js'

/**
 * The business's main line as a call link: what a visitor on a phone wants first. On phones its
 * icon alone (the number is its name), with the number beside it where there is room.
 */
export function CallLink({ className }: { className: string }) {
  const { site } = usePage()
  const text = useText()
  const line = mainCallLine(site)
  if (!line) return null
  return (
    <a className={className} href={telHref(site, line.number)} aria-label={text('callNumber', { number: line.number })}>
      <Icon name="phone" size={20} />
      <span className="call-number">{line.number}</span>
    </a>
  )
}
