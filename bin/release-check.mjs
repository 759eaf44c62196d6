// Run by .github/workflows/release.yml before publishing: the pushed tag must name the version
// both packages carry, and CHANGELOG.md must have its section, or nothing is published.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const read = (file) => readFileSync(path.join(root, file), 'utf8')

/** The problems that stop a release of `tag`; empty when it may go out. */
export function releaseProblems(tag) {
  const { version } = JSON.parse(read('package.json'))
  const create = JSON.parse(read('create-citypress/package.json')).version
  const problems = []
  if (tag !== `v${version}`)
    problems.push(`The tag ${tag} is not v${version}, the version in package.json; tag the commit that sets the version.`)
  if (create !== version)
    problems.push(`create-citypress/package.json has version ${create}, citypress ${version}; they are released together with one version.`)
  if (!read('CHANGELOG.md').split('\n').includes(`## ${version}`))
    problems.push(`CHANGELOG.md has no "## ${version}" section; say what changed before releasing.`)
  return problems
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const problems = releaseProblems(process.argv[2] ?? '')
  for (const problem of problems) process.stderr.write(`${problem}\n`)
  if (problems.length === 0) process.stdout.write(`Releasing ${process.argv[2]}.\n`)
  process.exitCode = problems.length ? 1 : 0
}
