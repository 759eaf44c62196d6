import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import fg from 'fast-glob'
import { BadAddress, fail, MissingSiteFolder, NotALanguageFolder, NothingPublishedYet, UnknownFile, warn } from '../errors/catalogue.js'
import { BuildFailure, ConfigError, failOn } from '../errors/config-error.js'
import { ConfigWarning } from '../errors/config-warning.js'
import { OWN_FOLDER } from '../site/paths.js'
import { addTo } from '../tool/group.js'
import { displayFile } from '../tool/package.js'
import { parseAreaName } from './areas/area-names.js'
import { resolveAreas } from './areas/resolve-areas.js'
import { checkThemeContrast } from './checks/check-contrast.js'
import { checkPageIds, type LoadedFile } from './checks/check-ids.js'
import { checkStyleOverrides } from './checks/check-style-overrides.js'
import { checkBaseUrl, checkUrlPath } from './checks/check-url.js'
import { crossCheck } from './checks/cross-check.js'
import { checkMarkdownDocuments, yamlFieldDocument } from './checks/markdown-images.js'
import { startSvgSanitizer } from './checks/sanitize-svg.js'
import { isMarkdownKind } from './checks/schema-validators.js'
import { type FileKind, type FoundRef, validateSource } from './checks/validate.js'
import { editionOf, readsAsDefaultWarnings, translationGaps } from './languages/edition.js'
import { type BaseFile, type LanguageTranslations, LOCALES, readTranslations } from './languages/read-translations.js'
import { missingOwnWords, type OwnMessages } from './messages/check-language.js'
import { normalizeForms, normalizeSite } from './normalize.js'
import { normalizeBudgets } from './normalize-budgets.js'
import { callingCodeOf } from './phone-number.js'
import { hostWarnings, subPathWarnings } from './presets/hosts.js'
import { mergePublishedSitemap, NothingPublished, type PublishedLanguage } from './published/published-sitemap.js'
import { readPublishedUrls } from './published/published-urls.js'
import { readContentFile } from './read/inside-site.js'
import { originOf } from './read/locate.js'
import { parseMarkdownFile } from './read/markdown-file.js'
import { placeProblems } from './read/place-problems.js'
import { openReadCache, type ReadFile } from './read/read-cache.js'
import { svgsToSanitize } from './read/read-image.js'
import { parseYaml, type YamlSource } from './read/read-yaml.js'
import { type ExcludedFile, excludedNames, usableFile } from './read/usable-files.js'
import type {
  AreasInput,
  FormsInput,
  LandingInput,
  MarkdownPageInput,
  PageInput,
  PostInput,
  ServiceInput,
  SiteInput,
} from './site-input.generated.js'
import type { PageConfig, PostConfig, ServiceConfig, SiteConfig } from './site-model.js'
import { resolveSiteFonts } from './theme/site-fonts.js'

export interface LoadSiteOptions {
  /** Overrides site.yaml `url` (the CLI's --base-url). */
  baseUrl?: string
  /** Include posts marked `draft: true` (preview does). @default false */
  drafts?: boolean
  /** Overrides site.yaml `published` (the CLI's --published): the live sitemap, a URL or an absolute file. */
  published?: string
  /**
   * Keep parsed, valid files in this JSON file for the next load (config/read/read-cache.ts), under this
   * version of citypress; without it every file is parsed.
   */
  cache?: { readonly file: string; readonly version: string; readonly note?: (message: string) => void }
  /**
   * Proposed contents by site-relative name (`services/roofing.yaml`), read instead of the disk;
   * null: the file (or an image, `images/roof.jpg`) is taken as deleted. The editor checks a save
   * or a deletion with it before writing a byte.
   */
  overlay?: ReadonlyMap<string, string | null>
  /** A text without its translation is an error (the CLI's --strict-translations); else site.yaml `translations.strict` decides. */
  strictTranslations?: boolean
}

