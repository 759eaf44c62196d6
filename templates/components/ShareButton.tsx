import { Icon } from './Icon.js'

export interface ShareButtonProps {
  title: string
  /** The absolute address to share. */
  url: string
  excerpt?: string
  /** @default 'Share' */
  label?: string
}

/**
 * The share button of a blog post: the share widget uses the device's share sheet
 * with title, text and url, or else copies the url and says so. It is a script-only control, so
 * it starts hidden and the widget reveals it (a button that does nothing without JavaScript
 * would be a broken promise).
 */
export function ShareButton({ title, url, excerpt, label = 'Share' }: ShareButtonProps) {
  return (
    <span className="share">
      <button
        type="button"
        className="btn btn-secondary share-button"
        data-widget="share"
        data-title={title}
        data-url={url}
        data-text={excerpt || `Check out this blog post: ${title}`}
        hidden
      >
        <Icon name="share-2" size={18} />
        <span>{label}</span>
      </button>
      {/* Announces "Link copied to clipboard!" to screen readers as well as showing it. */}
      <span className="share-status" role="status" />
    </span>
  )
}
