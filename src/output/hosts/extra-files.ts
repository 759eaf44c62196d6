import { hostRules } from '../../config/presets/hosts.js'
import type { SiteConfig } from '../../config/site-model.js'
import type { OutputFile } from '../../types.js'

/** What the chosen host needs besides the site (GitHub Pages' `.nojekyll`), from src/config/presets/hosts.ts. */
export function hostExtraFiles(site: SiteConfig): OutputFile[] {
  return hostRules(site.site.host).files.map(({ path, contents }) => ({ path, contents }))
}
