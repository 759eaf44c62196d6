import { citySlug } from '../config/areas/area-slug.js'

/** The state code after the comma ("Springfield, IL" → "IL"), or '' when the name has none. */
export function stateCode(areaName: string): string {
  return areaName.split(',')[1]?.trim() ?? ''
}

/** The city name as written, without the state ("Ft. Collins, CO" → "Ft. Collins"). */
export function cityName(areaName: string): string {
  return areaName.split(',')[0]!.trim()
}

/** `/lp/{city}-{serviceSlug}`. */
export function landingPath(areaName: string, serviceSlug: string): string {
  return `/lp/${citySlug(areaName)}-${serviceSlug}`
}
