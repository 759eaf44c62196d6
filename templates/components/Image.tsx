import { preload } from 'react-dom'
import { usePage } from '../context.js'

export interface ImageProps {
  /** As written in YAML: a site-relative file or a full URL. */
  src: string
  alt: string
  /** The `sizes` attribute: how wide the image is shown. */
  sizes?: string
  /**
   * The largest image above the fold (or the logo): loaded eagerly with high priority and
   * preloaded from the head, because it decides Largest Contentful Paint.
   */
  priority?: boolean
  className?: string
  /** Shown width in CSS pixels when fixed (a logo); the height follows the aspect ratio. */
  width?: number
}

/**
 * A built image: AVIF and WebP sources with a JPEG/PNG fallback at every responsive width, its
 * intrinsic size always set (no layout shift), lazy unless it is the priority image. Remote URLs
 * pass through untouched.
 */
export function Image({ src, alt, sizes = '100vw', priority, className, width }: ImageProps) {
  const { images } = usePage()
  const asset = images[src]
  const loading = priority ? undefined : 'lazy'
  const fetchPriority = priority ? 'high' : undefined
  if (!asset) {
    return <img src={src} alt={alt} className={className} width={width} loading={loading} fetchPriority={fetchPriority} decoding="async" />
  }
  const shown = width ? { width, height: Math.round((width * asset.height) / asset.width) } : { width: asset.width, height: asset.height }
  const { avif, webp, ...fallbacks } = asset.srcset ?? {}
  const fallback = Object.values(fallbacks)[0]
  if (priority) {
    // AVIF first: every current browser decodes it; `type` makes the others skip the preload.
    if (avif) preload(asset.src, { as: 'image', imageSrcSet: avif, imageSizes: sizes, fetchPriority: 'high', type: 'image/avif' })
    else preload(asset.src, { as: 'image', fetchPriority: 'high' })
  }
  const img = (
    <img
      src={asset.src}
      srcSet={fallback}
      sizes={fallback ? sizes : undefined}
      alt={alt}
      {...shown}
      className={className}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding={priority ? undefined : 'async'}
    />
  )
  if (!avif && !webp) return img
  return (
    <picture>
      {avif && <source type="image/avif" srcSet={avif} sizes={sizes} />}
      {webp && <source type="image/webp" srcSet={webp} sizes={sizes} />}
      {img}
    </picture>
  )
}
