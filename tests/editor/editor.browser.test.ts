import { cp, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { type Browser, chromium, type Dialog, type Page } from 'playwright'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyExample, type ExampleSite, exampleBuild } from '../helpers/example-build.js'
import { repoRoot, tempDir } from '../helpers/site.js'
import { chromiumArgs, chromiumPath, type StartedPreview, startOn, until } from '../preview/helpers.js'

const shots = process.env.EDITOR_SHOTS

let browser: Browser
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
})
afterAll(() => browser?.close())

async function copyOf(name: ExampleSite): Promise<string> {
  return copyExample(name, path.join(await tempDir('citypress-editor-'), name))
}

/**
 * A copy of the starter site as it is in the repository. It has no images, so it needs no image
 * cache from the run's shared build (copyExample), and no build made before the preview's own.
 */
async function starterCopy(): Promise<string> {
  const site = path.join(await tempDir('citypress-editor-'), 'starter')
  await cp(path.join(repoRoot, 'sites', 'starter'), site, { recursive: true, filter: (src) => !src.includes(`${path.sep}.citypress`) })
  return site
}

/**
 * A preview of `site` with the editor open in a tab of its own and logged in; `onDialog` answers
 * the tab's dialogs (leaving an entry with unsaved changes, Decap's and citypress's questions).
 */
async function editorOn(site: string, onDialog: (dialog: Dialog) => void): Promise<{ preview: StartedPreview; admin: Page }> {
  const preview = await startOn(site)
  const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  admin.on('dialog', onDialog)
  // Not until "load": Decap's bundle may take longer than a navigation's 30 s on a loaded
  // machine, and the Login button is what the test waits for.
  await admin.goto(`${preview.url}admin/`, { waitUntil: 'domcontentloaded' })
  await admin.getByRole('button', { name: 'Login' }).click()
  return { preview, admin }
}

/**
 * Opens an entry of the editor through its collection's list: from one entry's page straight to
 * another's, Decap keeps the first one's form.
 */
async function openThroughList(page: Page, previewUrl: string, collection: string, slug: string): Promise<void> {
  await page.goto(`${previewUrl}admin/#/collections/${collection}`)
  await page.locator(`a[href$="/collections/${collection}/entries/${slug}"]`).waitFor()
  await page.goto(`${previewUrl}admin/#/collections/${collection}/entries/${slug}`)
}

/** Publishes the entry open in `page`, as a marketer does: the button, then "Publish now". */
async function publish(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Publish' }).click()
  await page.getByText('Publish now').click()
}

