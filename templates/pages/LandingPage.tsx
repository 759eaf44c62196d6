import { Fragment } from 'react'
import type { BreadcrumbList, Graph } from 'schema-dts'
import { stateName } from '../../src/config/areas/us-states.js'
import type { SiteMeta } from '../../src/config/site-model.js'
import type { LandingBlock, LandingPageProps } from '../../src/plan/landing-model.js'
import { absoluteUrl } from '../../src/plan/urls.js'
import { Form } from '../components/Form.js'
import { Icon } from '../components/Icon.js'
import { JsonLd } from '../components/JsonLd.js'
import { Markdown } from '../components/Markdown.js'
import { businessPhones, telephone } from '../components/phones.js'
import { Section } from '../components/Section.js'
import { usePage, useText } from '../context.js'
import { Cta } from '../sections/Cta.js'
import { FaqSection } from '../sections/FaqSection.js'
import { Features } from '../sections/Features.js'
import { Hero } from '../sections/Hero.js'
import { Services } from '../sections/Services.js'
import { Stats } from '../sections/Stats.js'
import { Testimonials } from '../sections/Testimonials.js'
import { Text } from '../sections/Text.js'
import { faqPage } from '../seo/structured-data.js'

/**
 * A /lp/{city}-{service} page: its sections in landing.yaml `layout` order (by default the
 * generic landing variant of the service page) filled with the place's
 * own facts. Every text was resolved by plan/ (landing.yaml, areas.yaml and the service);
 * src/plan/landing-text.ts reads the same props in the same order for the quality gate, so keep
 * the two in step when adding a section.
 */
