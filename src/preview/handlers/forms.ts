import { PreviewCrossOrigin, PreviewCrossOriginLog, PreviewSiteHasErrors } from '../../errors/catalogue.js'
import type { GoodBuild } from '../build-session.js'
import { captureForm, capturesFormsAt } from '../form-capture.js'
import { findHiddenFields } from '../form-submission.js'
import { injectReloadClient } from '../overlay.js'
import { requestOrigin } from '../request-guard.js'
import { jsonText, respond } from '../respond.js'
import { resolveIn, versionOf } from '../served.js'
import type { Handler } from './handler.js'

export interface FormsOptions {
  /** The site folder, where submissions are stored. */
  readonly siteRoot: string
  /** `--fail-forms`: answer every submission with 500. */
  readonly fail: boolean
  /** Prints one line in the terminal. */
  readonly log: (text: string) => void
}

/**
 * Form posts, answered where the site's form provider takes them (form-capture.ts); a post from
 * another origin is refused, and one before any build worked has no forms.yaml to be checked
 * against. Any other POST is left to the next handler, which does not take it.
 */
export function formsHandler(options: FormsOptions): Handler {
  const hidden = new WeakMap<GoodBuild, Map<string, Set<string>>>()
  return async (req, { res, path, state, good, base }) => {
    if (req.method !== 'POST') return false
    if (requestOrigin(req) === 'cross') {
      options.log(PreviewCrossOriginLog.text(path, req.headers.origin ?? 'unknown'))
      respond(res, {
        status: PreviewCrossOrigin.status,
        type: jsonText,
        body: JSON.stringify({ error: 'cross-origin', reason: PreviewCrossOrigin.text() }),
      })
      return true
    }
    if (good && capturesFormsAt(good.site.site, path.slice(base.length))) {
      if (!hidden.has(good)) hidden.set(good, findHiddenFields(htmlOf(good)))
      const landing = resolveIn(good, path)
      const successPage =
        landing.kind === 'file' && landing.file.path.endsWith('.html') && !landing.file.path.startsWith('__')
          ? injectReloadClient(landing.file.body.toString('utf8'), versionOf(state, landing))
          : undefined
      await captureForm(req, res, {
        siteRoot: options.siteRoot,
        fail: options.fail,
        forms: good.site.forms,
        hiddenFields: hidden.get(good)!,
        successPage,
        log: (line) => options.log(`${line}\n`),
      })
      return true
    }
    if (good) return false
    respond(res, {
      status: PreviewSiteHasErrors.status,
      type: jsonText,
      body: JSON.stringify({ error: 'site-has-errors', reason: PreviewSiteHasErrors.text() }),
    })
    return true
  }
}

function* htmlOf(good: GoodBuild): Iterable<string> {
  for (const file of good.files.values()) if (file.path.endsWith('.html')) yield file.body.toString('utf8')
}
