import type { FaqSection as FaqSectionInput } from '../../src/config/site-input.generated.js'
import { Faq } from '../components/Faq.js'
import { Section } from '../components/Section.js'

/** The FAQ accordion in a section; `id` also names the group so only one item is open at a time. */
export function FaqSection(props: FaqSectionInput) {
  return (
    <Section id={props.id} tone={props.tone} className="section-faq" eyebrow={props.eyebrow} heading={props.heading} text={props.text}>
      <div className="faq-wrap">
        <Faq items={props.items} name={props.id ?? 'faq'} />
      </div>
    </Section>
  )
}
