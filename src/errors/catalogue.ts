import { ConfigError, type ConfigErrorCode, type SourcePosition } from './config-error.js'
import { ConfigWarning } from './config-warning.js'

/**
 * The error catalogue, as Astro's `errors-data.ts`: one entry per code, and a code means one thing
 * everywhere. Call sites pass data, not prose: `fail(DiskFull, where, file)`. Tests pin the printed
 * text per code (tests/errors/catalogue.test.ts).
 *
 * To add an error: add its code to ConfigErrorCode (config-error.ts), then an entry here with a
 * title (a few words, for lists and docs), a message (what happened and why; no position, the
 * frame shows it) and a hint (what to do). Until every call site is moved here, `new ConfigError
 * ({ code, message, hint })` still works; `titleOf` knows every code either way.
 */
export interface ErrorData<Args extends readonly unknown[]> {
  readonly code: ConfigErrorCode
  readonly title: string
  readonly message: (...args: Args) => string
  readonly hint?: (...args: Args) => string | undefined
}

/** Where an error is: a file (with line and column when known) and the config path. */
export type ErrorPlace = SourcePosition & { readonly path?: string }

/** The ConfigError of a catalogue entry, at `at`. */
export function fail<Args extends readonly unknown[]>(data: ErrorData<Args>, at: ErrorPlace, ...args: Args): ConfigError {
  return new ConfigError({ ...at, code: data.code, message: data.message(...args), hint: data.hint?.(...args) })
}

/** The same entry as a warning: told, never thrown (a budget at level `warn`). */
export function warn<Args extends readonly unknown[]>(data: ErrorData<Args>, at: ErrorPlace, ...args: Args): ConfigWarning {
  return new ConfigWarning({ ...at, code: data.code, message: data.message(...args), hint: data.hint?.(...args) })
}

// Machine faults (src/errors/system-error.ts). Each says that the previous output is intact: a
// build that meets one rolls back before reporting it.

export const DiskFull = {
  code: 'disk-full',
  title: 'Disk full',
  message: (file: string, quota: boolean) => `The disk ${quota ? 'quota is used up' : 'is full'}: citypress could not write ${file}.`,
  hint: () => 'Free some space on that disk, or build into a folder on another disk with --out; then build again. The previous output was left as it was.',
} satisfies ErrorData<[string, boolean]>

export const ReadOnly = {
  code: 'read-only',
  title: 'Read-only folder',
  message: (file: string) => `${file} is on a read-only file system, so citypress cannot write there.`,
  hint: () => 'Build into a writable folder with --out, and make the site folder writable (citypress keeps its build cache in .citypress/ there). The previous output was left as it was.',
} satisfies ErrorData<[string]>

export const NoPermission = {
  code: 'no-permission',
  title: 'Permission denied',
  message: (file: string, action: string) => `citypress is not allowed to ${action} ${file} (permission denied).`,
  hint: () => 'Check who owns it (ls -l): an earlier run by another user, or with sudo, may have created it. Build as its owner, or change its owner; the previous output was left as it was.',
} satisfies ErrorData<[string, string]>

export const TooManyOpenFiles = {
  code: 'too-many-open-files',
  title: 'Too many open files',
  message: (file: string) => `The system refused to open ${file}: too many files are open at once.`,
  hint: () => 'Raise the limit for this shell (ulimit -n 4096) and build again. The previous output was left as it was.',
} satisfies ErrorData<[string]>

export const NameTooLong = {
  code: 'name-too-long',
  title: 'Path too long',
  message: (file: string) => `The path ${file} is longer than this file system allows.`,
  hint: () => 'Build into a folder with a shorter path (--out), or shorten the page slugs that make it long.',
} satisfies ErrorData<[string]>

