/**
 * citypress's own words in English: every word a visitor reads that the site's files do not give.
 * Each other language's table has exactly these keys (the type says so, and a test).
 * `{name}` is a value filled in; an entry that varies with a count gives one text per plural
 * category (Intl.PluralRules), `other` always among them.
 */
export const en = {
  skipToContent: 'Skip to content',
  allRightsReserved: 'All rights reserved.',
  cookieSettings: 'Cookie settings',
  cookieConsent: 'Cookie consent',
  consentQuestion: 'This site would like to count visits with an analytics service, which may set cookies. Is that OK?',
  consentAccept: 'Accept',
  consentDecline: 'Decline',
  menu: 'Menu',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  quickLinks: 'Quick Links',
  quickLinksLabel: 'Quick links',
  allServices: 'All services',
  lastUpdated: 'Last updated',
  holidayHours: 'Holiday hours',
  closed: 'Closed',
  tableOfContents: 'Table of Contents',
  notFoundHeading: 'This page could not be found.',
  notFoundHelp: 'The address may be mistyped, or the page has moved.',
  goHome: 'Go to the home page',
  pageNotFound: 'Page not found',
  thankYou: 'Thank you',
  otherAreas: 'Other areas',
  learnMore: 'Learn more',
  selectPlaceholder: 'Select…',
  share: 'Share',
  shareText: 'Check out this blog post: {title}',
  blog: 'Blog',
  blogPageTitle: '{title}: page {page}',
  blogPages: 'Blog pages',
  newerPosts: 'Newer posts',
  olderPosts: 'Older posts',
  pageOf: 'Page {page} of {count}',
  moreFrom: 'More from the {blog}',
  backHome: 'Back to the home page',
  services: 'Services',
  home: 'Home',
  formSuccessTitle: 'Success!',
  formSuccess: "Thank you for your submission! We'll be in touch shortly.",
  formSendAnother: 'Send Another Message',
  formError: 'There was a problem submitting your form. Please try again.',
} as const

export type MessageKey = keyof typeof en
