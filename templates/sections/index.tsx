import type { SectionInput } from '../../src/config/site-input.generated.js'
import { Areas } from './Areas.js'
import { Cta } from './Cta.js'
import { FaqSection } from './FaqSection.js'
import { Features } from './Features.js'
import { FormSection } from './FormSection.js'
import { Hero } from './Hero.js'
import { MapSection } from './MapSection.js'
import { Services } from './Services.js'
import { Stats } from './Stats.js'
import { Team } from './Team.js'
import { Testimonials } from './Testimonials.js'
import { Text } from './Text.js'

type ComponentFor<T extends SectionInput['type']> = (props: Extract<SectionInput, { type: T }>) => React.ReactNode

/**
 * One component per section type. The `satisfies` clause makes TypeScript fail when a schema in
 * schemas/sections/ has no component here (and the other way round).
 */
export const sections = {
  areas: Areas,
  cta: Cta,
  faq: FaqSection,
  features: Features,
  form: FormSection,
  hero: Hero,
  map: MapSection,
  services: Services,
  stats: Stats,
  team: Team,
  testimonials: Testimonials,
  text: Text,
} satisfies { [T in SectionInput['type']]: ComponentFor<T> }

/** Renders a list of sections in order. */
export function Sections({ list }: { list: readonly SectionInput[] }) {
  return (
    <>
      {list.map((section, i) => {
        const Component = sections[section.type] as (props: SectionInput) => React.ReactNode
        return <Component key={i} {...section} />
      })}
    </>
  )
}
