import { parseYaml } from '../config/read/read-yaml.js'
import type { ConfigError } from '../errors/config-error.js'

/** A request the editor answers with `{error}` and citypress's located messages, having written nothing. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly errors: readonly ConfigError[],
  ) {
    super(errors[0]?.message)
  }
}

/**
 * The data of YAML the editor was sent or read (`file`: the site file it stands for), parsed as
 * config/ parses a site file: a syntax error, a second document, a duplicate key, an alias bomb or
 * nesting past the bound is a refusal placed at its line, never an exception of the yaml package.
 */
export function parseOrRefuse(text: string, file: string): unknown {
  const { source, errors } = parseYaml(text, file)
  if (errors.length > 0) throw new Refusal(422, errors)
  return source.data ?? null
}
