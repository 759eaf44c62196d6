import { beforeAll, describe, expect, it } from 'vitest'
import { type BuiltSite, buildSite, links, outline, section } from './build-system4.js'
import { find, findAll, text, texts } from './html.js'

// The shared service template: ten sections in order on all eight pages.
let site: BuiltSite
beforeAll(async () => {
  site = await buildSite()
})

const slugs = [
  'commercial-cleaning',
  'building-maintenance',
  'disinfection',
  'carpet-cleaning',
  'floor-care',
  'window-cleaning',
  'office-cleaning',
  'healthcare-cleaning',
]
const walkthrough = 'https://calendly.com/system4-swohio/facility-walkthrough'

describe.each(slugs)('/services/%s', (slug) => {
  const main = () => site.main(`/services/${slug}`)

  it("shows the ten sections in the spec's order", () => {
    expect(outline(main())).toEqual([
      'hero',
      'why-us',
      'benefits',
      'services',
      'industries',
      'service-areas',
      'testimonials',
      'quote',
      'faq',
      'cta',
    ])
  })

  it('opens with Get a Free Quote, Schedule a Walkthrough and trust badges', () => {
    const hero = find(main(), 'section.hero')
    expect(links(hero, '.actions a')).toEqual([
      { label: 'Get a Free Quote', href: '/contact' },
      { label: 'Schedule a Walkthrough', href: walkthrough, scheduler: walkthrough },
    ])
    expect(findAll(hero, '.badge').length).toBeGreaterThanOrEqual(3)
  })

  it('has the Why System4 panel with its four points and Our Promise', () => {
    const why = section(main(), 'why-us')
    expect(texts(why, '.feature-title')).toEqual(['Expert Technicians', 'Premium Equipment', 'Tailored Approach', 'Reliable Results'])
    expect(text(find(why, '.note-card h3'))).toBe('Our Promise')
  })

  it('lists benefits, service cards that each link to /contact, and about 25 industries', () => {
    expect(findAll(section(main(), 'benefits'), 'li.feature').length).toBeGreaterThanOrEqual(3)
    const cards = findAll(section(main(), 'services'), 'li.feature')
    expect(cards.length).toBeGreaterThanOrEqual(4)
    for (const card of cards) expect(links(card)).toEqual([{ label: expect.stringMatching(/^Learn more/), href: '/contact' }])
    expect(findAll(section(main(), 'industries'), 'li.feature').length).toBeGreaterThanOrEqual(20)
  })

  it('shows the 36 service-area chips of OH, KY and IN', () => {
    const [first] = findAll(section(main(), 'service-areas'), '.area-group')
    const chips = texts(first!, 'li.chip')
    expect(chips).toHaveLength(36)
    expect(chips).toEqual(expect.arrayContaining(['Cincinnati, OH', 'Ft. Mitchell, KY', 'Indianapolis, IN', 'Jeffersontown, KY']))
  })

  it('shows three testimonials with quote, name and company', () => {
    const cards = findAll(section(main(), 'testimonials'), 'li.testimonial')
    expect(cards).toHaveLength(3)
    for (const card of cards) {
      expect(text(find(card, 'blockquote')).length).toBeGreaterThan(40)
      expect(text(find(card, '.testimonial-name'))).toMatch(/^[A-Z][a-z]+\.? ?[A-Za-z]*\.?/)
      expect(text(find(card, '.testimonial-company'))).not.toBe('')
    }
  })

  it('offers the service-page-contact form beside three selling points', () => {
    const quote = section(main(), 'quote')
    expect(find(quote, 'form').attrs.name).toBe('service-page-contact')
    expect(texts(quote, '.selling-point h3')).toEqual(['Tailored Approach', 'Competitive Pricing', 'Fast Response'])
  })

  it('answers 3 to 6 questions and closes with Get a Free Quote and Email Us', () => {
    const count = findAll(section(main(), 'faq'), 'details').length
    expect(count).toBeGreaterThanOrEqual(3)
    expect(count).toBeLessThanOrEqual(6)
    expect(links(find(main(), 'section.cta-band'), '.actions a').map((l) => [l.label, l.href])).toEqual([
      ['Get a Free Quote', '/contact'],
      ['Email Us', 'mailto:info@system4swohio.com'],
    ])
  })
})