export const OutOfMemory = {
  code: 'out-of-memory',
  title: 'Out of memory',
  message: (what: string, limitMb: number, neededMb?: number) => neededMb === undefined
    ? `The build ran out of memory in ${what} (Node.js may use ${limitMb} MB here).`
    : `${what[0]!.toUpperCase()}${what.slice(1)} needs about ${neededMb} MB of memory, but Node.js may use only ${limitMb} MB here, so the build stopped before it would run out.`,
  hint: (_what: string, _limitMb: number, neededMb?: number) => `Allow Node.js more memory (NODE_OPTIONS=--max-old-space-size=${Math.max(512, Math.ceil((neededMb ?? 256) / 128) * 128 + 128)}) and build again. The previous output was left as it was.`,
} satisfies ErrorData<[string, number, number?]>

// The site's files.

export const UnclosedFlow = {
  code: 'yaml-syntax',
  title: 'YAML syntax error',
  message: (open: '[' | '{') => `This ${open} has no closing ${open === '[' ? ']' : '}'}. This file is not valid YAML, so nothing in it could be read.`,
  hint: (open: '[' | '{') => open === '['
    ? 'End the list with ] on the same line (e.g. tags: [one, two]), or write it as a block, one "- item" per line.'
    : 'End the mapping with } on the same line (e.g. size: { width: 800, height: 600 }), or write it as a block, one "key: value" per line.',
} satisfies ErrorData<['[' | '{']>

export const KeysInPairs = {
  code: 'missing-key',
  title: 'Missing key',
  message: (where: string, given: string, missing: string) => `${where} has "${given}" but no "${missing}"; the two only make sense together.`,
  hint: (_where: string, given: string, missing: string) => `Add "${missing}" beside "${given}", or remove "${given}".`,
} satisfies ErrorData<[string, string, string]>

export const OutsideSite = {
  code: 'outside-site',
  title: 'File outside the site folder',
  message: (src: string, target: string) => `The image "${src}" is a symbolic link to ${target}, outside the site folder, so it is not published.`,
  hint: () => 'Copy the image into the site folder instead of linking to it.',
} satisfies ErrorData<[string, string]>

export const UnsafeSvg = {
  code: 'unsafe-svg',
  title: 'SVG that runs code',
  message: (src: string, found: string) => `The SVG "${src}" contains ${found}; citypress does not publish images that run code.`,
  hint: () => 'Remove scripts and event attributes from it (an SVG optimiser such as svgo does), or export it again as a plain drawing.',
} satisfies ErrorData<[string, string]>

export const BadRecord = {
  code: 'bad-record',
  title: 'Damaged published-URL record',
  message: (file: string, reason: string) => `${file} cannot be read (${reason}), so renamed landing pages cannot be redirected.`,
  hint: () => 'Restore it from version control (git checkout), or delete it to start a new record.',
} satisfies ErrorData<[string, string]>

export const MissingH1 = {
  code: 'missing-h1',
  title: 'Page without a main heading',
  message: (page: string, _fix: string) => `${page} has no main heading (h1), so search engines and screen reader users cannot tell what the page is about.`,
  hint: (_page: string, fix: string) => fix,
} satisfies ErrorData<[string, string]>

// Decided by plan/ and met while rendering and encoding (src/render/, src/images/).

export const UnknownArea = {
  code: 'missing-reference',
  title: 'Missing reference',
  message: (area: string, _guess?: string) => `The area "${area}" is in no list of areas.yaml.`,
  hint: (_area: string, guess?: string) => guess ? `Did you mean "${guess}"?` : 'Write the area exactly as in areas.yaml, e.g. "Springfield, IL".',
} satisfies ErrorData<[string, string?]>

export const UselessExclusion = {
  code: 'missing-reference',
  title: 'Missing reference',
  message: (area: string, _guess?: string) => `The excluded area "${area}" is in no list of areas.yaml, so the exclusion has no effect.`,
  hint: UnknownArea.hint,
} satisfies ErrorData<[string, string?]>

export const UnknownLandingService = {
  code: 'missing-reference',
  title: 'Missing reference',
  message: (slug: string, _services: readonly string[]) => `landing.yaml has texts for the service "${slug}", but services/ has no ${slug}.yaml.`,
  hint: (_slug: string, services: readonly string[]) => `Services: ${services.join(', ')}.`,
} satisfies ErrorData<[string, readonly string[]]>

