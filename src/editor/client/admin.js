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
  /** One request to the proxy of our own (Decap never sends these actions). */
  const api = async (action, params) => {
    const response = await fetch(config.backend.proxy_url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ action, params }),
    })
    return { ok: response.ok, answer: await response.json().catch(() => ({})) }
  }
  // A save that moves a page to a new address first shows the redirects it makes, and may be
  // called off; a renamed service then opens under its new name.
  const ask = async (entry) => {
    const data = entry.get('data').toJS()
    const path = entry.get('path')
    const { body, ...head } = data
    const raw = path.endsWith('.md') ? `---\n${JSON.stringify(head)}\n---\n${body ?? ''}` : JSON.stringify(data)
    const { ok, answer } = await api('planSave', { entry: { path, raw } })
    if (!ok) throw new Error(answer.error)
    if (answer.question && !window.confirm(answer.question)) throw new Error(answer.kept)
  }
  CMS.registerEventListener({ name: 'preSave', handler: ({ entry }) => (entry.get('newRecord') ? undefined : ask(entry)) })
  CMS.registerEventListener({
    name: 'postSave',
    handler: ({ entry }) => {
      const address = entry.getIn(['data', 'address'])
      const [, folder, slug] = /^(services)\/([^/]+)\.ya?ml$/.exec(entry.get('path')) || []
      // After Decap has marked the entry saved, or it would ask whether to leave unsaved changes.
      if (folder && address && address !== slug) setTimeout(() => (window.location.hash = `#/collections/${folder}/entries/${address}`), 0)
    },
  })
  // Decap asks its own fixed question before deleting an entry; for a town with pages, the
  // redirects its removal makes are asked for when the entry opens and added to that question.
  let removal
  const opened = () => {
    removal = undefined
    const [, name, slug] = /^#\/collections\/([^/]+)\/entries\/([^/?]+)$/.exec(window.location.hash) || []
    const collection = config.collections.find((c) => c.name === name)
    if (!collection?.folder || collection.delete !== true) return
    const path = `${collection.folder}/${slug}.${collection.extension}`
    api('planDelete', { path }).then(({ answer }) => {
      if (answer.question && window.location.hash.endsWith(`/entries/${slug}`)) removal = answer.question
    })
  }
  window.addEventListener('hashchange', opened)
  opened()
  const confirmNatively = window.confirm.bind(window)
  window.confirm = (message) => confirmNatively(removal && /delete/i.test(message) ? `${message}\n\n${removal}` : message)
  CMS.init({ config })
})()
