import type { LandingPageProps } from '../../src/plan/plan-landing.js'
import { Hero } from '../sections/Hero.js'

/** A /lp/{city}-{service} page (the generic landing variant of the spec). */
export function LandingPage({ city, state, service }: LandingPageProps) {
  return (
    <Hero type="hero" height="60vh" title={`${service.title} in ${city}${state ? `, ${state}` : ''}`} lead={service.subtitle} image={service.image}
      actions={[{ label: 'Get a Free Quote', href: '/contact' }]} />
  )
}
