import { ConfigError, type ConfigErrorInit, type DataPlace, type Note, type SourcePosition } from './config-error.js'
import { ConfigWarning } from './config-warning.js'
import { printableLine } from './printable.js'

/**
 * The error catalogue, as Astro's `errors-data.ts`: one entry per code, holding its title, the
 * stage that raises it, and its cases: the situations the code stands for, each a message (what
 * happened and why; no position, the frame shows it) and a hint (what to do). Entries are grouped
 * by stage, in pipeline order. Call sites pass data, not prose: `fail(DiskFull, where, file)`.
 * ConfigErrorCode is read from `entries`, so a code exists exactly when its entry does.
 * tests/errors/catalogue.test.ts keeps problem texts out of every other module.
 *
 * To add an error: add a case to the entry of its code, or a new entry (code, stage, title) in its
 * stage's group, listed in `entries`. Every text a user reads lives here; `new ConfigError`
 * elsewhere only rebuilds a problem that already has its text (placing it, or counting repeats).
 */

/** The stage that raises a code: the pipeline's folders, and the machine under them all. */
export type Stage = 'system' | 'cli' | 'config' | 'plan' | 'images' | 'render' | 'check' | 'output' | 'cache' | 'preview' | 'editor'

/** One situation of a code: its message and hint from the call site's data. */
export interface Case<Args extends readonly unknown[]> {
  readonly message: (...args: Args) => string
  readonly hint?: (...args: Args) => string | undefined
  /** What the problem's second places are (`also` at the call site): "the other page is here". */
  readonly note?: (...args: Args) => string
}

/** A case with its code: what `fail` and `warn` take. */
export interface ErrorData<Args extends readonly unknown[]> extends Case<Args> {
  readonly code: ConfigErrorCode
}

/** The catalogue entry of one code. */
export interface Entry<Code extends string, Cases extends Readonly<Record<string, Case<never>>>> {
  readonly code: Code
  readonly stage: Stage
  /** For lists and docs: what the code means, whichever case raised it. */
  readonly title: string
  readonly cases: { readonly [Name in keyof Cases]: Cases[Name] & { readonly code: Code } }
}

function entry<const Code extends string, const Cases extends Readonly<Record<string, Case<never>>>>(
  code: Code,
  stage: Stage,
  title: string,
  cases: Cases,
): Entry<Code, Cases> {
  const coded = Object.fromEntries(Object.entries(cases).map(([name, data]) => [name, { ...data, code }]))
  return { code, stage, title, cases: coded as Entry<Code, Cases>['cases'] }
}

/**
 * Where an error is: a file (with line and column when known) and the config path; `also`, the
 * other places it names (an Origin, or any place with a file), each told as a note under it in the
 * case's `note` words.
 */
export type ErrorPlace = SourcePosition & { readonly path?: string; readonly also?: readonly (SourcePosition & DataPlace)[] }

function problem<Args extends readonly unknown[]>(data: ErrorData<Args>, { also = [], ...at }: ErrorPlace, args: Args): ConfigErrorInit {
  const notes: Note[] = also.map(({ file, line, column, length, lineText, pointer, at: under, inValue }) => ({
    message: data.note?.(...args) ?? '',
    file,
    line,
    column,
    length,
    lineText,
    ...(pointer === undefined ? {} : { pointer, at: under, inValue }),
  }))
  return { ...at, code: data.code, message: data.message(...args), hint: data.hint?.(...args), ...(notes.length ? { notes } : {}) }
}

/** The ConfigError of a catalogue case, at `at`. */
export function fail<Args extends readonly unknown[]>(data: ErrorData<Args>, at: ErrorPlace, ...args: Args): ConfigError {
  return new ConfigError(problem(data, at, args))
}

/** The same case as a warning: told, never thrown (a budget at level `warn`). */
export function warn<Args extends readonly unknown[]>(data: ErrorData<Args>, at: ErrorPlace, ...args: Args): ConfigWarning {
  return new ConfigWarning(problem(data, at, args))
}

/** A problem that repeats on other pages, reported once: its hint says on how many more. */
export function repeated(problem: ConfigError, what: 'error' | 'form', others: number): ConfigError {
  const more = `${others} other page${others === 1 ? '' : 's'}`
  const sentence = what === 'error' ? `The same error breaks ${more}.` : `The same form is on ${more}.`
  return new ConfigError({ ...problem.toJSON(), hint: `${problem.hint ?? ''} ${sentence}`.trim() })
}

// What the cases share: the data some take, and the words several say.

/** A pair of theme colours whose contrast is below its WCAG minimum. */
export interface ContrastFailure {
  readonly text: string
  readonly textColor: string
  readonly background: string
  readonly backgroundColor: string
  /** Rounded down to hundredths, as WCAG tools show it. */
  readonly ratio: number
  readonly size: 'normal' | 'large' | 'ui'
  readonly required: number
}

/** A passing shade of one colour of a failing pair (src/config/theme/colour-shade.ts). */
export interface BetterShade {
  readonly token: string
  readonly color: string
  readonly ratio: number
}

/** What the service-chip check found; `excluded` when landing.yaml `exclude` removed some of the pages. */
export interface ChipsWithoutLandingFacts {
  readonly service: string
  readonly target: string
  readonly missing: readonly string[]
  readonly lists: readonly string[]
  readonly excluded?: { readonly areas: readonly string[]; readonly entries: readonly number[]; readonly notExcluded: number }
}

/** At most 8 names, then how many more. */
function listed(names: readonly string[]): string {
  const shown = names.slice(0, 8).join(', ')
  return names.length > 8 ? `${shown} and ${names.length - 8} more` : shown
}

/**
 * A text from outside (a page, a package) as a message quotes it: on one line, its controls (ESC,
 * BEL, bidirectional overrides; printable.ts) dropped, so it cannot rewrite the terminal, and cut
 * to `max` characters.
 */
export function quoted(text: string, max = 80): string {
  const line = printableLine(text)
  return JSON.stringify(line.length > max ? `${line.slice(0, max - 1)}…` : line)
}

function cspKeyOf(kind: string): string {
  return kind === 'script' ? 'inlineScripts' : kind === 'style' ? 'inlineStyles' : 'styleAttributes'
}

/** Why a path or address was refused (src/config/checks/check-url.ts). `char` is the character itself; messages show its code point. */
export type UrlProblem =
  | { readonly kind: 'whitespace' | 'control'; readonly char: string }
  | { readonly kind: 'not-a-path' }
  | { readonly kind: 'dot-segment'; readonly segment: string }
  | { readonly kind: 'empty-segment' }
  | { readonly kind: 'encoded-separator'; readonly segment: string }
  | { readonly kind: 'bad-escape'; readonly text: string }
  | { readonly kind: 'double-encoded'; readonly text: string }
  | { readonly kind: 'pattern'; readonly char: string }
  | { readonly kind: 'query-or-fragment' }
  | { readonly kind: 'not-web'; readonly httpsOnly: boolean }
  /** The site's own address over http, which is only for this computer. */
  | { readonly kind: 'plain-http' }
  | { readonly kind: 'bad-host' }
  /** A character no host name holds, which a Content-Security-Policy or host file reads as syntax. */
  | { readonly kind: 'host-char'; readonly char: string }
  | { readonly kind: 'userinfo' }

/** Why a live sitemap was not read (src/config/published/published-sitemap.ts). */
export type SitemapRefusal =
  | { readonly kind: 'not-https'; readonly url: string }
  | { readonly kind: 'other-origin'; readonly url: string; readonly origin: string }
  | { readonly kind: 'not-a-url'; readonly entry: string }
  | { readonly kind: 'redirect-elsewhere'; readonly url: string; readonly to: string; readonly origin: string }
  | { readonly kind: 'too-many-redirects'; readonly url: string; readonly limit: number }
  | { readonly kind: 'too-big'; readonly url: string; readonly limit: number }
  | { readonly kind: 'too-many-entries'; readonly limit: number }
  | { readonly kind: 'too-many-urls'; readonly url: string; readonly limit: number }
  | { readonly kind: 'server-status'; readonly url: string; readonly status: number }
  | { readonly kind: 'outside-site' }
  | { readonly kind: 'link' }
  | { readonly kind: 'not-a-file' }

/** Which value an address problem is about. */
export type AddressRole =
  | 'url'
  | 'base-url'
  | 'redirect-from'
  | 'redirect-to'
  | 'scheduler'
  | 'analytics'
  | 'endpoint'
  | 'page-path'
  | 'image'

const roleNames: Record<AddressRole, string> = {
  url: 'The site address `url`',
  'base-url': 'The address given with --base-url',
  'redirect-from': 'The redirect source `from`',
  'redirect-to': 'The redirect target `to`',
  scheduler: 'The scheduler address',
  analytics: 'The analytics script address',
  endpoint: 'The form endpoint',
  'page-path': "The page address made from this file's name",
  image: 'The image address',
}

/** "U+000A": shows a character that would otherwise be invisible or break the line it is printed on. */
function codePoint(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
}

/** What is wrong with a path or address, after "… {value}". */
function addressReason(problem: UrlProblem): string {
  switch (problem.kind) {
    case 'whitespace':
      return `holds whitespace (${codePoint(problem.char)}), which would split the rule or line it is written into (_redirects, robots.txt)`
    case 'control':
      return `holds an invisible or control character (${codePoint(problem.char)})`
    case 'not-a-path':
      return 'is not a path on the site: it must start with /'
    case 'dot-segment':
      return `has a "${problem.segment}" segment, which browsers and hosts resolve away, so it would not be the address written`
    case 'empty-segment':
      return 'has an empty segment (//)'
    case 'encoded-separator':
      return `has the segment "${problem.segment}", which holds an escaped / or \\ that hosts read differently`
    case 'bad-escape':
      return `has a malformed percent escape in "${problem.text}", which cannot be decoded`
    case 'double-encoded':
      return `is percent-encoded twice ("${problem.text}" decodes to another escape)`
    case 'pattern':
      return `holds "${problem.char}", which _redirects reads as a pattern`
    case 'query-or-fragment':
      return 'has a query or a fragment (from ? or #), which this address cannot have'
    case 'not-web':
      return `is not an ${problem.httpsOnly ? 'https://' : 'http:// or https://'} address`
    case 'plain-http':
      return 'is a plain http:// address: browsers mark its pages "Not secure", and its canonical links and sitemap would name addresses every host redirects to https'
    case 'bad-host':
      return 'has no valid host name'
    case 'host-char':
      return problem.char === '*'
        ? 'has a wildcard (*) in its host, which a Content-Security-Policy reads as any host'
        : `holds ${problem.char === '"' ? `'"'` : `"${problem.char}"`} in its host, where only letters, digits, hyphens and dots may stand (a Content-Security-Policy or host file would read anything else as syntax)`
    case 'userinfo':
      return 'has a user name (before @), which a public address cannot have'
  }
}

function addressHint(problem: UrlProblem): string {
  switch (problem.kind) {
    case 'whitespace':
      return 'Remove it: a path or address holds no spaces, tabs or line breaks (write hyphens between words).'
    case 'control':
      return 'Remove it: a path or address holds no control or invisible characters.'
    case 'not-a-path':
      return "Write it from the site's root, e.g. /old-page."
    case 'encoded-separator':
      return 'Write the address with plain / between its segments, and no \\.'
    case 'dot-segment':
    case 'empty-segment':
      return 'Write the address as it is once resolved, e.g. /a/b rather than /a/./b, /a/../b or /a//b.'
    case 'bad-escape':
      return 'A % starts an escape of two hex digits (%C3%A9 is é); write a % itself as %25, or write the character as it is.'
    case 'double-encoded':
      return 'Write each escape once (%20, not %2520), or write the character as it is.'
    case 'pattern':
      return "Only a redirect's `from` may be a pattern (/blog/*, /news/:slug); write the address without * or :, or escape them (%2A, %3A)."
    case 'query-or-fragment':
      return 'Remove the part from ? or #.'
    case 'host-char':
      return 'Write the one host the address is served from, e.g. https://cdn.example.com/script.js (an international name may be written as it is).'
    case 'plain-http':
      return 'Write it with https:// (every host citypress publishes to serves it); plain http:// is only for this computer (localhost, 127.0.0.1).'
    case 'not-web':
    case 'bad-host':
    case 'userinfo':
      return problem.kind === 'not-web' && problem.httpsOnly
        ? 'Write the full address, e.g. https://www.example.com/page.'
        : 'Write the full address, e.g. https://www.example.com.'
  }
}

function sitemapReason(refusal: SitemapRefusal): string {
  switch (refusal.kind) {
    case 'not-https':
      return `${refusal.url} is not an https:// address; plain http is read only from this computer (127.0.0.1, localhost)`
    case 'other-origin':
      return `its index names ${refusal.url}, on another origin than the sitemap's ${refusal.origin}`
    case 'not-a-url':
      return `its index names ${JSON.stringify(refusal.entry)}, which is not a web address; a sitemap index lists sitemaps by their full https:// address, and no file is read because a sitemap names it`
    case 'redirect-elsewhere':
      return `${refusal.url} redirects to ${refusal.to}, another origin than ${refusal.origin}`
    case 'too-many-redirects':
      return `${refusal.url} redirects more than ${refusal.limit} times`
    case 'too-big':
      return `${refusal.url} is larger than ${refusal.limit / 1_000_000} MB, the sitemap protocol's limit`
    case 'too-many-entries':
      return `its index lists more than ${refusal.limit} sitemaps`
    case 'too-many-urls':
      return `${refusal.url} lists more than ${refusal.limit} addresses, the sitemap protocol's limit`
    case 'server-status':
      return `the server answered ${refusal.status} for ${refusal.url}`
    case 'outside-site':
      return 'it is not inside the site folder, and site.yaml may name only a file of its own folder'
    case 'link':
      return 'it is a symbolic link, or lies in a linked folder, and a file site.yaml names is read only as itself'
    case 'not-a-file':
      return 'it is not a regular file (a folder, a pipe or a device)'
  }
}

function sitemapHint(refusal: SitemapRefusal): string {
  switch (refusal.kind) {
    case 'not-https':
    case 'redirect-elsewhere':
      return "Give the live sitemap's final https:// address in `published` or `--published` (the one it does not redirect from), or a saved copy of it as a file."
    case 'outside-site':
    case 'link':
      return 'Save a copy of the live sitemap in the site folder and name it relative to the folder (`published: sitemap.xml`), or give its https:// address; `citypress build --published` may name a file anywhere.'
    case 'not-a-file':
      return 'Name a saved copy of the live sitemap.xml, or give its https:// address.'
    default:
      return "Give the address of the live site's own sitemap.xml, or a saved copy of it as a file; a sitemap and the sitemaps of its index are read from one https origin only."
  }
}

