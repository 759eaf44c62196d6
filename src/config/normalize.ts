import { checkRedirectTarget, checkSiteAddress, checkUrlPath } from './checks/check-url.js'
import { siteLanguages } from './languages/site-languages.js'
import type { OwnMessages } from './messages/check-language.js'
import { messagesFor, siteText } from './messages/messages.js'
import { resolveAnalytics } from './presets/analytics-providers.js'
import { defaultHoneypot } from './presets/form-services.js'
import { hostUrlStyle } from './presets/hosts.js'
import type { FormsInput, SiteInput } from './site-input.generated.js'
import type { FormConfig, SiteMeta } from './site-model.js'
import { resolveTheme } from './theme/theme.js'

/**
 * site.yaml with defaults applied (the schema documents each default with `default`), and its
 * addresses in the form config/checks/check-url.ts gives them (encoded once, no trailing slash on `url`); they
 * were checked with the file (config/checks/check-values.ts) and `baseUrl` by loadSite, so none is refused here.
 */
export function normalizeSite(input: SiteInput, baseUrl?: string, ownMessages?: OwnMessages): SiteMeta {
  const address = checkSiteAddress(baseUrl ?? input.url)
  const checked = <T>(result: { ok: true; value: T } | { ok: false }, value: T): T => (result.ok ? result.value : value)
  const languages = siteLanguages(input)
  const language = languages[0]!.code
  return {
    ...input,
    url: address.ok ? address.value.origin + address.value.basePath : input.url,
    basePath: address.ok ? address.value.basePath : '',
    ...(input.redirects
      ? {
          redirects: input.redirects.map((r) => ({
            ...r,
            from: checked(checkUrlPath(r.from, { patterns: true }), r.from),
            to: checked(checkRedirectTarget(r.to), r.to),
          })),
        }
      : {}),
    analytics: resolveAnalytics(input.analytics),
    theme: resolveTheme(input.theme),
    language,
    languages,
    languagePath: '',
    messages: messagesFor(language, ownMessages),
    titleTemplate: (input.titleTemplate ?? '%s | {name}').replaceAll('{name}', input.name),
    host: input.host ?? 'netlify',
    trailingSlash: hostUrlStyle(input),
  }
}

/** Every form with its labels and messages resolved, keyed by name; texts forms.yaml does not set are the site's words (normalizeSite). */
export function normalizeForms(
  input: FormsInput | undefined,
  site: Pick<SiteMeta, 'forms' | 'language' | 'messages'>,
): Record<string, FormConfig> {
  const honeypot = site.forms?.honeypot ?? defaultHoneypot(site.forms?.provider)
  const defaults = {
    successTitle: siteText(site, 'formSuccessTitle'),
    success: siteText(site, 'formSuccess'),
    sendAnotherLabel: siteText(site, 'formSendAnother'),
    error: siteText(site, 'formError'),
  }
  const messages = { ...defaults, ...input?.messages }
  return Object.fromEntries(
    Object.entries(input?.forms ?? {}).map(([name, form]) => [
      name,
      {
        name,
        id: form.id ?? name,
        submitLabel: form.submitLabel ?? siteText(site, 'formSubmit'),
        submittingLabel: form.submittingLabel ?? siteText(site, 'formSubmitting'),
        successTitle: form.successTitle ?? messages.successTitle,
        success: form.success ?? messages.success,
        sendAnotherLabel: form.sendAnotherLabel ?? messages.sendAnotherLabel,
        error: form.error ?? messages.error,
        honeypot: (form.honeypot ?? true) ? honeypot : undefined,
        fields: form.fields.map((f) => ({
          ...f,
          required: f.required ?? false,
          width: f.width ?? 'full',
          options: f.options?.map((o) => (typeof o === 'string' ? { value: o, label: o } : o)),
        })),
      } satisfies FormConfig,
    ]),
  )
}
