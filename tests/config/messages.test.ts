import { describe, expect, it } from 'vitest'
import { en } from '../../src/config/messages/en.js'
import { es } from '../../src/config/messages/es.js'
import { formatMessage, type Messages, messagesFor, shippedLanguages } from '../../src/config/messages/messages.js'

describe("citypress's own words", () => {
  it('has every key of the English table in every other table, and no other key', () => {
    const tables: Record<string, Messages> = { en, es }
    expect(Object.keys(tables).sort()).toEqual([...shippedLanguages].sort())
    for (const [language, table] of Object.entries(tables)) {
      expect(Object.keys(table).sort(), language).toEqual(Object.keys(en).sort())
      expect(
        Object.entries(table).filter(([, text]) => (typeof text === 'string' ? text : text.other).trim() === ''),
        language,
      ).toEqual([])
    }
  })

  it('picks a table by the language subtag and writes English where citypress ships none', () => {
    expect(messagesFor('es-US').skipToContent).toBe('Saltar al contenido')
    expect(messagesFor('ES').skipToContent).toBe('Saltar al contenido')
    expect(messagesFor('en-GB').skipToContent).toBe('Skip to content')
    expect(messagesFor('fr').skipToContent).toBe('Skip to content')
  })

  it('fills values and chooses the plural form of the count by the language’s rules', () => {
    const table = { ...en, pageNotFound: { one: '{count} page', other: '{count} pages' } } as unknown as Messages
    expect(formatMessage(table, 'en', 'pageNotFound', { count: 1 })).toBe('1 page')
    expect(formatMessage(table, 'en', 'pageNotFound', { count: 0 })).toBe('0 pages')
    expect(formatMessage(table, 'en', 'pageNotFound', { count: 2 })).toBe('2 pages')
    const named = { ...en, thankYou: 'Thank you, {name}' } as unknown as Messages
    expect(formatMessage(named, 'en', 'thankYou', { name: 'Ana' })).toBe('Thank you, Ana')
    expect(formatMessage(named, 'en', 'thankYou')).toBe('Thank you, {name}')
  })
})