const quotedNames = (names: readonly string[], joiner: 'or' | 'and') =>
  names.length < 2
    ? `"${names[0] ?? ''}"`
    : `${names
        .slice(0, -1)
        .map((n) => `"${n}"`)
        .join(', ')} ${joiner} "${names.at(-1)}"`
const areaRule =
  'Area names match whatever their case, spaces and apostrophe style, and the state may be left out when only one area has that city.'
const didYouMean = (near: readonly string[]) => (near.length > 0 ? `Did you mean ${quotedNames(near, 'or')}? ` : '')

// The machine (src/errors/system-error.ts): its refusals are the user's to fix, never a bug. Each
// says that the previous output is intact: a build that meets one rolls back before reporting it.

const diskFull = entry('disk-full', 'system', 'Disk full', {
  DiskFull: {
    message: (file: string, quota: boolean) => `The disk ${quota ? 'quota is used up' : 'is full'}: citypress could not write ${file}.`,
    hint: () =>
      'Free some space on that disk, or build into a folder on another disk with --out; then build again. The previous output was left as it was.',
  } satisfies Case<[string, boolean]>,
})
export const { DiskFull } = diskFull.cases

const readOnly = entry('read-only', 'system', 'Read-only folder', {
  ReadOnly: {
    message: (file: string) => `${file} is on a read-only file system, so citypress cannot write there.`,
    hint: () =>
      'Build into a writable folder with --out, and make the site folder writable (citypress keeps its build cache in .citypress/ there). The previous output was left as it was.',
  } satisfies Case<[string]>,
})
export const { ReadOnly } = readOnly.cases

const noPermission = entry('no-permission', 'system', 'Permission denied', {
  NoPermission: {
    message: (file: string, action: string) => `citypress is not allowed to ${action} ${file} (permission denied).`,
    hint: () =>
      'Check who owns it (ls -l): an earlier run by another user, or with sudo, may have created it. Build as its owner, or change its owner; the previous output was left as it was.',
  } satisfies Case<[string, string]>,
})
export const { NoPermission } = noPermission.cases

const tooManyOpenFiles = entry('too-many-open-files', 'system', 'Too many open files', {
  TooManyOpenFiles: {
    message: (file: string) => `The system refused to open ${file}: too many files are open at once.`,
    hint: () => 'Raise the limit for this shell (ulimit -n 4096) and build again. The previous output was left as it was.',
  } satisfies Case<[string]>,
})
export const { TooManyOpenFiles } = tooManyOpenFiles.cases

const nameTooLong = entry('name-too-long', 'system', 'Path too long', {
  NameTooLong: {
    message: (file: string) => `The path ${file} is longer than this file system allows.`,
    hint: () => 'Build into a folder with a shorter path (--out), or shorten the page slugs that make it long.',
  } satisfies Case<[string]>,
})
export const { NameTooLong } = nameTooLong.cases

const outOfMemory = entry('out-of-memory', 'system', 'Out of memory', {
  OutOfMemory: {
    message: (what: string, limitMb: number, neededMb?: number) =>
      neededMb === undefined
        ? `The build ran out of memory in ${what} (Node.js may use ${limitMb} MB here).`
        : `${what[0]!.toUpperCase()}${what.slice(1)} needs about ${neededMb} MB of memory, but Node.js may use only ${limitMb} MB here, so the build stopped before it would run out.`,
    hint: (_what: string, _limitMb: number, neededMb?: number) =>
      `Allow Node.js more memory (NODE_OPTIONS=--max-old-space-size=${Math.max(512, Math.ceil((neededMb ?? 256) / 128) * 128 + 128)}) and build again. The previous output was left as it was.`,
  } satisfies Case<[string, number, number?]>,
})
export const { OutOfMemory } = outOfMemory.cases

// The command line: which site folder to read.

const badSourceDate = entry('bad-source-date', 'cli', 'SOURCE_DATE_EPOCH that is not a time', {
  BadSourceDate: {
    message: (value: string) => `SOURCE_DATE_EPOCH is "${value}", which is not a number of seconds since 1970-01-01 UTC.`,
    hint: () =>
      'Set it to whole seconds, such as SOURCE_DATE_EPOCH=$(git log -1 --format=%ct) for the time of the last commit, or unset it to build as of now.',
  } satisfies Case<[string]>,
})
export const { BadSourceDate } = badSourceDate.cases

const siteNotFound = entry('site-not-found', 'cli', 'Site folder not found', {
  MissingSiteFolder: {
    message: (folder: string, exists: boolean) =>
      exists ? `The folder ${folder} has no site.yaml, so it is not a citypress site.` : `There is no folder ${folder}.`,
    hint: () =>
      'A site folder holds site.yaml and the other files of one website. Pass its path, e.g. `citypress build path/to/site`, or make one with `citypress new my-site`.',
  } satisfies Case<[string, boolean]>,
  SiteNotFound: {
    message: (folder: string) => `This folder (${folder}) has no site.yaml, so there is no site to work on here.`,
    hint: () =>
      'A site folder holds site.yaml and the other files of one website (pages/, services/, forms.yaml). ' +
      'Run citypress inside one, pass its path (`citypress build path/to/site`), or make one with `citypress new my-site`.',
  } satisfies Case<[string]>,
})
export const { MissingSiteFolder, SiteNotFound } = siteNotFound.cases

// Read and checked by config/: the site's files, their schema, areas, images, fonts, styles and
// what the chosen host will not do.

const yamlSyntax = entry('yaml-syntax', 'config', 'YAML syntax error', {
  UnclosedFlow: {
    message: (open: '[' | '{') =>
      `This ${open} has no closing ${open === '[' ? ']' : '}'}. This file is not valid YAML, so nothing in it could be read.`,
    hint: (open: '[' | '{') =>
      open === '['
        ? 'End the list with ] on the same line (e.g. tags: [one, two]), or write it as a block, one "- item" per line.'
        : 'End the mapping with } on the same line (e.g. size: { width: 800, height: 600 }), or write it as a block, one "key: value" per line.',
  } satisfies Case<['[' | '{']>,
  /** `sentence` is yaml's own message, `yamlCode` its error code (DUPLICATE_KEY, BAD_INDENT…). */
  BadYaml: {
    message: (sentence: string, _yamlCode: string) => `${sentence} This file is not valid YAML, so nothing in it could be read.`,
    hint: (_sentence: string, yamlCode: string) => {
      switch (yamlCode) {
        case 'DUPLICATE_KEY':
          return 'Each key may appear once in a mapping; delete or rename one of them.'
        case 'TAB_AS_INDENT':
          return 'YAML indentation must use spaces, not tabs.'
        case 'BAD_INDENT':
        case 'MISSING_CHAR':
          return 'Check the indentation of this line against the lines above it.'
        case 'BLOCK_AS_IMPLICIT_KEY':
        case 'MULTILINE_IMPLICIT_KEY':
          return 'A value that contains ": " must be quoted, e.g. title: "Repairs: done right".'
        default:
          return 'Quote values that contain special characters (: # { } [ ] , & * ! | > \' " % @ `).'
      }
    },
  } satisfies Case<[string, string]>,
  UnclosedQuote: {
    message: (quote: string) => `This quoted value has no closing ${quote}. This file is not valid YAML, so nothing in it could be read.`,
    hint: (quote: string) => `End the value with ${quote}, or remove the opening ${quote} if the value needs no quotes.`,
  } satisfies Case<[string]>,
  YamlUnknownAnchor: {
    message: (name: string) =>
      `The alias *${name} names no anchor &${name} above it. This file is not valid YAML, so nothing in it could be read.`,
    hint: (name: string) => `Define &${name} on a value earlier in the file, or write the value here instead of the alias.`,
  } satisfies Case<[string]>,
})
export const { UnclosedFlow, BadYaml, UnclosedQuote, YamlUnknownAnchor } = yamlSyntax.cases

const unknownKey = entry('unknown-key', 'config', 'Unknown key', {
  UnknownKey: {
    message: (key: string, where: string, _guess: string | undefined, _allowed: readonly string[]) => `Unknown key "${key}" in ${where}.`,
    hint: (_key: string, _where: string, guess: string | undefined, allowed: readonly string[]) =>
      guess ? `Did you mean "${guess}"?` : allowed.length ? `Allowed keys here: ${allowed.join(', ')}.` : undefined,
  } satisfies Case<[string, string, string | undefined, readonly string[]]>,
})
export const { UnknownKey } = unknownKey.cases

const missingKey = entry('missing-key', 'config', 'Missing key', {
  KeysInPairs: {
    message: (where: string, given: string, missing: string) =>
      `${where} has "${given}" but no "${missing}"; the two only make sense together.`,
    hint: (_where: string, given: string, missing: string) => `Add "${missing}" beside "${given}", or remove "${given}".`,
  } satisfies Case<[string, string, string]>,
  MissingOneOf: {
    message: (where: string, options: readonly string[]) => `${where} needs one of the keys ${options.join(' or ')}.`,
  } satisfies Case<[string, readonly string[]]>,
  MissingKey: {
    message: (key: string, where: string, _hint?: string) => `Missing key "${key}" in ${where}.`,
    hint: (_key: string, _where: string, hint?: string) => hint,
  } satisfies Case<[string, string, string?]>,
  EditorNoName: {
    message: (file: string, map: string) =>
      `The entry has no name, and its name is its key under \`${map}\` in ${file}, so it was not saved.`,
    hint: () => 'Fill in the Name field, then save again.',
  } satisfies Case<[string, string]>,
})
export const { KeysInPairs, MissingOneOf, MissingKey, EditorNoName } = missingKey.cases

const wrongType = entry('wrong-type', 'config', 'Wrong type', {
  WrongType: {
    message: (where: string, expected: string, found: string, _description?: string) => `${where} should be ${expected}, not ${found}.`,
    hint: (_where: string, _expected: string, _found: string, description?: string) => description,
  } satisfies Case<[string, string, string, string?]>,
})
export const { WrongType } = wrongType.cases

const badValue = entry('bad-value', 'config', 'Invalid value', {
  NotAllowedValue: {
    message: (where: string, value: string, _guess: string | undefined, _allowed: readonly string[]) => `${where} cannot be ${value}.`,
    hint: (_where: string, _value: string, guess: string | undefined, allowed: readonly string[]) =>
      guess ? `Did you mean "${guess}"?` : `Expected one of: ${allowed.join(', ')}.`,
  } satisfies Case<[string, string, string | undefined, readonly string[]]>,
  /** `rule` completes "It …" (patternRules); without one, the common rule of names. */
  BadName: {
    message: (name: string, where: string, _rule?: string) => `The name "${name}" in ${where} is not allowed.`,
    hint: (_name: string, _where: string, rule?: string) =>
      rule ? `It ${rule}.` : 'Names may use lower-case letters, digits and hyphens.',
  } satisfies Case<[string, string, string?]>,
  InvalidValue: {
    message: (where: string, problem: string, _hint?: string) => `${where} ${problem}.`,
    hint: (_where: string, _problem: string, hint?: string) => hint,
  } satisfies Case<[string, string, string?]>,
  InertFieldKey: {
    message: (type: string, field: string, key: 'pattern' | 'inputmode' | 'maxLength') =>
      `The ${type} field "${field}" has \`${key}\`, which browsers apply only to ${key === 'pattern' ? 'text, email and tel fields' : 'text, email, tel and textarea fields'}, so it would do nothing.`,
    hint: (_type: string, _field: string, key: 'pattern' | 'inputmode' | 'maxLength') => `Remove \`${key}\`, or change the field's type.`,
  } satisfies Case<[string, string, 'pattern' | 'inputmode' | 'maxLength']>,
  RepeatedOption: {
    message: (field: string, value: string) =>
      `The field "${field}" offers the value "${value}" twice, so a submission could not tell the two choices apart.`,
    hint: () => 'Give each option its own value.',
  } satisfies Case<[string, string]>,
  MissingOptions: {
    message: (type: string, field: string) => `The ${type} field "${field}" has no options to choose from.`,
    hint: () => 'Add `options:` with a list of choices.',
  } satisfies Case<[string, string]>,
  UnusedOptions: {
    message: (type: string, field: string) => `The ${type} field "${field}" has options, which only a select or checkboxes field shows.`,
    hint: () => 'Remove `options`, or make the field a select or checkboxes.',
  } satisfies Case<[string, string]>,
  BadEmbedValue: {
    message: (provider: string, expects: string, value: string) =>
      `The ${provider} embed needs ${expects}${value ? `, not "${value}"` : ''}.`,
    hint: (provider: string) => `Write it after the provider: \`::: ${provider} …\`, with the title on the next line and \`:::\` to close.`,
  } satisfies Case<[string, string, string]>,
  LayoutWithoutHero: {
    message: () => 'This landing layout has no `hero`, so its pages would have no headline (h1).',
    hint: () => 'Add `hero` (or `hero-form`) to the list, usually first.',
  } satisfies Case<[]>,
  LayoutWithTwoHeroes: {
    message: () => 'This landing layout has both `hero` and `hero-form`, so its pages would have two headlines (h1).',
    hint: () => 'Keep one of them.',
  } satisfies Case<[]>,
  LayoutWithFormTwice: {
    message: () => 'This landing layout has both `hero-form` and `form`, so its pages would show the form twice.',
    hint: () => 'Keep one of them.',
  } satisfies Case<[]>,
  BadMapPlace: {
    message: (value: string) => `The map cannot show "${value}": it is neither a place nor a Google Maps address it can read.`,
    hint: () =>
      'Write the place as you would type it into Google Maps ("10 Market Street, Springfield, IL"), or copy the full address from the browser (google.com/maps/place/…). A maps.app.goo.gl short link says nothing until opened: open it and copy the address it leads to.',
  } satisfies Case<[string]>,
})
export const {
  NotAllowedValue,
  BadName,
  InvalidValue,
  InertFieldKey,
  RepeatedOption,
  MissingOptions,
  UnusedOptions,
  BadEmbedValue,
  LayoutWithoutHero,
  LayoutWithTwoHeroes,
  LayoutWithFormTwice,
  BadMapPlace,
} = badValue.cases

const fileNotFound = entry('file-not-found', 'config', 'File not found', {
  /** `..` in an image path of a YAML file. */
  ImageOutsideFolder: {
    message: (src: string) => `The image "${src}" is outside the site folder.`,
    hint: () => 'Keep images inside the site folder, e.g. images/hero.jpg.',
  } satisfies Case<[string]>,
  MissingImage: {
    message: (src: string, _lookedFor: string) => `The image "${src}" does not exist.`,
    hint: (_src: string, lookedFor: string) => `Paths are relative to the site folder; looked for ${lookedFor}.`,
  } satisfies Case<[string, string]>,
  /** An image of a Markdown text, which may be written relative to its file or to the site folder. */
  MissingMarkdownImage: {
    message: (src: string, _candidates: readonly string[]) => `The image ${src} does not exist, so the page would show a broken image.`,
    hint: (_src: string, candidates: readonly string[]) =>
      `Looked for ${candidates.join(', ')} in the site folder. Put the file in images/ and write its name, e.g. images/team.jpg.`,
  } satisfies Case<[string, readonly string[]]>,
})
export const { ImageOutsideFolder, MissingImage, MissingMarkdownImage } = fileNotFound.cases