export function LandingPage(props: LandingPageProps) {
  const { site, forms } = usePage()
  const text = useText()
  const { hero, local, areas } = props
  const render: Record<LandingBlock, () => React.ReactNode> = {
    hero: () => (
      <Hero
        type="hero"
        height={hero.height}
        eyebrow={hero.eyebrow}
        title={hero.title}
        lead={hero.lead}
        image={hero.image}
        imageAlt={hero.imageAlt}
        badges={[...hero.badges]}
        actions={[...hero.actions]}
      />
    ),
    // The landing form beside the headline, with its attribution fields (README § Attribution).
    'hero-form': () => (
      <Hero
        type="hero"
        height={hero.height}
        eyebrow={hero.eyebrow}
        title={hero.title}
        lead={hero.lead}
        image={hero.image}
        imageAlt={hero.imageAlt}
        badges={[...hero.badges]}
        actions={[...hero.actions]}
        form={props.form?.name}
        formTitle={props.form?.heading}
        formText={props.form?.text}
        formHidden={props.form?.hidden}
      />
    ),
    breadcrumbs: () => (
      <nav className="breadcrumbs" aria-label={text('breadcrumb')}>
        <ol className="container">
          {props.breadcrumbs.map((crumb, i) => (
            <li key={crumb.href}>
              {i === props.breadcrumbs.length - 1 ? <span aria-current="page">{crumb.label}</span> : <a href={crumb.href}>{crumb.label}</a>}
            </li>
          ))}
        </ol>
      </nav>
    ),
    intro: () => props.intro && <Text type="text" id="about-service" heading={props.intro.heading} body={props.intro.text} />,
    local: () =>
      local && (
        <Section id="local" tone="surface" className="section-local" heading={local.heading} centered={false}>
          <div className="local-grid">
            {local.text && <Markdown text={local.text} className="local-text" />}
            {local.facts.length > 0 && (
              <dl className="local-facts">
                {local.facts.map((fact) => (
                  <div key={fact.label} className="local-fact">
                    <dt>{fact.label}</dt>
                    <dd>
                      <ul>
                        {fact.items.map((item) => (
                          <li key={item}>{item}</li>
                        ))}
                      </ul>
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </div>
        </Section>
      ),
    highlights: () =>
      props.highlights && (
        <Features
          type="features"
          id="services"
          heading={props.highlights.heading}
          text={props.highlights.text}
          items={[...props.highlights.items]}
        />
      ),
    services: () =>
      props.serviceCards && (
        <Services
          type="services"
          id="more-services"
          heading={props.serviceCards.heading}
          text={props.serviceCards.text}
          linkLabel={props.serviceCards.linkLabel}
          items={props.serviceCards.items.map((card) => ({ service: card.slug }))}
        />
      ),
    benefits: () =>
      props.benefits && (
        <Features
          type="features"
          id="benefits"
          heading={props.benefits.heading}
          text={props.benefits.text}
          items={[...props.benefits.items]}
        />
      ),
    testimonials: () =>
      props.testimonials && (
        <Testimonials type="testimonials" id="testimonials" heading={props.testimonials.heading} items={[...props.testimonials.items]} />
      ),
    'service-testimonials': () =>
      props.serviceTestimonials && (
        <Testimonials
          type="testimonials"
          id="service-testimonials"
          heading={props.serviceTestimonials.heading}
          items={[...props.serviceTestimonials.items]}
        />
      ),
    faq: () => props.faqs && <FaqSection type="faq" id="faq" heading={props.faqs.heading} items={[...props.faqs.items]} />,
    'service-faq': () =>
      props.serviceFaqs && (
        <FaqSection type="faq" id="service-faq" heading={props.serviceFaqs.heading} items={[...props.serviceFaqs.items]} />
      ),
    nearby: () =>
      areas && (
        <Section id="service-areas" className="section-areas" heading={areas.heading} text={areas.text}>
          {areas.nearby.length > 0 && (
            <nav aria-label={areas.label}>
              <ul className="chips nearby">
                {areas.nearby.map((n) => (
                  <li key={n.href} className="chip">
                    <a href={n.href}>
                      <Icon name="map-pin" size={16} />
                      {n.label}
                      {n.distance !== undefined && <span className="chip-distance"> {n.distance}</span>}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </Section>
      ),
    siblings: () =>
      props.siblings && (
        <Section id="other-services" tone="surface" className="section-siblings" heading={props.siblings.heading}>
          <ul className="link-list">
            {props.siblings.items.map((s) => (
              <li key={s.href}>
                <a href={s.href}>
                  {s.label}
                  <Icon name="arrow-right" size={16} />
                </a>
              </li>
            ))}
          </ul>
        </Section>
      ),
    form: () =>
      props.form && (
        // `#quote` leads to the form: to the section, or to the form itself where the form has that id.
        <section className="section tone-plain section-form" id={forms[props.form.name]?.id === 'quote' ? undefined : 'quote'}>
          <div className="container form-layout">
            <div className="form-aside">
              {props.form.heading && <h2>{props.form.heading}</h2>}
              {props.form.text && <Markdown text={props.form.text} className="section-lead" />}
            </div>
            <div className="form-main">
              <div className="form-panel">
                <Form name={props.form.name} hidden={props.form.hidden} />
              </div>
            </div>
          </div>
        </section>
      ),
    stats: () => props.stats && <Stats type="stats" id="stats" heading={props.stats.heading} items={[...props.stats.items]} />,
    cta: () =>
      props.cta && <Cta type="cta" id="next-step" heading={props.cta.heading} text={props.cta.text} actions={[...props.cta.actions]} />,
  }
  return (
    <>
      <JsonLd data={landingJsonLd(props, site)} />
      {props.layout.map((block) => (
        <Fragment key={block}>{render[block]()}</Fragment>
      ))}
    </>
  )
}

/** schema.org Service (areaServed: the page's city) and the BreadcrumbList shown, in one graph. */
function landingJsonLd(props: LandingPageProps, site: SiteMeta): Graph {
  const url = absoluteUrl(site.url, props.url, site.trailingSlash)
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Service',
        '@id': `${url}#service`,
        name: props.hero.title,
        serviceType: props.service.title,
        description: props.description,
        url,
        // The same @id as the site-wide LocalBusiness in the document head (templates/seo/).
        provider: {
          '@type': 'LocalBusiness',
          '@id': `${site.url}/#business`,
          name: site.name,
          url: site.url,
          ...(site.email ? { email: site.email } : {}),
          // The business's main line, as the head's LocalBusiness gives it (business.phones first).
          ...(businessPhones(site)[0] ? { telephone: telephone(site, businessPhones(site)[0]!.number) } : {}),
        },
        areaServed: {
          '@type': 'City',
          name: props.city,
          ...(props.state ? { containedInPlace: { '@type': 'State', name: stateName(props.state, site.language) } } : {}),
          ...(props.geo ? { geo: { '@type': 'GeoCoordinates', latitude: props.geo.lat, longitude: props.geo.lng } } : {}),
        },
      },
      // Only the questions no other URL shows (LandingPageProps.faqs.markedUp).
      ...(props.faqs?.markedUp.length ? [faqPage(props.faqs.markedUp)] : []),
      // Structured data describes what the page shows: no trail without the breadcrumbs section.
      ...(props.layout.includes('breadcrumbs')
        ? [
            {
              '@type': 'BreadcrumbList',
              itemListElement: props.breadcrumbs.map((crumb, i) => ({
                '@type': 'ListItem',
                position: i + 1,
                name: crumb.label,
                item: absoluteUrl(site.url, crumb.href, site.trailingSlash),
              })),
            } satisfies BreadcrumbList,
          ]
        : []),
    ],
  }
}
