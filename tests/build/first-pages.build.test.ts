import { describe, expect, it } from 'vitest'
import { build } from '../../src/build/index.js'
import { siteFrom } from '../helpers/site.js'

describe('a preview build serving its open tabs first', () => {
  it('hands over the open pages while the images it must encode are still encoding', async () => {
    // Nothing cached: every image variant and the share images are encoded in this build.
    const site = await siteFrom('markdown')
    const events: string[] = []
    await build({
      site,
      write: false,
      cacheDir: false,
      imageCacheDir: false,
      firstPages: { paths: ['index.html'], onRendered: () => events.push('open pages rendered') },
      onProgress: ({ stage, done, total }) => {
        if (stage === 'images' && total > 0 && done === total) events.push('images encoded')
      },
    })
    expect(events).toEqual(['open pages rendered', 'images encoded'])
  })
})