const markdownFrontMatter = entry('markdown-front-matter', 'config', 'Front matter error', {
  NoFrontMatter: {
    message: () => 'This Markdown file has no front matter, so its title, date and excerpt are unknown.',
    hint: () => 'Start the file with a block like:\n---\ntitle: My post\ndate: 2026-01-31\nexcerpt: One sentence about it.\n---',
  } satisfies Case<[]>,
})
export const { NoFrontMatter } = markdownFrontMatter.cases

const badImage = entry('bad-image', 'config', 'Unreadable image', {
  DamagedImage: {
    message: (src: string) => `The image "${src}" cannot be decoded; the file is damaged or not an image.`,
    hint: () => 'Export it again as JPEG, PNG, WebP or AVIF.',
  } satisfies Case<[string]>,
  UndecodableImage: {
    message: (src: string, reason: string) => `The image "${src}" cannot be decoded; the file is damaged or not an image (${reason}).`,
    hint: () => 'Export it again as JPEG, PNG, WebP or AVIF.',
  } satisfies Case<[string, string]>,
  CompressedSvg: {
    message: (src: string) =>
      `The image "${src}" is gzip-compressed (an .svgz file); citypress publishes plain SVG, which hosts compress on their own.`,
    hint: () => 'Save it uncompressed as .svg (gunzip it, or export "Plain SVG").',
  } satisfies Case<[string]>,
  NotAnSvgDrawing: {
    message: (src: string) =>
      `The SVG "${src}" has nothing citypress can publish: it is not well-formed XML, or its root is not an <svg> element in the SVG namespace.`,
    hint: () =>
      'Open the file in a browser to see where it breaks; its root element should read <svg xmlns="http://www.w3.org/2000/svg" …>.',
  } satisfies Case<[string]>,
  /** `format`: what the file is instead (png, jpeg…). */
  IconNotSvg: {
    message: (src: string, format: string) => `The icon "${src}" is a ${format.toUpperCase()} picture, not an SVG drawing.`,
    hint: () => 'An icon is drawn in the colour of the text around it, which only a drawing can be: export it as SVG (Plain SVG).',
  } satisfies Case<[string, string]>,
  IconWithoutShapes: {
    message: (src: string) =>
      `The icon "${src}" has no shape an icon can draw: an icon keeps only paths, circles, ellipses, lines, polygons and rectangles (no text, image, gradient or style).`,
    hint: () => 'Export it with text converted to outlines (paths), or pick a Lucide icon by name.',
  } satisfies Case<[string]>,
})
export const { DamagedImage, UndecodableImage, CompressedSvg, NotAnSvgDrawing, IconNotSvg, IconWithoutShapes } = badImage.cases

const hostUnsupported = entry('host-unsupported', 'config', 'Not supported by the chosen host', {
  /** `isStatic`: the host is a plain file server, whose own configuration can set headers. */
  HeadersIgnored: {
    message: (host: string, _isStatic: boolean) =>
      `${host} does not read _headers, so each page carries its Content-Security-Policy in a <meta http-equiv> tag, which cannot hold frame-ancestors, report-uri/report-to or sandbox; X-Frame-Options, Strict-Transport-Security (HSTS), X-Content-Type-Options: nosniff, Permissions-Policy and the long caching of /assets/ are not sent.`,
    hint: (_host: string, isStatic: boolean) =>
      isStatic
        ? "Set them in the server's configuration; a build for host `netlify` writes them into _headers to copy from."
        : 'Put a service that can set headers in front of it, or choose host `netlify` or `cloudflare-pages`.',
  } satisfies Case<[string, boolean]>,
  TrailingSlashIgnored: {
    message: (host: string) =>
      `${host} does not serve contact.html at /contact, so pages are written as contact/index.html and addressed as /contact/, not as trailingSlash: never asks.`,
    hint: () => 'Remove `trailingSlash`, or set it to `always`.',
  } satisfies Case<[string]>,
  FormsUnsupported: {
    message: (host: string) =>
      `Netlify Forms only receive posts on Netlify, so on ${host} nobody would receive the forms of forms.yaml: each is published as the business's phone number and email address instead.`,
    hint: () =>
      "To take requests through the site, choose a form service in site.yaml: `forms: { provider: formspree, endpoint: https://formspree.io/f/… }` (formspree, basin or getform), or `provider: endpoint` with your own service's address.",
  } satisfies Case<[string]>,
  /** `paths`: the redirects' `from` patterns (splats, placeholders) that no redirect page can stand in for. */
  RedirectsIgnored: {
    message: (host: string, paths: readonly string[]) =>
      `${host} does not read _redirects, and a redirect page can stand in only for one plain path, so ${paths.join(', ')} ${paths.length === 1 ? 'is' : 'are'} not redirected.`,
    hint: () => 'List each old path on its own in `redirects`, or choose host `netlify` or `cloudflare-pages`.',
  } satisfies Case<[string, readonly string[]]>,
  TooManyRedirects: {
    message: (host: string, limits: { static: number; dynamic: number }, plain: number, dynamic: number) =>
      `${host} reads at most ${limits.static} redirects to single addresses and ${limits.dynamic} patterns; this build writes ${plain} and ${dynamic}, so the rest are ignored there.`,
    hint: () => "Move the oldest renamed pages into the host's bulk redirects, or publish on Netlify.",
  } satisfies Case<[string, { static: number; dynamic: number }, number, number]>,
})
export const { HeadersIgnored, TrailingSlashIgnored, FormsUnsupported, RedirectsIgnored, TooManyRedirects } = hostUnsupported.cases

const publishedUnreadable = entry('published-unreadable', 'config', 'Live sitemap could not be read', {
  UnreadableSitemap: {
    message: (source: string, reason: string) =>
      `The published sitemap ${source} cannot be read (${reason}), so the build cannot tell which landing pages are live.`,
    hint: () =>
      "Give the address of the live site's sitemap.xml (or a saved copy of it) in `published` or `--published`, or leave it out to use published-urls.json alone.",
  } satisfies Case<[string, string]>,
  SitemapRefused: {
    message: (source: string, refusal: SitemapRefusal) => `The published sitemap ${source} was not read: ${sitemapReason(refusal)}.`,
    hint: (_source: string, refusal: SitemapRefusal) => sitemapHint(refusal),
  } satisfies Case<[string, SitemapRefusal]>,
})
export const { UnreadableSitemap, SitemapRefused } = publishedUnreadable.cases

const nothingPublished = entry('nothing-published', 'config', 'No live sitemap yet', {
  /** The live sitemap answered 404: the site's first deploy, most likely. A warning. */
  NothingPublishedYet: {
    message: (source: string) =>
      `The published sitemap ${source} answers 404, so nothing is published there yet and no page needs a redirect.`,
    hint: () =>
      "Nothing to do for a first deploy. If the site is live, check the sitemap's address (site.yaml `published`, or --published).",
  } satisfies Case<[string]>,
})
export const { NothingPublishedYet } = nothingPublished.cases

const badAutocomplete = entry('bad-autocomplete', 'config', 'Invalid autocomplete value', {
  BadAutocomplete: {
    message: (value: string, field: string, reason: string, _suggestion?: string) =>
      `The autocomplete value "${value}" of the field "${field}" is not valid HTML: ${reason}.`,
    hint: (_value: string, _field: string, _reason: string, suggestion?: string) =>
      suggestion
        ? `Did you mean "${suggestion}"?`
        : 'Use a field name such as name, given-name, email, tel, organization, street-address or postal-code, optionally after section-*, shipping/billing and home/work/mobile.',
  } satisfies Case<[string, string, string, string?]>,
})
export const { BadAutocomplete } = badAutocomplete.cases

const badPattern = entry('bad-pattern', 'config', 'Invalid field pattern', {
  /** `reason` is the JavaScript engine's message for the expression. */
  BadPattern: {
    message: (field: string, reason: string) =>
      `The pattern of the field "${field}" is not a valid regular expression, so browsers would ignore it: ${reason.replace(/^Invalid regular expression: /, '')}.`,
    hint: () =>
      'Write the expression without slashes, e.g. [0-9]{5}; in the `v` mode browsers use, escape - [ ] ( ) { } / | inside a character class with a backslash.',
  } satisfies Case<[string, string]>,
})
export const { BadPattern } = badPattern.cases

const badDate = entry('bad-date', 'config', 'Not a calendar date', {
  NotACalendarDate: {
    message: (what: 'publication date' | 'update date' | 'closing date', value: string) =>
      `The ${what} "${value}" is not a day of the calendar.`,
    hint: (what: 'publication date' | 'update date' | 'closing date') =>
      `Write a real date as YYYY-MM-DD: months run 01–12, and days to the month's length${what === 'closing date' ? '' : ' (2024-02-29 exists, 2025-02-29 does not)'}.`,
  } satisfies Case<['publication date' | 'update date' | 'closing date', string]>,
  NotASpecialDay: {
    message: (value: string) => `The special day "${value}" is not a day of the calendar.`,
    hint: () =>
      "Write a real date as YYYY-MM-DD: months run 01–12, and days to the month's length (2024-02-29 exists, 2025-02-29 does not).",
  } satisfies Case<[string]>,
  SpecialDaysBackwards: {
    message: (date: string, through: string) =>
      `These special hours run from ${date} through ${through}, which is earlier, so they would cover no day.`,
    hint: () => '`through` is the last day of the run: make it the same as `date` or later, or remove it for a single day.',
  } satisfies Case<[string, string]>,
})
export const { NotACalendarDate, NotASpecialDay, SpecialDaysBackwards } = badDate.cases

const duplicateId = entry('duplicate-id', 'config', 'Two elements with one id', {
  /** `earlierAt` is the earlier use's `file:line`, when it is in a YAML file. */
  DuplicateId: {
    message: (id: string, by: string, earlier: string) => `The id "${id}" is used twice on one page: by ${by} and by ${earlier}.`,
    hint: () =>
      "Ids must be unique on a page, or links to #fragments, labels and screen-reader references find the wrong element. Rename one: a section's `id`, or a form's `id` in forms.yaml.",
    note: (id: string, _by: string, earlier: string) => `"${id}" is first used here, by ${earlier}.`,
  } satisfies Case<[string, string, string]>,
})
export const { DuplicateId } = duplicateId.cases

const badPhone = entry('bad-phone', 'config', 'Phone number that cannot be dialled', {
  /** `readable`: only digits, spaces, dots, hyphens, brackets and a leading +. */
  BadPhone: {
    message: (number: string, digits: number, readable: boolean) =>
      readable
        ? `The phone number "${number}" has ${digits} digits; a number that can be dialled has 7 to 15.`
        : `The phone number "${number}" has characters a phone cannot dial.`,
    hint: () =>
      'Write it in international form (+1 555 010 0199) or national form ((555) 010-0199), digits with spaces, dots, hyphens or brackets only; put words such as "ext." or "24/7" in the line\'s label or hoursLabel.',
  } satisfies Case<[string, number, boolean]>,
})
export const { BadPhone } = badPhone.cases

const conflictingHours = entry('conflicting-hours', 'config', 'Day both open and closed', {
  ConflictingHours: {
    message: (day: string) => `${day} has opening hours and is also in \`closedDays\`, so search engines would get two answers for it.`,
    hint: (day: string) => `Remove ${day} from \`closedDays\` or from these opening hours.`,
  } satisfies Case<[string]>,
})
export const { ConflictingHours } = conflictingHours.cases

const unknownPlace = entry('unknown-place', 'config', 'Place that matches no area', {
  /** A `places` key that matches no area: its facts would reach no page. */
  UnknownPlace: {
    message: (_what: string, key: string, _near: readonly string[]) =>
      `The place "${key}" matches no area of the lists in areas.yaml, so its facts would reach no page.`,
    hint: (what: string, key: string, near: readonly string[]) => {
      // "Tigard, OR" for a list entry "Tigard": the state belongs in the list, where areas are defined.
      const state = /, ?([A-Za-z]{2})$/.exec(key)?.[1]?.toUpperCase()
      const [city] = near
      return near.length === 1 && state && !city!.includes(',')
        ? `The lists have "${city}" without a state: write it "${city}, ${state}" there, or key this place "${city}" with \`state: ${state}\`.`
        : AreaNotFound.hint(what, key, near)
    },
  } satisfies Case<[string, string, readonly string[]]>,
})
export const { UnknownPlace } = unknownPlace.cases

const duplicatePlace = entry('duplicate-place', 'config', 'One area in places twice', {
  DuplicatePlace: {
    message: (first: string, second: string) =>
      `The places "${first}" and "${second}" are one area (names match whatever their case, spaces, apostrophes or accent encoding), so one would hide the other's facts.`,
    hint: () => 'Keep one of them, and merge what the other says into it.',
    note: (first: string) => `"${first}" is here.`,
  } satisfies Case<[string, string]>,
})
export const { DuplicatePlace } = duplicatePlace.cases

const missingAlt = entry('missing-alt', 'config', 'Image without alt text', {
  MissingAlt: {
    message: (src: string) => `The image ${src} has no alt text, so screen readers and search engines cannot tell what it shows.`,
    hint: () => 'Describe the image between the brackets: ![Our team outside the front door](images/team.jpg).',
  } satisfies Case<[string]>,
})
export const { MissingAlt } = missingAlt.cases

const unknownEmbed = entry('unknown-embed', 'config', 'Embed of an unknown provider', {
  /** `provider` is '' when the block names none; `providers` are the known ones with what each expects. */
  UnknownEmbed: {
    message: (provider: string, _providers: readonly { name: string; expects: string }[], _guess?: string) =>
      provider
        ? `There is no embed provider "${provider}", so this block cannot be shown.`
        : 'This ::: block names no embed provider, so it cannot be shown.',
    hint: (_provider: string, providers: readonly { name: string; expects: string }[], guess?: string) =>
      `${guess ? `Did you mean "${guess}"? ` : ''}Write ${providers.map((p) => `\`::: ${p.name}\` and ${p.expects}`).join('; or ')}.`,
  } satisfies Case<[string, readonly { name: string; expects: string }[], string?]>,
})
export const { UnknownEmbed } = unknownEmbed.cases

const lowContrast = entry('low-contrast', 'config', 'Colours too close in contrast', {
  /**
   * `uses`: what the pair colours; `better`: the nearest shade of the site's own colour (the one it
   * wrote, else the text colour) that passes, when there is one.
   */
  LowContrast: {
    message: (pair: ContrastFailure, uses: readonly string[], _better?: BetterShade) =>
      `The theme colour \`${pair.text}\` (${pair.textColor}) on \`${pair.background}\` (${pair.backgroundColor}) has a contrast ratio of ${pair.ratio.toFixed(2)}:1; ` +
      `${pair.size === 'normal' ? 'text needs' : pair.size === 'large' ? 'large text needs' : 'icons and outlines need'} at least ${pair.required}:1 (WCAG 2.2 AA). It is used for ${uses.join('; ')}.`,
    hint: (pair: ContrastFailure, _uses: readonly string[], better?: BetterShade) =>
      better
        ? `The nearest shade of \`${better.token}\` that passes is \`${better.token}: "${better.color}"\` (${better.ratio.toFixed(2)}:1); set it in site.yaml \`theme.colors\`, or choose another \`${better.token === pair.text ? pair.background : pair.text}\`.`
        : `Choose a darker or lighter \`${pair.text}\` or \`${pair.background}\` in site.yaml \`theme.colors\`.`,
  } satisfies Case<[ContrastFailure, readonly string[], BetterShade?]>,
})
export const { LowContrast } = lowContrast.cases

