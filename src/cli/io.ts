import { styleText } from 'node:util'

/** Where the CLI writes; tests pass a memory Io instead of the process streams. */
export interface Io {
  out(text: string): void
  err(text: string): void
  /** Colours only on a TTY, and never with NO_COLOR. */
  readonly color: boolean
  /** Whether progress lines may be redrawn in place. */
  readonly isTTY: boolean
}

export function processIo(): Io {
  const isTTY = Boolean(process.stderr.isTTY)
  // A reader that stops early (`citypress routes | head`) closes the pipe: nothing more to say,
  // and not a failure of the command.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0)
    throw error
  })
  return {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    color: isTTY && !process.env.NO_COLOR,
    isTTY,
  }
}

export function paint(io: Io, format: Parameters<typeof styleText>[0], text: string): string {
  return io.color ? styleText(format, text) : text
}