/** Folders of a site that hold no authored YAML. */
const ignore = ['node_modules/**', `${OWN_FOLDER}/**`, 'templates/**', 'images/**', '**/.*/**']

/**
 * Stage 1: reads every YAML and Markdown file of a site folder, validates each against its schema
 * in schemas/, checks every cross-reference, and returns the normalised SiteConfig. Collects all
 * problems of all files and throws one BuildFailure; never returns a half-valid config.
 */
export async function loadSite(siteDir: string, options: LoadSiteOptions = {}): Promise<SiteConfig> {
  const round = await readSite(siteDir, options)
  failOn(round.errors)
  return round.site!
}

/** What one round of the config stage found: every problem, and the site made from the files that could be used. */
export interface SiteRound {
  /** Placed and in file order. */
  readonly errors: readonly ConfigError[]
  /** Absent when site.yaml itself could not be used: nothing can be planned without it. */
  readonly site?: SiteConfig
  /**
   * Some file was left out for its errors (config/read/usable-files.ts), so what the plan finds missing may
   * be in it: the plan's own errors would follow from that mistake, not be new ones.
   */
  readonly partial: boolean
}

/**
 * loadSite's work without the throw: the per-file checks, then the cross-file checks on every file
 * that could be used, so that mistakes in different files arrive in one round.
 * Throws a BuildFailure only when there is no site to read at all.
 */
