import { readFile } from 'node:fs/promises'
import type { ImageJob } from '../plan/plan-images.js'
import type { OutputFile } from '../types.js'

/**
 * Stage 3 (beside render): produces the bytes of every planned image. Sources already in the
 * planned format and width are copied as they are.
 */
export async function processImages(jobs: readonly ImageJob[]): Promise<OutputFile[]> {
  return Promise.all(jobs.map(async (job) => ({ path: job.outputPath, contents: await readFile(job.source.absolutePath) })))
}
