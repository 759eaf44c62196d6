import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { type ExampleSite, exampleBuild } from '../helpers/example-build.js'
import { repoRoot } from '../helpers/site.js'

/**
 * What each example site's visitors get, file by file, as recorded in output-digests.json. A
 * change to the output is a decision: it is recorded again only in a commit that names the
 * intended change, never as a side effect of moving code. The builds are made as of a fixed
 * date (exampleBuildDate), so a digest does not follow the calendar or the clone's file times.
 */
const recordFile = path.join(repoRoot, 'tests/example-sites/output-digests.json')
const recorded = JSON.parse(readFileSync(recordFile, 'utf8')) as Record<ExampleSite, string>

/** One digest over every output file's path and bytes, in path order. */
async function outputDigest(name: ExampleSite): Promise<string> {
  const { result } = await exampleBuild(name)
  const lines = result.paths.map(
    (file) =>
      `${file} ${createHash('sha256')
        .update(readFileSync(path.join(result.outDir, file)))
        .digest('hex')}\n`,
  )
  return createHash('sha256').update(lines.join('')).digest('hex')
}

describe('the example sites’ output', () => {
  it('is byte for byte the output recorded for each site', async () => {
    const names = Object.keys(recorded) as ExampleSite[]
    const now = Object.fromEntries(await Promise.all(names.map(async (name) => [name, await outputDigest(name)] as const)))
    expect(
      now,
      `If the change of output is intended, record it in ${path.relative(repoRoot, recordFile)} (in the commit that makes it, saying so):\n${JSON.stringify(now, null, 2)}\n`,
    ).toEqual(recorded)
  }, 600_000)
})
