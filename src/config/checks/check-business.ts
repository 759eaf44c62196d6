import { BadPhone, ConflictingHours, fail, NotACalendarDate, NotASpecialDay, SpecialDaysBackwards } from '../../errors/catalogue.js'
import type { ConfigError } from '../../errors/config-error.js'
import { locate } from '../read/locate.js'
import type { YamlSource } from '../read/read-yaml.js'
import type { SiteInput } from '../site-input.generated.js'
import { isCalendarDate } from './calendar-date.js'

/**
 * site.yaml's business facts beyond their shape (the schema checks required address parts,
 * coordinate ranges, https links and HH:MM times): phone numbers a phone can dial, real closing
 * and special dates in order, and no day both open and closed. Google's local-business
 * structured data reads these; a number it cannot dial or hours that contradict themselves are
 * dropped or misread there.
 */
export function checkBusiness(source: YamlSource, site: SiteInput): ConfigError[] {
  const errors: ConfigError[] = []
  const business = site.business
  if (site.phone !== undefined) errors.push(...checkPhone(source, site.phone, '/phone', 'phone'))
  business?.phones?.forEach((phone, i) => {
    errors.push(...checkPhone(source, phone.number, `/business/phones/${i}/number`, `business.phones[${i}].number`))
  })

  const closed = new Set(business?.closedDays ?? [])
  business?.openingHours?.forEach((hours, i) => {
    hours.days.forEach((day, j) => {
      if (!closed.has(day)) return
      errors.push(
        fail(
          ConflictingHours,
          { path: `business.openingHours[${i}].days[${j}]`, ...locate(source, `/business/openingHours/${i}/days/${j}`) },
          day,
        ),
      )
    })
  })
  business?.closedDates?.forEach((date, i) => {
    if (isCalendarDate(date)) return
    errors.push(
      fail(NotACalendarDate, { path: `business.closedDates[${i}]`, ...locate(source, `/business/closedDates/${i}`) }, 'closing date', date),
    )
  })
  business?.specialHours?.forEach((day, i) => {
    const at = (key: 'date' | 'through') => ({
      path: `business.specialHours[${i}].${key}`,
      ...locate(source, `/business/specialHours/${i}/${key}`),
    })
    const bad = (['date', 'through'] as const).filter((key) => day[key] !== undefined && !isCalendarDate(day[key]!))
    for (const key of bad) errors.push(fail(NotASpecialDay, at(key), day[key]!))
    if (bad.length === 0 && day.through !== undefined && day.through < day.date)
      errors.push(fail(SpecialDaysBackwards, at('through'), day.date, day.through))
  })
  return errors
}

/**
 * A number as people write it: digits with spaces, dots, hyphens and brackets, an optional
 * leading +, and 7 to 15 digits (E.164 allows at most 15; 7 is the shortest local number that
 * still reaches anyone from a listing).
 */
function checkPhone(source: YamlSource, number: string, pointer: string, path: string): ConfigError[] {
  const digits = number.replace(/\D/g, '').length
  const isReadable = /^\+?[\d\s().-]+$/.test(number.trim())
  if (isReadable && digits >= 7 && digits <= 15) return []
  return [fail(BadPhone, { path, ...locate(source, pointer) }, number, digits, isReadable)]
}
