import { composeLanding } from './landing-content.js'
import type { RoutePlan, TemplateRoute } from './route-plan.js'

/**
 * A route's template props. A landing page's are composed here from its parts, anew on each
 * call, for the one render that needs them (RoutePlan's `landing` says why they are not kept).
 */
export function routeProps(route: RoutePlan): TemplateRoute['props'] {
  return route.template === 'landing' ? composeLanding(route.landing).props : route.props
}

/** The route as templates see it: with its props and description, for a landing page composed for this render only. */
export function templateRoute(route: RoutePlan): TemplateRoute {
  if (route.template !== 'landing') return route
  const { landing, props: _none, description: _composed, ...rest } = route
  const { props } = composeLanding(landing)
  return { ...rest, template: 'landing', description: props.description, props }
}
