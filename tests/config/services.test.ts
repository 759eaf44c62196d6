import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadSite } from '../../src/config/load-site.js'
import { en } from '../../src/config/messages/en.js'
import { normalizeForms } from '../../src/config/normalize.js'
import { resolveAnalytics } from '../../src/config/presets/analytics-providers.js'
import type { SiteInput } from '../../src/config/site-input.generated.js'
import type { SiteMeta } from '../../src/config/site-model.js'
import { BuildFailure } from '../../src/errors/config-error.js'
import { formatConfigError } from '../../src/errors/format.js'
import { contentSecurityPolicy } from '../../src/output/csp.js'
import { fixture, normalize, siteFrom } from '../helpers/site.js'

// Analytics and form service presets carry what their services need.
const baseSite = await readFile(path.join(fixture('minimal'), 'site.yaml'), 'utf8')
const noSources = { scriptHashes: [], styleHashes: [], styleAttributeHashes: [], imageOrigins: [] }

/** The directives a site.yaml `analytics` and `forms` add to the policy of a site with neither. */
function addedDirectives(input: Pick<SiteInput, 'analytics' | 'forms'>): Record<string, string[]> {
  const policy = (site: object) => contentSecurityPolicy({ site: site as SiteMeta, sources: noSources })
  const before = new Map(policy({}).map(([name, ...sources]) => [name, sources]))
  const added: Record<string, string[]> = {}
  for (const [name, ...sources] of policy({ forms: input.forms, analytics: resolveAnalytics(input.analytics) })) {
    const extra = sources.filter((s) => !before.get(name)!.includes(s))
    if (extra.length) added[name] = extra
  }
  return added
}

async function loadErrors(siteYaml: string): Promise<string[]> {
  const site = await siteFrom('minimal', { 'site.yaml': siteYaml })
  const failure = await loadSite(site).then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(failure instanceof BuildFailure)) throw new Error('the site loaded without errors')
  return failure.errors.map((e) => normalize(formatConfigError(e, { color: false })).replace(/<tmp>\/site\//, ''))
}

describe('analytics presets', () => {
  it('allow GA4 its loader, its beacons and its pixels in the directives Google documents', () => {
    expect(addedDirectives({ analytics: { provider: 'ga4', id: 'G-ABC123XYZ9' } })).toEqual({
      'script-src': ['https://*.googletagmanager.com'],
      'img-src': ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
      'connect-src': ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
    })
  })

  it('give GA4 its configuration as data for the bundled script, not as an inline script', () => {
    const ga4 = resolveAnalytics({ provider: 'ga4', id: 'G-ABC123XYZ9', consent: true })!
    expect([ga4.src, ga4.settings, ga4.consent]).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-ABC123XYZ9',
      { id: 'G-ABC123XYZ9' },
      true,
    ])
  })

  it('allow Plausible, Fathom and Matomo their own hosts, self-hosted ones included', () => {
    expect(addedDirectives({ analytics: { provider: 'plausible', domain: 'tidy.example' } })).toEqual({
      'script-src': ['https://plausible.io'],
      'connect-src': ['https://plausible.io'],
    })
    expect(resolveAnalytics({ provider: 'plausible', domain: 'tidy.example' })!.attributes).toEqual({ 'data-domain': 'tidy.example' })
    expect(addedDirectives({ analytics: { provider: 'fathom', site: 'ABCDEFGH' } })).toEqual({
      'script-src': ['https://cdn.usefathom.com'],
      'img-src': ['https://cdn.usefathom.com'],
      'connect-src': ['https://cdn.usefathom.com'],
    })
    expect(addedDirectives({ analytics: { provider: 'matomo', url: 'https://stats.tidy.example/', siteId: '3' } })).toEqual({
      'script-src': ['https://stats.tidy.example'],
      'img-src': ['https://stats.tidy.example'],
      'connect-src': ['https://stats.tidy.example'],
    })
    expect(resolveAnalytics({ provider: 'matomo', url: 'https://stats.tidy.example', siteId: '3' })!.settings).toEqual({
      tracker: 'https://stats.tidy.example/matomo.php',
      siteId: '3',
    })
  })

  it("keep today's `src` and `attributes` as the generic provider", () => {
    const input = { src: 'https://stats.example/s.js', attributes: { 'data-domain': 'tidy.example' } }
    expect(addedDirectives({ analytics: input })).toEqual({
      'script-src': ['https://stats.example'],
      'connect-src': ['https://stats.example'],
    })
    expect(resolveAnalytics(input)).toMatchObject({ provider: 'generic', src: input.src, attributes: input.attributes, consent: false })
  })

  it('stops the build when a preset lacks its key, at the analytics block', async () => {
    const [error, ...more] = await loadErrors(`${baseSite}analytics: { provider: ga4 }\n`)
    expect(more).toEqual([])
    expect(error).toMatch(/^error\[missing-key\]: .*"id".*\n {2}--> site\.yaml:12:/)
  })
})

