import { createInterface } from 'node:readline/promises'
import {
  checkFact,
  type FactsInput,
  needsFormService,
  requiredFacts,
  ScaffoldRefused,
  scaffoldHosts,
} from '../../scaffold/scaffold-facts.js'
import type { Io } from '../io.js'

/** Asks one question and resolves to the answer as typed (without its newline). */
export type Prompt = (question: string) => Promise<string>

/** The questions, in the order asked; a required one is asked again until answered. */
const questions: readonly { key: keyof FactsInput; text: string; when?: (facts: FactsInput) => boolean }[] = [
  { key: 'name', text: 'Business name (e.g. Greenway Landscapes)' },
  { key: 'trade', text: 'What the business does, as a title (e.g. Landscaping)' },
  { key: 'areas', text: 'Towns you serve, as "Town, ST; Town, ST"' },
  { key: 'phone', text: 'Phone number (Enter to skip)' },
  { key: 'email', text: 'Email address (Enter to skip)' },
  { key: 'url', text: 'Web address, with https:// (Enter to skip)' },
  { key: 'host', text: `Host: ${scaffoldHosts.join(', ')} (Enter to skip)` },
  {
    key: 'formEndpoint',
    text: 'Form service address for your forms, e.g. https://formspree.io/f/… (Enter to skip: the forms then show your phone and email)',
    when: (facts) => needsFormService(facts.host),
  },
]

/** A prompt on the terminal, or none when stdin is not one (a pipe, a CI): then options are the only input. */
export function terminalPrompt(): Prompt | undefined {
  if (!process.stdin.isTTY) return undefined
  return async (question) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout })
    try {
      return await rl.question(question)
    } finally {
      rl.close()
    }
  }
}

/** The facts given, with each missing one asked for; skipped optional ones stay missing. */
export async function askForFacts(given: FactsInput, prompt: Prompt, io: Io): Promise<FactsInput> {
  const facts: FactsInput = { ...given }
  // A question that depends on an answer already given (the host) is left out when it does not apply.
  const missing = questions.filter((q) => facts[q.key] === undefined && (!q.when || given.host === undefined || q.when(facts)))
  if (missing.length === 0) return facts
  io.out("A few facts about the business (each can be changed later in the site's files):\n")
  for (const { key, text, when } of missing) {
    if (when && !when(facts)) continue
    const required = (requiredFacts as readonly string[]).includes(key)
    for (;;) {
      const answer = (await prompt(`  ${text}: `)).trim()
      if (!answer && required) continue
      if (!answer) break
      try {
        checkFact[key](answer)
      } catch (error) {
        // A typo is asked for again rather than ending the command after every other answer.
        if (!(error instanceof ScaffoldRefused)) throw error
        io.err(`  ${error.message.replace(/^--\S+:? /, '')}\n`)
        continue
      }
      facts[key] = answer
      break
    }
  }
  return facts
}