/** Decap at /admin/ of a real preview, driven as a marketer would, on a copy of the starter site. */
describe('the editor in a browser', () => {
  let site: string
  let preview: StartedPreview
  let admin: Page
  const servicePath = () => path.join(site, 'services', 'your-service.yaml')

  beforeAll(async () => {
    site = await starterCopy()
    // Leaving an entry with unsaved changes (the refused one) asks first.
    ;({ preview, admin } = await editorOn(site, (dialog) => void dialog.accept()))
  })

  afterAll(async () => {
    await admin?.close()
    await preview?.close()
  })

  async function openService(): Promise<void> {
    await admin.goto(`${preview.url}admin/#/collections/services`)
    await admin.getByText('Your Service', { exact: true }).first().click()
    await admin.locator('input[id^="title-field"]').first().waitFor()
  }

  it('lists the services, saves a new title as one line of the file, and the open preview tab shows it', async () => {
    const tab = await browser.newPage()
    await tab.goto(`${preview.url}services/your-service`)
    expect(await tab.locator('h1').textContent()).toContain('Your Service')
    const before = await readFile(servicePath(), 'utf8')
    await admin.goto(`${preview.url}admin/#/collections/services`)
    await admin.getByText('Your Service', { exact: true }).first().waitFor()
    if (shots) await admin.screenshot({ path: path.join(shots, 'services.png') })
    await openService()
    await admin.locator('input[id^="title-field"]').first().fill('Gutter Cleaning')
    if (shots) await admin.screenshot({ path: path.join(shots, 'editing.png') })
    await publish(admin)
    const after = await until(async () => {
      const text = await readFile(servicePath(), 'utf8')
      return text !== before && text
    })
    expect(after).toBe(before.replace('title: "Your Service"\n', 'title: "Gutter Cleaning"\n'))
    await until(async () => (await tab.locator('h1').textContent())?.includes('Gutter Cleaning'))
    await tab.close()
  }, 60_000)

  it('keeps what the marketer typed when the file changed on disk, says what changed, and applies it on the next publish', async () => {
    // A service the other tests leave alone.
    const file = path.join(site, 'services', 'your-service-for-businesses.yaml')
    const tab = admin
    {
      await openThroughList(tab, preview.url, 'services', 'your-service-for-businesses')
      const title = tab.locator('input[id^="title-field"]').first()
      await tab.waitForFunction(
        () => (document.querySelector('input[id^="address-field"]') as HTMLInputElement | null)?.value === 'your-service-for-businesses',
      )
      await title.fill('Window Washing')
      // Meanwhile someone edits the file in a text editor.
      const edited = (await readFile(file, 'utf8')).replace(/^description: .*$/m, 'description: "Written by hand."')
      await writeFile(file, edited)
      await publish(tab)
      const notice = tab.getByText('This file changed on disk after the editor loaded it').first()
      await notice.waitFor()
      expect(await notice.textContent()).toMatch(/\(line \d+: `description: "Written by hand\."`\)/)
      expect(await readFile(file, 'utf8')).toBe(edited)
      expect(await title.inputValue(), 'the form keeps what was typed').toBe('Window Washing')
      await publish(tab)
      const after = await until(async () => {
        const text = await readFile(file, 'utf8')
        return text !== edited && text
      })
      expect(after).toBe(edited.replace(/^title: .*$/m, 'title: "Window Washing"'))
    }
  }, 60_000)

  it("shows citypress's own error for an invalid change, and leaves the file untouched", async () => {
    const before = await readFile(servicePath(), 'utf8')
    await openService()
    // Decap checks only that a title is given; citypress knows a title has at most 200 characters.
    await admin.locator('input[id^="title-field"]').first().fill('Gutter '.repeat(40))
    await publish(admin)
    // The refusal names the file and line (the field's own hint also says "At most 200 characters").
    await admin
      .getByText(/services\/your-service\.yaml:\d+:\d+: `title` is 280 characters long, more than the 200 it may have/)
      .first()
      .waitFor({ timeout: 15_000 })
    // And under the field itself.
    const beside = admin.locator('.citypress-field-error')
    await beside.waitFor()
    expect(await beside.allTextContents()).toEqual(['`title` is 280 characters long, more than the 200 it may have.'])
    expect(await beside.evaluate((note) => note.previousElementSibling?.querySelector('label')?.textContent)).toMatch(/^Title/)
    // Decap's notice holds it inside the window, once it has slid in.
    const notice = admin.locator('.Toastify__toast', { hasText: '280 characters long' }).first()
    await until(async () => {
      const box = await notice.boundingBox()
      return box !== null && box.x + box.width <= 1280
    })
    if (shots) await admin.screenshot({ path: path.join(shots, 'error.png') })
    expect(await readFile(servicePath(), 'utf8')).toBe(before)
  }, 60_000)

  it('creates a blog post with an uploaded photo, and preview builds it', async () => {
    const photo = path.join(await tempDir(), 'roof.jpg')
    await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a6' } })
      .jpeg()
      .toFile(photo)
    await admin.goto(`${preview.url}admin/#/collections/blog/new`)
    await admin.locator('input[id^="title-field"]').first().fill('Spring roof check')
    await admin.locator('input[id^="date-field"][type="date"]').first().fill('2026-03-01')
    await admin.locator('input[id^="excerpt-field"]').first().fill('What to look at after the winter.')
    await admin.getByRole('button', { name: /Choose an image/ }).click()
    await admin.locator('input[type="file"]').setInputFiles(photo)
    await admin.getByRole('button', { name: /Choose selected/ }).click()
    // The raw Markdown field is a contenteditable editor.
    await admin.locator('[contenteditable="true"]').last().click()
    await admin.keyboard.type('Look at the gutters first.')
    if (shots) await admin.screenshot({ path: path.join(shots, 'new-post.png'), fullPage: true })
    await publish(admin)
    await until(async () => (await readdir(path.join(site, 'blog')).catch(() => [] as string[])).includes('spring-roof-check.md'), 20_000)
    expect(await readdir(path.join(site, 'images'))).toContain('roof.jpg')
    const post = await readFile(path.join(site, 'blog', 'spring-roof-check.md'), 'utf8')
    expect(post).toMatch(/^image: images\/roof\.jpg$/m)
    // Picked in the browser's date picker, written as the day.
    expect(post).toMatch(/^date: 2026-03-01$/m)
    // The preview encodes the photo's variants before it serves the post: slow on a loaded machine.
    await until(async () => (await fetch(`${preview.url}blog/spring-roof-check`)).status === 200, 40_000)
  }, 90_000)

  it("shows the site's images in the media library, each loaded from its address", async () => {
    await admin.goto(`${preview.url}admin/#/collections/blog/new`)
    await admin.getByRole('button', { name: /Choose an image/ }).click()
    const thumbnail = admin.locator('img[src="/admin/api/media/images/roof.jpg"]')
    await thumbnail.waitFor()
    await until(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 10_000)
    if (shots) await admin.screenshot({ path: path.join(shots, 'media-library.png') })
    await admin.keyboard.press('Escape')
    await thumbnail.waitFor({ state: 'detached' })
  }, 30_000)

  it('adds a town in one step: its place and its area list, under the name typed, as new lines of areas.yaml, saying its pages are hidden from search', async () => {
    const areas = path.join(site, 'areas.yaml')
    const before = await readFile(areas, 'utf8')
    await admin.goto(`${preview.url}admin/#/collections/areas-places`)
    await admin.getByText('Ogdenville, IL', { exact: true }).first().waitFor()
    await admin.goto(`${preview.url}admin/#/collections/areas-places/new`)
    await admin.locator('input[id^="key-field"]').first().fill('North Haverbrook, IL')
    // The list that makes its landing pages, picked beside its facts.
    await admin.locator('input[id^="inLists-field"]').first().fill('main')
    await admin.keyboard.press('Enter')
    await admin.locator('input[id^="county-field"]').first().fill('Sangamon County')
    if (shots) await admin.screenshot({ path: path.join(shots, 'new-place.png'), fullPage: true })
    await publish(admin)
    const after = await until(async () => {
      const text = await readFile(areas, 'utf8')
      return text !== before && text
    })
    expect(after).toBe(
      before
        .replace('    - Ogdenville, IL\n', '    - Ogdenville, IL\n    - North Haverbrook, IL\n')
        .replace(/\n$/, '\n  North Haverbrook, IL:\n    county: Sangamon County\n'),
    )
    // Decap opens the new entry at its slug path; the proxy answers with the place under its name.
    await admin.waitForURL(/entries\/north-haverbrook-il$/)
    await admin.waitForFunction(
      () => (document.querySelector('input[id^="key-field"]') as HTMLInputElement | null)?.value === 'North Haverbrook, IL',
    )
    // Its pages are out of search until its paragraph is written: said once it is saved, and
    // beside the paragraph, counted as the marketer types.
    const hidden = admin.locator('.citypress-hidden-pages')
    await hidden.filter({ hasText: 'North Haverbrook' }).waitFor()
    expect(await hidden.textContent()).toMatch(
      /^North Haverbrook, IL: \d+ pages hidden from search until its local paragraph has 40 words \(none is written\)$/,
    )
    const count = admin.locator('.citypress-word-count')
    await count.filter({ hasText: '0 words' }).waitFor()
    await admin.locator('[aria-label="citypress-paragraph field"] [contenteditable="true"]').click()
    await admin.keyboard.type('Quiet streets beside the old monorail line.')
    await count.filter({ hasText: '7 words' }).waitFor()
    expect(await count.textContent()).toBe("7 words: this town's pages are hidden from search until it has 40.")
    if (shots) await admin.screenshot({ path: path.join(shots, 'word-count.png') })
    // Edited again, it is listed once (its address is the one the list gives it).
    await admin.locator('input[id^="county-field"]').first().fill('Springfield County')
    await publish(admin)
    await hidden.filter({ hasText: '(it has 7)' }).waitFor()
    await until(async () => (await readFile(areas, 'utf8')).includes('county: Springfield County'))
    await admin.goto(`${preview.url}admin/#/collections/areas-places`)
    await admin.getByText('North Haverbrook, IL', { exact: true }).first().waitFor()
    expect(await admin.getByText('North Haverbrook, IL', { exact: true }).count()).toBe(1)
  }, 60_000)

  it('adds a badge holding a comma as one item of the list, typed character by character', async () => {
    // By its address: the tests before may have renamed it.
    await admin.goto(`${preview.url}admin/#/collections/services/entries/your-service`)
    // A field's own check is said as written, in our words and case, not upper-cased by Decap.
    const address = admin.locator('input[id^="address-field"]').first()
    const kept = await address.inputValue()
    // Typed over the whole value, as a marketer does (Decap's input keeps its own caret, so fill() would add to it).
    const retype = async (text: string) => {
      await address.press('Control+a')
      await address.pressSequentially(text)
    }
    await retype('Not An Address')
    await publish(admin)
    const fieldError = admin.locator('[class*="-ControlErrorsList"]').first()
    await fieldError.waitFor()
    expect(await fieldError.evaluate((list) => [getComputedStyle(list).textTransform, list.textContent])).toEqual([
      'none',
      'Web address didn\'t match the pattern: It must be lower-case letters and digits, words joined by single hyphens (e.g. "central-illinois").',
    ])
    await retype(kept)
    expect(await address.inputValue()).toBe(kept)
    await admin.getByRole('button', { name: /^Add badges$/i }).click()
    const input = admin.locator('input[id^="badges-field"]').last()
    // As a marketer types: a space at the end of a word stays while the next is typed.
    await input.pressSequentially('No contract, cancel anytime')
    expect(await input.inputValue()).toBe('No contract, cancel anytime')
    await publish(admin)
    const after = await until(async () => {
      const text = await readFile(servicePath(), 'utf8')
      return text.includes('badges:') && text
    })
    expect(after).toMatch(/\nbadges:\n {2}- No contract, cancel anytime\n/)
  }, 60_000)
})

