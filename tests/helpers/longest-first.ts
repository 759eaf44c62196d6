import path from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The slowest files of a run on 2 cores, in seconds (a fresh clone's `.ci/run`), each started
 * before any other file. Vitest orders a fresh clone's files project by project, so the longest
 * file of the project sorted last (cache-damage) started near the end and ran two minutes alone
 * while the other worker had nothing left: longest first, the two workers finish together. A
 * figure gone stale only orders files less well; a file missing here runs in vitest's own order.
 */
const seconds: Readonly<Record<string, number>> = {
  'tests/example-sites/example-sites-audit.browser.test.ts': 212,
  'tests/cache/cache-damage.build.test.ts': 129,
  'tests/editor/editor.browser.test.ts': 77,
  'tests/e2e/accessibility.browser.test.ts': 39,
  'tests/output/atomic-output.build.test.ts': 47,
  'tests/render/page-cache.build.test.ts': 47,
  'tests/package/pack.test.ts': 45,
  'tests/preview/live-reload.browser.test.ts': 39,
  'tests/example-sites/long-words.browser.test.ts': 39,
  'tests/cache/locks.build.test.ts': 32,
  'tests/render/grids.browser.test.ts': 30,
  'tests/e2e/brand-header.browser.test.ts': 28,
  'tests/cache/replay.build.test.ts': 27,
  'tests/plan/languages.build.test.ts': 26,
  'tests/render/header-and-footer.build.test.ts': 25,
  'tests/e2e/form-services.browser.test.ts': 22,
  'tests/example-sites/csp-every-host.browser.test.ts': 21,
  'tests/e2e/header.browser.test.ts': 21,
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files)
    const root = this.ctx.config.root
    const weight = (file: TestSpecification) => seconds[path.relative(root, file.moduleId).split(path.sep).join('/')] ?? 0
    // Array.prototype.sort is stable: files of equal weight keep vitest's order.
    return [...ordered].sort((a, b) => weight(b) - weight(a))
  }
}