const unknownFont = entry('unknown-font', 'config', 'Font not installed', {
  /**
   * The hint names no package built from the family's name: such a package may not exist (there is
   * no `@fontsource/system-ui`), and the example is one that does.
   */
  UnknownFont: {
    message: (family: string) => `No installed font package provides the family "${family}", so the site cannot host it.`,
    hint: () =>
      'Install the family\'s fontsource package where the site is built (its name is on fontsource.org: "Source Sans 3" is `npm install @fontsource-variable/source-sans-3`), or name a system stack that needs no package, such as "system-ui, sans-serif".',
  } satisfies Case<[string]>,
})
export const { UnknownFont } = unknownFont.cases

const outsideSite = entry('outside-site', 'config', 'File outside the site folder', {
  OutsideSite: {
    message: (src: string, target: string) =>
      `The image "${src}" is a symbolic link to ${target}, outside the site folder, so it is not published.`,
    hint: () => 'Copy the image into the site folder instead of linking to it.',
  } satisfies Case<[string, string]>,
  ContentOutsideSite: {
    message: (name: string, target: string) =>
      `The file "${name}" is a symbolic link to ${target}, outside the site folder, so citypress does not read it.`,
    hint: () => 'Copy the file into the site folder instead of linking to it.',
  } satisfies Case<[string, string]>,
})
export const { OutsideSite, ContentOutsideSite } = outsideSite.cases

const unknownFile = entry('unknown-file', 'config', 'File citypress does not read', {
  UnknownFile: {
    message: (name: string) => `citypress does not read "${name}", so it has no effect.`,
    hint: () => 'Site files are site.yaml, areas.yaml, forms.yaml, landing.yaml, pages/*.yaml, pages/*.md, services/*.yaml and blog/*.md.',
  } satisfies Case<[string]>,
  NotAFile: {
    message: (name: string) =>
      `"${name}" is not a file (a folder, a symbolic link that leads nowhere, or a device), so citypress does not read it.`,
    hint: () => 'Make it a plain file, or remove it.',
  } satisfies Case<[string]>,
})
export const { UnknownFile, NotAFile } = unknownFile.cases

const badRecord = entry('bad-record', 'config', 'Damaged published-URL record', {
  BadRecord: {
    message: (file: string, reason: string) => `${file} cannot be read (${reason}), so renamed landing pages cannot be redirected.`,
    hint: () => 'Restore it from version control (git checkout), or delete it to start a new record.',
  } satisfies Case<[string, string]>,
  BadRecordKey: {
    message: (file: string, key: string, problem: UrlProblem) =>
      `${file} records the address ${JSON.stringify(key)}, which cannot become a redirect: it ${addressReason(problem)}.`,
    hint: () =>
      'Correct or remove that entry: the record holds landing-page addresses such as /lp/springfield-roof-repair, and a build writes it back in order.',
  } satisfies Case<[string, string, UrlProblem]>,
})
export const { BadRecord, BadRecordKey } = badRecord.cases

const unsafeSvg = entry('unsafe-svg', 'config', 'SVG that runs code', {
  SvgDeclaration: {
    message: (src: string, found: '<!DOCTYPE' | '<!ENTITY') =>
      `The SVG "${src}" has a ${found} declaration; citypress does not read SVGs with a DTD, whose entities can expand into script.`,
    hint: () =>
      'Delete the <!DOCTYPE …> line and its [ … ] block of <!ENTITY …> lines, if any: browsers draw SVG without them. Exporting as "plain" or "optimized" SVG leaves them out.',
  } satisfies Case<[string, '<!DOCTYPE' | '<!ENTITY']>,
})
export const { SvgDeclaration } = unsafeSvg.cases

const badAddress = entry('bad-address', 'config', 'Invalid path or address', {
  BadAddress: {
    message: (role: AddressRole, value: string, problem: UrlProblem) =>
      `${roleNames[role]} ${JSON.stringify(value)} ${addressReason(problem)}.`,
    hint: (_role: AddressRole, _value: string, problem: UrlProblem) => addressHint(problem),
  } satisfies Case<[AddressRole, string, UrlProblem]>,
})
export const { BadAddress } = badAddress.cases

const badFontPackage = entry('bad-font-package', 'config', 'Damaged font package', {
  BadFontPackage: {
    message: (pkg: string, field: string, value: string, expected: string) =>
      `The font package ${pkg} gives ${field} as ${quoted(value, 60)}, which is not ${expected}.`,
    hint: (pkg: string) =>
      `citypress writes this value into the site's stylesheet, so it takes only what fontsource publishes. The package is damaged or not a fontsource package: reinstall it (\`npm install ${pkg}\`), or remove it.`,
  } satisfies Case<[string, string, string, string]>,
  FontFileMissing: {
    message: (pkg: string, file: string, family: string) =>
      `The font package ${pkg} has no ${file}, which the family "${family}" needs, so the site cannot host it.`,
    hint: (pkg: string) =>
      `The package is incomplete (an installed fontsource package holds metadata.json, unicode.json and a files/ folder of .woff2 files): reinstall it (\`npm install ${pkg}\`), or remove it.`,
  } satisfies Case<[string, string, string]>,
  FontFileDamaged: {
    message: (pkg: string, file: string, family: string) =>
      `The font package ${pkg} holds a ${file} that is not a font file citypress can read, so the family "${family}" cannot be measured for its fallback.`,
    hint: (pkg: string) => `The package is damaged: reinstall it (\`npm install ${pkg}\`), or remove it.`,
  } satisfies Case<[string, string, string]>,
})
export const { BadFontPackage, FontFileMissing, FontFileDamaged } = badFontPackage.cases

const yamlLimit = entry('yaml-limit', 'config', "YAML past citypress's limits", {
  YamlTooDeep: {
    message: (limit: number) =>
      `This value is nested more than ${limit} levels deep (lists and mappings inside each other), so citypress does not read this file.`,
    hint: () => 'No site needs this much nesting: close the [ and { you opened, or check the indentation of the lines above.',
  } satisfies Case<[number]>,
  YamlTooManyAliases: {
    message: (limit: number) =>
      `The aliases (*name) of this file expand to more than ${limit} copies of their anchors, so citypress does not read this file: a few lines of aliases can expand to gigabytes.`,
    hint: () => 'Write the repeated values out instead of nesting aliases inside anchors.',
  } satisfies Case<[number]>,
  YamlExhausted: {
    message: () =>
      'The YAML reader ran out of room on this value (it is nested or repeated too much), so citypress does not read this file.',
    hint: () => 'Simplify this value: fewer levels of lists and mappings inside each other.',
  } satisfies Case<[]>,
})
export const { YamlTooDeep, YamlTooManyAliases, YamlExhausted } = yamlLimit.cases

const imageTypeMismatch = entry('image-type-mismatch', 'config', 'Image whose name says another type', {
  SvgInDisguise: {
    message: (src: string, extension: string) =>
      `The image "${src}" is an SVG drawing, not the ${extension || 'file type'} its name says; citypress decides an image's type by its contents.`,
    hint: (src: string, extension: string) =>
      `Rename the file to ${extension ? src.slice(0, -extension.length) : src}.svg and write that name where the image is used.`,
  } satisfies Case<[string, string]>,
})
export const { SvgInDisguise } = imageTypeMismatch.cases

const imageTooLarge = entry('image-too-large', 'config', 'Image too large', {
  SvgTooLarge: {
    message: (src: string, bytes: number, limit: number) =>
      `The SVG "${src}" is ${Math.ceil(bytes / 1000)} kB; citypress publishes SVGs of up to ${limit / 1000} kB.`,
    hint: () => 'Optimise it (svgo removes editor data and rounds coordinates), or export a picture this detailed as PNG or WebP.',
  } satisfies Case<[string, number, number]>,
  ImageTooManyPixels: {
    message: (src: string, width: number, height: number, limit: number) =>
      `The image "${src}" is ${width} × ${height} pixels (${((width * height) / 1e6).toFixed(1)} megapixels); citypress reads images of up to ${limit / 1e6} megapixels.`,
    hint: () =>
      'Scale it down before adding it: 3,200 pixels across is more than any screen shows, and citypress makes the smaller sizes itself.',
  } satisfies Case<[string, number, number, number]>,
})
export const { SvgTooLarge, ImageTooManyPixels } = imageTooLarge.cases

const insecureImage = entry('insecure-image', 'config', 'Image over http on an https site', {
  InsecureImage: {
    message: (src: string) =>
      `The image ${src} is fetched over http:// by a site served over https://, so browsers block it or mark the page "Not secure".`,
    hint: (src: string) =>
      `Write it as ${src.replace(/^http:/i, 'https:')} if its server offers https, or copy the image into the site folder.`,
  } satisfies Case<[string]>,
})
export const { InsecureImage } = insecureImage.cases

const unknownArea = entry('unknown-area', 'config', 'Area name that matches no area', {
  AreaNotFound: {
    message: (what: string, name: string, _near: readonly string[]) =>
      `The ${what} "${name}" matches no area of the lists in areas.yaml, so citypress would have to invent one.`,
    hint: (_what: string, _name: string, near: readonly string[]) => `${didYouMean(near)}${areaRule} A new area goes in a list first.`,
  } satisfies Case<[string, string, readonly string[]]>,
})
export const { AreaNotFound } = unknownArea.cases

const ambiguousArea = entry('ambiguous-area', 'config', 'Area name that matches several areas', {
  AmbiguousArea: {
    message: (what: string, name: string, matches: readonly string[]) =>
      `The ${what} "${name}" could be ${quotedNames(matches, 'or')}: more than one area has that city, so the name needs its state.`,
    hint: (_what: string, _name: string, matches: readonly string[]) => `Write the state after a comma: ${quotedNames(matches, 'or')}.`,
  } satisfies Case<[string, string, readonly string[]]>,
})
export const { AmbiguousArea } = ambiguousArea.cases

const stateMismatch = entry('state-mismatch', 'config', 'Place whose state disagrees with its name', {
  StateMismatch: {
    message: (key: string, field: string, named: string) => `The place "${key}" says \`state: ${field}\`, but its area is in ${named}.`,
    hint: (_key: string, _field: string, named: string) =>
      `Make them agree: \`state: ${named}\`, or fix the state in the name. The name's ", ST" is a shorthand for \`state\`.`,
  } satisfies Case<[string, string, string]>,
})
export const { StateMismatch } = stateMismatch.cases

const areaWithoutState = entry('area-without-state', 'config', 'Area without a state', {
  AreaWithoutState: {
    message: (name: string, _likely?: string) =>
      `The area "${name}" has no state: its name has no ", ST" and its place no \`state\`, so its pages name no state and the locations page lists it under "Other areas".`,
    hint: (_name: string, likely?: string) =>
      `${likely ? `Did you mean "${likely}"? ` : ''}Write the state after a comma in the list ("City, ST"), or give its place \`state: ST\`.`,
  } satisfies Case<[string, string?]>,
  /** "Jeffersontown KY" whose place says `state: KY`: read as "Jeffersontown, KY". */
  StateWithoutComma: {
    message: (name: string, read: string) =>
      `The area "${name}" ends with its place's state but has no comma before it, so it is read as "${read}".`,
    hint: (_name: string, read: string) =>
      `Write it "${read}" here and wherever else it is written: without the comma, its pages would name the state twice and their addresses would hold it.`,
  } satisfies Case<[string, string]>,
})
export const { AreaWithoutState, StateWithoutComma } = areaWithoutState.cases

const sameAreaSlug = entry('same-area-slug', 'config', 'Two areas with one address', {
  /** Two spellings of one town ("Ft. Mill" and "Fort Mill"), whose pages would share their addresses. */
  SameAreaSlug: {
    message: (first: string, second: string, slug: string) =>
      `"${first}" and "${second}" are written differently but make the same address, /lp/${slug}-…, so their pages would overwrite each other.`,
    hint: () =>
      'If they are one town, write it one way everywhere and keep one `places` entry; if they are two, name one differently (e.g. "Fort Mill Township, SC").',
    note: (_first: string, second: string) => `"${second}" is written here.`,
  } satisfies Case<[string, string, string]>,
})
export const { SameAreaSlug } = sameAreaSlug.cases

const landingWithoutPlace = entry('landing-without-place', 'config', 'Landing pages for an area without a place', {
  LandingWithoutPlace: {
    message: (list: string | undefined, entry: string, area: string) =>
      `${list === undefined ? 'This landing page is' : `The list "${list}" makes landing pages`} for "${entry}", but areas.yaml \`places\` has no entry for ${entry === area ? 'it' : `"${area}"`}, so ${list === undefined ? 'it' : 'they'} would have no local facts.`,
    hint: (_list: string | undefined, _entry: string, area: string) =>
      `Add "${area}" under \`places\` in areas.yaml, with at least a \`local\` paragraph about working there; or, if the entry was meant to be another area, fix its name.`,
  } satisfies Case<[string | undefined, string, string]>,
})
export const { LandingWithoutPlace } = landingWithoutPlace.cases

const fontWeightMissing = entry('font-weight-missing', 'config', 'Font weight the package lacks', {
  /** `has`: the package's weights (`300, 400, 700`) or its variable range (`100 to 900`). */
  FontWeightMissing: {
    message: (pkg: string, family: string, lacking: readonly number[], _has: string) =>
      `The font package ${pkg} has no weight ${lacking.join(', ')} of "${family}", so the site cannot host ${lacking.length === 1 ? 'it' : 'them'}.`,
    hint: (_pkg: string, _family: string, _lacking: readonly number[], has: string) =>
      `Choose among the weights it has: ${has}. Or leave \`theme.fonts.weights\` out to ship every weight the stylesheet uses.`,
  } satisfies Case<[string, string, readonly number[], string]>,
})
export const { FontWeightMissing } = fontWeightMissing.cases