describe('form service presets', () => {
  it("put the service's origin in connect-src and form-action", () => {
    for (const [provider, endpoint] of [
      ['formspree', 'https://formspree.io/f/xyzabcde'],
      ['basin', 'https://usebasin.com/f/1a2b3c'],
      ['getform', 'https://getform.io/f/abcdwxyz'],
    ] as const) {
      const origin = new URL(endpoint).origin
      expect(addedDirectives({ forms: { provider, endpoint } })).toEqual({ 'connect-src': [origin], 'form-action': [origin] })
    }
  })

  it("default the honeypot field to the provider's own name, and keep forms.honeypot and honeypot: false", () => {
    const forms = {
      forms: {
        quote: { fields: [{ name: 'email', label: 'Email', type: 'email' as const }] },
        bare: { honeypot: false, fields: [{ name: 'email', label: 'Email', type: 'email' as const }] },
      },
    }
    const honeypot = (site: SiteInput['forms']) =>
      Object.values(normalizeForms(forms, { forms: site, language: 'en', messages: en })).map((f) => f.honeypot)
    expect(honeypot(undefined)).toEqual(['bot-field', undefined])
    expect(honeypot({ provider: 'formspree', endpoint: 'https://formspree.io/f/x' })).toEqual(['_gotcha', undefined])
    expect(honeypot({ provider: 'basin', endpoint: 'https://usebasin.com/f/x' })).toEqual(['_gotcha', undefined])
    expect(honeypot({ provider: 'getform', endpoint: 'https://getform.io/f/x' })).toEqual(['_gotcha', undefined])
    expect(honeypot({ provider: 'formspree', endpoint: 'https://formspree.io/f/x', honeypot: 'website' })).toEqual(['website', undefined])
  })

  it("refuses an endpoint that is not the service's form address, at its value", async () => {
    const errors = await loadErrors(`${baseSite}forms:\n  provider: formspree\n  endpoint: https://formspree.example/f/xyzabcde\n`)
    expect(errors).toEqual([
      [
        'error[wrong-form-endpoint]: The form endpoint https://formspree.example/f/xyzabcde is not a Formspree form address, so posts would not reach Formspree: its form addresses start with https://formspree.io/f/.',
        '  --> site.yaml:14:13',
        '   |',
        '14 |   endpoint: https://formspree.example/f/xyzabcde',
        `   |             ${'^'.repeat('https://formspree.example/f/xyzabcde'.length)}`,
        "hint: Copy the form's address from your Formspree dashboard (like https://formspree.io/f/xyzabcde), or set `provider: endpoint` for another service.",
      ].join('\n'),
    ])
  })

  it('asks for the endpoint of a preset', async () => {
    const [error] = await loadErrors(`${baseSite}forms: { provider: getform }\n`)
    expect(error).toMatch(/^error\[missing-key\]: .*"endpoint"/)
  })
})
