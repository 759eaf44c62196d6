import { usePage } from '../context.js'
import { Icon } from './Icon.js'

export interface AreaChipsProps {
  /** Area names as written in areas.yaml ("Ft. Collins, CO"). */
  areas: readonly string[]
  /** Link each chip to /lp/{city}-{service} when that page exists. */
  landingService?: string
  /** Show the state code after the city. @default true */
  showState?: boolean
}

/**
 * Service-area chips. A chip links to its landing page only when a service is given and the
 * page was planned; the lookup (`landingUrls`) comes from plan/, so no chip can lead nowhere.
 */
export function AreaChips({ areas, landingService, showState = true }: AreaChipsProps) {
  const { landingUrls } = usePage()
  return (
    <ul className="chips">
      {areas.map((area) => {
        const label = showState ? area : area.split(',')[0]!.trim()
        const href = landingService ? landingUrls[`${area}|${landingService}`] : undefined
        return (
          <li key={area} className="chip">
            {href ? (
              <a href={href}>
                <Icon name="map-pin" size={16} />
                {label}
              </a>
            ) : (
              <span>
                <Icon name="map-pin" size={16} />
                {label}
              </span>
            )}
          </li>
        )
      })}
    </ul>
  )
}