export const UnknownRegion = {
  code: 'missing-reference',
  title: 'Missing reference',
  message: (place: string, region: string) => `The place "${place}" names the region "${region}", which areas.yaml \`regions\` does not define.`,
  hint: () => 'Add the region or correct the name.',
} satisfies ErrorData<[string, string]>

export const NotALandingPage = {
  code: 'missing-reference',
  title: 'Missing reference',
  message: (url: string) => `quality.index names ${url}, which is not a landing page of this site.`,
  hint: () => 'Run `citypress routes` to list the landing pages.',
} satisfies ErrorData<[string]>

export const ChipsWithoutLanding = {
  code: 'missing-reference',
  title: 'Missing reference',
  message: (service: string, target: string, missing: readonly string[], _lists: readonly string[]) => `The service-area chips of ${service} link to /lp/{city}-${target}, but landing.yaml makes no such page for ${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ` and ${missing.length - 3} more` : ''}.`,
  hint: (_service: string, target: string, _missing: readonly string[], lists: readonly string[]) => `Add a matrix rule with the list(s) ${lists.map((l) => `"${l}"`).join(', ')} and the service ${target} to landing.yaml, or remove areas.landingService.`,
} satisfies ErrorData<[string, string, readonly string[], readonly string[]]>

export const SameLandingAddress = {
  code: 'duplicate-route',
  title: 'Two pages at one address',
  message: (first: string, second: string, url: string, _service: string) => `"${first}" and "${second}" would both be ${url}: landing-page addresses leave out the state.`,
  hint: (_first: string, _second: string, _url: string, service: string) => `Exclude one of them for ${service} in landing.yaml \`exclude\`, or write one area differently in areas.yaml (e.g. "Springfield Township, MO").`,
} satisfies ErrorData<[string, string, string, string]>

export const DuplicateRoute = {
  code: 'duplicate-route',
  title: 'Two pages at one address',
  message: (url: string, template: string, otherTemplate: string, other: string) => `Two pages would both be written to ${url}: this ${template} page and the ${otherTemplate} page from ${other}.`,
  hint: () => 'Give one of them a different path (or, for a service, a different file name).',
} satisfies ErrorData<[string, string, string, string]>

export const FormPageTaken = {
  code: 'duplicate-route',
  title: 'Two pages at one address',
  message: (form: string, url: string, otherTemplate: string, other: string) => `The success page of the form "${form}" would be written to ${url}, where the ${otherTemplate} page from ${other} already is.`,
  hint: () => 'Forms land on /thanks/{form name} after posting without JavaScript; move the other page or rename the form.',
} satisfies ErrorData<[string, string, string, string]>

export const BadFileSlug = {
  code: 'bad-slug',
  title: 'Invalid slug',
  message: (kind: 'service' | 'post', slug: string) => `The ${kind} file name "${slug}" cannot be a URL segment.`,
  hint: (kind: 'service' | 'post') => `Rename the file with lower-case letters, digits and hyphens, e.g. ${kind === 'service' ? 'services/roof-repair.yaml' : 'blog/spring-roof-checklist.md'}.`,
} satisfies ErrorData<['service' | 'post', string]>

export const LinkToNowhere = {
  code: 'broken-link',
  title: 'Broken link',
  message: (href: string, path: string, _guess?: string) => `The link ${href} leads nowhere: no page of this site has the address ${path}.`,
  hint: (_href: string, _path: string, guess?: string) => guess ? `Did you mean "${guess}"?` : 'Run `citypress routes` to list every address.',
} satisfies ErrorData<[string, string, string?]>

export const ChipsWithoutPage = {
  code: 'chip-without-page',
  title: 'Area chips without a page',
  message: (lists: readonly string[], shown: readonly string[], count: number) => `${count} area chip${count === 1 ? '' : 's'} of the list${lists.length === 1 ? '' : 's'} ${lists.map((l) => `"${l}"`).join(', ')} show${count === 1 ? 's' : ''} as plain text, because landing.yaml makes no page for ${count === 1 ? 'it' : 'them'}: ${shown.join(', ')}${count > shown.length ? ` and ${count - shown.length} more` : ''}.`,
  hint: () => 'Add these areas to a landing.yaml matrix rule (or `pages`) for the service in brackets, or take them out of the list; where plain chips are meant, say so with `allowPlainChips: true` on the areas section.',
} satisfies ErrorData<[readonly string[], readonly string[], number]>

