import type { TeamSection } from '../../src/config/site-input.generated.js'
import { Image } from '../components/Image.js'
import { Section } from '../components/Section.js'

/**
 * The people of the business, a card each: a square portrait (or their initials), the name as an
 * h3, the role and an optional short bio. The page's LocalBusiness structured data lists them as
 * `employee` (templates/seo/business-facts-data.ts).
 */
export function Team(props: TeamSection) {
  return (
    <Section id={props.id} tone={props.tone} className="section-team" eyebrow={props.eyebrow} heading={props.heading} text={props.text}>
      <ul className="team-grid">
        {props.members.map((member, i) => (
          <li key={`${member.name}-${i}`} className="team-member">
            {member.photo ? (
              <Image src={member.photo} alt={member.photoAlt ?? member.name} sizes="10rem" className="team-photo" />
            ) : (
              <span className="team-initials" aria-hidden="true">
                {initialsOf(member.name)}
              </span>
            )}
            <h3 className="team-name">{member.name}</h3>
            <p className="team-role">{member.role}</p>
            {member.bio && <p className="team-bio">{member.bio}</p>}
          </li>
        ))}
      </ul>
    </Section>
  )
}

/** "Dana Whitfield" → "DW": the first letter of the first and last word. */
function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/)
  const first = [...words[0]!][0] ?? ''
  const last = words.length > 1 ? ([...words.at(-1)!][0] ?? '') : ''
  return (first + last).toUpperCase()
}
