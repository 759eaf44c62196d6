import type { Faq as FaqItem } from '../../src/config/site-input.generated.js'
import { Icon } from './Icon.js'
import { Markdown } from './Markdown.js'

/**
 * An FAQ accordion of native <details> elements: usable without JavaScript; the faq widget keeps
 * at most one item open.
 */
export function Faq({ items, name }: { items: readonly FaqItem[]; name: string }) {
  return (
    <div className="faq" data-widget="faq">
      {items.map((item, i) => (
        <details key={i} className="faq-item" name={name}>
          <summary>
            <span>{item.question}</span>
            <Icon name="chevron-down" size={20} className="faq-chevron" />
          </summary>
          <Markdown text={item.answer} className="faq-answer" />
        </details>
      ))}
    </div>
  )
}
