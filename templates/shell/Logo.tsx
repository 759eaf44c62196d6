import { isDark } from '../../src/config/theme/theme.js'
import { Image } from '../components/Image.js'
import { usePage } from '../context.js'

export interface LogoProps {
  /** The colour behind the logo: decides which of the two logos stands out on it. */
  background: string
  className: string
  /** Preloaded and loaded first (the header's logo, above the fold). */
  priority?: boolean
}

/**
 * site.yaml `logo`: `src` on a light background, `dark` on a dark one. A site with one
 * logo gets it all white on dark backgrounds (CSS .logo-whitened), which suits the usual one- or
 * two-colour mark better than a white plate behind it. Without a logo, the business name.
 */
export function Logo({ background, className, priority }: LogoProps) {
  const { site } = usePage()
  if (!site.logo) return null
  const onDark = isDark(background)
  const src = onDark ? (site.logo.dark ?? site.logo.src) : site.logo.src
  const whitened = onDark && !site.logo.dark ? ' logo-whitened' : ''
  const width = site.logo.width ?? 160
  return <Image src={src} alt={site.logo.alt ?? site.name} priority={priority} sizes={`${width}px`} className={className + whitened} />
}