describe('the editor from another machine', () => {
  it('opens at the printed address, token and all, when preview listens on every interface', async () => {
    const preview = await startOn(await starterCopy(), { host: '0.0.0.0', editorToken: 'shared-k3y' })
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    try {
      const [printed] = preview.editorUrls
      // An address of this machine other machines can use, not one only this machine reaches.
      expect(printed).not.toMatch(/localhost|127\.0\.0\.1/)
      expect(printed).toMatch(/\/admin\/#token=shared-k3y$/)
      await page.goto(printed!, { waitUntil: 'domcontentloaded' })
      await page.getByRole('button', { name: 'Login' }).click()
      await page.getByText('Your Service', { exact: true }).first().waitFor()
      // The token left the address bar; the tab keeps it, so a reload still reaches the editor.
      expect(page.url()).not.toContain('shared-k3y')
      expect(await page.evaluate(() => sessionStorage.getItem('citypress-editor-token'))).toBe('shared-k3y')
    } finally {
      await page.close()
      await preview.close()
    }
  }, 60_000)
})

describe('the editor on an example site', () => {
  let site: string
  let preview: StartedPreview
  let admin: Page
  /** What each confirm dialog asked, answered yes. */
  const asked: string[] = []

  // The first file of a run to ask builds the shared example site (images and all): under the hook's time limit, not the test's.
  beforeAll(async () => {
    await exampleBuild('greenway')
    site = await copyOf('greenway')
    ;({ preview, admin } = await editorOn(site, (dialog) => {
      asked.push(dialog.message())
      // The page may close first, at the end of the file.
      dialog.accept().catch(() => undefined)
    }))
  }, 300_000)

  afterAll(async () => {
    await admin?.close()
    await preview?.close()
  })

  it('saves a service title of greenway as that one line, comments intact', async () => {
    const file = path.join(site, 'services', 'lawn-care.yaml')
    const before = await readFile(file, 'utf8')
    await admin.goto(`${preview.url}admin/#/collections/services`)
    await admin.getByText('Lawn Care', { exact: true }).first().click()
    await admin.waitForFunction(
      () => (document.querySelector('input[id^="title-field"]') as HTMLInputElement | null)?.value === 'Lawn Care',
    )
    await admin.locator('input[id^="title-field"]').first().fill('Lawn Mowing')
    await publish(admin)
    const after = await until(async () => {
      const text = await readFile(file, 'utf8')
      return text !== before && text
    })
    expect(after).toBe(before.replace('\ntitle: Lawn Care\n', '\ntitle: Lawn Mowing\n'))
    expect(asked, 'a save that moves nothing asks nothing').toEqual([])
  }, 90_000)

  it("changes a service's address: shows the 301s first, keeps each town, moves the file and every reference", async () => {
    await admin.goto(`${preview.url}admin/#/collections/services/entries/lawn-care`)
    const address = admin.locator('input[id^="address-field"]').first()
    await admin.waitForFunction(
      () => (document.querySelector('input[id^="address-field"]') as HTMLInputElement | null)?.value === 'lawn-care',
    )
    await address.fill('lawn-mowing')
    await publish(admin)
    const services = path.join(site, 'services')
    await until(async () => (await readdir(services)).includes('lawn-mowing.yaml') && !(await readdir(services)).includes('lawn-care.yaml'))
    expect(asked, asked.join('\n---\n')).toHaveLength(1)
    expect(asked[0]).toContain('/services/lawn-care → /services/lawn-mowing')
    expect(asked[0]).toContain('/lp/oregon-city-lawn-care → /lp/oregon-city-lawn-mowing')
    expect(asked[0]).toContain('/lp/portland-lawn-care → /lp/portland-lawn-mowing')
    for (const file of ['landing.yaml', 'pages/home.yaml'])
      expect(await readFile(path.join(site, file), 'utf8'), file).not.toMatch(/\blawn-care\b/)
    // In site.yaml, only as the address its new redirect is from.
    expect((await readFile(path.join(site, 'site.yaml'), 'utf8')).match(/.*\blawn-care\b.*/g)).toEqual(['  - from: /services/lawn-care'])
    // The editor goes on under the new address.
    await admin.waitForURL(/#\/collections\/services\/entries\/lawn-mowing$/)
    await admin.waitForFunction(
      () => (document.querySelector('input[id^="address-field"]') as HTMLInputElement | null)?.value === 'lawn-mowing',
    )
  }, 90_000)

  it("shows, in Decap's own question before deleting a town, where its pages will redirect, then removes it from every list", async () => {
    asked.length = 0
    const planned = admin.waitForResponse((r) => r.request().method() === 'POST' && (r.request().postData() ?? '').includes('"planDelete"'))
    await admin.goto(`${preview.url}admin/#/collections/areas-places`)
    await admin.getByText('Canby, OR', { exact: true }).first().waitFor()
    await admin.goto(`${preview.url}admin/#/collections/areas-places/entries/Canby_2C_20OR`)
    await admin.waitForFunction(() => (document.querySelector('input[id^="key-field"]') as HTMLInputElement | null)?.value === 'Canby, OR')
    await planned
    await admin.getByRole('button', { name: 'Delete entry' }).click()
    await until(async () => asked.length > 0)
    expect(asked[0]).toMatch(
      /^Are you sure you want to delete this published entry\?\n\nDeleting this town takes it out of every area list/,
    )
    expect(asked[0]).toMatch(/\/lp\/canby-irrigation → \/lp\/[a-z-]+-irrigation/)
    const areas = path.join(site, 'areas.yaml')
    await until(async () => !(await readFile(areas, 'utf8')).includes('Canby, OR'))
    // Decap goes back to the list once the entry is gone.
    await admin.waitForURL(/#\/collections\/areas-places$/)
  }, 60_000)

  it("shows a theme colour's contrast with each colour it is put with, and puts in the nearest passing shade on a click", async () => {
    // Through the list: from one entry's page straight to another's, Decap keeps the first one's
    // form. After the removal before, Decap may still be on its way back to that list, away from
    // this one: go again until this list shows.
    const siteEntry = admin.locator('a[href$="/collections/settings/entries/site"]')
    await until(async () => {
      await admin.goto(`${preview.url}admin/#/collections/settings`)
      return siteEntry.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      )
    }, 45_000)
    await admin.goto(`${preview.url}admin/#/collections/settings/entries/site`)
    // The theme and its colours are folded: unfold them by their arrows.
    const unfold = (name: string) =>
      admin
        .locator('[class*="ExpandButtonContainer"]', { hasText: new RegExp(`^${name}$`) })
        .filter({ visible: true })
        .first()
        .locator('button')
        .first()
        .click()
    await unfold('Theme')
    await unfold('Colors')
    const ink = admin.locator('input[id^="ink-field"]').first()
    await ink.fill('#dddddd')
    // The list under this colour's own picker.
    const said = ink.locator('xpath=ancestor::div[ul[contains(@class, "citypress-contrast")]][1]/ul')
    await said.filter({ hasText: '✗' }).waitFor()
    if (shots) {
      await said.scrollIntoViewIfNeeded()
      await admin.screenshot({ path: path.join(shots, 'colour-contrast.png') })
    }
    expect(await said.locator('li', { hasText: 'with background (#ffffff)' }).textContent()).toMatch(
      /^✗ 1\.\d+:1 with background \(#ffffff\) in body text.*: needs 4\.5:1Use (#[0-9a-f]{6}), the nearest shade that passes$/,
    )
    await said.locator('li', { hasText: 'with background (#ffffff)' }).getByRole('button').click()
    await admin.waitForFunction(() => (document.querySelector('input[id^="ink-field"]') as HTMLInputElement).value !== '#dddddd')
    // That one shade passes against every colour ink is put with.
    await said.locator('li', { hasText: '✓' }).filter({ hasText: 'with background (#ffffff)' }).waitFor()
    expect(await said.locator('li', { hasText: '✗' }).count()).toBe(0)
  }, 60_000)
})

describe('the editor on a site in two languages', () => {
  let site: string
  let preview: StartedPreview
  let admin: Page

  beforeAll(async () => {
    await exampleBuild('brightline')
    site = await copyOf('brightline')
    // Spanish paragraphs need more words than English ones on this copy.
    const spanishLanding = path.join(site, 'locales', 'es', 'landing.yaml')
    await writeFile(spanishLanding, `${await readFile(spanishLanding, 'utf8')}quality:\n  minLocalWords: 250\n`)
    ;({ preview, admin } = await editorOn(site, (dialog) => void dialog.accept().catch(() => undefined)))
  }, 300_000)

  afterAll(async () => {
    await admin?.close()
    await preview?.close()
  })

  it("edits a service's Spanish title beside its English one, and the Spanish page shows it", async () => {
    const spanish = path.join(site, 'locales', 'es', 'services', 'generators.yaml')
    const [english, before] = [await readFile(path.join(site, 'services', 'generators.yaml'), 'utf8'), await readFile(spanish, 'utf8')]
    const tab = await browser.newPage()
    await tab.goto(`${preview.url}es/services/generadores-de-respaldo`)
    expect(await tab.locator('h1').textContent()).toContain('Generadores de respaldo')
    await admin.goto(`${preview.url}admin/#/collections/services/entries/generators`)
    // Each language in its own pane, side by side: English first, then Spanish.
    const titles = admin.locator('input[id^="title-field"]:visible')
    await titles.nth(1).waitFor()
    expect([await titles.nth(0).inputValue(), await titles.nth(1).inputValue()]).toEqual(['Standby Generators', 'Generadores de respaldo'])
    if (shots) await admin.screenshot({ path: path.join(shots, 'i18n-service.png') })
    // Who wrote the translation is asked in the Spanish pane only.
    const provenance = admin.locator('label[for^="translation-field"]:visible')
    expect(await provenance.count()).toBe(1)
    expect(await provenance.evaluate((label) => Boolean(label.closest('.Pane2')))).toBe(true)
    await titles.nth(1).click()
    await admin.keyboard.press('Control+a')
    await titles.nth(1).pressSequentially('Generadores para el hogar')
    await publish(admin)
    const after = await until(async () => {
      const text = await readFile(spanish, 'utf8')
      return text !== before && text
    })
    expect(after).toBe(before.replace(/^title: .*$/m, 'title: Generadores para el hogar'))
    expect(await readFile(path.join(site, 'services', 'generators.yaml'), 'utf8'), 'the English file is untouched').toBe(english)
    await until(async () => (await tab.locator('h1').textContent())?.includes('Generadores para el hogar'))
    await tab.close()
  }, 90_000)

  it("counts a town's Spanish paragraph against the Spanish minimum, its English one against the English", async () => {
    await openThroughList(admin, preview.url, 'areas-places', 'Raleigh_2C_20NC')
    // Each pane counts its own paragraph once it has loaded (a count of the empty field may come first).
    const counts = admin.locator('.citypress-word-count')
    await expect
      .poll(() => counts.allTextContents(), { timeout: 15_000 })
      .toEqual([
        expect.stringMatching(/^[1-9]\d* words: enough for this town's pages to show in search\.$/),
        expect.stringMatching(/^[1-9]\d* words: this town's pages are hidden from search until it has 250\.$/),
      ])
  }, 60_000)
})
