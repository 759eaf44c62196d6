import { beforeAll, describe, expect, it } from 'vitest'
import { type BuiltSite, buildSite, links, outline, section } from './build-system4.js'
import { find, findAll, text, texts } from './html.js'

// The first customer's site: routes, sections in order, texts and counts of each page.
let site: BuiltSite
beforeAll(async () => {
  site = await buildSite()
})

const walkthrough = 'https://calendly.com/system4-swohio/facility-walkthrough'
const booking = 'https://calendly.com/system4-swohio/book-now'
const mailto = 'mailto:info@system4swohio.com'
const mainServices = ['commercial-cleaning', 'building-maintenance', 'disinfection', 'carpet-cleaning', 'floor-care', 'window-cleaning']

describe('routes', () => {
  it('renders every route of the spec, each with exactly one h1', () => {
    const routes = [
      '/',
      '/contact',
      '/about',
      '/services',
      ...mainServices.map((s) => `/services/${s}`),
      '/services/office-cleaning',
      '/services/healthcare-cleaning',
      '/lp/columbus-commercial-cleaning',
      '/blog',
      '/privacy-policy',
      '/terms-of-service',
    ]
    for (const url of routes) expect(findAll(site.main(url), 'h1'), url).toHaveLength(1)
  })

  it("answers a missing page with the spec's 404 text", () => {
    expect(text(find(site.page('/404'), 'h1'))).toBe('This page could not be found.')
  })
})

describe('home page', () => {
  const main = () => site.main('/')

  it("has the spec's sections in order", () => {
    expect(outline(main())).toEqual([
      'hero',
      'intro',
      'difference',
      'services',
      'promise',
      'industries',
      'service-areas',
      'quote',
      'why-us',
      'cta',
      'contact',
    ])
  })

  it('opens with the quote and walkthrough buttons and three trust badges', () => {
    const hero = find(main(), 'section.hero')
    expect(links(hero, '.actions a')).toEqual([
      { label: 'Get a Free Quote', href: '/contact' },
      { label: 'Schedule a Walkthrough', href: walkthrough, scheduler: walkthrough },
    ])
    expect(texts(hero, '.badge')).toEqual(['Fully Insured & Bonded', 'No Long-Term Contracts', 'Satisfaction Guaranteed'])
  })

  it('shows four Difference tiles and six service cards with features and Learn more links', () => {
    expect(findAll(section(main(), 'difference'), 'li.feature')).toHaveLength(4)
    const cards = findAll(section(main(), 'services'), 'li.service-card')
    expect(cards.map((c) => find(c, '.service-card-link').attrs.href)).toEqual(mainServices.map((s) => `/services/${s}`))
    for (const card of cards) {
      expect(findAll(card, '.service-card-features li').length).toBeGreaterThanOrEqual(3)
      expect(text(find(card, '.service-card-link'))).toMatch(/^Learn more/)
    }
    expect(links(section(main(), 'services'), '.actions a')).toEqual([{ label: 'View All Services', href: '/services' }])
  })

  it('links the Service Promise to /about and lists 24 industries and 24 cities', () => {
    expect(links(section(main(), 'promise'), '.actions a').map((l) => l.href)).toEqual(['/about'])
    expect(findAll(section(main(), 'industries'), 'li.feature')).toHaveLength(24)
    expect(findAll(section(main(), 'service-areas'), 'li.chip')).toHaveLength(24)
  })

  it('carries the home quote form, a closing call to action and the contact band', () => {
    expect(find(section(main(), 'quote'), 'form').attrs).toMatchObject({ name: 'home_quote_form', id: 'home_quote_form' })
    const cta = find(main(), 'section.cta-band')
    expect(links(cta, '.actions a').map((l) => l.href)).toEqual(['/contact', mailto])
    const band = section(main(), 'contact')
    expect(links(band, '.actions a')).toEqual([
      { label: 'Book Now', href: booking, scheduler: booking },
      { label: 'Contact Us', href: '/contact' },
    ])
    expect(links(band, '.cta-text a').map((l) => l.href)).toEqual([mailto])
  })
})

describe('contact page', () => {
  const main = () => site.main('/contact')

  it("has the spec's sections in order, with a 70vh hero and its walkthrough button", () => {
    expect(outline(main())).toEqual(['hero', 'quote', 'industries', 'services', 'difference', 'service-areas', 'faq'])
    const hero = find(main(), 'section.hero')
    expect(hero.attrs.class).toContain('hero-h-70')
    expect(links(hero, '.actions a')[0]).toEqual({ label: 'Schedule a Walkthrough', href: walkthrough, scheduler: walkthrough })
  })

  it('shows email, service area and hours beside the contact-page form under Get Your Free Quote', () => {
    const quote = section(main(), 'quote')
    expect(texts(quote, '.contact-detail .contact-value')).toEqual([
      'info@system4swohio.com',
      'Cincinnati, Dayton and surrounding Southwest Ohio',
      'Open 24 hours',
    ])
    expect(findAll(quote, '.form-bullets li').length).toBeGreaterThanOrEqual(4)
    expect(text(find(quote, '.form-title'))).toBe('Get Your Free Quote')
    expect(find(quote, 'form').attrs.name).toBe('contact-page')
  })

  it('lists the six industries of the spec, six services, the Difference and 40 + 20 towns', () => {
    expect(texts(section(main(), 'industries'), '.feature-title')).toEqual([
      'Healthcare',
      'Office Buildings',
      'Educational Institutions',
      'Retail',
      'Industrial & Manufacturing',
      'Religious Facilities',
    ])
    expect(findAll(section(main(), 'services'), 'li.service-card')).toHaveLength(6)
    expect(findAll(section(main(), 'difference'), 'li.feature')).toHaveLength(4)
    const groups = findAll(section(main(), 'service-areas'), '.area-group')
    expect(groups.map((g) => [text(find(g, 'h3')), findAll(g, 'li.chip').length])).toEqual([
      ['Ohio', 40],
      ['Kentucky', 20],
    ])
  })

  it('answers the four questions of the spec', () => {
    const questions = texts(section(main(), 'faq'), 'summary')
    expect(questions).toHaveLength(4)
    expect(questions.join(' | ')).toMatch(/areas.*get in touch.*long-term contract.*insured, bonded and background-checked/i)
  })
})

