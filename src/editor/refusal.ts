import type { ConfigError } from '../errors/config-error.js'

/** A request the editor answers with `{error}` and citypress's located messages, having written nothing. */
export class Refusal extends Error {
  constructor(readonly status: number, readonly errors: readonly ConfigError[]) {
    super(errors[0]?.message)
  }
}