const shareImageFont = entry('share-image-font', 'config', 'Share images drawn in another font', {
  /** `reason`: the heading family is a system stack, or its only package is a variable one (WOFF2). */
  ShareImageFont: {
    message: (family: string, drawnIn: string, reason: 'system' | 'variable', _install?: string) =>
      reason === 'system'
        ? `Share images are drawn in ${drawnIn} (bundled with citypress), not in "${family}": a system stack is the visitor's own fonts, which the build cannot read.`
        : `Share images are drawn in ${drawnIn} (bundled with citypress), not in "${family}": only its variable package is installed, and the image renderer reads no WOFF2 or variable font.`,
    hint: (_family: string, drawnIn: string, _reason: 'system' | 'variable', install?: string) =>
      install
        ? `Install the static package too (\`npm install ${install}\`) to draw them in the site's heading font. The pages themselves are unaffected.`
        : `Name a fontsource family as the heading font to draw them in it, or keep ${drawnIn}. The pages themselves are unaffected.`,
  } satisfies Case<[string, string, 'system' | 'variable', string?]>,
})
export const { ShareImageFont } = shareImageFont.cases

const colourLiteral = entry('colour-literal', 'config', 'Colour written outside the theme', {
  ColourLiteral: {
    message: (literal: string) =>
      `The stylesheet writes the colour ${literal} itself, so the build cannot check its contrast and it does not follow the site's theme.`,
    hint: () =>
      'Use a theme colour, `var(--color-…)` (e.g. `var(--color-muted)`; site.yaml `theme.colors` lists them), or a tint of one: `color-mix(in srgb, var(--color-primary) 12%, var(--color-background))`.',
  } satisfies Case<[string]>,
})
export const { ColourLiteral } = colourLiteral.cases

const uncheckedColourPair = entry('unchecked-colour-pair', 'config', 'Colour pair the contrast check does not know', {
  UncheckedColourPair: {
    message: (text: string, background: string) =>
      `This rule puts the theme colour \`${text}\` on \`${background}\`, a pair the contrast check does not test, so it could be unreadable with no error.`,
    hint: (_text: string, background: string, known: readonly string[]) =>
      `Use a colour the check tests on \`${background}\`: ${known.length ? known.map((t) => `\`${t}\``).join(', ') : 'none is tested there; choose another background'}.`,
  } satisfies Case<[string, string, readonly string[]]>,
})
export const { UncheckedColourPair } = uncheckedColourPair.cases

const robotsUnderSubPath = entry('robots-under-sub-path', 'config', 'robots.txt under a sub-path', {
  /** `origin` and `basePath`: the site address split (src/config/checks/check-url.ts checkSiteAddress). */
  RobotsUnderSubPath: {
    message: (origin: string, basePath: string) =>
      `The site is served under ${basePath}, but crawlers read robots.txt only at the root of a host (${origin}/robots.txt), so the robots.txt written at ${basePath}/robots.txt is never read and does not point them to the sitemap.`,
    hint: (origin: string, basePath: string) =>
      `Submit ${origin}${basePath}/sitemap.xml in Google Search Console and Bing Webmaster Tools instead; or, if you own the site at ${origin}/, add "Sitemap: ${origin}${basePath}/sitemap.xml" to its robots.txt.`,
  } satisfies Case<[string, string]>,
})
export const { RobotsUnderSubPath } = robotsUnderSubPath.cases

const wrongFormEndpoint = entry('wrong-form-endpoint', 'config', 'Form endpoint of another service', {
  /** `prefix`: where the service's form addresses start; `example`: one such address. */
  EndpointNotOfService: {
    message: (service: string, endpoint: string, prefix: string, _example: string) =>
      `The form endpoint ${endpoint} is not a ${service} form address, so posts would not reach ${service}: its form addresses start with ${prefix}.`,
    hint: (service: string, _endpoint: string, _prefix: string, example: string) =>
      `Copy the form's address from your ${service} dashboard (like ${example}), or set \`provider: endpoint\` for another service.`,
  } satisfies Case<[string, string, string, string]>,
})
export const { EndpointNotOfService } = wrongFormEndpoint.cases

const badLanguage = entry('bad-language', 'config', 'Language citypress cannot write', {
  NotALanguageTag: {
    message: (value: string) => `"${value}" is not a language tag (BCP 47), so browsers and search engines could not read it.`,
    hint: () => 'Write a language, optionally with its region after a hyphen: en, en-US, es, es-US, fr-CA.',
  } satisfies Case<[string]>,
  /** ICU data is per build of Node: a small-ICU build knows English only. */
  UnknownToIntl: {
    message: (value: string) =>
      `This Node knows no dates, numbers or plural rules for "${value}", so they would be written in English on its pages.`,
    hint: () => 'Run citypress with a Node built with full ICU (the official builds are), or check the language code for a typing mistake.',
  } satisfies Case<[string]>,
  RightToLeft: {
    message: (value: string) => `"${value}" is written right to left, which citypress's pages are not laid out for yet.`,
    hint: () =>
      'Build the site in a left-to-right language for now; text of another direction inside a field is already shown the right way round.',
  } satisfies Case<[string]>,
  /** `missing`: the keys of the English table that messages.yaml does not give. */
  NoOwnWords: {
    message: (language: string, shipped: readonly string[], missing: readonly string[]) =>
      `citypress writes its own words (the skip link, menus, the 404 page, form messages) in ${shipped.join(' and ')} only, and messages.yaml gives ${missing.length} of them in "${language}" too few, so those would be English on its pages.`,
    hint: (_language: string, _shipped: readonly string[], missing: readonly string[]) =>
      `Write them in messages.yaml at the site's root: ${missing.slice(0, 6).join(', ')}${missing.length > 6 ? ` and ${missing.length - 6} more` : ''} (schemas/messages.schema.json lists each with its English text).`,
  } satisfies Case<[string, readonly string[], readonly string[]]>,
})
export const { NotALanguageTag, UnknownToIntl, RightToLeft, NoOwnWords } = badLanguage.cases

const badMessage = entry('bad-message', 'config', 'Message with a value citypress does not give', {
  /** `known`: the `{name}`s the English entry uses. */
  UnknownMessageValue: {
    message: (key: string, name: string, _known: readonly string[]) =>
      `The message "${key}" uses {${name}}, which citypress does not fill in for it, so the page would show "{${name}}".`,
    hint: (_key: string, _name: string, known: readonly string[]) =>
      known.length > 0
        ? `This message can use ${known.map((k) => `{${k}}`).join(', ')}.`
        : 'This message takes no values: write it as plain text.',
  } satisfies Case<[string, string, readonly string[]]>,
})
export const { UnknownMessageValue } = badMessage.cases

const badLanguages = entry('bad-languages', 'config', 'Languages of the site given twice', {
  BothLanguageForms: {
    message: () => "site.yaml has both `language` and `languages`, which would say the site's language twice.",
    hint: () => 'Keep `languages` (its first entry is the default language) and remove `language`.',
  } satisfies Case<[]>,
  /** `what`: the code or the address segment two entries share. */
  SameLanguageTwice: {
    message: (what: 'code' | 'path', value: string) =>
      what === 'code'
        ? `The language "${value}" is listed twice.`
        : `Two languages would have their pages under /${value}/, so one would overwrite the other's.`,
    hint: (what: 'code' | 'path') =>
      what === 'code' ? 'List each language once.' : "Give one of them another `path` (its pages' address segment).",
  } satisfies Case<['code' | 'path', string]>,
})
export const { BothLanguageForms, SameLanguageTwice } = badLanguages.cases

const badTranslation = entry('bad-translation', 'config', 'Translation that does not match what it translates', {
  /** `codes`: the languages of site.yaml other than the default. */
  NotALanguageFolder: {
    message: (folder: string, _codes: readonly string[]) =>
      `locales/${folder}/ is not the folder of a language of site.yaml's \`languages\`, so nothing in it is used.`,
    hint: (_folder: string, codes: readonly string[]) =>
      codes.length
        ? `Translations go in locales/<code>/ of a language listed after the first: ${codes.map((c) => `locales/${c}/`).join(', ')}.`
        : 'List the language in site.yaml `languages` (after the default one), or remove the folder.',
  } satisfies Case<[string, readonly string[]]>,
  TranslationOfNothing: {
    message: (name: string) => `This file translates ${name}, which the site does not have.`,
    hint: () => 'A translation has the same name as the file it translates, under locales/<code>/: rename it, or remove it.',
  } satisfies Case<[string]>,
  TranslationNotText: {
    message: (field: string, base: string) =>
      `"${field}" is not text a visitor reads, so it is the same in every language: the value in ${base} is used.`,
    hint: () =>
      'Remove it from the translation; only texts (the fields whose description starts "Plain text" or "Markdown") are translated.',
  } satisfies Case<[string, string]>,
  TranslationNotAString: {
    message: (field: string) => `"${field}" is text in the file it translates, so its translation is text too.`,
    hint: () => 'Write the translation as one string.',
  } satisfies Case<[string]>,
  /** `guess`: the closest key of the base entry that holds text; `known`: all of them. */
  TranslationWithoutBase: {
    message: (key: string, base: string, _guess: string | undefined, _known: readonly string[]) =>
      `"${key}" is not in ${base}, so it has nothing to translate.`,
    hint: (_key: string, _base: string, guess: string | undefined, known: readonly string[]) =>
      guess
        ? `Did you mean "${guess}"?`
        : known.length
          ? `The texts here are: ${known.slice(0, 8).join(', ')}${known.length > 8 ? ', …' : ''}.`
          : 'Nothing here holds text: remove it.',
  } satisfies Case<[string, string, string | undefined, readonly string[]]>,
  TranslationLength: {
    message: (length: number, baseLength: number, base: string) =>
      `This list has ${length} item${length === 1 ? '' : 's'} and the list it translates in ${base} has ${baseLength}: lists without names are translated item by item, in the same order.`,
    hint: () => 'Translate every item of the list, in its order, and nothing more.',
  } satisfies Case<[number, number, string]>,
})
const unreviewedTranslation = entry('unreviewed-translation', 'plan', 'Machine translation no one has reviewed', {
  UnreviewedTranslation: {
    message: (files: readonly string[]) =>
      `${files.length} translation file${files.length === 1 ? ' says it was' : 's say they were'} written by a machine and not reviewed (${files.slice(0, 4).join(', ')}${files.length > 4 ? ', …' : ''}): their pages are built for visitors but kept out of search (noindex, no sitemap entry, no hreflang).`,
    hint: () =>
      'Have someone who writes the language read each file, then set `translation: { method: machine, reviewed: true }` in it. Search engines treat unreviewed machine translation as spam.',
  } satisfies Case<[readonly string[]]>,
})
export const { UnreviewedTranslation } = unreviewedTranslation.cases

const untranslated = entry('untranslated', 'config', 'Text without its translation', {
  /** `fields`: where each missing text is in the base file (`services.0.title`); `translation`: the file it goes in. */
  MissingTranslation: {
    message: (language: string, translation: string, fields: readonly string[], consequence: 'page' | 'language' | 'place' | 'landing') =>
      `${fields.length} text${fields.length === 1 ? '' : 's'} of this file ${fields.length === 1 ? 'has' : 'have'} no ${language} translation in ${translation}, so ${
        {
          page: `its page is not built in ${language}`,
          language: `no page is built in ${language} (every page shows this file's texts)`,
          place: `the landing pages of the towns concerned are not built in ${language}`,
          landing: `no landing page is built in ${language}`,
        }[consequence]
      }.`,
    hint: (_language: string, translation: string, fields: readonly string[]) =>
      `Translate ${fields.slice(0, 5).join(', ')}${fields.length > 5 ? ` and ${fields.length - 5} more` : ''} in ${translation}. \`translations: { strict: true }\` in site.yaml (or --strict-translations) makes this an error, for CI.`,
  } satisfies Case<[string, string, readonly string[], 'page' | 'language' | 'place' | 'landing']>,
  /** `place`: the place of areas.yaml it is, when it is one; `languages`: the default's and the translation's names. */
  ReadsAsDefault: {
    message: (translation: string, place: string | undefined, reason: 'copied' | 'default-language', from: string, to: string) =>
      `${place ? `The text of ${place} in ${translation}` : translation} ${reason === 'copied' ? `is mostly the ${from} text it should translate` : `reads as ${from}, not ${to}`}, so its pages are built for visitors but kept out of search (noindex, no sitemap entry, no hreflang) as untranslated.`,
    hint: (_translation: string, _place: string | undefined, _reason: 'copied' | 'default-language', _from: string, to: string) =>
      `Write it in ${to}; search engines treat the same words at two addresses, or another language's words at this one, as duplicates.`,
  } satisfies Case<[string, string | undefined, 'copied' | 'default-language', string, string]>,
})
export const { MissingTranslation, ReadsAsDefault } = untranslated.cases

export const {
  NotALanguageFolder,
  TranslationOfNothing,
  TranslationNotText,
  TranslationNotAString,
  TranslationWithoutBase,
  TranslationLength,
} = badTranslation.cases

// Decided by plan/: addresses, links, landing pages and each page's headings.

