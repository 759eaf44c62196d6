import { type ConfigErrorCode, type ConfigErrorInit, type DataPlace, type Note, problemJson } from './config-error.js'

/**
 * A problem worth telling that does not stop the build (a file citypress does not read, a size
 * budget at level `warn`). Its own type, not a ConfigError: it is never thrown and never counted
 * as an error, so no code path can fail a build over one, or let an error pass as one. It carries
 * the same place and text as an error, so it prints the same way (`warning[code]`).
 */
export class ConfigWarning {
  declare readonly code: ConfigErrorCode
  declare readonly message: string
  declare readonly path: string
  declare readonly hint?: string
  declare readonly notes?: readonly Note[]
  declare readonly file: string
  declare readonly line?: number
  declare readonly column?: number
  declare readonly length?: number
  declare readonly lineText?: string
  declare readonly pointer?: string
  declare readonly at?: 'key' | 'value'
  declare readonly inValue?: DataPlace['inValue']

  constructor({ path = '', cause: _cause, ...fields }: ConfigErrorInit) {
    Object.assign(this, { path, ...fields })
  }

  /** Plain data for the preview overlay and the output record (with its DataPlace while not yet placed). */
  toJSON() {
    return problemJson(this)
  }
}
