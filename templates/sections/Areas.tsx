import type { AreasSection } from '../../src/config/site-input.generated.js'
import { Actions } from '../components/Action.js'
import { AreaChips } from '../components/AreaChips.js'
import { Section } from '../components/Section.js'
import { usePage } from '../context.js'

/** Service-area chips, one group per named list of areas.yaml (spec § Lp slug rule for links). */
export function Areas(props: AreasSection) {
  const { areas } = usePage()
  return (
    <Section id={props.id} tone={props.tone} className="section-areas" eyebrow={props.eyebrow} heading={props.heading} text={props.text}>
      <div className={props.groups.length > 1 ? 'area-groups multi' : 'area-groups'}>
        {props.groups.map((group) => (
          <div key={group.list} className="area-group">
            {group.heading && <h3 className="area-group-title">{group.heading}</h3>}
            <AreaChips areas={areas.lists[group.list] ?? []} landingService={props.landingService} showState={props.showState} />
          </div>
        ))}
      </div>
      <Actions actions={props.actions} className="center" />
    </Section>
  )
}