const missingReference = entry('missing-reference', 'plan', 'Missing reference', {
  /** `own`: the site's icons (icons/*.svg), as an icon is written. */
  UnknownIcon: {
    message: (name: string, _own: readonly string[], _guess?: string) =>
      `There is no icon named "${name}" in the Lucide icon set${name.startsWith('icons/') ? ' or in the icons/ folder' : ''}.`,
    hint: (_name: string, own: readonly string[], guess?: string) =>
      guess
        ? `Did you mean "${guess}"?`
        : `Browse the names at lucide.dev/icons and write them in kebab-case, e.g. shield-check; or draw your own as an SVG in icons/ and write its path, e.g. icons/raccoon.svg.${own.length > 0 ? ` The site's own: ${own.join(', ')}.` : ''}`,
  } satisfies Case<[string, readonly string[], string?]>,
  /** A service, form, area list or scheduler named where none has that name; `where` is where they are defined. */
  UnknownReference: {
    message: (noun: string, name: string, where: string, _known: readonly string[], _guess?: string) =>
      `There is no ${noun} named "${name}" in ${where}.`,
    hint: (_noun: string, _name: string, where: string, known: readonly string[], guess?: string) =>
      guess ? `Did you mean "${guess}"?` : known.length ? `Known: ${known.join(', ')}.` : `Add it to ${where} first.`,
  } satisfies Case<[string, string, string, readonly string[], string?]>,
  UnknownLandingService: {
    message: (slug: string, _services: readonly string[]) =>
      `landing.yaml has texts for the service "${slug}", but services/ has no ${slug}.yaml.`,
    hint: (_slug: string, services: readonly string[]) => `Services: ${services.join(', ')}.`,
  } satisfies Case<[string, readonly string[]]>,
  UnknownRegion: {
    message: (place: string, region: string) =>
      `The place "${place}" names the region "${region}", which areas.yaml \`regions\` does not define.`,
    hint: () => 'Add the region or correct the name.',
  } satisfies Case<[string, string]>,
  NotALandingPage: {
    message: (url: string) => `quality.index names ${url}, which is not a landing page of this site.`,
    hint: () => 'Run `citypress routes` to list the landing pages.',
  } satisfies Case<[string]>,
  ChipsWithoutLanding: {
    message: ({ service, target, missing }: ChipsWithoutLandingFacts) =>
      `The service-area chips of ${service} link to /lp/{city}-${target}, but landing.yaml makes no such page for ${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ` and ${missing.length - 3} more` : ''}.`,
    hint: ({ target, lists, excluded }: ChipsWithoutLandingFacts) =>
      excluded
        ? `landing.yaml \`exclude\` (${excluded.entries.map((i) => `exclude[${i}]`).join(', ')}) removes the page${excluded.areas.length === 1 ? '' : 's'} of ${excluded.areas.join(', ')}. Set \`allowPlainChips: true\` under this service's \`areas\` to show ${excluded.areas.length === 1 ? 'that chip' : 'those chips'} as plain text, or drop the exclusion${excluded.notExcluded > 0 ? `; for the other ${excluded.notExcluded}, add a matrix rule with the list(s) ${lists.map((l) => `"${l}"`).join(', ')} and the service ${target}` : ''}.`
        : `Add a matrix rule with the list(s) ${lists.map((l) => `"${l}"`).join(', ')} and the service ${target} to landing.yaml, set \`allowPlainChips: true\` under this service's \`areas\`, or remove areas.landingService.`,
  } satisfies Case<[ChipsWithoutLandingFacts]>,
})
export const { UnknownIcon, UnknownReference, UnknownLandingService, UnknownRegion, NotALandingPage, ChipsWithoutLanding } =
  missingReference.cases

const duplicateRoute = entry('duplicate-route', 'plan', 'Two pages at one address', {
  /** `url`: the first address they share; `services`: every service whose pages they share. */
  SameLandingAddress: {
    message: (first: string, second: string, url: string, services: readonly string[]) =>
      `"${first}" and "${second}" would both be ${url}${services.length > 1 ? ` (and share the pages of ${services.length - 1} more service${services.length > 2 ? 's' : ''})` : ''}: landing-page addresses leave out the state.`,
    hint: (_first: string, _second: string, _url: string, services: readonly string[]) =>
      `Exclude one of them for ${services.join(', ')} in landing.yaml \`exclude\`, or write one area differently in areas.yaml (e.g. "Springfield Township, MO").`,
  } satisfies Case<[string, string, string, readonly string[]]>,
  DuplicateRoute: {
    message: (url: string, template: string, otherTemplate: string) =>
      `Two pages would both be written to ${url}: this ${template} page and another ${otherTemplate} page.`,
    hint: () => 'Give one of them a different path (or, for a service, a different file name).',
    note: (url: string, _template: string, otherTemplate: string) => `The ${otherTemplate} page already at ${url} comes from here.`,
  } satisfies Case<[string, string, string]>,
  FormPageTaken: {
    message: (form: string, url: string, otherTemplate: string) =>
      `The success page of the form "${form}" would be written to ${url}, where a ${otherTemplate} page already is.`,
    hint: () => 'Forms land on /thanks/{form name} after posting without JavaScript; move the other page or rename the form.',
    note: (_form: string, url: string, otherTemplate: string) => `The ${otherTemplate} page already at ${url} comes from here.`,
  } satisfies Case<[string, string, string]>,
})
export const { SameLandingAddress, DuplicateRoute, FormPageTaken } = duplicateRoute.cases

const takenFieldName = entry('taken-field-name', 'plan', 'Form field named like one citypress adds', {
  /** `what`: what citypress sends under that name, completing "the field citypress adds for …". */
  TakenFieldName: {
    message: (field: string, form: string, what: string) =>
      `The field "${field}" of the form "${form}" has the name of the hidden field citypress adds to it for ${what}: the form would send two values under one name.`,
    hint: (field: string) => `Give the field another name, e.g. "${field}Given" (its label is what visitors read).`,
  } satisfies Case<[string, string, string]>,
})
export const { TakenFieldName } = takenFieldName.cases

const badSlug = entry('bad-slug', 'plan', 'Invalid slug', {
  BadFileSlug: {
    message: (kind: 'service' | 'post', slug: string) => `The ${kind} file name "${slug}" cannot be a URL segment.`,
    hint: (kind: 'service' | 'post') =>
      `Rename the file with lower-case letters, digits and hyphens, e.g. ${kind === 'service' ? 'services/roof-repair.yaml' : 'blog/spring-roof-checklist.md'}.`,
  } satisfies Case<['service' | 'post', string]>,
  /** `suggestion`: the slug rule applied to what was written. */
  TranslatedSlug: {
    message: (slug: string, _suggestion: string) =>
      `The address segment "${slug}" is not lower-case ASCII letters, digits and single hyphens, which every address of the site is.`,
    hint: (_slug: string, suggestion: string) =>
      suggestion ? `Write it as "${suggestion}".` : 'Write it with letters a to z, digits and hyphens.',
  } satisfies Case<[string, string]>,
  EditorBadName: {
    message: (name: string) =>
      `"${name}" cannot be a file name of the site: its address must be lower-case letters, digits and single hyphens.`,
    hint: () => 'Change the title, or save once and rename the file in a text editor.',
  } satisfies Case<[string]>,
})
export const { BadFileSlug, TranslatedSlug, EditorBadName } = badSlug.cases

const brokenLink = entry('broken-link', 'plan', 'Broken link', {
  /** A `#fragment` link of a Markdown text to a heading it does not have. */
  MissingFragment: {
    message: (id: string, _ids: readonly string[], _guess?: string) =>
      `The link #${id} leads nowhere: this document has no heading with the id "${id}".`,
    hint: (_id: string, ids: readonly string[], guess?: string) =>
      guess
        ? `Did you mean "#${guess}"?`
        : ids.length
          ? `Its headings' ids: ${ids.map((i) => `#${i}`).join(', ')}.`
          : 'Link to one of its h2–h4 headings by its id (the heading text in lower case, words joined by "-").',
  } satisfies Case<[string, readonly string[], string?]>,
  LinkToNowhere: {
    message: (href: string, path: string, _guess?: string) =>
      `The link ${href} leads nowhere: no page of this site has the address ${path}.`,
    hint: (_href: string, _path: string, guess?: string) =>
      guess ? `Did you mean "${guess}"?` : 'Run `citypress routes` to list every address.',
  } satisfies Case<[string, string, string?]>,
  BrokenLink: {
    message: (page: string, url: string, problem: string, _others: readonly string[]) => `The page ${page} links to ${url}, ${problem}`,
    hint: (_page: string, _url: string, _problem: string, others: readonly string[]) =>
      [
        others.length > 0
          ? `The same link is on ${others.length} other page${others.length === 1 ? '' : 's'}: ${others.slice(0, 3).join(', ')}${others.length > 3 ? ', …' : ''}.`
          : '',
        'Fix the link in the YAML (or the template) that writes it; run `citypress routes` to list every address.',
      ]
        .filter(Boolean)
        .join(' '),
  } satisfies Case<[string, string, string, readonly string[]]>,
  RelativeLinkToNowhere: {
    message: (href: string, page: string, path: string, _guess?: string) =>
      `The relative link ${href} on the page ${page} leads to ${path}, and no page of this site has that address.`,
    hint: (_href: string, _page: string, _path: string, guess?: string) =>
      `${guess ? `Did you mean "${guess}"? ` : ''}A relative link is resolved against the address of the page it is on, as a browser does; start it with / to name a page from the site's root (run \`citypress routes\` to list every address).`,
  } satisfies Case<[string, string, string, string?]>,
  /** A url() of a stylesheet the build wrote: citypress's own, so a broken one is a bug of the bundle. */
  StylesheetLinkBroken: {
    message: (file: string, url: string, problem: string) => `The stylesheet ${file} links to ${url}, ${problem}`,
    hint: () =>
      "The stylesheet is made from citypress's templates/styles/ with the site's theme; a font or image it names must be a file of the output, under the site's base path. Please report it.",
  } satisfies Case<[string, string, string]>,
  FragmentNotOnPage: {
    message: (href: string, page: string, id: string, _guess?: string) =>
      `The link ${href} leads nowhere: the page ${page} has no element with the id "${id}".`,
    hint: (_href: string, _page: string, _id: string, guess?: string) =>
      `${guess ? `Did you mean "#${guess}"? ` : ''}A link names a section by its \`id\`, or a Markdown heading by its text in lower case with words joined by "-".`,
  } satisfies Case<[string, string, string, string?]>,
})
export const { MissingFragment, LinkToNowhere, BrokenLink, RelativeLinkToNowhere, FragmentNotOnPage, StylesheetLinkBroken } =
  brokenLink.cases

const chipWithoutPage = entry('chip-without-page', 'plan', 'Area chips without a page', {
  ChipsWithoutPage: {
    message: (lists: readonly string[], shown: readonly string[], count: number) =>
      `${count} area chip${count === 1 ? '' : 's'} of the list${lists.length === 1 ? '' : 's'} ${lists.map((l) => `"${l}"`).join(', ')} show${count === 1 ? 's' : ''} as plain text, because landing.yaml makes no page for ${count === 1 ? 'it' : 'them'}: ${shown.join(', ')}${count > shown.length ? ` and ${count - shown.length} more` : ''}.`,
    hint: () =>
      'Add these areas to a landing.yaml matrix rule (or `pages`) for the service in brackets, or take them out of the list; where plain chips are meant, say so with `allowPlainChips: true` on the areas section.',
  } satisfies Case<[readonly string[], readonly string[], number]>,
})
export const { ChipsWithoutPage } = chipWithoutPage.cases

const headingSkip = entry('heading-skip', 'plan', 'Heading level skipped', {
  HeadingSkip: {
    message: (text: string, level: number, previous: number, _fix: string) =>
      `The heading "${text}" is an h${level} right after an h${previous}, so the page skips a heading level.`,
    hint: (_text: string, _level: number, _previous: number, fix: string) => fix,
  } satisfies Case<[string, number, number, string]>,
})
export const { HeadingSkip } = headingSkip.cases

const missingH1 = entry('missing-h1', 'plan', 'Page without a main heading', {
  MissingH1: {
    message: (page: string, _fix: string) =>
      `${page} has no main heading (h1), so search engines and screen reader users cannot tell what the page is about.`,
    hint: (_page: string, fix: string) => fix,
  } satisfies Case<[string, string]>,
})
export const { MissingH1 } = missingH1.cases

const uselessExclusion = entry('useless-exclusion', 'plan', 'Exclusion that removes no page', {
  ExclusionRemovesNothing: {
    message: (area: string, service?: string) =>
      `The exclusion of "${area}"${service ? ` for ${service}` : ''} removes no page: landing.yaml makes no ${service ? `${service} page` : 'page'} for that area.`,
    hint: () => 'Remove the exclusion, or correct its area or service.',
  } satisfies Case<[string, string?]>,
})
export const { ExclusionRemovesNothing } = uselessExclusion.cases

const redundantLandingPage = entry('redundant-landing-page', 'plan', 'Landing page the matrix already makes', {
  RedundantLandingPage: {
    message: (area: string, service: string, list: string) =>
      `The page for "${area}" and ${service} is already made by the matrix rule of the list "${list}", and this entry sets neither \`index\` nor \`content\`, so it changes nothing.`,
    hint: () => 'Remove the entry, or give it `index` or `content` (the two things a `pages` entry may change on a matrix page).',
  } satisfies Case<[string, string, string]>,
})
export const { RedundantLandingPage } = redundantLandingPage.cases

// Met while rendering pages and compiling templates (src/render/).

const renderFailed = entry('render-failed', 'render', 'Page could not be rendered', {
  RenderFailed: {
    message: (url: string, component: string | undefined, thrown: string, _data: string) =>
      `The page ${url} could not be rendered: ${component ? `the component ${component} ` : 'a template '}threw "${thrown}".`,
    hint: (_url: string, _component: string | undefined, _thrown: string, data: string) => `The page's data comes from ${data}.`,
    note: (_url: string, component: string | undefined) => `${component ? `The component ${component}` : 'The template'} throws here.`,
  } satisfies Case<[string, string | undefined, string, string]>,
  ShareImageFailed: {
    message: (what: string, reason: string) => `The ${what} could not be drawn (${reason}).`,
    hint: () => 'Its title is drawn on it: look for unusual characters in the title. If the problem stays, report it with this message.',
  } satisfies Case<[string, string]>,
})
export const { RenderFailed, ShareImageFailed } = renderFailed.cases

const templateError = entry('template-error', 'render', 'Template error', {
  TemplateError: {
    message: (text: string, _note?: string) => `A template could not be compiled: ${text}.`,
    hint: (_text: string, note?: string) => note ?? 'Templates are TypeScript with JSX (.tsx); check the line shown.',
  } satisfies Case<[string, string?]>,
})
export const { TemplateError } = templateError.cases

// Found in the built output (src/check/).

const formMismatch = entry('form-mismatch', 'check', 'Form does not match its declaration', {
  FormNotDeclared: {
    message: (name: string | undefined, page: string) =>
      `${name === undefined ? 'A form without a name' : `The form "${name}"`} on ${page} is not declared in __forms.html, so Netlify would reject every submission of it.`,
    hint: () => 'Define the form in forms.yaml and render it with the Form component (templates/components/Form.tsx), which declares it.',
  } satisfies Case<[string | undefined, string]>,
  FieldNotDeclared: {
    message: (name: string, page: string, field: string, _declared: readonly string[]) =>
      `The form "${name}" on ${page} sends a field "${field}" that __forms.html does not declare, so Netlify would silently drop it.`,
    hint: (name: string, _page: string, _field: string, declared: readonly string[]) =>
      `Add the field to forms.${name} in forms.yaml, or stop the template that renders this form from adding it. Declared fields: ${declared.join(', ')}.`,
  } satisfies Case<[string, string, string, readonly string[]]>,
})
export const { FormNotDeclared, FieldNotDeclared } = formMismatch.cases

const budgetExceeded = entry('budget-exceeded', 'check', 'Size budget exceeded', {
  BudgetExceeded: {
    message: (what: string, kind: string, size: string, compressed: boolean, budget: string, _fix: string) =>
      `${what} of ${kind} pages ${what === 'The images' ? 'weigh' : 'weighs'} ${size}${compressed ? ' gzip-compressed' : ''}, over the budget of ${budget}.`,
    hint: (_what: string, _kind: string, _size: string, _compressed: boolean, _budget: string, fix: string) => fix,
  } satisfies Case<[string, string, string, boolean, string, string]>,
})
export const { BudgetExceeded } = budgetExceeded.cases

