import { beforeAll, describe, expect, it } from 'vitest'
import { type BuiltSite, buildSite } from './build-system4.js'
import { find, findAll, type HtmlNode, text } from './html.js'

// The example site's five quote forms and their validation rules, as a visitor's browser sees them.
let site: BuiltSite
beforeAll(async () => {
  site = await buildSite()
})

interface Control {
  name: string
  type: string
  required: boolean
  placeholder?: string
  options?: string[]
  rows?: string
}

/** The visible controls of a form in document order; checkboxes of one name are one control. */
function controlsOf(form: HtmlNode): Control[] {
  const out: Control[] = []
  for (const el of findAll(form, '.form-grid input, .form-grid select, .form-grid textarea').filter((e) =>
    ['input', 'select', 'textarea'].includes(e.tag),
  )) {
    const type = el.tag === 'input' ? (el.attrs.type ?? 'text') : el.tag
    if (type === 'checkbox') {
      const group = out.find((c) => c.name === el.attrs.name)
      if (group) group.options!.push(el.attrs.value!)
      else out.push({ name: el.attrs.name!, type: 'checkboxes', required: false, options: [el.attrs.value!] })
      continue
    }
    const control: Control = { name: el.attrs.name!, type, required: 'required' in el.attrs }
    if (el.attrs.placeholder) control.placeholder = el.attrs.placeholder
    if (el.attrs.rows) control.rows = el.attrs.rows
    if (el.tag === 'select') {
      const [first, ...rest] = findAll(el, 'option')
      // The placeholder option has an empty value, so a required select fails until a choice is made.
      expect(first!.attrs.value).toBe('')
      control.placeholder = text(first!) + ('disabled' in first!.attrs ? ' (disabled)' : '')
      control.options = rest.map(text)
    }
    out.push(control)
  }
  return out
}

const byName = (controls: Control[]) => [...controls].sort((a, b) => a.name.localeCompare(b.name))
const homeServices = [
  'Commercial Cleaning',
  'Building Maintenance',
  'Carpet Cleaning',
  'Window Cleaning',
  'Floor Care',
  'Disinfection Services',
  'Other',
]

const expected: Record<string, { page: string; controls: Control[] }> = {
  home_quote_form: {
    page: '/',
    controls: [
      { name: 'firstName', type: 'text', required: true },
      { name: 'lastName', type: 'text', required: true },
      { name: 'email', type: 'email', required: true },
      { name: 'companyName', type: 'text', required: false },
      { name: 'service', type: 'select', required: true, placeholder: 'Select a service', options: homeServices },
      { name: 'message', type: 'textarea', required: false, placeholder: 'Tell us about your facility and cleaning needs', rows: '4' },
    ],
  },
  about_form: {
    page: '/about',
    controls: [
      { name: 'firstName', type: 'text', required: true },
      { name: 'lastName', type: 'text', required: true },
      { name: 'phone', type: 'tel', required: false },
      { name: 'email', type: 'email', required: true },
      { name: 'companyName', type: 'text', required: false },
      {
        name: 'service',
        type: 'select',
        required: true,
        placeholder: 'Select a service',
        options: ['Commercial Cleaning', 'Carpet Cleaning', 'Floor Care', 'Window Cleaning', 'Disinfection', 'Other'],
      },
      { name: 'message', type: 'textarea', required: false, rows: '4' },
    ],
  },
  'service-page-contact': {
    page: '/services/commercial-cleaning',
    controls: [
      { name: 'firstName', type: 'text', required: true },
      { name: 'lastName', type: 'text', required: true },
      { name: 'email', type: 'email', required: true },
      { name: 'companyName', type: 'text', required: false },
      { name: 'service', type: 'select', required: true, placeholder: 'Select a service', options: homeServices },
      { name: 'phone', type: 'tel', required: false },
      { name: 'message', type: 'textarea', required: false, rows: '4' },
    ],
  },
  'landing-page': {
    page: '/lp/columbus-commercial-cleaning',
    controls: [
      { name: 'name', type: 'text', required: true },
      { name: 'email', type: 'email', required: true },
      { name: 'company', type: 'text', required: false },
      // The placeholder is disabled but the select itself is not required.
      {
        name: 'service',
        type: 'select',
        required: false,
        placeholder: 'Select Service* (disabled)',
        options: [
          'Commercial Cleaning',
          'Building Maintenance',
          'Carpet Cleaning',
          'Floor Care',
          'Window Cleaning',
          'Disinfection Services',
          'Other',
        ],
      },
      { name: 'message', type: 'textarea', required: false, rows: '4' },
    ],
  },
  'contact-page': {
    page: '/contact',
    controls: [
      { name: 'name', type: 'text', required: true },
      { name: 'email', type: 'email', required: true },
      { name: 'company', type: 'text', required: false },
      { name: 'message', type: 'textarea', required: false, rows: '4' },
      {
        name: 'services',
        type: 'checkboxes',
        required: false,
        options: [
          'Commercial Cleaning',
          'Building Maintenance',
          'Disinfection Services',
          'Specialized Services',
          'Carpet Cleaning',
          'Floor Care',
          'Window Cleaning',
          'Other',
        ],
      },
      {
        name: 'facilityType',
        type: 'select',
        required: true,
        placeholder: 'Select facility type',
        options: [
          'Office Building',
          'Retail Space',
          'Medical Facility',
          'Educational Institution',
          'Industrial/Manufacturing',
          'Restaurant/Food Service',
          'Warehouse/Distribution',
          'Religious Facility',
          'Other',
        ],
      },
      { name: 'zipCode', type: 'text', required: true, placeholder: '45215' },
    ],
  },
}

describe('the five quote forms', () => {
  for (const [name, { page, controls }] of Object.entries(expected)) {
    it(`renders ${name} on ${page} with the spec's fields, required flags, options and placeholders`, () => {
      const form = find(site.main(page), `form[name=${name}]`)
      expect(byName(controlsOf(form))).toEqual(byName(controls))
    })

    it(`sends form-name ${name} and carries the bot-field honeypot`, () => {
      const form = find(site.main(page), `form[name=${name}]`)
      expect(find(form, 'input[name=form-name]').attrs).toMatchObject({ type: 'hidden', value: name })
      expect(findAll(form, 'input[name=bot-field]')).toHaveLength(1)
    })
  }

  it("labels the contact form's fields as the spec names them", () => {
    const labels = findAll(find(site.main('/contact'), 'form[name=contact-page]'), 'label, legend')
      .map(text)
      .map((l) => l.replace(/\s*\*$/, ''))
    expect(labels).toEqual(
      expect.arrayContaining(['Full Name', 'Email Address', 'Company Name', 'Facility Type', 'Zip Code', 'Your Message']),
    )
  })
})
