import { DuplicateId, fail } from '../../errors/catalogue.js'
import type { ConfigError, Origin } from '../../errors/config-error.js'
import { escapePointer, locate, originOf } from '../read/locate.js'
import type { YamlSource } from '../read/read-yaml.js'
import type { FormsInput, PageInput, ServiceInput, SiteInput } from '../site-input.generated.js'
import { SERVICE_PAGE_IDS, SHELL_IDS } from './template-ids.js'

/** A loaded file: its parsed data and where it came from. */
export interface LoadedFile<T> {
  readonly source: YamlSource
  readonly data: T
}

export interface CheckIdsInput {
  readonly site: LoadedFile<SiteInput>
  readonly forms: LoadedFile<FormsInput> | undefined
  readonly pages: readonly LoadedFile<PageInput>[]
  readonly services: readonly LoadedFile<ServiceInput>[]
}

interface IdUse {
  readonly id: string
  /** Who puts the id there, for the message; a function, so a build without errors locates nothing. */
  readonly what: () => string
  /** Placed only when an error is reported: files from the read cache are parsed only then. */
  readonly at: Origin
  /** The file `at` is in, to name its line in a message about another use. */
  readonly source?: YamlSource
}

/**
 * Every id on a page must be unique (HTML; a duplicate breaks `#fragment` links, label `for`
 * and aria references). A form brings its own id and one per field (`{form id}-{field}`), so a
 * form named like a section, or two forms of the same id on one page, would clash. Checked in
 * config/ while every id is still at its YAML line, for authored pages and service pages; the
 * error names both places.
 */
export function checkPageIds({ site, forms, pages, services }: CheckIdsInput): ConfigError[] {
  const errors: ConfigError[] = []
  const formIds = (name: string, shownAt: Pick<IdUse, 'at' | 'source'>): IdUse[] => {
    // A form named like an Object.prototype member (`toString`) that forms.yaml lacks is reported by crossCheck.
    const form = forms && Object.hasOwn(forms.data.forms, name) ? forms.data.forms[name] : undefined
    if (!form || !forms) return []
    const pointer = `/forms/${escapePointer(name)}`
    const formAt = originOf(forms.source, form.id ? `${pointer}/id` : pointer, form.id ? 'value' : 'key')
    const id = form.id ?? name
    const what = () => `the form "${name}" (shown at ${where(shownAt)})`
    return [
      { id, what, at: formAt, source: forms.source },
      ...form.fields.map((field, i) => ({
        id: `${id}-${field.name}`,
        what: () => `the field "${field.name}" of ${what()}`,
        at: originOf(forms.source, `${pointer}/fields/${i}/name`, 'value'),
        source: forms.source,
      })),
    ]
  }
  const check = (uses: readonly IdUse[]) => {
    const first = new Map<string, IdUse>()
    for (const use of uses) {
      const earlier = first.get(use.id)
      if (!earlier) {
        first.set(use.id, use)
        continue
      }
      errors.push(
        fail(
          DuplicateId,
          { ...use.at, also: earlier.at.pointer !== undefined || earlier.at.line ? [earlier.at] : [] },
          use.id,
          use.what(),
          earlier.what(),
        ),
      )
    }
  }
  const shell = (file: string): IdUse[] =>
    SHELL_IDS.map((id) => ({ id, what: () => 'the page shell (templates/shell)', at: { file, path: '' } }))

  for (const { source, data } of pages) {
    const uses: IdUse[] = shell(source.file)
    data.sections.forEach((section, i) => {
      const s = section as { id?: string; form?: string }
      if (s.id)
        uses.push({ id: s.id, what: () => `sections[${i}] of ${source.file}`, at: originOf(source, `/sections/${i}/id`, 'value'), source })
      if (s.form) uses.push(...formIds(s.form, { at: originOf(source, `/sections/${i}/form`, 'value'), source }))
    })
    check(uses)
  }
  for (const { source, data } of services) {
    const own = data.page?.contact?.form
    const form = own ?? site.data.servicePage?.contact?.form
    if (!form) continue
    const at = own
      ? { at: originOf(source, '/page/contact/form', 'value'), source }
      : { at: originOf(site.source, '/servicePage/contact/form', 'value'), source: site.source }
    const fixed = SERVICE_PAGE_IDS.map((id) => ({
      id,
      what: () => `the service template's "${id}" section (templates/pages/ServicePage.tsx)`,
      at: { file: source.file, path: '' },
    }))
    check([...shell(source.file), ...fixed, ...formIds(form, at)])
  }
  return errors
}

/** `file:line` of a use, located now: the message names it, and the error is being reported. */
function where({ at, source }: Pick<IdUse, 'at' | 'source'>): string {
  return source && at.pointer !== undefined ? `${at.file}:${locate(source, at.pointer, at.at).line}` : at.file
}
