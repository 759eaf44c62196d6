import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FormConfig, SiteMeta } from '../config/site-model.js'
import {
  FormBackLink,
  FormFailed,
  FormFailedLog,
  FormFailedTitle,
  FormHoneypotLog,
  FormInvalidLog,
  FormMalformed,
  FormNotStored,
  FormNotStoredLog,
  FormStoredLog,
  FormSubmissionsFull,
  FormSubmissionsFullLog,
  FormTooLarge,
  FormUnknown,
  FormUnknownLog,
} from '../errors/catalogue.js'
import { BuildFailure } from '../errors/config-error.js'
import { formatConfigError } from '../errors/format.js'
import { printable } from '../errors/printable.js'
import { sitePaths } from '../site/paths.js'
import { displayFile } from '../tool/package.js'
import { appendCapped } from './capped-append.js'
import { type CheckOptions, checkSubmission, parseSubmission, type Verdict } from './form-submission.js'
import { jsonText, respond } from './respond.js'

/** The production form handlers reject bigger bodies too; ours have a few short fields. */
export const maxBodyBytes = 64 * 1024

/** Beyond this, submissions are refused rather than filling the disk (a script posting in a loop). */
export const maxSubmissionsBytes = 10 * 1024 * 1024

export interface FormCaptureOptions extends CheckOptions {
  /** The site folder; submissions go to `<site>/.citypress/submissions.ndjson` (git-ignored). */
  readonly siteRoot: string
  /** Answer 500 to every submission, to see a form's error state (`--fail-forms`). */
  readonly fail: boolean
  /** Prints the one-line summary of each submission. */
  readonly log: (line: string) => void
  /**
   * The page a form posted without JavaScript lands on (its `action`, e.g. `/thanks/quote`), with
   * the reload client: Netlify answers such a post with that page. Without it, a short thank-you.
   */
  readonly successPage?: string
}

/**
 * Whether preview answers a POST to this path as the production form handler would:
 * with provider `netlify`, Netlify takes a post carrying `form-name` at any path of the
 * site (the widget posts to /__forms.html, a native post to the form's success page); with
 * `endpoint`, only a site-relative endpoint can be answered here.
 */