describe('about page', () => {
  const main = () => site.main('/about')

  it("has the spec's sections in order", () => {
    expect(outline(main())).toEqual([
      'hero',
      expect.stringContaining('section-stats'),
      'mission',
      'story',
      'services',
      'service-areas',
      'cta',
    ])
  })

  it('puts the about form and a walkthrough button in the hero, with the small-screen flag', () => {
    const hero = find(main(), 'section.hero')
    expect(find(hero, 'form').attrs.name).toBe('about_form')
    expect(links(hero, '.actions a')).toEqual([{ label: 'Schedule a Walkthrough', href: walkthrough, scheduler: walkthrough }])
    expect(hero.attrs.class).toContain('form-desktop-only')
  })

  it("shows the stats band with the spec's figures", () => {
    expect(texts(main(), '.stat-value')).toEqual(['2004', '21+', '1000+', '98%', '24/7', '99.99%'])
  })

  it('names the three values, four Why Choose points, the services and 40 + 20 towns', () => {
    expect(texts(section(main(), 'mission'), '.feature-title')).toEqual(['Integrity', 'Excellence', 'Partnership'])
    expect(findAll(section(main(), 'story'), '.text-points li')).toHaveLength(4)
    const hrefs = links(section(main(), 'services')).map((l) => l.href)
    expect(hrefs).toEqual([...mainServices.map((s) => `/services/${s}`), '/services'])
    expect(findAll(section(main(), 'service-areas'), 'li.chip')).toHaveLength(60)
    expect(links(find(main(), 'section.cta-band'), '.actions a').map((l) => [l.label, l.href])).toEqual([
      ['Get a Free Quote', '/contact'],
      ['Email Us', mailto],
    ])
  })
})

describe('Columbus commercial cleaning landing page', () => {
  const main = () => site.main('/lp/columbus-commercial-cleaning')

  it('puts headline, landing form and walkthrough button left, the image with three badges right', () => {
    const hero = find(main(), 'section.hero-split')
    const copy = find(hero, '.hero-copy')
    expect(find(copy, 'form').attrs.name).toBe('landing-page')
    expect(links(copy, '.actions a')).toEqual([{ label: 'Or Schedule a Walkthrough', href: walkthrough, scheduler: walkthrough }])
    const media = find(hero, '.hero-media')
    expect(findAll(media, 'img')).toHaveLength(1)
    expect(texts(media, '.badge')).toEqual(['Fully Insured', '21 Years Experience', 'Satisfaction Guaranteed'])
  })

  it('shows four premium services with five bullets and Learn More to /services each', () => {
    const cards = findAll(section(main(), 'services'), 'li.service-card')
    expect(cards.map((c) => text(find(c, 'h3')))).toEqual(['Commercial Cleaning', 'Carpet Cleaning', 'Disinfecting Services', 'Floor Care'])
    for (const card of cards) {
      expect(findAll(card, '.service-card-features li')).toHaveLength(5)
      expect(links(card, '.service-card-link')).toEqual([{ label: expect.stringMatching(/^Learn More/), href: '/services' }])
    }
  })

  it('lists six industries, three reasons, 19 cities and ends with quote and walkthrough', () => {
    expect(texts(section(main(), 'industries'), '.feature-title')).toEqual([
      'Office Buildings',
      'Manufacturing',
      'Education',
      'Healthcare',
      'Retail',
      'Corporate',
    ])
    expect(texts(section(main(), 'why-us'), '.feature-title')).toEqual(['Trusted & Reliable', 'Superior Quality', 'Fully Customizable'])
    expect(findAll(section(main(), 'service-areas'), 'li.chip')).toHaveLength(19)
    const cta = links(find(main(), 'section.cta-band'), '.actions a')
    expect(cta.map((l) => l.href)).toEqual(['/contact', walkthrough])
  })
})

describe('services overview and legal pages', () => {
  it("gives the header's Services item a #services section to scroll to on /, /services, /about and /contact", () => {
    for (const url of ['/', '/services', '/about', '/contact']) expect(findAll(site.main(url), 'section#services'), url).toHaveLength(1)
  })

  it('writes real privacy and terms text, not placeholders', () => {
    for (const url of ['/privacy-policy', '/terms-of-service']) {
      const body = text(find(site.main(url), '.section-text'))
      expect(body.split(' ').length, url).toBeGreaterThan(400)
      expect(findAll(site.main(url), '.section-text h2').length, url).toBeGreaterThanOrEqual(6)
      expect(body).not.toMatch(/placeholder|lorem|TODO/i)
    }
  })
})
