import { icons } from 'citypress:icons'
import { renderToStaticMarkup } from 'react-dom/server'
import { usePage } from '../context.js'

export interface IconProps {
  /** Lucide name in kebab-case, or the site's own (`icons/raccoon.svg`); config/ has checked it exists. */
  name: string
  size?: number
  className?: string
}

const paths = new Map<string, string>()

/**
 * An icon from the Lucide set as inline SVG, hidden from assistive technology (it is decoration).
 * The same markup lucide-react renders, but its inner paths are rendered once per icon and
 * reused: at 10,000 pages, rebuilding every icon's element tree cost about 2 s.
 */
export function Icon({ name, size = 24, className }: IconProps) {
  const own = usePage().ownIcons[name]
  if (own) {
    // Its shapes were sanitized and kept to shapes in config/ (config/checks/sanitize-svg.ts iconDrawing).
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox={own.viewBox}
        fill="currentColor"
        className={`own-icon ${className ? `icon ${className}` : 'icon'}`}
        aria-hidden="true"
        focusable="false"
        dangerouslySetInnerHTML={{ __html: own.shapes }}
      />
    )
  }
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`lucide lucide-${name} ${className ? `icon ${className}` : 'icon'}`}
      aria-hidden="true"
      focusable="false"
      dangerouslySetInnerHTML={{ __html: innerMarkup(name) }}
    />
  )
}

function innerMarkup(name: string): string {
  let markup = paths.get(name)
  if (markup === undefined) {
    const Svg = (icons as Record<string, React.ComponentType<Record<string, unknown>>>)[name]
    if (!Svg) throw new Error(`Icon "${name}" was not bundled`)
    markup = renderToStaticMarkup(<Svg />).replace(/^<svg[^>]*>|<\/svg>$/g, '')
    paths.set(name, markup)
  }
  return markup
}
