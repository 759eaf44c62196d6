/** The problems that stop a release of `tag` (e.g. `v0.2.0`); empty when it may go out. */
export function releaseProblems(tag: string): string[]