export async function readSite(siteDir: string, options: LoadSiteOptions = {}): Promise<SiteRound> {
  const root = path.resolve(siteDir)
  if (!existsSync(path.join(root, 'site.yaml'))) throw new BuildFailure([siteNotFound(root)])

  const listed = await listSiteFiles(root)
  const overlay = options.overlay ?? new Map<string, string | null>()
  const everyName = [
    ...new Set([
      ...listed.filter((name) => !name.endsWith('/')),
      ...[...overlay].filter(([, text]) => text !== null).map(([name]) => name),
    ]),
  ]
    .filter((name) => overlay.get(name) !== null)
    .sort()
  // Translations (locales/<code>/…) are read once the site's languages are known.
  const isTranslation = (name: string) => name.startsWith(`${LOCALES}/`)
  const names = everyName.filter((name) => !isTranslation(name))
  const translationNames = everyName.filter(isTranslation)
  const bases = new Map<string, BaseFile>()
  const errors: ConfigError[] = options.baseUrl === undefined ? [] : checkBaseUrl(options.baseUrl)
  const warnings: ConfigWarning[] = []
  const refs: FoundRef[] = []
  const loaded = new Map<string, { source: YamlSource; data: unknown }[]>()
  const excluded: ExcludedFile[] = []
  const reads = await openReadCache(options.cache)
  // jsdom loads in the sanitizer's thread while the YAML is parsed here, when an SVG will need it;
  // the thread runs before parsing starts (tool/heap-growth.ts boundedWorker).
  if (await svgsToSanitize(root, reads).catch(() => false)) await startSvgSanitizer()
  // Read beside the YAML files; a broken record is reported with them.
  const publishedRead = readPublishedUrls(root).then(
    (record) => ({ record }),
    (error: unknown) => {
      if (error instanceof BuildFailure) return { errors: error.errors }
      throw error
    },
  )

  await Promise.all(
    names.map(async (name) => {
      const absolute = path.join(root, name)
      const file = displayFile(absolute)
      const kind = kindOf(name)
      if (!kind) {
        warnings.push(warn(UnknownFile, { file }, name))
        return
      }
      const text = await readContentFile(root, name, overlay.get(name) ?? undefined, { errors, warnings })
      if (text === undefined) return
      const read = reads.read(
        { text, file, name, kind },
        {
          parse: () => parseAndValidate(text, file, kind),
          validate: (source, data) => validateSource(source, kind, data),
        },
      )
      errors.push(...read.errors)
      const usable = usableFile(kind, read)
      if (!usable) {
        excluded.push({ kind, file })
        return
      }
      errors.push(...usable.errors)
      refs.push(...usable.refs)
      const entry = usable.entry
      bases.set(name, { kind, source: entry.source, data: entry.data })
      addTo(loaded, kind, entry)
    }),
  )
  // Read in parallel, each kind's files are kept in the order of their names.
  for (const entries of loaded.values()) entries.sort((a, b) => a.source.file.localeCompare(b.source.file))
  const published = await publishedRead
  if ('errors' in published) errors.push(...published.errors)
  // Every file's source by display path: the problems found below are placed in them.
  const sources = new Map([...loaded.values()].flat().map(({ source }) => [source.file, source]))
  // Files are read in parallel; report their problems in a stable order, file by file.
  const placed = async (found: readonly ConfigError[]) => (await placeProblems(found, sources)).sort(byPosition)
  const others = excludedNames(excluded)

  const one = <T>(kind: FileKind) => loaded.get(kind)?.[0]?.data as T | undefined
  const site = one<SiteInput>('site')
  const formsInput = one<FormsInput>('forms')
  const areasSource = loaded.get('areas')?.[0]?.source
  const landingEntry = loaded.get('landing')?.[0]
  // Every area name of areas.yaml and landing.yaml, resolved to its area (or reported) once.
  const resolved = resolveAreas({
    areas: one<AreasInput>('areas') ?? { lists: {} },
    landing: landingEntry?.data as LandingInput | undefined,
    areasFile: areasSource?.file,
    landingFile: landingEntry?.source.file,
  })
  const areas = resolved.areas
  warnings.push(...resolved.warnings)
  // Without areas.yaml every area name would look unknown: those errors would all follow from its own.
  const areaErrors = others.areas ? [] : resolved.errors
  const slugOf = (source: YamlSource) => path.basename(source.file).replace(/\.(ya?ml|md)$/, '')
  const services: ServiceConfig[] = (loaded.get('service') ?? []).map(({ source, data }) => ({
    ...(data as ServiceInput),
    slug: slugOf(source),
    origin: originOf(source, ''),
  }))
  const yamlPages: PageConfig[] = (loaded.get('page') ?? []).map(({ source, data }) => ({
    ...(data as PageInput),
    origin: originOf(source, '/path'),
  }))
  const markdownPages = (loaded.get('markdown-page') ?? []).map(({ source, data }) => markdownPageOf(root, source, data))
  // An address made from a file name was never checked as a YAML value is: check it as one.
  const pagePaths = markdownPages.flatMap((page) => {
    const checked = page.origin.pointer ? { ok: true as const } : checkUrlPath(page.path)
    return checked.ok ? [] : [fail(BadAddress, page.origin, 'page-path', page.path, checked.problem)]
  })
  const sectionOrigins = Object.fromEntries(
    (loaded.get('page') ?? []).map(({ source, data }) => [
      source.file,
      (data as PageInput).sections.map((_, i) => originOf(source, `/sections/${i}`, 'value')),
    ]),
  )
  const postInputs = (loaded.get('post') ?? [])
    .map(({ source, data }) => ({
      ...(data as PostInput & { body: string; bodyLine: number }),
      slug: slugOf(source),
      origin: originOf(source, ''),
    }))
    .filter((p) => options.drafts || !p.draft)
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug))

  // An https page showing an http:// image is "not secure": such images are refused where written.
  const isHttps = /^https:/i.test(options.baseUrl ?? site?.url ?? '')
  // A reference to a name that a file left out would define cannot be checked this round.
  const checked = await crossCheck(
    refs.filter((r) => !others.unverifiable.has(r.kind)),
    {
      services: [...services.map((s) => s.slug), ...others.services],
      forms: Object.keys(formsInput?.forms ?? {}),
      areaLists: Object.keys(areas.lists),
      schedulers: Object.keys(site?.schedulers ?? {}),
    },
    root,
    reads,
    { isHttps, overlay },
  )
  const markdown = await checkMarkdownDocuments(
    [
      ...postInputs.map((p) => ({ file: p.origin.file, body: p.body, bodyLine: p.bodyLine, folder: 'blog' })),
      ...markdownPages.map((p) => ({ file: p.origin.file, body: p.markdown.body, bodyLine: p.markdown.bodyLine, folder: p.folder })),
      ...checked.markdown.map(yamlFieldDocument),
    ],
    { root, reads, images: checked.images, isHttps, overlay },
  )
  const posts: PostConfig[] = postInputs.map((p, i) => ({ ...p, imagePaths: markdown.imagePaths[i]! }))
  const pages: PageConfig[] = [
    ...yamlPages,
    ...markdownPages.map(({ folder: _folder, ...page }, i) => ({
      ...page,
      markdown: { ...page.markdown, imagePaths: markdown.imagePaths[postInputs.length + i]! },
    })),
  ]
  const partial = excluded.length > 0
  if (!site) {
    await reads.save()
    return { errors: await placed([...errors, ...pagePaths, ...checked.errors, ...markdown.errors, ...areaErrors]), partial }
  }
  const siteSource = loaded.get('site')![0]!.source
  const ownMessages = one<OwnMessages>('messages')
  const meta = normalizeSite(site, options.baseUrl, ownMessages)
  // Before the read cache is saved, which remembers the fonts' metrics too; their problems are
  // reported after the others, as they are the last to fix.
  const fonts = await resolveSiteFonts({
    input: site,
    theme: meta.theme,
    siteRoot: root,
    source: siteSource,
    texts: [...loaded.values()].flatMap((entries) => entries.map((e) => e.data)),
    reads,
  })
  await reads.save()
  warnings.push(...fonts.warnings)
  const ids = checkPageIds({
    site: loaded.get('site')![0] as LoadedFile<SiteInput>,
    forms: loaded.get('forms')?.[0] as LoadedFile<FormsInput> | undefined,
    pages: (loaded.get('page') ?? []) as LoadedFile<PageInput>[],
    services: (loaded.get('service') ?? []) as LoadedFile<ServiceInput>[],
  })
  // Every text colour on its background, WCAG 2.2 AA.
  const contrast = checkThemeContrast(site, meta.theme, siteSource)
  const found = await placed([
    ...errors,
    ...pagePaths,
    ...checked.errors,
    ...markdown.errors,
    ...ids,
    ...areaErrors,
    ...contrast.errors,
    ...(others.messages ? [] : missingOwnWords(siteSource, meta.language, ownMessages)),
    ...(await checkStyleOverrides(root)),
    ...fonts.errors,
  ])

  // The other languages' translations, checked against the files they translate.
  const translated =
    meta.languages.length > 1
      ? await readTranslations({ root, names: translationNames, languages: meta.languages, bases, overlay })
      : { translations: [], errors: unusedTranslations(root, translationNames), warnings: [] }
  found.push(...(await placed(translated.errors)))
  warnings.push(...translated.warnings)

  const siteMeta = {
    ...meta,
    ...withCallingCode(callingCodeOf(site.business, areaStates(areas))),
    ...(options.published ? { published: options.published } : {}),
    ...embedsOf([...markdown.embeds, ...checked.embeds]),
  }
  // With the live site's landing pages (site.yaml `published`), which join the file's record.
  // Not when the build fails anyway: the live sitemap may be fetched, and could only add a failure.
  // Its problems are placed at site.yaml's `published`, or name the operator's --published.
  const nameOf = new Map([...bases].map(([name, { source }]) => [source.file, name]))
  const sitemapAt = options.published ? { file: '--published', path: '' } : originOf(siteSource, '/published', 'value')
  const merged =
    'record' in published && found.length === 0
      ? await mergePublishedSitemap(published.record, {
          source: siteMeta.published,
          siteRoot: root,
          languages: publishedLanguages(services, translated.translations, nameOf),
          at: sitemapAt,
          isOperatorChoice: Boolean(options.published),
        }).then(
          (record) => ({ record, errors: [] }),
          async (error: unknown) => {
            if (error instanceof NothingPublished) {
              warnings.push(warn(NothingPublishedYet, sitemapAt, error.source))
              return { record: published.record, errors: [] }
            }
            if (!(error instanceof BuildFailure)) throw error
            return { record: { pages: {} }, errors: await placed(error.errors) }
          },
        )
      : { record: { pages: {} }, errors: [] }
  const record = merged.record

  const baseSite: SiteConfig = {
    root,
    site: siteMeta,
    contrast: contrast.rows,
    fonts: fonts.fonts!,
    services,
    pages,
    sectionOrigins,
    areas,
    areasFile: areasSource?.file,
    forms: normalizeForms(formsInput, meta),
    landing: landingEntry && resolved.landing && { ...resolved.landing, origin: originOf(landingEntry.source, '') },
    posts,
    images: checked.images,
    budgets: normalizeBudgets(site, siteSource),
    icons: checked.icons,
    ownIcons: Object.fromEntries(checked.ownIcons),
    links: [...checked.links, ...markdown.links],
    published: record,
    files: [
      ...everyName.map((n) => path.join(root, n)),
      ...[...checked.images.values()].map((i) => i.absolutePath),
      ...[...checked.ownIcons.values()].map((i) => i.absolutePath),
    ],
    hasTemplateOverrides: existsSync(path.join(root, 'templates')),
    warnings: await placeProblems(
      [
        ...warnings,
        ...hostWarnings(site, {
          at: originOf(siteSource, '/host'),
          hasForms: Object.keys(formsInput?.forms ?? {}).length > 0,
        }),
        ...subPathWarnings(
          meta,
          options.baseUrl === undefined ? { ...originOf(siteSource, '/url'), path: 'url' } : { file: '--base-url', path: '' },
        ),
      ],
      sources,
    ),
    editions: [],
  }
  const editions = translated.translations.map((t) =>
    editionOf({ base: baseSite, files: bases, names: nameOf, baseUrl: options.baseUrl }, t),
  )
  // What is not translated yet: said per translation file, an error where the site wants every text translated.
  const strict = options.strictTranslations ?? site.translations?.strict ?? false
  const gaps = await placeProblems(
    editions.flatMap((e) => [...translationGaps(e, strict), ...readsAsDefaultWarnings(e, meta.language)]),
    sources,
  )
  return {
    errors: [...found, ...merged.errors, ...gaps.filter((g) => g instanceof ConfigError)],
    partial,
    site: { ...baseSite, editions, warnings: [...baseSite.warnings, ...gaps.filter((g) => g instanceof ConfigWarning)] },
  }
}

