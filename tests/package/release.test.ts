import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { releaseProblems } from '../../bin/release-check.mjs'
import { repoRoot } from '../helpers/site.js'

const { version } = JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }

describe('the release workflow', () => {
  it('publishes both packages with provenance on a version tag, only after npm test passed and the tag matched', async () => {
    const workflow = parse(await readFile(path.join(repoRoot, '.github/workflows/release.yml'), 'utf8')) as {
      on: { push: { tags: string[] } }
      permissions: Record<string, string>
      jobs: { release: { steps: { run?: string; 'working-directory'?: string }[] } }
    }
    expect(workflow.on.push.tags).toEqual(['v*'])
    expect(workflow.permissions['id-token']).toBe('write')
    const runs = workflow.jobs.release.steps.filter((s) => s.run).map((s) => `${s['working-directory'] ?? '.'}: ${s.run}`)
    expect(runs).toEqual([
      '.: npm ci --no-audit --no-fund',
      '.: npm test',
      '.: node bin/release-check.mjs "$GITHUB_REF_NAME"',
      '.: npm publish --provenance --access public',
      'create-citypress: npm publish --provenance --access public',
    ])
  })

  it('releases only a tag that names the version both packages carry and the changelog describes', () => {
    expect(releaseProblems(`v${version}`)).toEqual([])
    expect(releaseProblems('v99.0.0')).toEqual([
      `The tag v99.0.0 is not v${version}, the version in package.json; tag the commit that sets the version.`,
    ])
  })
})
