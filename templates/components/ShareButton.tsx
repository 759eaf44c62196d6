import { useText } from '../context.js'
import { Icon } from './Icon.js'

export interface ShareButtonProps {
  title: string
  /** The absolute address to share. */
  url: string
  excerpt?: string
  /** @default the messages table's `share` */
  label?: string
}

/**
 * The share button of a blog post: the share widget uses the device's share sheet
 * with title, text and url, or else copies the url and says so. It is a script-only control, so
 * it starts hidden and the widget reveals it (a button that does nothing without JavaScript
 * would be a broken promise).
 */
export function ShareButton({ title, url, excerpt, label }: ShareButtonProps) {
  const text = useText()
  return (
    <span className="share">
      <button
        type="button"
        className="btn btn-secondary share-button"
        data-widget="share"
        data-title={title}
        data-url={url}
        data-text={excerpt || text('shareText', { title })}
        hidden
      >
        <Icon name="share-2" size={18} />
        <span>{label ?? text('share')}</span>
      </button>
      {/* Announces "Link copied to clipboard!" to screen readers as well as showing it. */}
      <span className="share-status" role="status" />
    </span>
  )
}
