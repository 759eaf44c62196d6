import type { MapSection as MapSectionProps } from '../../src/config/site-input.generated.js'
import { embedFacadeHtml } from '../components/embed-facade.js'
import { Section } from '../components/Section.js'
import { useText } from '../context.js'

/**
 * A Google map of one place, as the same click-to-load facade as `::: map` in Markdown: no request
 * reaches Google before the click, and config/ added www.google.com to the CSP's frame-src because
 * this section is on a page (src/config/checks/cross-check.ts).
 */
export function MapSection(props: MapSectionProps) {
  const isAddress = /^https?:\/\//i.test(props.place.trim())
  const text = useText()
  const title = props.title ?? (isAddress ? (props.heading ?? text('map')) : props.place)
  // The facade is the one Markdown embeds use (a string of escaped HTML), so both look and load alike.
  return (
    <Section id={props.id} tone={props.tone} className="section-map" eyebrow={props.eyebrow} heading={props.heading} text={props.text}>
      <div
        className="map-frame"
        dangerouslySetInnerHTML={{ __html: embedFacadeHtml({ provider: 'map', value: props.place, title }, text) }}
      />
    </Section>
  )
}
