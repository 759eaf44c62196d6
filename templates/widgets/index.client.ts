/**
 * The one client script: each widget module enhances server-rendered markup found by its
 * [data-widget] attribute. No framework runs in the browser.
 */
export {}