/**
 * Where each language's landing pages are and what its services are called there, so the live
 * sitemap's `/es/lp/…` addresses are known as well as `/lp/…`. A service without its translation
 * file has no pages in that language.
 */
function publishedLanguages(
  services: readonly ServiceConfig[],
  translations: readonly LanguageTranslations[],
  /** The site-relative name of each base file, by its origin file. */
  nameOf: ReadonlyMap<string, string>,
): PublishedLanguage[] {
  return [
    { segment: '', services: services.map((s) => ({ slug: s.slug, address: s.slug, title: s.title })) },
    ...translations.map(({ language, files }) => ({
      segment: `/${language.path}`,
      services: services.flatMap((s) => {
        const translation = files.get(nameOf.get(s.origin.file) ?? '')
        const title = (translation?.texts as { title?: unknown } | undefined)?.title
        return translation
          ? [{ slug: s.slug, address: translation.slug ?? s.slug, title: typeof title === 'string' ? title : s.title }]
          : []
      }),
    })),
  ]
}

/** Translations of a site in one language: each folder of locales/ is one no language of the site has. */
function unusedTranslations(root: string, names: readonly string[]): ConfigError[] {
  const folders = [...new Set(names.map((name) => name.split('/')[1]!))]
  return folders.map((folder) => fail(NotALanguageFolder, { file: displayFile(path.join(root, LOCALES, folder)) }, folder, []))
}

