import type { AreasSection } from '../../src/config/site-input.generated.js'
import type { AreaRegion } from '../../src/render/render-context.js'
import { Actions } from '../components/Action.js'
import { AreaChips } from '../components/AreaChips.js'
import { Section } from '../components/Section.js'
import { usePage, useText } from '../context.js'

interface ChipGroup {
  readonly heading?: string
  readonly areas: readonly string[]
}

/**
 * Service-area chips, one group per named list of areas.yaml, or
 * with `groupBy: region` one group per region of their places.
 */
export function Areas(props: AreasSection) {
  const { areas } = usePage()
  const text = useText()
  const listed = props.groups.map((group) => ({ heading: group.heading, areas: areas.lists[group.list] ?? [] }))
  const groups =
    props.groupBy === 'region'
      ? byRegion(
          listed.flatMap((g) => g.areas),
          areas.regions,
          props.otherHeading ?? text('otherAreas'),
        )
      : listed
  return (
    <Section id={props.id} tone={props.tone} className="section-areas" eyebrow={props.eyebrow} heading={props.heading} text={props.text}>
      <div className={groups.length > 1 ? 'area-groups multi' : 'area-groups'}>
        {groups.map((group, i) => (
          <div key={i} className="area-group">
            {group.heading && (
              <h3 className="area-group-title" dir="auto">
                {group.heading}
              </h3>
            )}
            <AreaChips areas={group.areas} landingService={props.landingService} showState={props.showState} />
          </div>
        ))}
      </div>
      <Actions actions={props.actions} className="center" />
    </Section>
  )
}

/** The areas (each once) under their regions, in areas.yaml order; those of no region last. */
function byRegion(names: readonly string[], regions: readonly AreaRegion[], otherHeading: string): ChipGroup[] {
  const shown = [...new Set(names)]
  const groups: ChipGroup[] = regions
    .map((region) => ({ heading: region.name, areas: shown.filter((area) => region.areas.includes(area)) }))
    .filter((group) => group.areas.length > 0)
  const inRegion = new Set(groups.flatMap((g) => g.areas))
  const other = shown.filter((area) => !inRegion.has(area))
  return other.length ? [...groups, { heading: otherHeading, areas: other }] : groups
}
