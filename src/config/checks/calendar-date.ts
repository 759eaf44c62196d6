/**
 * Whether a YYYY-MM-DD string names a day that exists (leap years included). `2025-02-30` and
 * `2025-13-45` have the right shape but are no day: JavaScript's Date prints them as
 * "Invalid Date", or silently rolls them over into the next month.
 */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}