function parseAndValidate(text: string, file: string, kind: FileKind): ReadFile {
  let source: YamlSource
  let body: { body: string; bodyLine: number } | undefined
  if (isMarkdownKind(kind)) {
    const md = parseMarkdownFile(text, file)
    if (md.errors.length > 0) return { errors: md.errors, refs: [] }
    source = md.frontMatter
    body = { body: md.body, bodyLine: md.bodyLine }
  } else {
    const parsed = parseYaml(text, file)
    if (parsed.errors.length > 0) return { errors: parsed.errors, refs: [] }
    source = parsed.source
  }
  const data = source.data ?? {}
  const result = validateSource(source, kind, data)
  return { errors: result.errors, refs: result.refs, entry: { source, data: body ? { ...(data as object), ...body } : data } }
}

/**
 * A pages/*.md file as a page: its `before` sections, its Markdown body, its
 * `after` sections. The address defaults to the file's path under pages/.
 */
function markdownPageOf(root: string, source: YamlSource, data: unknown) {
  const { before = [], after = [], body, bodyLine, ...input } = data as MarkdownPageInput & { body: string; bodyLine: number }
  const name = path.relative(path.join(root, 'pages'), path.resolve(source.file)).split(path.sep).join('/')
  const page = {
    ...input,
    path: input.path ?? `/${name.replace(/\.md$/, '').replace(/(^|\/)index$/, '')}`,
    sections: [...before, ...after],
    origin: originOf(source, input.path ? '/path' : ''),
    markdown: { body, bodyLine, at: before.length },
    folder: path.posix.dirname(`pages/${name}`),
  }
  return page
}

