// The Nu Html Checker (vnu-jar) over built pages, for `npm run audit` and for the test that
// audits the example sites. Java takes seconds to start, so every page goes into one run.
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)

/**
 * The checker runs once per call, for seconds: the quick compiler alone (C1) and the serial
 * collector halve its CPU time against the JVM's defaults, with the same messages; C1's larger
 * frames need the bigger stack the checker asks for on deep markup. Without performance data the
 * JVM leaves no folder for monitoring tools in the temporary folder (`hsperfdata_<user>`).
 */
const javaFlags = ['-Xss4m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-XX:-UsePerfData']

/** Checks `files` (relative to `dir`) in one Java run; returns each file's messages, in the given order. */
export function checkHtml(dir, files) {
  const jar = String(require('vnu-jar'))
  const run = spawnSync(
    'java',
    [...javaFlags, '-jar', jar, '--format', 'json', '--exit-zero-always', ...files.map((f) => path.join(dir, f))],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
  if (run.error) throw new Error(`The Nu Html Checker needs Java: ${run.error.message}`)
  const { messages } = JSON.parse(run.stderr || run.stdout)
  const byFile = new Map(files.map((f) => [f, []]))
  for (const m of messages) byFile.get(path.relative(dir, fileURLToPath(m.url)))?.push(m)
  return byFile
}

/** The errors and warnings (every message but `info`) of `files`, one `file:line: message` line each. */
export function htmlErrors(dir, files) {
  return [...checkHtml(dir, files)].flatMap(([file, messages]) =>
    messages.filter((m) => m.type !== 'info').map((m) => `${file}:${m.lastLine}: ${m.message}`),
  )
}
