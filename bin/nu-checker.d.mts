/** Types of bin/nu-checker.mjs, for the tests that run the Nu Html Checker. */
export interface NuMessage {
  /** `error`, `info` (with subType `warning` for warnings) or `non-document-error`. */
  readonly type: string
  readonly subType?: string
  readonly message: string
  readonly url: string
  /** 1-based. */
  readonly lastLine?: number
  readonly extract?: string
}

export function checkHtml(dir: string, files: readonly string[]): Map<string, NuMessage[]>
export function htmlErrors(dir: string, files: readonly string[]): string[]
