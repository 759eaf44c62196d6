import type { TemplateName } from '../site-model.js'

/**
 * The ids the shared templates write whatever the content: the table that `validate` checks
 * `#fragment` links against (plan/fragment-links.ts), besides the ids content brings (a section's
 * `id`, a form's, a Markdown heading's), and that sections and forms may not take
 * (check-ids.ts). Kept in step with templates/: `build` checks the rendered pages themselves.
 */

/** On every page (templates/shell/Shell.tsx, Header.tsx, MobileMenu.tsx). */
export const SHELL_IDS: readonly string[] = ['main', 'mobile-menu', 'services-menu']

/** The service template's sections (templates/pages/ServicePage.tsx). */
export const SERVICE_PAGE_IDS: readonly string[] = [
  'about-service',
  'why-us',
  'benefits',
  'services',
  'industries',
  'service-areas',
  'testimonials',
  'quote',
  'faq',
]

/** Per page kind, besides the shell's: a landing page's sections, a post's table of contents. */
export const TEMPLATE_IDS: Readonly<Record<TemplateName, readonly string[]>> = {
  sections: [],
  service: SERVICE_PAGE_IDS,
  landing: [
    'about-service',
    'local',
    'services',
    'more-services',
    'benefits',
    'testimonials',
    'service-testimonials',
    'faq',
    'service-faq',
    'service-areas',
    'other-services',
    'quote',
    'stats',
    'next-step',
  ],
  post: ['toc-title', 'toc-list'],
  'blog-index': [],
  // One heading per state (templates/pages/LocationsPage.tsx): `state-KY`, `state-other`.
  locations: [],
  'not-found': [],
  'form-success': [],
}