export function capturesFormsAt(site: SiteMeta, urlPath: string): boolean {
  if ((site.forms?.provider ?? 'netlify') === 'netlify') return true
  const endpoint = site.forms?.endpoint
  return endpoint?.startsWith('/') === true && endpoint.split(/[?#]/)[0] === urlPath
}

export function submissionsFile(siteRoot: string): string {
  return sitePaths(siteRoot).submissions
}

/**
 * Answers a form post the way the production provider would: 200 with a thank-you page once the
 * submission is stored, so the page shows its success state. Problems get the status a handler
 * would give them (413 too big, 400 unreadable, 422 invalid, with a JSON reason), a filled
 * honeypot gets a success answer and is stored nowhere, and `fail` answers 500 to show the
 * error state. Never throws: every input ends in an answer.
 */
export async function captureForm(req: IncomingMessage, res: ServerResponse, given: FormCaptureOptions): Promise<void> {
  // A post's values and form name are anyone's text: no control reaches the terminal (printable.ts).
  const options = { ...given, log: (line: string) => given.log(printable(line)) }
  const body = await readBody(req, maxBodyBytes)
  if (body === 'too-large') {
    answerJson(res, FormTooLarge.status, { error: 'too-large', reason: FormTooLarge.text(maxBodyBytes / 1024) }, true)
    req.resume() // drain what is still coming, so the client reads the answer instead of a reset
    return
  }
  const fields = await parseSubmission(body, req.headers['content-type'] ?? '')
  if (!fields) {
    answerJson(res, FormMalformed.status, { error: 'malformed', reason: FormMalformed.text() })
    return
  }
  const verdict = checkSubmission(fields, options)
  const page = refererPath(req)
  if (options.fail) {
    options.log(FormFailedLog.text(nameOf(verdict), page))
    answerHtml(res, FormFailed.status, FormFailedTitle.text(), FormFailed.text())
    return
  }
  switch (verdict.kind) {
    case 'unknown-form':
      options.log(FormUnknownLog.text(page, verdict.name))
      answerJson(res, FormUnknown.status, { error: 'unknown-form', reason: FormUnknown.text(verdict.name) })
      return
    case 'invalid':
      options.log(FormInvalidLog.text(verdict.form.name, page, verdict.problems.map((p) => p.reason).join(' ')))
      answerJson(res, 422, {
        error: 'invalid',
        form: verdict.form.name,
        reason: verdict.problems.map((p) => p.reason).join(' '),
        problems: verdict.problems,
      })
      return
    case 'honeypot':
      options.log(FormHoneypotLog.text(verdict.form.name, page))
      answerThanks(req, res, verdict.form, options.successPage)
      return
    case 'accepted': {
      const file = submissionsFile(options.siteRoot)
      const line = `${JSON.stringify({ time: new Date().toISOString(), form: verdict.form.name, page, fields: verdict.values })}\n`
      // A .citypress that is a link is refused (cache/site-folder.ts): told in the terminal, answered as a failed handler.
      const stored = await appendCapped(file, line, maxSubmissionsBytes).catch((error: unknown) => {
        if (!(error instanceof BuildFailure)) throw error
        return error
      })
      if (stored instanceof BuildFailure) {
        options.log(
          FormNotStoredLog.text(verdict.form.name, page, stored.errors.map((e) => formatConfigError(e, { color: false })).join('\n')),
        )
        answerJson(res, FormNotStored.status, { error: 'not-stored', reason: FormNotStored.text(displayFile(file)) })
        return
      }
      if (!stored) {
        options.log(FormSubmissionsFullLog.text(verdict.form.name, page, displayFile(file), maxSubmissionsBytes / 2 ** 20))
        answerJson(res, FormSubmissionsFull.status, {
          error: 'submissions-full',
          reason: FormSubmissionsFull.text(displayFile(file), maxSubmissionsBytes / 2 ** 20),
        })
        return
      }
      options.log(FormStoredLog.text(verdict.form.name, page, summarize(verdict.values), displayFile(file)))
      answerThanks(req, res, verdict.form, options.successPage)
    }
  }
}

/** The body, or 'too-large' as soon as it passes the limit (the rest is not buffered). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  const declared = Number(req.headers['content-length'])
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve('too-large')
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        req.off('data', onData)
        resolve('too-large')
      } else chunks.push(chunk)
    }
    req.on('data', onData)
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', () => resolve(Buffer.concat(chunks)))
  })
}

function nameOf(verdict: Verdict): string {
  return verdict.kind === 'unknown-form' ? (verdict.name ?? '(no form-name)') : verdict.form.name
}

function refererPath(req: IncomingMessage): string {
  try {
    return new URL(req.headers.referer ?? '').pathname
  } catch {
    return '(unknown page)'
  }
}

/** `name=Ann Lee, email=ann@example.com, …` (empty fields left out), cut to one terminal line. */
function summarize(values: Readonly<Record<string, string | readonly string[]>>): string {
  const text = Object.entries(values)
    .map(([k, v]) => [k, (Array.isArray(v) ? v.join('+') : String(v)).replace(/\s+/g, ' ').trim()] as const)
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}=${v}`)
    .join(', ')
  return text.length > 100 ? `${text.slice(0, 99)}…` : text
}

/** Scripts read the status only; a form posted without JavaScript shows the page. */
function answerThanks(req: IncomingMessage, res: ServerResponse, form: FormConfig, successPage: string | undefined): void {
  if ((req.headers.accept ?? '').includes('application/json')) answerJson(res, 200, { ok: true, form: form.name })
  else if (successPage) {
    respond(res, { status: 200, type: 'text/html; charset=utf-8', body: successPage, headers: noStore })
  } else answerHtml(res, 200, form.successTitle, form.success, req.headers.referer)
}

/** A form's answer is about one post: never kept, not even to revalidate. */
const noStore = { 'cache-control': 'no-store' }

function answerJson(res: ServerResponse, status: number, data: object, close = false): void {
  const body = JSON.stringify(data)
  respond(res, { status, type: jsonText, body, headers: { ...noStore, ...(close ? { connection: 'close' } : {}) } })
}

function answerHtml(res: ServerResponse, status: number, title: string, text: string, back?: string): void {
  const link = back?.startsWith('http') ? `<p><a href="${escapeHtml(back)}">${escapeHtml(FormBackLink.text())}</a></p>` : ''
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${link}</body></html>`
  respond(res, { status, type: 'text/html; charset=utf-8', body, headers: noStore })
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
