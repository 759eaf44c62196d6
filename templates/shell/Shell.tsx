import { WalkthroughDialog, type WalkthroughScope, WalkthroughScopeProvider } from '../components/WalkthroughDialog.js'
import { usePage, useText } from '../context.js'
import { Footer } from './Footer.js'
import { Header } from './Header.js'
import type { ShellParts } from './shared-parts.js'

/**
 * Every page's frame: skip link, fixed header with its mobile menu, main content, footer, then
 * the shared walkthrough popup (only when the page has a walkthrough button; see
 * WalkthroughDialog) and the analytics tag's settings.
 */
export function Shell({ parts, children }: { parts: ShellParts; children: React.ReactNode }) {
  const { site } = usePage()
  const text = useText()
  // The header and footer are rendered once per build (shared-parts.tsx) and spliced in at these
  // <template> markers after this render; their walkthrough buttons count as if rendered in place.
  const walkthroughs: WalkthroughScope = { buttons: (parts.header?.walkthroughs ?? 0) + (parts.footer?.walkthroughs ?? 0) }
  return (
    <WalkthroughScopeProvider value={walkthroughs}>
      <a className="skip-link" href="#main">
        {text('skipToContent')}
      </a>
      {parts.header ? <template data-citypress-part="header" /> : <Header {...parts.headerVariant} />}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {parts.footer ? <template data-citypress-part="footer" /> : <Footer />}
      <WalkthroughDialog />
      {site.analytics && (
        // Inert settings for the analytics widget, which adds the script after `load` and an idle
        // moment.
        <template
          data-widget="analytics"
          data-provider={site.analytics.provider}
          data-src={site.analytics.src}
          data-attributes={JSON.stringify(site.analytics.attributes)}
          data-settings={JSON.stringify(site.analytics.settings)}
        />
      )}
      {site.analytics?.consent && <ConsentBanner />}
    </WalkthroughScopeProvider>
  )
}

/**
 * The consent banner (site.yaml `analytics.consent`): hidden until the analytics widget finds no
 * earlier answer (templates/widgets/consent.client.ts), then fixed over the bottom of the window,
 * so it pushes no content. Without JavaScript no analytics load, so it never shows.
 */
function ConsentBanner() {
  const text = useText()
  return (
    <section className="consent-banner" data-consent-banner hidden aria-label={text('cookieConsent')}>
      <p>{text('consentQuestion')}</p>
      <div className="consent-actions">
        <button type="button" className="btn btn-primary" data-consent="yes">
          {text('consentAccept')}
        </button>
        <button type="button" className="btn btn-secondary" data-consent="no">
          {text('consentDecline')}
        </button>
      </div>
    </section>
  )
}
