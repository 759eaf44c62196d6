// Fetches Decap CMS's browser build for the editor (`citypress preview` serves it at /admin/) into
// the git-ignored lib/decap/. decap-cms stays out of package.json: as a dependency it would pull
// its whole tree (decap-cms-app alone brings some 630 packages), while the editor needs only the
// prebuilt files. `npm pack` fetches the one tarball (from npm's cache after the first time), its
// bytes are checked against the pinned integrity, and only the files the browser loads are kept.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

export const decapVersion = '3.16.3'
export const decapIntegrity = 'sha512-hf+dPlCh7TJmWl8+6VRzHYOWhri5xgUknrZbDewaWe4s9B7xJ8PQugp2QHeSldMUKzav6+z0oIpwUYhUJDYtYw=='

/** The files of the tarball's dist/ the browser loads: the entry, its chunks, its wasm and its stylesheet. */
const wanted = /^(?:[\w-]*\.?decap-cms\.js|[0-9a-f]+\.wasm|cms\.css|decap-cms\.js\.LICENSE\.txt)$/

/** Makes `<root>/lib/decap/` hold Decap's files, unless it already holds this version. */
export function ensureDecap(root) {
  const folder = path.join(root, 'lib', 'decap')
  const stamp = path.join(folder, 'STAMP')
  try {
    if (readFileSync(stamp, 'utf8') === decapIntegrity) return folder
  } catch {}
  const work = mkdtempSync(path.join(tmpdir(), 'citypress-decap-'))
  try {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
    const [packed] = JSON.parse(
      execFileSync(npm, ['pack', `decap-cms@${decapVersion}`, '--json', '--pack-destination', work], {
        cwd: work,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
        shell: process.platform === 'win32',
      }),
    )
    const tarball = path.join(work, packed.filename)
    const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`
    if (integrity !== decapIntegrity)
      throw new Error(
        `decap-cms@${decapVersion} from the registry has integrity ${integrity}, not the pinned ${decapIntegrity}; refusing to use it.`,
      )
    execFileSync('tar', ['-xzf', tarball, '-C', work, 'package/dist'])
    const dist = path.join(work, 'package', 'dist')
    const staged = path.join(work, 'decap')
    mkdirSync(staged)
    let count = 0
    for (const name of readdirSync(dist)) {
      if (!wanted.test(name)) continue
      renameSync(path.join(dist, name), path.join(staged, name))
      count++
    }
    if (count < 90) throw new Error(`decap-cms@${decapVersion} holds only ${count} of the files the editor serves.`)
    writeFileSync(path.join(staged, 'STAMP'), decapIntegrity)
    rmSync(folder, { recursive: true, force: true })
    mkdirSync(path.dirname(folder), { recursive: true })
    renameSync(staged, folder)
    return folder
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}
