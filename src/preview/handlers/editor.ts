import { adminPrefix, type EditorRoutes } from '../../editor/http.js'
import { PreviewEditorOff } from '../../errors/catalogue.js'
import { plainText, respond } from '../respond.js'
import type { Handler } from './handler.js'

/**
 * `/admin/`: the editor (src/editor/http.ts), preview's own page at the host's root whatever the
 * site's base path; or, when it is off, a 404 that says why.
 */
export function editorHandler(editor: EditorRoutes | undefined): Handler {
  return async (req, { res, path }) => {
    if (path !== '/admin' && !path.startsWith(adminPrefix)) return false
    if (editor) await editor.handle(req, res, path)
    else respond(res, { status: PreviewEditorOff.status, type: plainText, body: PreviewEditorOff.text() })
    return true
  }
}
