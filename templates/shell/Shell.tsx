import { Footer } from './Footer.js'
import { Header } from './Header.js'

/** Every page's frame: skip link, fixed header with its mobile menu, main content, footer. */
export function Shell({ children }: { children: React.ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">Skip to content</a>
      <Header />
      <main id="main" tabIndex={-1}>{children}</main>
      <Footer />
    </>
  )
}