function byPosition(a: ConfigError, b: ConfigError): number {
  return a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0)
}

/**
 * The names of the files a site is read from, relative to its folder with `/`, and of folders in
 * their place (ending in `/`, reported as not files). Links are listed, never followed: a linked
 * folder is not part of the site, and a linked file is read only if it leads to a file inside the
 * site folder (config/read/inside-site.ts).
 */
export function listSiteFiles(root: string): Promise<string[]> {
  return fg(['**/*.{yaml,yml}', 'blog/**/*.md', 'pages/**/*.md', `${LOCALES}/*/{blog,pages}/**/*.md`], {
    cwd: root,
    ignore,
    onlyFiles: false,
    markDirectories: true,
    followSymbolicLinks: false,
  })
}

export function kindOf(name: string): FileKind | undefined {
  if (name === 'site.yaml') return 'site'
  if (name === 'areas.yaml') return 'areas'
  if (name === 'forms.yaml') return 'forms'
  if (name === 'messages.yaml') return 'messages'
  if (name === 'landing.yaml') return 'landing'
  if (/^pages\/.+\.ya?ml$/.test(name)) return 'page'
  if (/^services\/[^/]+\.ya?ml$/.test(name)) return 'service'
  if (/^blog\/[^/]+\.md$/.test(name)) return 'post'
  if (/^pages\/.+\.md$/.test(name)) return 'markdown-page'
  return undefined
}

function siteNotFound(root: string): ConfigError {
  const isDir = existsSync(root) && statSync(root).isDirectory()
  return fail(MissingSiteFolder, { file: displayFile(root) }, displayFile(root), isDir)
}

/** No key when the calling code is not known. */
function withCallingCode(code: string | undefined): { callingCode?: string } {
  return code ? { callingCode: code } : {}
}

/** The state codes of every area the site names (its lists and places), each once. */
function areaStates(areas: AreasInput): string[] {
  const names = [...Object.values(areas.lists).flat(), ...Object.keys(areas.places ?? {})]
  return [...new Set(names.flatMap((name) => parseAreaName(name).state ?? []))]
}

/** The embed providers the site uses, sorted, for the CSP's `frame-src`; none: no key. */
function embedsOf(providers: readonly string[]): { embeds?: string[] } {
  return providers.length ? { embeds: [...new Set(providers)].sort() } : {}
}