describe('per-page content', () => {
  it("shows the spec's trust badges per page", () => {
    const badges = (slug: string) => texts(find(site.main(`/services/${slug}`), 'section.hero'), '.badge')
    for (const slug of ['commercial-cleaning', 'office-cleaning', 'healthcare-cleaning', 'building-maintenance']) {
      expect(badges(slug), slug).toEqual(['Fully Insured', '5-Star Rated', '100% Satisfaction Guarantee'])
    }
    expect(badges('disinfection')).toEqual(['Certified Technicians', 'EPA-Approved Products', 'Satisfaction Guaranteed'])
  })

  it('renders the building maintenance page exactly as the spec describes it', () => {
    const main = site.main('/services/building-maintenance')
    const hero = find(main, 'section.hero')
    expect(text(find(hero, '.eyebrow'))).toBe('Professional Services')
    expect(text(find(hero, 'h1'))).toBe('Expert Building Maintenance Care')
    expect(text(find(hero, '.hero-lead')).split(' ').length).toBeGreaterThan(15)
    expect(texts(hero, '.tick-list li')).toEqual(['Certified Technicians', 'Commercial-Grade Equipment', 'Satisfaction Guaranteed'])
    expect(texts(section(main, 'benefits'), '.feature-title')).toEqual([
      'Reduced Downtime',
      'Extended Asset Life',
      'Optimized Performance',
      'Enhanced Comfort',
    ])
    expect(texts(section(main, 'services'), '.feature-title')).toEqual([
      'Preventative Maintenance',
      'Repairs & Troubleshooting',
      'Building Improvements',
      'Tenant Services',
      'Interior Maintenance',
      'Exterior Upkeep',
    ])
    expect(findAll(section(main, 'industries'), 'li.feature')).toHaveLength(25)
    expect(findAll(section(main, 'service-areas'), 'li.chip')).toHaveLength(36)
    expect(findAll(section(main, 'testimonials'), 'li.testimonial')).toHaveLength(3)
    const faq = text(section(main, 'faq'))
    expect(findAll(section(main, 'faq'), 'details')).toHaveLength(5)
    expect(faq).toMatch(/2 to 4 hours/)
    expect(faq).toMatch(/on-call staff/i)
    expect(faq).toMatch(/quarterly preventative visits/i)
    expect(faq).toMatch(/maintenance tracking system/i)
  })

  it('says disinfected surfaces dry within 10 to 30 minutes', () => {
    expect(text(section(site.main('/services/disinfection'), 'faq'))).toMatch(/10 to 30 minutes/)
  })

  it('adds the Columbus-area cities on the office and healthcare pages (healthcare without Gahanna)', () => {
    const columbus = (slug: string) =>
      texts(findAll(section(site.main(`/services/${slug}`), 'service-areas'), '.area-group')[1]!, 'li.chip').map((c) =>
        c.replace(', OH', ''),
      )
    expect(columbus('office-cleaning')).toEqual([
      'Columbus',
      'Dublin',
      'Westerville',
      'Worthington',
      'Upper Arlington',
      'Hilliard',
      'New Albany',
      'Gahanna',
    ])
    expect(columbus('healthcare-cleaning')).toEqual([
      'Columbus',
      'Dublin',
      'Westerville',
      'Worthington',
      'Upper Arlington',
      'Hilliard',
      'New Albany',
    ])
  })

  it("links service-area chips to the landing pages that exist for the page's service", () => {
    const chips = findAll(section(site.main('/services/commercial-cleaning'), 'service-areas'), 'li.chip a')
    expect(chips.map((a) => a.attrs.href)).toContain('/lp/fort-mitchell-commercial-cleaning')
    // Carpet cleaning has no landing pages, so its chips are plain text.
    expect(findAll(section(site.main('/services/carpet-cleaning'), 'service-areas'), 'li.chip a')).toHaveLength(0)
  })
})
