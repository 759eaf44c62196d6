import path from 'node:path'
import { siteText } from '../config/messages/messages.js'
import { formsReceived } from '../config/presets/hosts.js'
import { escapePointer, pointerOrigin } from '../config/read/locate.js'
import type { SiteConfig } from '../config/site-model.js'
import { FormPageTaken, fail, TakenFieldName } from '../errors/catalogue.js'
import type { ConfigError, Origin } from '../errors/config-error.js'
import { displayFile } from '../tool/package.js'
import { formSuccessUrl, LANGUAGE_FIELD } from './form-urls.js'
import { LANDING_HIDDEN_FIELDS } from './landing-model.js'
import type { FormSuccessProps, RoutePlan } from './route-plan.js'
import { outputPathFor } from './urls.js'

export interface FormPagesResult {
  readonly routes: readonly RoutePlan[]
  readonly errors: readonly ConfigError[]
}

/** Forms need Netlify's declaration and success pages only when Netlify receives them. */
export function usesNetlifyForms(site: SiteConfig): boolean {
  return (site.site.forms?.provider ?? 'netlify') === 'netlify' && formsReceived(site.site) && Object.keys(site.forms).length > 0
}

/**
 * One success page per form (`/thanks/{form}`), the page a form lands on when it posts without
 * JavaScript: Netlify answers a native post with the page its `action` names. Not indexed and
 * not in the sitemap. With provider `endpoint` the endpoint answers native posts itself, so there
 * are none. A page of the site at the same address is reported like any duplicate route.
 */
export function planFormPages(site: SiteConfig, taken: readonly RoutePlan[]): FormPagesResult {
  if (!usesNetlifyForms(site)) return { routes: [], errors: [] }
  const outputs = new Map(taken.map((r) => [r.outputPath, r]))
  const routes: RoutePlan[] = []
  const errors: ConfigError[] = []
  for (const form of Object.values(site.forms)) {
    const url = formSuccessUrl(form.name)
    const outputPath = outputPathFor(url, site.site.trailingSlash)
    const origin = formOrigin(site, form.name)
    const other = outputs.get(outputPath)
    if (other) {
      errors.push(fail(FormPageTaken, { ...origin, also: [other.origin] }, form.name, url, other.template))
      continue
    }
    const props: FormSuccessProps = { form: form.name, title: form.successTitle, message: form.success }
    const route: RoutePlan = {
      url,
      outputPath,
      template: 'form-success',
      title: site.site.titleTemplate.replace('%s', siteText(site.site, 'thankYou')),
      description: form.success,
      noindex: true,
      props,
      origin,
    }
    outputs.set(outputPath, route)
    routes.push(route)
  }
  return { routes, errors }
}

/**
 * A forms.yaml field named like a hidden field citypress adds to that form (the page's language
 * on a site in several languages; the landing page's city, service and address on the landing
 * form; Netlify's form-name): the post would carry two values under one name, and the form
 * service keeps one of them.
 */
export function takenFieldNames(site: SiteConfig): ConfigError[] {
  const added = (form: string): ReadonlyMap<string, string> =>
    new Map([
      ['form-name', "the form's name"],
      ...(site.site.languages.length > 1 ? [[LANGUAGE_FIELD, "the page's language"] as const] : []),
      ...(site.landing?.variant?.form === form
        ? LANDING_HIDDEN_FIELDS.map((name) => [name, 'the landing page it was sent from'] as const)
        : []),
    ])
  return Object.values(site.forms).flatMap((form) => {
    const taken = added(form.name)
    return form.fields.flatMap((field, i) => {
      const what = taken.get(field.name)
      if (!what) return []
      const pointer = `/forms/${escapePointer(form.name)}/fields/${i}/name`
      return [fail(TakenFieldName, pointerOrigin(formOrigin(site, form.name).file, pointer), field.name, form.name, what)]
    })
  })
}

/** forms.yaml, where every form is defined; FormConfig carries no line of its own. */
export function formOrigin(site: SiteConfig, name: string): Origin {
  return { file: displayFile(path.join(site.root, 'forms.yaml')), path: `forms.${name}` }
}
