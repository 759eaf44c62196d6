import { Fragment } from 'react'
import type { ServicePage as ServicePageTexts } from '../../src/config/site-input.generated.js'
import type { ServiceConfig } from '../../src/config/site-model.js'
import { serviceLower } from '../../src/plan/landing-tokens.js'
import type { Tone } from '../components/Section.js'
import { usePage } from '../context.js'
import { Areas } from '../sections/Areas.js'
import { Cta } from '../sections/Cta.js'
import { FaqSection } from '../sections/FaqSection.js'
import { Features } from '../sections/Features.js'
import { FormSection } from '../sections/FormSection.js'
import { Hero } from '../sections/Hero.js'
import { Testimonials } from '../sections/Testimonials.js'
import { Text } from '../sections/Text.js'

type Part = NonNullable<ServicePageTexts['order']>[number]

/** The ten sections of the shared service template, in their order, and the service's own `body` after its hero. */
const defaultOrder: readonly Part[] = [
  'hero',
  'body',
  'why',
  'benefits',
  'services',
  'industries',
  'areas',
  'testimonials',
  'contact',
  'faq',
  'cta',
]

/**
 * The shared service template. Every text comes from YAML: the service's
 * own file, else site.yaml `servicePage`, which a service's `page` overrides key by key. Sections
 * without content are left out, and bands alternate plain/surface whatever the order.
 */
export function ServicePage(service: ServiceConfig) {
  const { site } = usePage()
  const defaults: ServicePageTexts = site.servicePage ?? {}
  const own: ServicePageTexts = service.page ?? {}
  const part = <K extends Exclude<keyof ServicePageTexts, 'order'>>(key: K): NonNullable<ServicePageTexts[K]> =>
    ({ ...defaults[key], ...own[key] }) as NonNullable<ServicePageTexts[K]>
  const fill = (text: string | undefined) =>
    text?.replaceAll('{service}', service.title).replaceAll('{serviceLower}', serviceLower(service.title))
  const head = (texts: { eyebrow?: string; heading?: string; text?: string }) => ({
    eyebrow: fill(texts.eyebrow),
    heading: fill(texts.heading),
    text: fill(texts.text),
  })

  const build: Record<Part, (tone: Tone) => React.ReactNode> = {
    hero: () =>
      service.skipHero ? null : (
        <Hero
          type="hero"
          title={service.headline ?? service.title}
          eyebrow={service.eyebrow}
          lead={service.subtitle}
          image={service.image}
          imageAlt={service.imageAlt}
          points={service.points}
          badges={service.badges ?? part('hero').badges}
          actions={part('hero').actions}
        />
      ),
    // The service's own paragraphs (service.yaml `body`), continuing the hero's h1: no heading of their own.
    body: (tone) => (service.body ? <Text type="text" id="about-service" tone={tone} body={service.body} /> : null),
    why: (tone) => {
      const why = part('why')
      if (!why.points?.length) return null
      return (
        <Features
          type="features"
          id="why-us"
          tone={tone}
          layout="tiles"
          columns={2}
          {...head(why)}
          items={why.points}
          note={why.promise && { ...why.promise, text: fill(why.promise.text)! }}
        />
      )
    },
    benefits: (tone) =>
      service.benefits?.length ? (
        <Features type="features" id="benefits" tone={tone} {...head(part('benefits'))} items={service.benefits} />
      ) : null,
    services: (tone) =>
      service.services?.length ? (
        <Features
          type="features"
          id="services"
          tone={tone}
          columns={3}
          {...head(part('services'))}
          items={service.services}
          link={part('services').link}
        />
      ) : null,
    industries: (tone) => {
      const items = service.industries ?? part('industries').items
      return items?.length ? (
        <Features type="features" id="industries" tone={tone} layout="compact" {...head(part('industries'))} items={items} />
      ) : null
    },
    areas: (tone) => {
      const list = service.areas?.list ?? part('areas').list
      if (!list) return null
      const groups = [{ heading: service.areas?.heading, list }, ...(service.areas?.more ?? [])]
      // Chips link to this service's landing pages where they exist.
      return (
        <Areas
          type="areas"
          id="service-areas"
          tone={tone}
          {...head(part('areas'))}
          groups={groups}
          landingService={service.areas?.landingService ?? service.slug}
        />
      )
    },
    testimonials: (tone) =>
      service.testimonials?.length ? (
        <Testimonials type="testimonials" id="testimonials" tone={tone} {...head(part('testimonials'))} items={service.testimonials} />
      ) : null,
    contact: (tone) => {
      const contact = part('contact')
      if (!contact.form) return null
      return (
        <FormSection
          type="form"
          id="quote"
          tone={tone}
          {...head(contact)}
          form={contact.form}
          formHeading={fill(contact.formHeading)}
          formText={fill(contact.formText)}
          points={contact.points}
        />
      )
    },
    faq: (tone) =>
      service.faqs?.length ? <FaqSection type="faq" id="faq" tone={tone} {...head(part('faq'))} items={service.faqs} /> : null,
    cta: () => {
      const cta = part('cta')
      // The service's own `cta` (text and link) replaces the first button.
      const actions = [...(cta.actions ?? [])]
      if (service.cta) actions.splice(0, 1, service.cta)
      if (!cta.heading || actions.length === 0) return null
      return <Cta type="cta" eyebrow={fill(cta.eyebrow)} heading={fill(cta.heading)!} text={fill(cta.text)} actions={actions} />
    },
  }

  let band = 0
  const rendered = (own.order ?? defaults.order ?? defaultOrder).map((key) => {
    const isBand = key !== 'hero' && key !== 'cta'
    const node = build[key](band % 2 === 0 ? 'plain' : 'surface')
    if (node && isBand) band++
    return node ? <Fragment key={key}>{node}</Fragment> : null
  })
  return <>{rendered}</>
}
