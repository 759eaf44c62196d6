import type { ServiceConfig } from '../../src/types.js'
import { Cta } from '../sections/Cta.js'
import { Hero } from '../sections/Hero.js'

/** The shared service template (spec § Service pages). */
export function ServicePage(service: ServiceConfig) {
  return (
    <>
      {!service.skipHero && (
        <Hero type="hero" title={service.title} eyebrow={service.eyebrow} lead={service.subtitle} image={service.image} imageAlt={service.imageAlt} badges={service.badges} points={service.points}
          actions={[{ label: 'Get a Free Quote', href: '/contact' }]} />
      )}
      <Cta type="cta" heading={`Ready for better ${service.title.toLowerCase()}?`} actions={[service.cta ?? { label: 'Get a Free Quote', href: '/contact' }]} />
    </>
  )
}
