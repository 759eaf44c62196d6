/**
 * Days and times as a page shows them, in its language, by Intl. Dates are read at noon UTC and
 * written in UTC, so no time zone moves the day.
 */

/** "March 2, 2026"; with `weekday`, "Monday, March 2, 2026". */
export function formatDay(date: string, language: string, { weekday = false } = {}): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString(language, {
    ...(weekday ? { weekday: 'long' as const } : {}),
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  })
}

/** "08:00" → "8:00 AM" in English, "8:00" in Spanish. */
export function formatTime(time: string, language: string): string {
  return new Date(`1970-01-01T${time}:00Z`).toLocaleTimeString(language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })
}

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

/** ["Saturday", "Sunday"] (site.yaml writes days in English) → "Saturday and Sunday", "sábado y domingo". */
export function formatDays(days: readonly string[], language: string): string {
  // 2024-01-01 was a Monday.
  const names = days.map((day) => formatWeekday(`2024-01-0${weekdays.indexOf(day) + 1}`, language))
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(names)
}

function formatWeekday(date: string, language: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString(language, { weekday: 'long', timeZone: 'UTC' })
}
