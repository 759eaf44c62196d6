// The editor page's own script (external: /admin/'s policy allows no inline script). It fetches
// the configuration citypress makes from its schemas and the site as it is now, fills the selects
// with the site's names, adds the link field, and starts Decap.
/* global CMS, h, createClass */
;(async () => {
  // admin-init.js took it from the address before Decap started.
  const token = sessionStorage.getItem('citypress-editor-token')
  const base = `/admin/api/${token ? `${encodeURIComponent(token)}/` : ''}`
  const response = await fetch(`${base}config.json`)
  if (!response.ok) {
    document.body.textContent =
      (await response.json().catch(() => ({}))).error || `The editor's configuration could not be loaded (${response.status}).`
    return
  }
  const { config, names } = await response.json()
  const fill = (fields) => {
    for (const field of fields || []) {
      if (typeof field.options === 'string' && field.options.startsWith('@')) {
        const options = names[field.options.slice(1)] || []
        if (field.widget === 'select' && options.length === 0) {
          field.widget = 'string'
          delete field.options
        } else field.options = options
      }
      fill(field.fields)
      if (field.field) fill([field.field])
      for (const type of field.types || []) fill(type.fields)
    }
  }
  for (const collection of config.collections) {
    fill(collection.fields)
    for (const file of collection.files || []) fill(file.fields)
  }
  // A link: one of the site's addresses, or any URL typed in.
  const HrefControl = createClass({
    render() {
      const { forID, value, onChange, classNameWrapper, setActiveStyle, setInactiveStyle } = this.props
      return h(
        'div',
        null,
        h('input', {
          id: forID,
          className: classNameWrapper,
          type: 'text',
          value: value || '',
          list: `${forID}-routes`,
          onChange: (e) => onChange(e.target.value),
          onFocus: setActiveStyle,
          onBlur: setInactiveStyle,
        }),
        h(
          'datalist',
          { id: `${forID}-routes` },
          names.href.map((route) => h('option', { key: route, value: route })),
        ),
      )
    },
  })
  CMS.registerWidget(
    'citypress-href',
    HrefControl,
    createClass({
      render() {
        return h('span', null, this.props.value)
      },
    }),
  )
  // The media library lists the site's images by name and address (citypress serves each one):
  // Decap's proxy backend would expect every image's bytes in the listing, as base64.
  const proxy = CMS.getBackend('proxy')
  const makeProxy = proxy.init
  proxy.init = (...args) => {
    const backend = makeProxy(...args)
    backend.getMedia = (mediaFolder = backend.mediaFolder) =>
      backend.request({ action: 'getMedia', params: { branch: backend.branch, mediaFolder } })
    return backend
  }
  CMS.init({ config })
})()
