import { icons } from 'citypress:icons'

export interface IconProps {
  /** Lucide name in kebab-case; config/ has checked it exists. */
  name: string
  size?: number
  className?: string
}

/** An icon from the Lucide set as inline SVG, hidden from assistive technology (it is decoration). */
export function Icon({ name, size = 24, className }: IconProps) {
  const Svg = (icons as Record<string, React.ComponentType<Record<string, unknown>>>)[name]
  if (!Svg) throw new Error(`Icon "${name}" was not bundled`)
  return <Svg size={size} className={className ? `icon ${className}` : 'icon'} aria-hidden="true" focusable="false" />
}
