import { parseArgs } from 'node:util'

/**
 * The options of one of our scripts (bench, gen-site), parsed by `parseArgs`: `--help` prints
 * `usage` and exits 0; an unknown or malformed option prints parseArgs's message and `usage` and
 * exits 2, never a stack.
 */
export function scriptOptions(options, usage) {
  let values
  try {
    ;({ values } = parseArgs({ options: { ...options, help: { type: 'boolean', short: 'h' } } }))
  } catch (error) {
    console.error(`${error.message}\n\n${usage}`)
    process.exit(2)
  }
  if (values.help) {
    console.log(usage)
    process.exit(0)
  }
  return values
}
