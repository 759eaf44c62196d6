/** React prop names of the attributes React writes on hoisted `<link>` elements. */
const propNames: Record<string, string> = {
  fetchpriority: 'fetchPriority',
  imagesrcset: 'imageSrcSet',
  imagesizes: 'imageSizes',
  crossorigin: 'crossOrigin',
  referrerpolicy: 'referrerPolicy',
}

/**
 * Re-renders the `<link>` elements React hoisted to the start of the body (see splitHoisted) as
 * head elements. Parsing is safe here because the markup is React's own output: every attribute
 * double-quoted and entity-escaped.
 */
export function HoistedLinks({ markup }: { markup: string }) {
  const links = [...markup.matchAll(/<link ([^>]*)\/>/g)].map((m) => {
    const props: Record<string, string> = {}
    for (const [, name, value] of m[1]!.matchAll(/([\w-]+)="([^"]*)"/g)) {
      props[propNames[name!.toLowerCase()] ?? name!] = decodeEntities(value!)
    }
    return props
  })
  return (
    <>
      {links.map((props, i) => (
        <link key={i} {...props} />
      ))}
    </>
  )
}

function decodeEntities(text: string): string {
  return text.replace(
    /&(amp|quot|lt|gt|#x27|#39);/g,
    (_, e: string) => ({ amp: '&', quot: '"', lt: '<', gt: '>', '#x27': "'", '#39': "'" })[e]!,
  )
}
