import { serialize } from 'node:v8'

/**
 * Whether V8 stores `text` one byte a character. Its serializer writes a string as stored: a
 * header of four bytes or so, then one byte a character, or two.
 */
export function isOneByte(text: string): boolean {
  if (text.length < 8) throw new Error('too short to tell apart from the header')
  return serialize(text).length < 2 * text.length
}