export const HeadingSkip = {
  code: 'heading-skip',
  title: 'Heading level skipped',
  message: (text: string, level: number, previous: number, _fix: string) => `The heading "${text}" is an h${level} right after an h${previous}, so the page skips a heading level.`,
  hint: (_text: string, _level: number, _previous: number, fix: string) => fix,
} satisfies ErrorData<[string, number, number, string]>

export const LayoutWithoutHero = {
  code: 'bad-value',
  title: 'Invalid value',
  message: () => 'This landing layout has no `hero`, so its pages would have no headline (h1).',
  hint: () => 'Add `hero` (or `hero-form`) to the list, usually first.',
} satisfies ErrorData<[]>

export const LayoutWithTwoHeroes = {
  code: 'bad-value',
  title: 'Invalid value',
  message: () => 'This landing layout has both `hero` and `hero-form`, so its pages would have two headlines (h1).',
  hint: () => 'Keep one of them.',
} satisfies ErrorData<[]>

export const LayoutWithFormTwice = {
  code: 'bad-value',
  title: 'Invalid value',
  message: () => 'This landing layout has both `hero-form` and `form`, so its pages would show the form twice.',
  hint: () => 'Keep one of them.',
} satisfies ErrorData<[]>

export const RenderFailed = {
  code: 'render-failed',
  title: 'Page could not be rendered',
  message: (url: string, component: string | undefined, thrown: string, _where: string | undefined, _data: string) => `The page ${url} could not be rendered: ${component ? `the component ${component} ` : 'a template '}threw "${thrown}".`,
  hint: (_url: string, _component: string | undefined, _thrown: string, where: string | undefined, data: string) => where ? `In ${where}; the page's data comes from ${data}.` : `The page's data comes from ${data}.`,
} satisfies ErrorData<[string, string | undefined, string, string | undefined, string]>

export const UndecodableImage = {
  code: 'bad-image',
  title: 'Unreadable image',
  message: (src: string, reason: string) => `The image "${src}" cannot be decoded; the file is damaged or not an image (${reason}).`,
  hint: () => 'Export it again as JPEG, PNG, WebP or AVIF.',
} satisfies ErrorData<[string, string]>

// Found in the built output (src/check/) and while compiling templates (src/render/).

export const BrokenLink = {
  code: 'broken-link',
  title: 'Broken link',
  message: (page: string, url: string, problem: string, _others: readonly string[]) => `The page ${page} links to ${url}, ${problem}`,
  hint: (_page: string, _url: string, _problem: string, others: readonly string[]) => [
    others.length > 0 ? `The same link is on ${others.length} other page${others.length === 1 ? '' : 's'}: ${others.slice(0, 3).join(', ')}${others.length > 3 ? ', …' : ''}.` : '',
    'Fix the link in the YAML (or the template) that writes it; run `citypress routes` to list every address.',
  ].filter(Boolean).join(' '),
} satisfies ErrorData<[string, string, string, readonly string[]]>

export const FormNotDeclared = {
  code: 'form-mismatch',
  title: 'Form does not match its declaration',
  message: (name: string | undefined, page: string) => `${name === undefined ? 'A form without a name' : `The form "${name}"`} on ${page} is not declared in __forms.html, so Netlify would reject every submission of it.`,
  hint: () => 'Define the form in forms.yaml and render it with the Form component (templates/components/Form.tsx), which declares it.',
} satisfies ErrorData<[string | undefined, string]>

