import type { ServicesSection } from '../../src/config/site-input.generated.js'
import type { ServiceConfig } from '../../src/config/site-model.js'
import { Actions } from '../components/Action.js'
import { balancedGridClass, gridColumnsClass } from '../components/grid.js'
import { Icon } from '../components/Icon.js'
import { Image } from '../components/Image.js'
import { Section } from '../components/Section.js'
import { TickList } from '../components/TickList.js'
import { usePage, useText } from '../context.js'

/**
 * Service cards. Texts come from services/*.yaml unless the section overrides them per card, so a
 * landing page can show its own descriptions and send every card to one address (/services).
 */
export function Services(props: ServicesSection) {
  const { services, site } = usePage()
  const text = useText()
  const bySlug = new Map(services.map((s) => [s.slug, s]))
  const items: NonNullable<ServicesSection['items']> = props.items ?? site.services.map((service) => ({ service }))
  const showImages = props.showImages ?? true
  const showFeatures = props.showFeatures ?? true
  const showIcons = props.showIcons ?? true
  return (
    <Section id={props.id} tone={props.tone} className="section-services" eyebrow={props.eyebrow} heading={props.heading} text={props.text}>
      <ul
        className={`service-grid${gridColumnsClass(props.columns, items.length)}${balancedGridClass({ count: items.length, max: props.columns ?? 3 })}`}
      >
        {items.map((item) => {
          const service = bySlug.get(item.service)!
          return (
            <ServiceCard
              key={item.service}
              service={service}
              showImage={showImages}
              icon={showIcons ? service.icon : undefined}
              title={item.title ?? service.title}
              description={item.description ?? service.summary ?? service.description}
              features={showFeatures ? (item.features ?? service.features) : undefined}
              href={item.href ?? props.href ?? `/services/${service.slug}`}
              linkLabel={props.linkLabel ?? text('learnMore')}
            />
          )
        })}
      </ul>
      <Actions actions={props.actions} className="center" />
    </Section>
  )
}

interface ServiceCardProps {
  service: ServiceConfig
  title: string
  description: string
  features?: readonly string[]
  href: string
  linkLabel: string
  showImage: boolean
  /** The service's Lucide icon (services/*.yaml `icon`), above the title. */
  icon?: string
}

function ServiceCard({ service, title, description, features, href, linkLabel, showImage, icon }: ServiceCardProps) {
  return (
    <li className="service-card">
      {showImage && service.image && (
        <Image
          src={service.image}
          alt={service.imageAlt ?? ''}
          className="service-card-img"
          sizes="(min-width: 1100px) 380px, (min-width: 700px) 50vw, 100vw"
        />
      )}
      <div className="service-card-body">
        {icon && (
          <span className="feature-icon service-card-icon">
            <Icon name={icon} size={24} />
          </span>
        )}
        <h3 className="service-card-title">{title}</h3>
        <p>{description}</p>
        <TickList items={features} className="service-card-features" />
        <a className="service-card-link" href={href}>
          {linkLabel}
          <span className="visually-hidden">
            : <bdi>{title}</bdi>
          </span>
          <Icon name="arrow-right" size={18} />
        </a>
      </div>
    </li>
  )
}
