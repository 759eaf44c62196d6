import type { SiteInput } from '../site-input.generated.js'

/** site.yaml `forms.provider`. */
export type FormProvider = NonNullable<NonNullable<SiteInput['forms']>['provider']>

export interface FormService {
  /** The service's name, as messages write it. */
  readonly label: string
  /** Where the service's form endpoints live: `forms.endpoint` must start with this. */
  readonly endpointPrefix: string
  /** An example endpoint, as the hint and README show it. */
  readonly example: string
  /** The hidden field the service drops posts by when it is filled in (site.yaml `forms.honeypot` default). */
  readonly honeypot: string
}

/**
 * The form services with a preset: each takes a urlencoded post at its endpoint, answers JSON when
 * asked with `Accept: application/json`, and sends CORS headers so the form script may read that
 * answer (templates/widgets/form.client.ts maps it to the success or error state).
 *
 * - Formspree (help.formspree.io "Honeypot spam filtering", "Submit with AJAX"): `_gotcha`; 200
 *   `{ok: true, next}`, or 4xx `{errors: [{code, message}]}`.
 * - Basin (docs.usebasin.com "Using AJAX"): 200 on success, otherwise `{error}`; honeypot `_gotcha`.
 * - Getform: 200 `{success: true}`; honeypot `_gotcha`.
 */
export const formServices: Readonly<Record<Exclude<FormProvider, 'netlify' | 'endpoint'>, FormService>> = {
  formspree: {
    label: 'Formspree',
    endpointPrefix: 'https://formspree.io/f/',
    example: 'https://formspree.io/f/xyzabcde',
    honeypot: '_gotcha',
  },
  basin: { label: 'Basin', endpointPrefix: 'https://usebasin.com/f/', example: 'https://usebasin.com/f/1a2b3c4d5e6f', honeypot: '_gotcha' },
  getform: { label: 'Getform', endpointPrefix: 'https://getform.io/f/', example: 'https://getform.io/f/abcdwxyz', honeypot: '_gotcha' },
}

export function isFormService(provider: string | undefined): provider is keyof typeof formServices {
  return provider !== undefined && Object.hasOwn(formServices, provider)
}

/** The honeypot field name forms carry when site.yaml `forms.honeypot` names none: the provider's own. */
export function defaultHoneypot(provider: FormProvider | undefined): string {
  return isFormService(provider) ? formServices[provider].honeypot : 'bot-field'
}

/** Whether forms post to an address other than Netlify's: `endpoint` or a service preset. */
export function postsToEndpoint(forms: SiteInput['forms']): boolean {
  return forms?.provider === 'endpoint' || isFormService(forms?.provider)
}

/**
 * The origin of another host forms post to, for the CSP's connect-src and form-action; undefined
 * when forms post to this site.
 */
export function formEndpointOrigin(forms: SiteInput['forms']): string | undefined {
  if (!postsToEndpoint(forms) || !/^https?:\/\//.test(forms?.endpoint ?? '')) return undefined
  return new URL(forms!.endpoint!).origin
}
