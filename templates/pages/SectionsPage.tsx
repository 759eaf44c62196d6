import type { PageConfig } from '../../src/types.js'
import { Sections } from '../sections/index.js'

/** A page authored in pages/*.yaml: its sections, in order. */
export function SectionsPage(page: PageConfig) {
  return <Sections list={page.sections} />
}
