import { execFileSync } from 'node:child_process'
import { expect, it } from 'vitest'
import { repoRoot } from './helpers/site.js'

it('has generated types and the section dispatcher up to date with schemas/', () => {
  // Throws (exit 1) with the stale file names when someone edited a schema and did not regenerate.
  expect(() => execFileSync('node', ['bin/schema-types.mjs', '--check'], { cwd: repoRoot, stdio: 'pipe' })).not.toThrow()
})
