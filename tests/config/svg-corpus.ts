/**
 * SVG payloads, one per way of running script from an SVG file, written for citypress after the
 * classes that DOMPurify's own test suite and public SVG-XSS write-ups cover (the dompurify package
 * ships no test files). Each payload, if it ran, sets `window.top.__pwned` or calls alert().
 * Every one is well-formed XML: a browser opens an .svg file with its XML parser, and a file that
 * does not parse shows an error page, not a drawing, so a broken payload would prove nothing.
 *
 * `live`: Chromium runs the raw payload when the file is opened on its own (and its links are
 * clicked), which tests/config/svg-sanitizer.browser.test.ts checks, so the harness is shown able to see a
 * payload run.
 */
export interface SvgPayload {
  readonly name: string
  readonly svg: string
  readonly live?: boolean
}

// A size on every root, so sharp can draw each sanitized result.
const ns = 'xmlns="http://www.w3.org/2000/svg" width="100" height="100"'
const xlink = 'xmlns:xlink="http://www.w3.org/1999/xlink"'
const pwn = (label: string) => `window.top.__pwned=(window.top.__pwned||[]).concat('${label}')`
const box = '<rect width="100" height="100" fill="#c00"/>'

export const svgPayloads: readonly SvgPayload[] = [
  { name: 'script element', live: true, svg: `<svg ${ns}><script>${pwn('script')}</script>${box}</svg>` },
  { name: 'script in CDATA', live: true, svg: `<svg ${ns}><script><![CDATA[${pwn('cdata')}]]></script>${box}</svg>` },
  {
    name: 'namespaced <s:script> (prefix bound to the SVG namespace)',
    live: true,
    svg: `<svg ${ns} xmlns:s="http://www.w3.org/2000/svg"><s:script>${pwn('s:script')}</s:script>${box}</svg>`,
  },
  {
    name: 'XHTML-namespace script',
    live: true,
    svg: `<svg ${ns}><h:script xmlns:h="http://www.w3.org/1999/xhtml">${pwn('h:script')}</h:script>${box}</svg>`,
  },
  {
    name: 'script with an href to a data: URL',
    svg: `<svg ${ns} ${xlink}><script href="data:text/javascript,${encodeURIComponent(pwn('script-href'))}"/><script xlink:href="data:text/javascript,${encodeURIComponent(pwn('script-xlink'))}"/>${box}</svg>`,
  },
  { name: 'onload on the root', live: true, svg: `<svg ${ns} onload="${pwn('onload')}">${box}</svg>` },
  { name: 'onload on a child element', svg: `<svg ${ns}><g onload="${pwn('g-onload')}">${box}</g></svg>` },
  {
    name: 'onerror on an image',
    live: true,
    svg: `<svg ${ns}><image href="/missing.png" width="10" height="10" onerror="${pwn('onerror')}"/>${box}</svg>`,
  },
  {
    name: 'onbegin on an animation (SMIL event handler)',
    live: true,
    svg: `<svg ${ns}><rect width="10" height="10"><animate attributeName="x" from="0" to="5" dur="1s" onbegin="${pwn('onbegin')}"/></rect></svg>`,
  },
  {
    name: 'href="&#106;avascript:" (character reference)',
    live: true,
    svg: `<svg ${ns}><a href="&#106;avascript:${pwn('entity-href')}">${box}</a></svg>`,
  },
  {
    name: 'href="&#x6A;avascript&#x3A;" (hex references, colon too)',
    live: true,
    svg: `<svg ${ns}><a href="&#x6A;avascript&#x3A;${pwn('hex-href')}">${box}</a></svg>`,
  },
  {
    name: 'href with a tab inside "javascript"',
    live: true,
    svg: `<svg ${ns}><a href="java&#9;script:${pwn('tab-href')}">${box}</a></svg>`,
  },
  { name: 'href with leading spaces', live: true, svg: `<svg ${ns}><a href="  javascript:${pwn('space-href')}">${box}</a></svg>` },
  {
    name: 'xlink:href javascript: URL',
    live: true,
    svg: `<svg ${ns} ${xlink}><a xlink:href="javascript:${pwn('xlink')}">${box}</a></svg>`,
  },
  {
    name: 'xlink namespace under another prefix',
    live: true,
    svg: `<svg ${ns} xmlns:q="http://www.w3.org/1999/xlink"><a q:href="javascript:${pwn('q:href')}">${box}</a></svg>`,
  },
  {
    name: 'xlink:href data: URL on a link',
    svg: `<svg ${ns} ${xlink}><a xlink:href="data:text/html,&lt;script&gt;${pwn('data-link')}&lt;/script&gt;">${box}</a></svg>`,
  },
  {
    name: '<set attributeName="href" to="javascript:">',
    svg: `<svg ${ns}><a><set attributeName="href" to="javascript:${pwn('set')}"/>${box}</a></svg>`,
  },
  {
    name: '<animate attributeName="href" values="javascript:">',
    svg: `<svg ${ns}><a><animate attributeName="href" values="javascript:${pwn('animate')}" dur="1s" fill="freeze"/>${box}</a></svg>`,
  },
  {
    name: '<animate> of xlink:href from outside the link',
    svg: `<svg ${ns} ${xlink}><animate xlink:href="#x" attributeName="href" values="javascript:${pwn('animate-ref')}" fill="freeze"/><a id="x">${box}</a></svg>`,
  },
  {
    name: '<set> of an event attribute',
    svg: `<svg ${ns}><rect width="10" height="10"><set attributeName="onmouseover" to="${pwn('set-on')}"/></rect></svg>`,
  },
  {
    name: '<animateTransform> kept out (SMIL)',
    svg: `<svg ${ns}><rect width="10" height="10"><animateTransform attributeName="transform" type="rotate" from="0" to="90" dur="1s"/></rect></svg>`,
  },
  {
    name: 'foreignObject with an XHTML script',
    live: true,
    svg: `<svg ${ns}><foreignObject width="100" height="100"><script xmlns="http://www.w3.org/1999/xhtml">${pwn('fo-script')}</script></foreignObject></svg>`,
  },
  {
    name: 'prefixed <h:foreignObject> and an iframe',
    live: true,
    svg: `<svg ${ns} xmlns:h="http://www.w3.org/1999/xhtml"><foreignObject width="100" height="100"><h:iframe srcdoc="&lt;script&gt;${pwn('fo-iframe')}&lt;/script&gt;"/></foreignObject><h:foreignObject><h:img src="x" onerror="${pwn('h-img')}"/></h:foreignObject></svg>`,
  },
  {
    name: 'XHTML img with onerror straight inside the SVG',
    live: true,
    svg: `<svg ${ns}><img xmlns="http://www.w3.org/1999/xhtml" src="x" onerror="${pwn('img')}"/>${box}</svg>`,
  },
  { name: '<use href> of an external file', svg: `<svg ${ns}><use href="https://evil.example/sprite.svg#x"/>${box}</svg>` },
  {
    name: '<use href> of a data: SVG with a script',
    svg: `<svg ${ns} ${xlink}><use xlink:href="data:image/svg+xml,&lt;svg id='x' xmlns='http://www.w3.org/2000/svg' onload='${pwn('use-data')}'/&gt;#x"/>${box}</svg>`,
  },
  { name: 'style with url(javascript:)', svg: `<svg ${ns}><style>rect{fill:url(javascript:${pwn('css')})}</style>${box}</svg>` },
  {
    name: 'style attribute with url(javascript:) and an @import',
    svg: `<svg ${ns}><style>@import url("javascript:${pwn('import')}");</style><rect width="10" height="10" style="fill:url(javascript:${pwn('style-attr')})"/></svg>`,
  },
  {
    name: 'feImage and image with javascript: hrefs',
    svg: `<svg ${ns} ${xlink}><filter id="f"><feImage xlink:href="javascript:${pwn('feimage')}"/></filter><image href="javascript:${pwn('image')}" width="1" height="1"/>${box}</svg>`,
  },
  {
    name: 'markup inside <style> and <title> (mutation XSS)',
    live: true,
    svg: `<svg ${ns}><title><h:img xmlns:h="http://www.w3.org/1999/xhtml" src="x" onerror="${pwn('title-img')}"/></title><style><h:img xmlns:h="http://www.w3.org/1999/xhtml" src="x" onerror="${pwn('style-img')}"/></style>${box}</svg>`,
  },
  {
    name: 'CDATA that closes <desc> when re-serialized as HTML',
    svg: `<svg ${ns}><desc><![CDATA[</desc><script>${pwn('desc')}</script>]]></desc>${box}</svg>`,
  },
  {
    name: 'processing instruction with a stylesheet',
    svg: `<?xml-stylesheet type="text/xsl" href="data:text/xsl,x"?><svg ${ns}>${box}</svg>`,
  },
  {
    name: 'MathML inside the SVG with an href',
    svg: `<svg ${ns}><m:math xmlns:m="http://www.w3.org/1998/Math/MathML"><m:mi href="javascript:${pwn('math')}">x</m:mi></m:math>${box}</svg>`,
  },
  {
    name: 'link with target and an iframe in a switch',
    svg: `<svg ${ns}><switch><foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:${pwn('switch')}"/></foreignObject>${box}</switch></svg>`,
  },
]

/** A drawing as editors export it: everything here is allowed and must come out whole. */
export const legitimateSvg = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Generator: a drawing program -->
<svg xmlns="http://www.w3.org/2000/svg" ${xlink} version="1.1" width="120" height="60" viewBox="0 0 120 60" preserveAspectRatio="xMidYMid meet">
  <title>Greenway Lawn</title>
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1" gradientUnits="objectBoundingBox"><stop offset="0" stop-color="#2a7"/><stop offset="1" stop-color="#174"/></linearGradient>
    <clipPath id="c"><rect width="120" height="60" rx="8"/></clipPath>
    <filter id="f"><feGaussianBlur in="SourceAlpha" stdDeviation="1.5" result="b"/><feOffset dx="1" dy="1"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>
    <path id="leaf" d="M10 30 Q20 5 30 30 Q20 55 10 30 Z"/>
  </defs>
  <g clip-path="url(#c)" filter="url(#f)">
    <rect width="120" height="60" fill="url(#g)"/>
    <use href="#leaf" fill="#fff"/>
    <use xlink:href="#leaf" x="20" fill="#dfd"/>
    <text x="60" y="36" font-family="sans-serif" font-size="14" text-anchor="middle" fill="#fff">Greenway</text>
  </g>
</svg>
`
