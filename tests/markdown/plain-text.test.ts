import { describe, expect, it } from 'vitest'
import { faqPage } from '../../templates/seo/structured-data.js'

/** The answer text of a one-question FAQPage, as the structured data carries it. */
const answerOf = (answer: string) => {
  const page = faqPage([{ question: 'How?', answer }]) as unknown as { mainEntity: { acceptedAnswer: { text: string } }[] }
  return page.mainEntity[0]!.acceptedAnswer.text
}

describe('the FAQ answers in structured data', () => {
  it('are the text a reader sees, every character of it kept', () => {
    expect(answerOf('Name it `snake_case`, keep *emphasis* and __strong__ words, and [read the guide](https://example.com/guide).')).toBe(
      'Name it snake_case, keep emphasis and strong words, and read the guide.',
    )
    expect(answerOf('Plain snake_case, 2 * 3 * 4, a ~tilde~ and C:\\\\temp\\\\file_1.')).toBe(
      'Plain snake_case, 2 * 3 * 4, a ~tilde~ and C:\\temp\\file_1.',
    )
  })

  it('join paragraphs and list items with a space, and decode character references', () => {
    expect(answerOf('First paragraph.\n\n- one\n- two\n\n1. three\n\nTom &amp; Jerry&hellip;\nnext line')).toBe(
      'First paragraph. one two three Tom & Jerry… next line',
    )
  })
})
