import { usePage } from '../context.js'

export interface ImageProps {
  /** As written in YAML: a site-relative file or a full URL. */
  src: string
  alt: string
  /** The `sizes` attribute: how wide the image is shown. */
  sizes?: string
  /** The largest image above the fold: loaded eagerly with high priority. */
  priority?: boolean
  className?: string
}

/**
 * A built image with its intrinsic size always set (no layout shift) and responsive variants
 * when the image stage made them. Remote URLs pass through untouched.
 */
export function Image({ src, alt, sizes = '100vw', priority, className }: ImageProps) {
  const { images } = usePage()
  const asset = images[src]
  const loading = priority ? 'eager' : 'lazy'
  const fetchPriority = priority ? 'high' : undefined
  if (!asset) return <img src={src} alt={alt} className={className} loading={loading} fetchPriority={fetchPriority} decoding="async" />
  const img = (
    <img src={asset.src} alt={alt} width={asset.width} height={asset.height} className={className} loading={loading} fetchPriority={fetchPriority} decoding="async" sizes={asset.srcset ? sizes : undefined} />
  )
  if (!asset.srcset) return img
  return (
    <picture>
      {Object.entries(asset.srcset).map(([format, srcSet]) => (
        <source key={format} type={`image/${format}`} srcSet={srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  )
}
