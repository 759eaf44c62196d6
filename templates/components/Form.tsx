import { isFormService, postsToEndpoint } from '../../src/config/presets/form-services.js'
import { formsReceived } from '../../src/config/presets/hosts.js'
import type { FormConfig, FormField } from '../../src/config/site-model.js'
import { FORMS_DECLARATION_URL, formSuccessUrl, LANGUAGE_FIELD } from '../../src/plan/form-urls.js'
import { usePage, useText } from '../context.js'
import { typesetText } from '../typeset.js'
import { businessPhones, telHref } from './phones.js'

export interface FormProps {
  /** A form name from forms.yaml; config/ has checked it exists. */
  name: string
  /** Hidden fields added to this instance (e.g. the landing page's city and service). */
  hidden?: Readonly<Record<string, string>>
  className?: string
}

/**
 * The one form component: every form of every site renders through it, from its forms.yaml
 * definition. Without JavaScript it posts natively; the form widget adds the submitting, success
 * and error states. The honeypot field (site.yaml `forms.honeypot`) is hidden from people and assistive
 * technology.
 *
 * `action` is where a native post goes and, on Netlify, the page shown after it: the form's
 * success page (src/output/form-pages.ts). `data-endpoint` is where the widget posts: Netlify's
 * `/__forms.html`, or the site's own endpoint or form service, which then serves both.
 */
export function Form({ name, hidden = {}, className }: FormProps) {
  const { forms, site } = usePage()
  const text = useText()
  const form = forms[name]!
  if (!formsReceived(site)) return <ContactInstead className={className} />
  const provider = site.forms?.provider ?? 'netlify'
  const isEndpoint = postsToEndpoint(site.forms)
  const endpoint = isEndpoint ? site.forms?.endpoint : FORMS_DECLARATION_URL
  const action = isEndpoint ? endpoint : formSuccessUrl(form.name)
  // Form services answer JSON when asked for it, which the widget reads for success or errors.
  const isService = isFormService(provider)
  // Texts the widget writes into the page later skip the typographer's pass over the body.
  const typeset = (text: string) => (site.typographer ? typesetText(text) : text)
  return (
    <div className={className ? `form-card ${className}` : 'form-card'} data-widget="form">
      <form
        name={form.name}
        id={form.id}
        method="POST"
        action={action}
        data-endpoint={endpoint}
        data-submitting-label={typeset(form.submittingLabel)}
        data-accept={isService ? 'json' : undefined}
      >
        {/* Netlify files a post under its form-name; a form service has one address per form and would store it as data. */}
        {!isService && <input type="hidden" name="form-name" value={form.name} />}
        {Object.entries(hidden).map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
        {site.languages.length > 1 && <input type="hidden" name={LANGUAGE_FIELD} value={site.language} />}
        {form.honeypot && (
          <p className="honeypot" hidden>
            <label>
              {text('honeypotLabel')} <input name={form.honeypot} tabIndex={-1} autoComplete="off" />
            </label>
          </p>
        )}
        <div className="form-grid">
          {form.fields.map((field) => (
            <Field key={field.name} form={form} field={field} />
          ))}
        </div>
        {/* Empty until sending fails: text written into a live alert is announced, every time. */}
        {/* The widget writes these texts as plain text, after templates/isolate-bidi.ts has run: they isolate themselves. */}
        <p className="form-error" role="alert" dir="auto" data-form-error data-message={typeset(form.error)} />
        <button type="submit" className={`btn btn-${site.theme.submit} form-submit`} dir="auto">
          {form.submitLabel}
        </button>
      </form>
      {/* Focused when shown, so screen readers read the message and keyboards continue from here. */}
      <div className="form-success" hidden data-form-success tabIndex={-1}>
        <h3>{form.successTitle}</h3>
        <p>{form.success}</p>
        <button type="button" className="btn btn-secondary" data-form-reset>
          {form.sendAnotherLabel}
        </button>
      </div>
    </div>
  )
}

/**
 * Where a form would be that nobody receives (Netlify Forms on another host): the business's phone
 * lines and email, which reach someone, instead of a form whose every submission fails.
 */
function ContactInstead({ className }: { className?: string }) {
  const { site } = usePage()
  const text = useText()
  const phones = businessPhones(site).filter((phone) => phone.call !== false)
  return (
    <div className={className ? `form-card contact-instead ${className}` : 'form-card contact-instead'}>
      <p>{text('contactInstead')}</p>
      <ul className="contact-instead-list">
        {phones.map((phone) => (
          <li key={phone.number}>
            <a href={telHref(site, phone.number)}>{phone.number}</a>
          </li>
        ))}
        {site.email && (
          <li>
            <a href={`mailto:${site.email}`}>{site.email}</a>
          </li>
        )}
      </ul>
    </div>
  )
}

function Field({ form, field }: { form: FormConfig; field: FormField }) {
  const text = useText()
  const id = `${form.id}-${field.name}`
  // The help text is read with the control (or the group), after its label.
  const helpId = field.help ? `${id}-help` : undefined
  const help = field.help && (
    <p className="field-help" id={helpId}>
      {field.help}
    </p>
  )
  const label = (
    <>
      {field.label}
      {field.required && (
        <span className="required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </>
  )
  const common = {
    id,
    name: field.name,
    required: field.required || undefined,
    autoComplete: field.autocomplete,
    'aria-describedby': helpId,
  }
  const wrap = (control: React.ReactNode) => (
    <div className={`field field-${field.width}`}>
      <label htmlFor={id}>{label}</label>
      {control}
      {help}
    </div>
  )
  switch (field.type) {
    case 'textarea':
      return wrap(
        <textarea
          {...common}
          rows={field.rows ?? 4}
          placeholder={field.placeholder}
          inputMode={field.inputmode}
          maxLength={field.maxLength}
        />,
      )
    case 'select':
      return wrap(
        <select {...common} defaultValue="">
          <option value="" dir="auto" disabled={field.placeholderDisabled || undefined}>
            {field.placeholder ?? text('selectPlaceholder')}
          </option>
          {field.options?.map((o) => (
            <option key={o.value} value={o.value} dir="auto">
              {o.label}
            </option>
          ))}
        </select>,
      )
    case 'checkboxes':
      return (
        <fieldset className={`field field-${field.width} checkbox-group`} aria-describedby={helpId}>
          <legend>{label}</legend>
          {field.options?.map((o, i) => (
            <label key={o.value} className="checkbox" htmlFor={`${id}-${i}`}>
              <input type="checkbox" id={`${id}-${i}`} name={field.name} value={o.value} />
              {o.label}
            </label>
          ))}
          {help}
        </fieldset>
      )
    default:
      return wrap(
        <input
          {...common}
          type={field.type}
          placeholder={field.placeholder}
          pattern={field.pattern}
          inputMode={field.inputmode}
          maxLength={field.maxLength}
        />,
      )
  }
}
