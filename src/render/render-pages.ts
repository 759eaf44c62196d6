import { ConfigError } from '../errors/config-error.js'
import type { RenderContext, RoutePlan } from '../types.js'
import type { TemplateModule } from './bundle-templates.js'

export interface RenderedPage {
  readonly route: RoutePlan
  readonly html: string
}

/**
 * Stage 3: renders each planned route to a complete HTML document with React's
 * renderToStaticMarkup (inside templates/render.tsx). A template that throws fails the build
 * with the page and the component named, instead of shipping a client-side error screen.
 */
export function renderPage(templates: TemplateModule, route: RoutePlan, context: RenderContext): RenderedPage | ConfigError {
  try {
    return { route, html: templates.renderRoute(route, context) }
  } catch (error) {
    return renderError(route, error)
  }
}

function renderError(route: RoutePlan, error: unknown): ConfigError {
  const stack = error instanceof Error ? error.stack ?? '' : ''
  // keepNames keeps each component's function name; with source maps on (the CLI), the frame
  // also names the template file and line. The first capitalised function is the component.
  const frame = stack.split('\n').find((l) => /^\s+at (?:Object\.)?[A-Z]\w* \(/.test(l) && /templates/.test(l))
  const component = frame?.match(/at (?:Object\.)?([A-Z]\w*)/)?.[1]
  const place = frame?.match(/(templates\/[^):]+\.tsx?):(\d+):(\d+)/)
  return new ConfigError({
    code: 'render-failed',
    message: `The page ${route.url} could not be rendered: ${component ? `the component ${component} ` : 'a template '}threw "${error instanceof Error ? error.message : String(error)}".`,
    hint: place ? `In ${place[1]} line ${place[2]}; the page's data comes from ${route.origin.file}${route.origin.line ? `:${route.origin.line}` : ''}.` : `The page's data comes from ${route.origin.file}.`,
    ...route.origin,
  })
}
