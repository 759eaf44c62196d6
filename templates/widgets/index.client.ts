/**
 * The one client script: each widget module enhances server-rendered markup found by its
 * [data-widget] attribute. No framework runs in the browser; every page works without this
 * script (links, native <details>, popovers and forms that post), so it only adds behaviour.
 */
import { mountAnalytics } from './analytics.client.js'
import { mountEmbed } from './embed.client.js'
import { mountFaq } from './faq.client.js'
import { mountForm } from './form.client.js'
import { mountHeader } from './header.client.js'
import { mountShare } from './share.client.js'
import { mountToc } from './toc.client.js'
import { mountWalkthrough } from './walkthrough.client.js'

const widgets: Record<string, (element: HTMLElement) => void> = {
  analytics: mountAnalytics,
  embed: mountEmbed,
  faq: mountFaq,
  form: mountForm,
  header: mountHeader,
  share: mountShare,
  toc: mountToc,
  walkthrough: mountWalkthrough,
}

// The page's head has already set the \`js\` class on <html> (Document.tsx), which lets CSS tell
// "the script runs" from "no script" (widgets.css: the dropdown; shell.css: the header).
for (const element of document.querySelectorAll<HTMLElement>('[data-widget]')) {
  try {
    widgets[element.dataset.widget!]?.(element)
  } catch (error) {
    // One broken widget must not take the others down; the markup still works without it.
    console.error(error)
  }
}
