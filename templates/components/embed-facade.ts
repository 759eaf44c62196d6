import type { EmbedMeta } from '../../src/markdown/embed-blocks.js'
import { embedProviders, isEmbedProvider } from '../../src/markdown/embeds.js'
import type { SiteText } from '../context.js'
import { escapeHtml } from './escape-html.js'

// Lucide's play and map-pin paths, inline: the facade needs no icon font and no request.
const icons = {
  video: '<path d="M6 4l14 8-14 8z"/>',
  map: '<path d="M20 10c0 4.99-5.54 10.19-7.4 11.8a1 1 0 0 1-1.2 0C9.54 20.19 4 14.99 4 10a8 8 0 0 1 16 0"/><circle cx="12" cy="10" r="3"/>',
}

/**
 * A click-to-load embed: a styled placeholder with the title and a play or
 * "Show map" button, and no third-party request. Without JavaScript the button is a plain link
 * to the provider's page; templates/widgets/embed.client.ts swaps in the frame on click.
 * config/ rejected unknown providers, so one here is a bug and renders nothing.
 */
export function embedFacadeHtml({ provider, value, title }: EmbedMeta, text: SiteText): string {
  if (!isEmbedProvider(provider)) return ''
  const spec = embedProviders[provider]
  const name = title || (spec.noun === 'map' ? value : text('providerVideo', { provider: provider === 'youtube' ? 'YouTube' : 'Vimeo' }))
  return (
    `<figure class="embed embed-${spec.noun}" data-widget="embed" data-embed-src="${escapeHtml(spec.frameUrl(value))}" data-embed-title="${escapeHtml(name)}">` +
    `<a class="embed-facade" href="${escapeHtml(spec.pageUrl(value))}" rel="noopener">` +
    `<span class="embed-button"><svg aria-hidden="true" width="28" height="28" viewBox="0 0 24 24" fill="${spec.noun === 'video' ? 'currentColor' : 'none'}" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${icons[spec.noun]}</svg>` +
    `<span>${escapeHtml(text(spec.noun === 'map' ? 'showMap' : 'playVideo'))}<span class="visually-hidden">: <bdi>${escapeHtml(name)}</bdi></span></span></span>` +
    `</a><figcaption dir="auto">${escapeHtml(name)}</figcaption></figure>\n`
  )
}
