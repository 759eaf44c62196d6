import { checkSiteAddress, checkWebAddress } from '../config/checks/check-url.js'
import { type FormProvider, formServices } from '../config/presets/form-services.js'
import { formsReceived } from '../config/presets/hosts.js'

/**
 * The facts `citypress new` (and `npm create citypress`) puts into the starter, checked as they
 * cross the command line. Only what the user gave is used: a town, a phone number or an address
 * is never made up; what is left out keeps the starter's visible placeholder.
 */

/** A reason `new` refuses to write; the CLI prints it as a command-line error. */
export class ScaffoldRefused extends Error {
  override readonly name = 'ScaffoldRefused'
}

/** Hosts `new` knows how to set up (site.yaml `host`). */
export const scaffoldHosts = ['netlify', 'cloudflare-pages', 'github-pages', 'static'] as const
export type ScaffoldHost = (typeof scaffoldHosts)[number]

/** The facts as typed: every field optional; the CLI asks for the missing ones on a terminal. */
export interface FactsInput {
  name?: string
  trade?: string
  /** `Town, ST; Town, ST`. */
  areas?: string
  phone?: string
  email?: string
  url?: string
  host?: string
  /** Where the forms post: a form service's address (Formspree, Basin, Getform) or the site's own. */
  formEndpoint?: string
}

/** Facts a project cannot be made without: the business, what it does, and where. */
export const requiredFacts = ['name', 'trade', 'areas'] as const

export interface Facts {
  readonly name: string
  readonly trade: string
  /** `Town, ST` each, in the order given, no duplicates. */
  readonly areas: readonly string[]
  readonly phone?: { readonly text: string; readonly tel: string }
  readonly email?: string
  readonly url?: string
  readonly host?: ScaffoldHost
  readonly forms?: { readonly provider: FormProvider; readonly endpoint: string }
}

/** The facts, checked; throws ScaffoldRefused naming the option and what to write instead. */
export function checkFacts(input: FactsInput): Facts {
  const name = oneLine(input.name, 'name', 'Greenway Landscapes')
  const trade = oneLine(input.trade, 'trade', 'Landscaping')
  const missing = requiredFacts.filter((key) => input[key] === undefined)
  if (missing.length > 0)
    throw new ScaffoldRefused(
      `missing ${missing.map((m) => `--${m}`).join(', ')}; give them as options, or run the command on a terminal to be asked.`,
    )
  return {
    name: name!,
    trade: trade![0]!.toLocaleUpperCase('en') + trade!.slice(1),
    areas: parseAreas(input.areas!),
    phone: input.phone === undefined ? undefined : checkFact.phone(input.phone),
    email: input.email === undefined ? undefined : checkFact.email(input.email),
    url: input.url === undefined ? undefined : checkFact.url(input.url),
    host: input.host === undefined ? undefined : checkFact.host(input.host),
    forms: input.formEndpoint === undefined ? undefined : checkFact.formEndpoint(input.formEndpoint),
  }
}

/** Hosts where Netlify Forms receive nothing: a project there needs a form service for its forms. */
export function needsFormService(host: ScaffoldHost | string | undefined): boolean {
  return !formsReceived({ host: host as ScaffoldHost | undefined })
}

/** One fact checked on its own (a prompt asks again when one throws ScaffoldRefused). */
export const checkFact = {
  name: (text: string) => oneLine(text, 'name', 'Greenway Landscapes'),
  trade: (text: string) => oneLine(text, 'trade', 'Landscaping'),
  areas: (text: string) => parseAreas(text),
  phone: (text: string) => parsePhone(oneLine(text, 'phone', '(503) 555-0142')!),
  email: (text: string) => parseEmail(oneLine(text, 'email', 'hello@greenway.example')!),
  url: (text: string) => parseUrl(oneLine(text, 'url', 'https://www.greenway.example')!),
  host: (text: string) => parseHost(text),
  formEndpoint: (text: string) => parseFormEndpoint(oneLine(text, 'form-endpoint', formServices.formspree.example)!),
} satisfies Record<keyof FactsInput, (text: string) => unknown>