const unexpectedInlineCode = entry('unexpected-inline-code', 'check', 'Inline code citypress did not write', {
  UnexpectedInlineCode: {
    message: (page: string, kind: string, text: string, _hash: string, _others: readonly string[]) =>
      `The page ${page} holds an inline ${kind} that citypress did not write: ${quoted(text)}.`,
    hint: (_page: string, kind: string, _text: string, hash: string, others: readonly string[]) =>
      [
        others.length > 0
          ? `The same ${kind} is on ${others.length} other page${others.length === 1 ? '' : 's'}: ${others.slice(0, 3).join(', ')}${others.length > 3 ? ', …' : ''}.`
          : '',
        `The site's Content-Security-Policy allows only the inline code citypress writes, so browsers would block it. If a template in the site's templates/ writes it on purpose, declare it in site.yaml: \`csp: { ${cspKeyOf(kind)}: ["${hash}"] }\`; otherwise find what puts it there.`,
      ]
        .filter(Boolean)
        .join(' '),
  } satisfies Case<[string, string, string, string, readonly string[]]>,
})
export const { UnexpectedInlineCode } = unexpectedInlineCode.cases

// The output folder (src/output/output-guard.ts): a build replaces its output folder whole, so it
// writes only into a folder that is missing, empty or its own.

const outputFolderRefused = entry('output-folder-refused', 'output', 'Output folder that is never replaced', {
  OutputFolderRefused: {
    message: (folder: string, what: string) =>
      `citypress will not build into ${folder}: it is ${what}, and a build replaces its output folder whole.`,
    hint: () =>
      'Build into a folder of its own, such as --out dist (citypress creates it and marks it as its output). No option overrides this.',
  } satisfies Case<[string, string]>,
})
export const { OutputFolderRefused } = outputFolderRefused.cases

const outputFolderNotOurs = entry('output-folder-not-ours', 'output', 'Output folder holding other files', {
  /**
   * `kind`: `file` (not a folder), `unmarked` (no citypress marker), `strays` (marked, with files a
   * build did not write, or a `.git` or `CNAME` whatever the marker lists), `unrecorded` (marked, but
   * the site keeps no record of building it, and it holds files this build does not write).
   */
  OutputFolderNotOurs: {
    message: (folder: string, kind: 'file' | 'unmarked' | 'strays' | 'unrecorded', found: readonly string[]) =>
      kind === 'file'
        ? `${folder} is a file, not a folder, so citypress will not replace it with the site.`
        : kind === 'unmarked'
          ? `${folder} is not empty and not a citypress output, so citypress will not replace it: it holds ${listed(found)}.`
          : kind === 'strays'
            ? `${folder} is a citypress output, but it also holds files that citypress did not write, which the build would delete: ${listed(found)}.`
            : `${folder} is marked as a citypress output, but the site's .citypress holds no record of building it, and it holds files this build does not write, which it would delete: ${listed(found)}.`,
    hint: (folder: string, kind: 'file' | 'unmarked' | 'strays' | 'unrecorded') =>
      kind === 'strays'
        ? 'Move them out of the output folder (every build replaces it whole, so files added there by hand would be lost), or build into another folder with --out. Nothing was changed.'
        : kind === 'unrecorded'
          ? `A marker alone vouches only for files the build writes itself. If they are pages an earlier build of this site left, delete them by hand; otherwise move them out of ${folder} or build into another folder with --out. The previous output was left as it was.`
          : `Build into a new or empty folder with --out. If ${folder} is the output of an older citypress (before it marked its output folders), delete it once by hand; later builds mark it as theirs. Nothing was changed.`,
  } satisfies Case<[string, 'file' | 'unmarked' | 'strays' | 'unrecorded', readonly string[]]>,
})
export const { OutputFolderNotOurs } = outputFolderNotOurs.cases

// The build cache in the site's .citypress/ (src/cache/).

const cacheFolderLink = entry('cache-folder-link', 'cache', '.citypress that is a link', {
  /**
   * `<site>/.citypress` (or a folder or file in it that a build writes or deletes) is a symlink:
   * what citypress writes and deletes there would land in the folder it points to (src/cache/site-folder.ts).
   */
  CacheFolderLink: {
    message: (link: string, target: string) =>
      `${link} is a link to ${target}, so citypress will not write its build cache, report or previous output there: it writes and deletes in that folder as its own.`,
    hint: (link: string) =>
      `Remove the link (rm ${link}); citypress then makes its own folder there. Nothing was written; the previous output was left as it was.`,
  } satisfies Case<[string, string]>,
})
export const { CacheFolderLink } = cacheFolderLink.cases

// The browser editor (src/editor/): what a save, create or rename through /admin/ can be refused for.

const editorConflict = entry('editor-conflict', 'editor', 'File changed since the editor loaded it', {
  EditorConflict: {
    message: (file: string) => `${file} changed on disk after the editor loaded it; saving now would undo that change.`,
    hint: () => 'Reload the editor page to load the file as it is now, then make your change again.',
  } satisfies Case<[string]>,
  EditorChangedOnDisk: {
    message: (_file: string, changes: readonly string[]) =>
      `This file changed on disk after the editor loaded it (${changes.join('; ')}), so nothing was saved.`,
    hint: () =>
      'Publish again to apply your changes to the file as it is now: what changed there stays, except a field you changed too, which gets yours. Or reload the editor page to see the file first.',
  } satisfies Case<[string, readonly string[]]>,
  EditorNameGone: {
    message: (file: string, map: string, name: string) =>
      `${file} has no "${name}" under \`${map}\` any more: it was renamed or removed after the editor loaded it, so this save has nothing to change.`,
    hint: () => 'Reload the editor page to see the names as they are now, then make your change again.',
  } satisfies Case<[string, string, string]>,
})
export const { EditorConflict, EditorChangedOnDisk, EditorNameGone } = editorConflict.cases

const editorRefused = entry('editor-refused', 'editor', 'Editor request refused', {
  EditorNotContent: {
    message: (file: string) =>
      `The editor does not write "${file}": it writes only the site's own content files (site.yaml, areas.yaml, forms.yaml, landing.yaml, services/, pages/, blog/) and images/, inside the site folder.`,
    hint: () => 'Edit templates/, published-urls.json and other files in a text editor.',
  } satisfies Case<[string]>,
  EditorNotAnImage: {
    message: (file: string, type: string) => `The upload "${file}" is not an image the site can use: its bytes are ${type}.`,
    hint: () => 'Upload a JPEG, PNG, WebP, GIF or SVG file.',
  } satisfies Case<[string, string]>,
  EditorTooLarge: {
    message: (limit: string) => `The editor's request is larger than ${limit}, the most it takes.`,
    hint: () => 'Upload a smaller image (a photo of a few megabytes is plenty for the web), or edit the file in a text editor.',
  } satisfies Case<[string]>,
  EditorBadRequest: {
    message: (what: string) => `The editor's request was refused: ${what}.`,
    hint: () => 'Open the editor from the address citypress preview printed, on this machine, and try again.',
  } satisfies Case<[string]>,
  /** `action`: what Decap asked for; `what`: which part of its request is wrong (`params.path is not a text`). */
  EditorMalformed: {
    message: (action: string, what: string) => `The editor's "${action}" request was refused: ${what}, so nothing was read or written.`,
    hint: () =>
      'Decap CMS sends this only when its page and citypress preview disagree: reload the editor page and try again. If it happens again, report it with the request named above.',
  } satisfies Case<[string, string]>,
  /** `key`: the left-out key's path in `file` (`published`, `quality`). */
  EditorLeftOutKey: {
    message: (file: string, key: string) =>
      `The save sets \`${key}\` of ${file}, which the browser editor does not edit: it is a developer setting whose mistakes break a build or a deployment, so nothing was written.`,
    hint: (file: string, key: string) => `A developer edits \`${key}\` in ${file} with a text editor. Save your other changes without it.`,
  } satisfies Case<[string, string]>,
  EditorRenameElsewhere: {
    message: (from: string, to: string) =>
      `${from} cannot be renamed to ${to}: a rename keeps a file in its folder with its extension, since they say what the file is (a service, a page, a post).`,
    hint: () => 'Give it a new name in the same folder; to make it another kind of content, create a new entry and delete this one.',
  } satisfies Case<[string, string]>,
})
export const {
  EditorNotContent,
  EditorNotAnImage,
  EditorTooLarge,
  EditorBadRequest,
  EditorMalformed,
  EditorLeftOutKey,
  EditorRenameElsewhere,
} = editorRefused.cases

const editorCannotEdit = entry('editor-cannot-edit', 'editor', 'Save the editor cannot write as a small edit', {
  EditorCannotEdit: {
    message: (file: string) =>
      `The editor cannot write this change to ${file} as a small edit that keeps the file's comments and layout, so nothing was written.`,
    hint: () => 'Make the change in a text editor; the editor never rewrites a whole file.',
  } satisfies Case<[string]>,
})
export const { EditorCannotEdit } = editorCannotEdit.cases

const editorImageInUse = entry('editor-image-in-use', 'editor', 'Image the site still uses', {
  /** `image`: `images/roof.jpg`; `places`: `services/roofing.yaml:4` (a line when known), each once. */
  EditorImageInUse: {
    message: (image: string, places: readonly string[]) =>
      `${image} was not deleted: the site still uses it in ${listed(places)}, whose pages would show a broken image.`,
    hint: () => 'Choose another image in those places (or remove it there) and save them; then delete the image.',
  } satisfies Case<[string, readonly string[]]>,
})
export const { EditorImageInUse } = editorImageInUse.cases

const editorInternal = entry('editor-internal', 'editor', 'Editor request that met a bug', {
  EditorInternal: {
    message: (action: string) => `The editor's "${action}" request met a bug in citypress and was not finished.`,
    hint: () => 'The terminal running citypress preview shows the details: please report them. Reload the editor page to go on.',
  } satisfies Case<[string]>,
})
export const { EditorInternal } = editorInternal.cases

const editorNameTaken = entry('editor-name-taken', 'editor', 'Name already taken', {
  /** `map`: the top-level key of `file` whose names are entries (`places`); `name`: the one asked for. */
  EditorNameTaken: {
    message: (file: string, map: string, name: string) =>
      `${file} already has "${name}" under \`${map}\`, and a name there stands for one entry only, so this one was not saved.`,
    hint: (_file: string, _map: string, name: string) => `Open "${name}" in the list to change it, or give this entry another name.`,
  } satisfies Case<[string, string, string]>,
  /** `from` and `to`: site file names (`services/roofing.yaml`). */
  EditorFileTaken: {
    message: (from: string, to: string) => `${from} cannot be renamed to ${to}: that file already exists, and renaming would replace it.`,
    hint: () => 'Choose another name, or delete the other entry first.',
  } satisfies Case<[string, string]>,
})
export const { EditorNameTaken, EditorFileTaken } = editorNameTaken.cases

/** Every code with its title, stage and cases; the one list ConfigErrorCode is read from. */
export const entries = [
  diskFull,
  readOnly,
  noPermission,
  tooManyOpenFiles,
  nameTooLong,
  outOfMemory,
  siteNotFound,
  badSourceDate,
  yamlSyntax,
  unknownKey,
  missingKey,
  wrongType,
  badValue,
  fileNotFound,
  markdownFrontMatter,
  badImage,
  hostUnsupported,
  publishedUnreadable,
  nothingPublished,
  badAutocomplete,
  badPattern,
  badDate,
  duplicateId,
  badPhone,
  conflictingHours,
  unknownPlace,
  duplicatePlace,
  missingAlt,
  unknownEmbed,
  lowContrast,
  unknownFont,
  outsideSite,
  unknownFile,
  badRecord,
  unsafeSvg,
  badAddress,
  badFontPackage,
  yamlLimit,
  imageTypeMismatch,
  imageTooLarge,
  insecureImage,
  unknownArea,
  ambiguousArea,
  stateMismatch,
  areaWithoutState,
  sameAreaSlug,
  landingWithoutPlace,
  fontWeightMissing,
  shareImageFont,
  colourLiteral,
  uncheckedColourPair,
  robotsUnderSubPath,
  wrongFormEndpoint,
  badLanguage,
  badMessage,
  badLanguages,
  badTranslation,
  untranslated,
  unreviewedTranslation,
  missingReference,
  duplicateRoute,
  takenFieldName,
  badSlug,
  brokenLink,
  chipWithoutPage,
  headingSkip,
  missingH1,
  uselessExclusion,
  redundantLandingPage,
  renderFailed,
  templateError,
  formMismatch,
  budgetExceeded,
  unexpectedInlineCode,
  outputFolderRefused,
  outputFolderNotOurs,
  cacheFolderLink,
  editorConflict,
  editorRefused,
  editorCannotEdit,
  editorImageInUse,
  editorInternal,
  editorNameTaken,
] as const

/** Stable identifiers. Never rename one: users search for them and tests assert on them. */
export type ConfigErrorCode = (typeof entries)[number]['code']

// One round of errors: what each schema pattern asks for, in words, keyed by the
// pattern's text (src/config/checks/validate.ts), so no message quotes a regular expression.

