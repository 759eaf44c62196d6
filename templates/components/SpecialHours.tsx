import type { SpecialDay } from '../../src/config/site-input.generated.js'
import { useText } from '../context.js'
import { formatDay, formatTime } from '../format-date.js'

export interface SpecialHoursProps {
  days: readonly SpecialDay[]
  /** BCP 47 tag the dates and times are written in (site.yaml `language`). */
  language: string
}

/**
 * Holidays and other days with hours of their own (site.yaml `business.specialHours`), in date
 * order: "Thursday, December 24, 2026 (Christmas Eve): 8:00 AM – 12:00 PM". A <time> carries each
 * machine-readable date.
 */
export function SpecialHours({ days, language }: SpecialHoursProps) {
  const text = useText()
  if (days.length === 0) return null
  const sorted = [...days].sort((a, b) => a.date.localeCompare(b.date))
  return (
    <div className="business-special-hours">
      <p className="business-hours">{text('holidayHours')}</p>
      <ul>
        {sorted.map((day) => (
          <li key={day.date}>
            <time dateTime={day.date}>{formatDay(day.date, language, { weekday: true })}</time>
            {day.through && day.through !== day.date && (
              <>
                {' '}
                – <time dateTime={day.through}>{formatDay(day.through, language, { weekday: true })}</time>
              </>
            )}
            {day.name && (
              <>
                {' '}
                (<bdi>{day.name}</bdi>)
              </>
            )}
            {': '}
            {day.opens && day.closes ? `${formatTime(day.opens, language)} – ${formatTime(day.closes, language)}` : text('closed')}
          </li>
        ))}
      </ul>
    </div>
  )
}
