import { noPageMemo, type PageMemo, sharedJsonCodec } from '../cache/page-memo.js'
import type { SiteConfig } from '../config/site-model.js'
import { FieldNotDeclared, FormNotDeclared, fail, repeated } from '../errors/catalogue.js'
import type { ConfigError } from '../errors/config-error.js'
import { type FoundForm, findForms } from '../html/find-forms.js'
import { formOrigin } from '../plan/plan-form-pages.js'
import type { RoutePlan } from '../plan/route-plan.js'
import type { OutputFile, OutputWriter } from '../types.js'

export interface WatchFormsOptions {
  readonly site: SiteConfig
  readonly routes: readonly RoutePlan[]
  /** The generated __forms.html (src/output/form-pages.ts); the check reads the real file. */
  readonly declaration: OutputFile
  /** Where pages are written; the watch passes every call on unchanged. */
  readonly output: OutputWriter
  /** Forms found on pages of earlier builds, so reused pages are not read again. */
  readonly memo?: PageMemo
}

const formsCodec = sharedJsonCodec<readonly FoundForm[]>()

export interface FormsWatch {
  /** Use this writer for the pages: it sees every page on its way to the output. */
  readonly output: OutputWriter
  /** Every mismatch found, each reported once with the number of pages it affects. */
  errors(): Promise<ConfigError[]>
}

/**
 * Checks that every form on every built page matches its declaration in __forms.html (error
 * code `form-mismatch`). Netlify registers forms and fields at deploy time from that file,
 * rejects submissions of forms it does not know and silently drops undeclared fields, so a
 * template that renders a form differently from forms.yaml would lose visitors' requests
 * without any error anywhere. Pages are checked as they are written; the forms of a page reused
 * from the page cache come from the page memo (the first time, from reading the cached page).
 */
export function watchForms({ site, routes, declaration, output, memo = noPageMemo }: WatchFormsOptions): FormsWatch {
  const declared = new Map(findForms(String(declaration.contents)).map((f) => [f.name ?? '', new Set(f.fields)]))
  const routeOf = new Map(routes.map((r) => [r.outputPath, r]))
  const problems = new Map<string, { error: ConfigError; pages: number }>()
  let reading: Promise<void> = Promise.resolve()

  const inspect = (outputPath: string, html: string) => check(outputPath, findForms(html))
  const check = (outputPath: string, forms: readonly FoundForm[]) => {
    const route = routeOf.get(outputPath)
    if (!route) return
    for (const form of forms) {
      if (form.method !== 'post') continue
      for (const [key, error] of compare({ site, route, form, declared })) {
        const seen = problems.get(key)
        if (seen) seen.pages++
        else problems.set(key, { error, pages: 1 })
      }
    }
  }
  return {
    output: {
      get count() {
        return output.count
      },
      async write(file) {
        inspect(file.path, String(file.contents))
        await output.write(file)
      },
      async link(file, page) {
        reading = reading.then(async () => {
          const known = page.derived?.forms as FoundForm[] | undefined
          const forms = await memo.derive({
            name: 'forms',
            source: page.source,
            contents: page.contents,
            known,
            codec: formsCodec,
            compute: findForms,
          })
          check(file, forms)
        })
        await output.link(file, page)
      },
      commit: () => output.commit(),
      abort: () => output.abort(),
    },
    async errors() {
      await reading
      return [...problems.values()].map(({ error, pages }) => (pages === 1 ? error : repeated(error, 'form', pages - 1)))
    },
  }
}

interface CompareInput {
  readonly site: SiteConfig
  readonly route: RoutePlan
  readonly form: FoundForm
  readonly declared: ReadonlyMap<string, ReadonlySet<string>>
}

/** The problems of one form, each with a key that is the same on every page showing it. */
function compare({ site, route, form, declared }: CompareInput): [string, ConfigError][] {
  const fields = form.name === undefined ? undefined : declared.get(form.name)
  if (!fields) {
    return [[`form:${form.name ?? ''}`, fail(FormNotDeclared, route.origin, form.name, route.url)]]
  }
  return form.fields
    .filter((field) => !fields.has(field))
    .map((field) => [
      `field:${form.name}:${field}`,
      fail(FieldNotDeclared, formOrigin(site, form.name!), form.name!, route.url, field, [...fields]),
    ])
}