/** Completes "`key` …": the rule a schema `pattern` states. */
export const patternRules: Readonly<Record<string, string>> = {
  '^[a-z0-9]+(-[a-z0-9]+)*$': 'must be lower-case letters and digits, words joined by single hyphens (e.g. "central-illinois")',
  '^[a-z0-9-]+$': 'must be lower-case letters, digits and hyphens (e.g. "shield-check")',
  '^([a-z0-9-]+|icons/[a-z0-9-]+\\.svg)$':
    'must be a Lucide name in lower-case letters, digits and hyphens (e.g. "shield-check"), or an SVG of the icons/ folder (e.g. "icons/raccoon.svg")',
  '^[^,]+(, ?[A-Z]{2})?$':
    'must be a place name, optionally followed by a comma and a two-letter state code in capitals (e.g. "Springfield, IL")',
  '^[A-Z]{2}$': 'must be a two-letter code in capitals (e.g. "IL" or "US")',
  '\\S': 'must hold a word, not only spaces (e.g. "Español")',
  '^/lp/[a-z0-9]+(-[a-z0-9]+)*$':
    'must be a landing page address: /lp/ then lower-case words joined by hyphens (e.g. "/lp/springfield-roof-repair")',
  '^/[a-z0-9]+(-[a-z0-9]+)*$':
    'must be one address segment after /: lower-case letters and digits, words joined by hyphens (e.g. "/locations")',
  '^(?:[^{}]|\\{(?:city|state|area|service|serviceLower|county)\\})*$':
    'may use only the tokens {city}, {state}, {area}, {service}, {serviceLower} and {county}, and no other curly braces',
  '^(?:[^{}]|\\{(?:service|serviceLower)\\})*$':
    'may use only the tokens {service} and {serviceLower} (a service page fills no others), and no other curly braces',
  '^[A-Za-z][A-Za-z0-9_-]*$': 'must start with a letter and hold only letters, digits, "_" and "-"',
  '^\\d{4}-\\d{2}-\\d{2}$': 'must be a date written YYYY-MM-DD (e.g. "2026-03-02")',
  '^/([a-z0-9]+(-[a-z0-9]+)*(/[a-z0-9]+(-[a-z0-9]+)*)*)?$':
    'must be / or an address of lower-case segments, words joined by hyphens, without a trailing slash (e.g. "/about" or "/services/roof-repair")',
  '^https?://': 'must be a full web address starting with https:// (or http://)',
  '%s': 'must contain %s, where the page\'s own title goes (e.g. "%s | Acme Roofing")',
  '^(0|[0-9]*\\.?[0-9]+(px|rem|em))$': 'must be 0 or a length in px, rem or em (e.g. "12px" or "0.75rem")',
  "^-?[A-Za-z0-9][A-Za-z0-9 .'-]*(?:, *-?[A-Za-z0-9][A-Za-z0-9 .'-]*)*$":
    'must be font family names separated by commas, without quotes or other punctuation (e.g. "Inter" or "system-ui, sans-serif")',
  '^/': 'must be an address on this site, starting with /',
  '^https://': 'must be a full web address starting with https://',
  '^(https://|/)': 'must be a full web address starting with https://, or an address on this site starting with /',
  '^[A-Za-z_][A-Za-z0-9_-]{0,63}$': 'must start with a letter or "_" and hold only letters, digits, "_" and "-", at most 64 characters',
  '^\\+[1-9]\\d{0,2}$': 'must be a country calling code: + and one to three digits (e.g. "+1" or "+44")',
  '^https://[^\\s/]+\\.[^\\s]+$': 'must be a full https:// address of a page, with no spaces (e.g. "https://www.facebook.com/acme")',
  '^([01]\\d|2[0-3]):[0-5]\\d$': 'must be a time of day on the 24-hour clock, HH:MM (e.g. "08:00" or "17:30")',
  '^(/|https?://)': 'must be an address on this site starting with /, or a full web address starting with https://',
  '^\\d+(\\.\\d+)?\\s*(B|kB|KB|MB)$': 'must be a size in B, kB or MB (e.g. "50 kB" or "1.5 MB")',
  '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$': 'must be a hex colour, # and three or six hex digits (e.g. "#0b5cab")',
  '^(/|#|https?://|mailto:|tel:|sms:)':
    'must be a link: an address on this site (/…), a #section, a full https:// address, or a mailto:, tel: or sms: link',
  '^G-[A-Z0-9]{4,20}$': 'must be a GA4 measurement ID: G- then capital letters and digits (e.g. "G-ABC123XYZ9")',
  '^[a-z0-9.-]{1,253}$': 'must be a domain name in lower case, without https:// (e.g. "harbor-roofing.com")',
  '^[A-Z0-9]{4,16}$': 'must be a site ID of capital letters and digits (e.g. "ABCDEFGH")',
  '^[0-9]{1,9}$': 'must be a whole number (e.g. "1")',
}

/** A pattern the table does not name yet: said without quoting it; the hint gives the key's description or example. */
export const patternRuleUnknown = 'is not written in the form this key takes'

/**
 * A length, count or size limit of the schemas in words, completing "`where` …" (InvalidValue),
 * with the value's own figure: ajv's "must NOT have more than 200 characters" names neither.
 */
export function limitRule(keyword: string, limit: number, data: unknown): string | undefined {
  const count = typeof data === 'string' ? [...data].length : Array.isArray(data) ? data.length : undefined
  const items = (n: number) => `${n} item${n === 1 ? '' : 's'}`
  switch (keyword) {
    case 'maxLength':
      return `is ${count} characters long, more than the ${limit} it may have`
    case 'minLength':
      return count === 0
        ? `is empty; it needs at least ${limit} character${limit === 1 ? '' : 's'}`
        : `is ${count} characters long, fewer than the ${limit} it needs`
    case 'maxItems':
      return `has ${items(count ?? 0)}, more than the ${limit} it may have`
    case 'minItems':
      return count === 0 ? `has no items; it needs at least ${limit}` : `has ${items(count ?? 0)}, fewer than the ${limit} it needs`
    case 'maximum':
      return `is ${String(data)}, more than ${limit}, the largest it may be`
    case 'minimum':
      return `is ${String(data)}, less than ${limit}, the smallest it may be`
    case 'exclusiveMaximum':
      return `is ${String(data)}; it must be less than ${limit}`
    case 'exclusiveMinimum':
      return `is ${String(data)}; it must be more than ${limit}`
    default:
      return undefined
  }
}

// Preview and editor HTTP answers.

/**
 * A text citypress preview or its editor's HTTP layer answers with or prints: no problem of the
 * site (it has no code, no position), yet a user reads it, so it lives here with the others.
 * tests/errors/catalogue.test.ts keeps such texts out of the HTTP modules.
 */
export interface HttpText<Args extends readonly unknown[]> {
  readonly status?: number
  readonly text: (...args: Args) => string
}

/** `host`: the Host header as sent; `name`: it without its port. */
export const PreviewHostRefused = {
  status: 403,
  text: (host: string, name: string) =>
    `citypress preview answers only for localhost, not for "${host}". To open it under that name, start it with --host ${name || 'NAME'}.\n`,
} satisfies HttpText<[string, string]>

export const PreviewEditorOff = {
  status: 404,
  text: () => 'The editor is off: preview listens beyond this machine, so it opens the editor only with --editor-token.\n',
} satisfies HttpText<[]>

/** `to`: an address of the site (`/repo/`, `/repo/contact?x=1`). */
export const PreviewMoved = { text: (to: string) => `Moved to ${to}\n` } satisfies HttpText<[string]>

/** `base`: the site's base path (`/repo`). */
export const PreviewOutsideBase = {
  status: 404,
  text: (base: string) => `Not found: this site is served under ${base}/.\n`,
} satisfies HttpText<[string]>

/** `path`: the address posted to; `origin`: the Origin header, or `unknown`. Printed in the terminal. */
export const PreviewCrossOriginLog = {
  text: (path: string, origin: string) => `✗ form post to ${path} from another origin (${origin}) refused\n`,
} satisfies HttpText<[string, string]>

/** A JSON answer's `reason`, under `error: 'cross-origin'`. */
export const PreviewCrossOrigin = {
  status: 403,
  text: () => 'Preview takes form posts only from its own pages.',
} satisfies HttpText<[]>

/** A JSON answer's `reason`, under `error: 'site-has-errors'`. */
export const PreviewSiteHasErrors = {
  status: 503,
  text: () => 'The site has errors; fix them (see the terminal) and send again.',
} satisfies HttpText<[]>

export const PreviewMethodNotAllowed = {
  status: 405,
  text: () => 'Preview serves GET and HEAD, and form posts where the form provider takes them.\n',
} satisfies HttpText<[]>

export const PreviewBadPath = { status: 400, text: () => 'Bad request path.\n' } satisfies HttpText<[]>

export const PreviewNoNotFoundPage = { status: 404, text: () => 'Not found (the site has no 404 page).\n' } satisfies HttpText<[]>

export const PreviewNoReport = {
  status: 404,
  text: () => 'No build report yet: `citypress build` writes one into .citypress/report.html.\n',
} satisfies HttpText<[]>

/** The page shown at an address while the first build still runs. */
export const PreviewStarting = { text: () => 'The first build has not finished.' } satisfies HttpText<[]>

/** `request`: `GET /contact`; `stack`: the bug's stack. Printed in the terminal. */
export const PreviewInternalLog = {
  text: (request: string, stack: string) => `Internal error while answering ${request} (the server keeps running):\n${stack}\n`,
} satisfies HttpText<[string, string]>

export const PreviewInternal = { status: 500, text: () => 'Internal error in citypress preview; see the terminal.\n' } satisfies HttpText<
  []
>

/** `stack`: the bug's stack. Printed in the terminal. */
export const EditorInternalLog = {
  text: (stack: string) => `Internal error while answering an editor request (the server keeps running):\n${stack}\n`,
} satisfies HttpText<[string]>

/**
 * What the editor asks before a save that changes a page's address (src/editor/address-change.ts)
 * or a town's name: `redirects`, each `from → to`; `files`, the other files whose links or names it rewrites;
 * `unrecorded`, when the site has no record of its landing pages to redirect.
 */
export const EditorAddressMoves = {
  text: (moved: 'page' | 'town' | 'removed town', redirects: readonly string[], files: readonly string[], unrecorded: boolean) =>
    [
      moved === 'page'
        ? 'Saving moves this page to a new address.'
        : moved === 'town'
          ? "Saving moves this town's pages to new addresses."
          : 'Deleting this town takes it out of every area list and removes its pages.',
      ...(redirects.length === 0
        ? []
        : [
            `${redirects.length === 1 ? 'The old address answers' : `The ${redirects.length} old addresses answer`} with a permanent redirect (301), so visitors and search engines follow:`,
          ]),
      ...redirects.slice(0, 12).map((r) => `  ${r}`),
      ...(redirects.length > 12 ? [`  … and ${redirects.length - 12} more`] : []),
      ...(files.length > 0 ? [`Links and names in ${files.join(', ')} are changed to match.`] : []),
      ...(unrecorded
        ? [
            'Its landing pages get no redirect: the site has no record of the addresses it published (published-urls.json, which each build writes) and site.yaml names no `published` sitemap. Build the site once before renaming, or set `published`.',
          ]
        : []),
      ...(moved === 'removed town' ? [] : ['Save?']),
    ].join('\n'),
} satisfies HttpText<['page' | 'town' | 'removed town', readonly string[], readonly string[], boolean]>

/** The editor's notice when the marketer answers no to EditorAddressMoves. */
export const EditorAddressKept = {
  text: () => 'Not saved: the page keeps its address. Your changes are still in the form.',
} satisfies HttpText<[]>

/** An upload made smaller as it arrived (src/editor/media.ts `uploadFit`). Printed in the terminal. */
export const EditorImageResized = {
  text: (file: string, from: string, to: string) =>
    `  The upload ${file} was ${from}, more than a page ever shows: it is saved at ${to}. Keep the original if you need it elsewhere.\n`,
} satisfies HttpText<[string, string, string]>

export const EditorNotFound = { status: 404, text: () => 'Not found.\n' } satisfies HttpText<[]>

/** `file`: a file under lib/decap/ (`decap/decap-cms.js`). */
export const EditorLibraryMissing = {
  status: 404,
  text: (file: string) => `${file} is missing: run \`npm run prepare\` in the citypress checkout to fetch Decap CMS into lib/decap/.\n`,
} satisfies HttpText<[string]>

/** What the editor's refusals (EditorBadRequest) say was wrong with a request, one entry per reason. */
export const editorRefusals = {
  wrongToken: 'the editor token in its address is wrong',
  postOnly: 'the API takes POST requests only',
  otherOrigin: 'it came from another origin than this preview',
  notJson: 'it was not sent as JSON',
  bodyNotJson: 'its body is not JSON',
  noAction: 'its body is not a JSON object with an action',
  getOnly: 'the editor page is read with GET',
} as const

/** `kb`: form capture's limit in kilobytes. A JSON answer's `reason`, under `error: 'too-large'`. */
export const FormTooLarge = { status: 413, text: (kb: number) => `The body is larger than ${kb} KB.` } satisfies HttpText<[number]>

export const FormMalformed = {
  status: 400,
  text: () => 'The body is not a form submission (application/x-www-form-urlencoded, multipart/form-data or a JSON object of strings).',
} satisfies HttpText<[]>

/** `form`: the form's name; `page`: the page it was posted from. Printed in the terminal. */
export const FormFailedLog = {
  text: (form: string, page: string) => `✗ form ${form} from ${page}: answered 500 (--fail-forms), nothing stored`,
} satisfies HttpText<[string, string]>

/** The title and text of the page `--fail-forms` answers with. */
export const FormFailedTitle = { status: 500, text: () => 'Submission failed' } satisfies HttpText<[]>
export const FormFailed = {
  status: 500,
  text: () => 'citypress preview answers every form with an error (--fail-forms).',
} satisfies HttpText<[]>

/** `form`: the form-name posted, or undefined when none was. */
export const FormUnknown = {
  status: 422,
  text: (form: string | undefined) =>
    form === undefined ? 'The submission has no form-name field.' : `There is no form "${form}" in forms.yaml.`,
} satisfies HttpText<[string | undefined]>

export const FormUnknownLog = {
  text: (page: string, form: string | undefined) =>
    `✗ form submission from ${page} rejected: ${form === undefined ? 'no form-name field' : `no form "${form}" in forms.yaml`}`,
} satisfies HttpText<[string, string | undefined]>

/** `reasons`: what is wrong with the fields, in sentences (form-submission.ts). */
export const FormInvalidLog = {
  text: (form: string, page: string, reasons: string) => `✗ form ${form} from ${page} rejected: ${reasons}`,
} satisfies HttpText<[string, string, string]>

export const FormHoneypotLog = {
  text: (form: string, page: string) => `· form ${form} from ${page}: honeypot filled, answered 200 and stored nothing`,
} satisfies HttpText<[string, string]>

/** `problems`: the formatted problems that kept the submission from being stored. */
export const FormNotStoredLog = {
  text: (form: string, page: string, problems: string) => `✗ form ${form} from ${page}: not stored\n${problems}`,
} satisfies HttpText<[string, string, string]>

/** `file`: the submissions file as shown. */
export const FormNotStored = {
  status: 500,
  text: (file: string) => `${file} is not citypress's own folder; see the terminal.`,
} satisfies HttpText<[string]>

/** `mb`: the submissions file's limit in megabytes. */
export const FormSubmissionsFullLog = {
  text: (form: string, page: string, file: string, mb: number) =>
    `✗ form ${form} from ${page}: not stored, ${file} has reached ${mb} MB; move or delete it to store more`,
} satisfies HttpText<[string, string, string, number]>

export const FormSubmissionsFull = {
  status: 507,
  text: (file: string, mb: number) => `${file} has reached ${mb} MB. Move or delete it, then send again.`,
} satisfies HttpText<[string, number]>

/** `summary`: the submission's fields on one line; `file`: where it was stored. */
export const FormStoredLog = {
  text: (form: string, page: string, summary: string, file: string) => `✓ form ${form} from ${page}: ${summary} → ${file}`,
} satisfies HttpText<[string, string, string, string]>

/** The link under a thank-you page to the page the form was on. */
export const FormBackLink = { text: () => 'Back to the page' } satisfies HttpText<[]>
