import { existsSync } from 'node:fs'
import { readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { maxSubmissionsBytes } from '../../src/preview/form-capture.js'
import { repoRoot, siteFrom } from '../helpers/site.js'
import { type StartedPreview, startOn } from './helpers.js'

const formsYaml = `forms:
  quote:
    fields:
      - { name: name, label: Name, type: text, required: true }
      - { name: email, label: Email, type: email, required: true }
      - { name: message, label: Message, type: textarea }
`
/** The contact page shows the quote form; landing pages show it too, with attribution fields. */
const files = {
  'forms.yaml': formsYaml,
  'pages/contact.yaml': 'path: /contact\ntitle: Contact\nsections:\n  - type: form\n    heading: Write to us\n    form: quote\n',
  'landing.yaml': 'matrix:\n  - areas: main\n    services: [office-cleaning]\nvariant:\n  form: quote\n',
}

const post = (
  preview: StartedPreview,
  body: string | Uint8Array<ArrayBuffer>,
  init: { path?: string; type?: string; accept?: string } = {},
) =>
  fetch(new URL(init.path ?? '/__forms.html', preview.url), {
    method: 'POST',
    body,
    headers: {
      'content-type': init.type ?? 'application/x-www-form-urlencoded',
      referer: new URL('/contact', preview.url).href,
      ...(init.accept ? { accept: init.accept } : {}),
    },
  })

async function storedLines(site: string): Promise<Record<string, unknown>[]> {
  const file = path.join(site, '.citypress', 'submissions.ndjson')
  if (!existsSync(file)) return []
  return (await readFile(file, 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>)
}

describe('form capture in preview (provider netlify)', () => {
  let site: string
  let preview: StartedPreview
  beforeAll(async () => {
    site = await siteFrom('minimal', files)
    preview = await startOn(site)
  })
  afterAll(() => preview?.close())

  it('stores an accepted submission as one JSON line, prints a summary and answers 200', async () => {
    const res = await post(preview, 'form-name=quote&bot-field=&name=Ann+Lee&email=ann%40example.com&message=Two+floors')
    expect(res.status).toBe(200)
    const lines = await storedLines(site)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      form: 'quote',
      page: '/contact',
      fields: { name: 'Ann Lee', email: 'ann@example.com', message: 'Two floors' },
    })
    expect(Object.keys(lines[0]!.fields as object)).toEqual(['name', 'email', 'message'])
    expect(preview.printed()).toContain('✓ form quote from /contact: name=Ann Lee, email=ann@example.com, message=Two floors → ')
  })

  it('accepts the hidden attribution fields a landing page adds to the form', async () => {
    const html = await (await fetch(new URL('/lp/springfield-office-cleaning', preview.url))).text()
    const form = html.match(/<form[^>]*name="quote"[\s\S]*?<\/form>/)?.[0] ?? ''
    const hidden = [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(([, name, value]) => [name!, value!])
    expect(hidden.map(([name]) => name)).toEqual(expect.arrayContaining(['form-name', 'pageCity']))
    const body = new URLSearchParams([...hidden, ['name', 'Cy'], ['email', 'cy@example.com']]).toString()
    expect((await post(preview, body)).status).toBe(200)
    const attribution = Object.fromEntries(hidden.filter(([name]) => name !== 'form-name'))
    expect((await storedLines(site)).at(-1)).toEqual(
      expect.objectContaining({ form: 'quote', fields: { ...attribution, name: 'Cy', email: 'cy@example.com' } }),
    )
  })

  it('answers a filled honeypot with success and stores nothing', async () => {
    const before = (await storedLines(site)).length
    const res = await post(preview, 'form-name=quote&bot-field=cheap+pills&name=Bot&email=bot%40example.com')
    expect(res.status).toBe(200)
    expect(await storedLines(site)).toHaveLength(before)
  })

  it('answers 422 with a JSON reason for a missing field, a bad address or an unknown field', async () => {
    const before = (await storedLines(site)).length
    const missing = await post(preview, 'form-name=quote&email=ann%40example.com')
    expect(missing.status).toBe(422)
    expect(await missing.json()).toMatchObject({ error: 'invalid', form: 'quote', reason: '"Name" is required.' })
    const badEmail = await post(preview, 'form-name=quote&name=Ann&email=ann-at-example')
    expect(await badEmail.json()).toMatchObject({ reason: '"Email" is not an email address.' })
    const unknown = await post(preview, 'form-name=quote&name=Ann&email=ann%40example.com&budget=9000')
    expect(await unknown.json()).toMatchObject({ reason: '"budget" is not a field of the form quote.' })
    const noForm = await post(preview, 'form-name=newsletter&email=ann%40example.com')
    expect(noForm.status).toBe(422)
    expect(await noForm.json()).toMatchObject({ error: 'unknown-form', reason: 'There is no form "newsletter" in forms.yaml.' })
    expect(await storedLines(site)).toHaveLength(before)
  })

  it('answers 413 to a body over 64 KB and 400 to a malformed one, and keeps serving', async () => {
    const big = await post(preview, `form-name=quote&name=Ann&email=ann%40example.com&message=${'x'.repeat(70 * 1024)}`)
    expect(big.status).toBe(413)
    expect((await post(preview, 'form-name=quote&name=%E0%A4%A')).status).toBe(400)
    expect((await post(preview, '{"name":', { type: 'application/json' })).status).toBe(400)
    expect((await post(preview, new Uint8Array([0, 255, 1]), { type: 'application/octet-stream' })).status).toBe(400)
    expect((await fetch(preview.url)).status).toBe(200)
  })

  it('answers a post without JavaScript with the page the form posted to, as Netlify does', async () => {
    const res = await post(preview, 'form-name=quote&name=Bo&email=bo%40example.com', { path: '/contact' })
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('<form name="quote"')
    expect((await storedLines(site)).at(-1)).toMatchObject({ fields: { name: 'Bo' } })
  })

  it('keeps the submissions file under its cap when 300 posts arrive at once, refusing the rest with 507', async () => {
    const file = path.join(site, '.citypress', 'submissions.ndjson')
    // Room for about a hundred of the posts below; together they would pass the cap by 2 MB.
    const room = 1024 * 1024
    await writeFile(file, `${'x'.repeat(maxSubmissionsBytes - room - 1)}\n`)
    const body = `form-name=quote&name=Ann&email=ann%40example.com&message=${'m'.repeat(10 * 1024)}`
    const statuses = await Promise.all(
      Array.from({ length: 300 }, () =>
        post(preview, body, { accept: 'application/json' }).then(async (res) => {
          await res.arrayBuffer()
          return res.status
        }),
      ),
    )
    const stored = (await readFile(file, 'utf8')).split('\n').filter((line) => line.startsWith('{'))
    const accepted = statuses.filter((s) => s === 200).length
    expect(statuses.filter((s) => s !== 200 && s !== 507)).toEqual([])
    expect((await stat(file)).size).toBeLessThanOrEqual(maxSubmissionsBytes)
    expect(stored).toHaveLength(accepted)
    expect(accepted).toBeGreaterThan(90)
    expect(accepted).toBeLessThan(110)
  })
})

describe('form capture with --fail-forms', () => {
  it('answers 500 so the form shows its error state, and stores nothing', async () => {
    const site = await siteFrom('minimal', files)
    const preview = await startOn(site, { failForms: true })
    try {
      const res = await post(preview, 'form-name=quote&name=Ann&email=ann%40example.com')
      expect(res.status).toBe(500)
      expect(await storedLines(site)).toEqual([])
      expect(preview.printed()).toContain('answered 500 (--fail-forms)')
    } finally {
      await preview.close()
    }
  })
})

describe('form capture with provider endpoint', () => {
  it('answers the site-relative endpoint, accepting the hidden attribution fields the pages add', async () => {
    const siteYaml =
      (await readFile(path.join(repoRoot, 'tests/fixtures/sites/minimal/site.yaml'), 'utf8')) +
      'forms: { provider: endpoint, endpoint: /api/lead }\n'
    const site = await siteFrom('minimal', {
      'site.yaml': siteYaml,
      'forms.yaml': formsYaml,
      // The contact page renders the form with a hidden attribution field, as landing pages do.
      'templates/sections/Text.tsx': `import { Form } from ${JSON.stringify(path.join(repoRoot, 'templates/components/Form.tsx'))}
export function Text() {
  return <Form name="quote" hidden={{ city: 'Springfield' }} />
}
`,
    })
    const preview = await startOn(site)
    try {
      const accepted = await post(preview, 'form-name=quote&city=Springfield&name=Ann&email=ann%40example.com', {
        path: '/api/lead',
        accept: 'application/json',
      })
      expect(accepted.status).toBe(200)
      expect(await accepted.json()).toEqual({ ok: true, form: 'quote' })
      expect(await storedLines(site)).toMatchObject([{ form: 'quote', fields: { city: 'Springfield', name: 'Ann' } }])
      const unknown = await post(preview, 'form-name=quote&region=North&name=Ann&email=ann%40example.com', { path: '/api/lead' })
      expect(unknown.status).toBe(422)
      expect((await post(preview, 'form-name=quote&name=Ann&email=ann%40example.com')).status).toBe(405)
      expect(await storedLines(site)).toHaveLength(1)
    } finally {
      await preview.close()
    }
  })
})