/** "Salem, OR; Keizer, OR" → ["Salem, OR", "Keizer, OR"]; each needs its two-letter state. */
export function parseAreas(text: string): string[] {
  const areas = [
    ...new Set(
      text
        .split(/[;\n]/)
        .map((a) =>
          a
            .trim()
            .replace(/\s+/g, ' ')
            .replace(/\s*,\s*/, ', '),
        )
        .filter(Boolean),
    ),
  ]
  if (areas.length === 0)
    throw new ScaffoldRefused('--areas names no town; give the towns you serve, e.g. --areas "Salem, OR; Keizer, OR".')
  const bad = areas.filter((a) => !/^[^,]+, [A-Za-z]{2}$/.test(a))
  if (bad.length > 0)
    throw new ScaffoldRefused(
      `--areas: ${bad.map((b) => JSON.stringify(b)).join(', ')} is not "Town, ST"; write each town with its two-letter state, separated by ";", e.g. "Salem, OR; Keizer, OR".`,
    )
  return areas.map((a) => a.slice(0, -2) + a.slice(-2).toUpperCase())
}

function parsePhone(text: string): { text: string; tel: string } {
  const digits = text.replace(/\D/g, '')
  if (digits.length < 7 || digits.length > 15 || !/^[+\d\s()./-]+$/.test(text))
    throw new ScaffoldRefused(
      `--phone "${text}" is not a phone number; write it as visitors should read it, e.g. --phone "(503) 555-0142".`,
    )
  // A North American number without its country code gets +1, as tel: links need one to dial from abroad.
  return { text, tel: `+${text.trim().startsWith('+') || digits.length !== 10 ? digits : `1${digits}`}` }
}

function parseEmail(text: string): string {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text))
    throw new ScaffoldRefused(`--email "${text}" is not an email address, e.g. --email hello@greenway.example.`)
  return text
}

/** The site's address, by the rule site.yaml `url` is checked with. */
function parseUrl(text: string): string {
  const checked = checkSiteAddress(text)
  if (!checked.ok && checked.problem.kind === 'plain-http')
    throw new ScaffoldRefused(
      `--url "${text}" is a plain http:// address, which browsers mark "Not secure"; give it with https://, e.g. --url https://www.greenway.example.`,
    )
  if (!checked.ok)
    throw new ScaffoldRefused(
      `--url "${text}" is not a web address; give the site's address with https://, e.g. --url https://www.greenway.example.`,
    )
  return checked.value.origin + checked.value.basePath
}

/** A form service's address (its preset, by the address) or another https:// endpoint. */
function parseFormEndpoint(text: string): { provider: FormProvider; endpoint: string } {
  const checked = checkWebAddress(text, { httpsOnly: true })
  if (!checked.ok)
    throw new ScaffoldRefused(
      `--form-endpoint "${text}" is not an https:// address; copy your form's address from your form service, e.g. --form-endpoint ${formServices.formspree.example}.`,
    )
  const service = Object.entries(formServices).find(([, s]) => checked.value.startsWith(s.endpointPrefix))
  return { provider: (service?.[0] as FormProvider | undefined) ?? 'endpoint', endpoint: checked.value }
}

function parseHost(text: string): ScaffoldHost {
  const host = scaffoldHosts.find((h) => h === text.trim())
  if (!host) throw new ScaffoldRefused(`--host "${text}" is not a host citypress knows; choose one of ${scaffoldHosts.join(', ')}.`)
  return host
}

function oneLine(value: string | undefined, flag: string, example: string): string | undefined {
  const text = value?.trim().normalize('NFC')
  if (value !== undefined && !text) throw new ScaffoldRefused(`--${flag} is empty; give it, e.g. --${flag} "${example}".`)
  if (text && /[\r\n]/.test(text)) throw new ScaffoldRefused(`--${flag} has a line break; give it on one line.`)
  return text
}
