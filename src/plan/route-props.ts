import type { RoutePlan } from './route-plan.js'
import { composeLanding } from './landing-content.js'

/**
 * A route's template props. A landing page's are composed here from its parts, anew on each
 * call, for the one render that needs them (RoutePlan.landing says why they are not kept).
 */
export function routeProps(route: RoutePlan): unknown {
  return route.landing ? composeLanding(route.landing).props : route.props
}