export const FieldNotDeclared = {
  code: 'form-mismatch',
  title: 'Form does not match its declaration',
  message: (name: string, page: string, field: string, _declared: readonly string[]) => `The form "${name}" on ${page} sends a field "${field}" that __forms.html does not declare, so Netlify would silently drop it.`,
  hint: (name: string, _page: string, _field: string, declared: readonly string[]) => `Add the field to forms.${name} in forms.yaml, or stop the template that renders this form from adding it. Declared fields: ${declared.join(', ')}.`,
} satisfies ErrorData<[string, string, string, readonly string[]]>

export const BudgetExceeded = {
  code: 'budget-exceeded',
  title: 'Size budget exceeded',
  message: (what: string, kind: string, size: string, compressed: boolean, budget: string, _fix: string) => `${what} of ${kind} pages ${what === 'The images' ? 'weigh' : 'weighs'} ${size}${compressed ? ' gzip-compressed' : ''}, over the budget of ${budget}.`,
  hint: (_what: string, _kind: string, _size: string, _compressed: boolean, _budget: string, fix: string) => fix,
} satisfies ErrorData<[string, string, string, boolean, string, string]>

export const TemplateError = {
  code: 'template-error',
  title: 'Template error',
  message: (text: string, _note?: string) => `A template could not be compiled: ${text}.`,
  hint: (_text: string, note?: string) => note ?? 'Templates are TypeScript with JSX (.tsx); check the line shown.',
} satisfies ErrorData<[string, string?]>

export const SiteNotFound = {
  code: 'site-not-found',
  title: 'Site folder not found',
  message: (folder: string) => `This folder (${folder}) has no site.yaml, so there is no site to work on here.`,
  hint: () => 'A site folder holds site.yaml and the other files of one website (pages/, services/, forms.yaml). '
    + 'Run citypress inside one, pass its path (`citypress build path/to/site`), or make one with `citypress new my-site`.',
} satisfies ErrorData<[string]>

/**
 * The title of every code, including those whose call sites still write their text inline.
 * Keyed by code, so the type checker finds a code without a title.
 */
export const titles: Readonly<Record<ConfigErrorCode, string>> = {
  'yaml-syntax': 'YAML syntax error',
  'unknown-key': 'Unknown key',
  'missing-key': 'Missing key',
  'wrong-type': 'Wrong type',
  'bad-value': 'Invalid value',
  'file-not-found': 'File not found',
  'missing-reference': 'Missing reference',
  'duplicate-route': DuplicateRoute.title,
  'bad-slug': 'Invalid slug',
  'markdown-front-matter': 'Front matter error',
  'bad-image': 'Unreadable image',
  'render-failed': RenderFailed.title,
  'template-error': TemplateError.title,
  'broken-link': BrokenLink.title,
  'form-mismatch': FormNotDeclared.title,
  'budget-exceeded': BudgetExceeded.title,
  'site-not-found': SiteNotFound.title,
  'outside-site': OutsideSite.title,
  'unknown-file': 'File citypress does not read',
  'bad-record': BadRecord.title,
  'unsafe-svg': UnsafeSvg.title,
  'disk-full': DiskFull.title,
  'read-only': ReadOnly.title,
  'no-permission': NoPermission.title,
  'too-many-open-files': TooManyOpenFiles.title,
  'name-too-long': NameTooLong.title,
  'out-of-memory': OutOfMemory.title,
  'host-unsupported': 'Not supported by the chosen host',
  'published-unreadable': 'Live sitemap could not be read',
  'bad-autocomplete': 'Invalid autocomplete value',
  'bad-pattern': 'Invalid field pattern',
  'bad-date': 'Not a calendar date',
  'duplicate-id': 'Two elements with one id',
  'bad-phone': 'Phone number that cannot be dialled',
  'conflicting-hours': 'Day both open and closed',
  'unknown-place': 'Place that matches no area',
  'duplicate-place': 'One area in places twice',
  'chip-without-page': ChipsWithoutPage.title,
  'heading-skip': HeadingSkip.title,
  'missing-h1': MissingH1.title,
  'low-contrast': 'Colours too close in contrast',
  'unknown-font': 'Font not installed',
  'missing-alt': 'Image without alt text',
  'unknown-embed': 'Embed of an unknown provider',
}
