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
  // A town's local paragraph with its words counted beside it, as the build counts them: its
  // landing pages stay out of search until it has the site's minimum.
  const Markdown = CMS.getWidget('markdown').control
  const ParagraphControl = createClass({
    getInitialState() {
      return { words: undefined }
    },
    componentDidMount() {
      this.count()
    },
    componentDidUpdate(before) {
      if (before.value !== this.props.value) this.count()
    },
    componentWillUnmount() {
      clearTimeout(this.timer)
    },
    count() {
      clearTimeout(this.timer)
      this.timer = setTimeout(async () => {
        const { ok, answer } = await api('words', { text: this.props.value || '' })
        if (ok) this.setState({ words: answer.words })
      }, 250)
    },
    render() {
      // The minimum of the language this pane is written in.
      const least = this.props.field.getIn(['min_words_in', this.props.locale]) ?? this.props.field.get('min_words')
      const { words } = this.state
      const counted = `${words} ${words === 1 ? 'word' : 'words'}`
      const said =
        words === undefined
          ? ''
          : words >= least
            ? `${counted}: enough for this town's pages to show in search.`
            : `${counted}: this town's pages are hidden from search until it has ${least}.`
      return h(
        'div',
        null,
        h(Markdown, this.props),
        h('p', { className: 'citypress-word-count', 'aria-live': 'polite', style: { margin: '6px 0 0', fontSize: '14px' } }, said),
      )
    },
  })
  CMS.registerWidget('citypress-paragraph', ParagraphControl, CMS.getWidget('markdown').preview)
  // A colour of the theme with its contrast against each colour the site puts it with (the
  // others as the form has them now), worked out by the proxy as the build's check does, and the
  // nearest shade that passes, one click away.
  const Colour = CMS.getWidget('color').control
  const othersOf = (props) => {
    const colours = props.entry.getIn(['data', 'theme', 'colors'])
    return JSON.stringify(colours?.toJS ? colours.toJS() : {})
  }
  const ColourControl = createClass({
    getInitialState() {
      return { pairs: [] }
    },
    componentDidMount() {
      this.check()
    },
    componentDidUpdate(before) {
      if (before.value !== this.props.value || othersOf(before) !== othersOf(this.props)) this.check()
    },
    componentWillUnmount() {
      clearTimeout(this.timer)
    },
    check() {
      clearTimeout(this.timer)
      this.timer = setTimeout(async () => {
        const token = this.props.field.get('name')
        const colors = { ...JSON.parse(othersOf(this.props)), [token]: this.props.value || '' }
        const { ok, answer } = await api('contrast', { colors, token })
        if (ok) this.setState({ pairs: answer.pairs })
      }, 250)
    },
    render() {
      const { onChange } = this.props
      const said = (pair) => {
        const passes = pair.ratio >= pair.required
        const words = `${passes ? '✓' : '✗'} ${pair.ratio}:1 with ${pair.other} (${pair.otherColor}) in ${pair.uses}${passes ? '' : `: needs ${pair.required}:1`}`
        return h(
          'li',
          { key: `${pair.other}|${pair.required}` },
          words,
          pair.nearest &&
            h(
              'button',
              { type: 'button', onClick: () => onChange(pair.nearest), style: { marginLeft: '8px' } },
              `Use ${pair.nearest}, the nearest shade that passes`,
            ),
        )
      }
      return h(
        'div',
        null,
        h(Colour, this.props),
        h(
          'ul',
          { className: 'citypress-contrast', 'aria-live': 'polite', style: { margin: '6px 0 0', paddingLeft: '18px', fontSize: '14px' } },
          this.state.pairs.map(said),
        ),
      )
    },
  })
  CMS.registerWidget('citypress-colour', ColourControl, CMS.getWidget('color').preview)
  // What keeps the open entry's pages out of search (a town's or a service's), said from when it
  // opens or is saved until another opens: Decap's own notices cannot be added to.
  const hidden = document.createElement('div')
  hidden.setAttribute('role', 'status')
  hidden.className = 'citypress-hidden-pages'
  Object.assign(hidden.style, {
    position: 'fixed',
    left: '0',
    right: '0',
    bottom: '0',
    zIndex: '400',
    padding: '10px 16px',
    background: '#fff4d6',
    color: '#3b2a00',
    font: '15px/1.4 system-ui, sans-serif',
    whiteSpace: 'pre-line',
    boxShadow: '0 -1px 4px rgba(0, 0, 0, 0.15)',
  })
  hidden.hidden = true
  document.body.append(hidden)
  let asked = 0
  const sayHidden = async (path) => {
    const mine = ++asked
    const { ok, answer } = path ? await api('hiddenPages', { path }) : { ok: true, answer: {} }
    // An entry opened since has its own answer coming.
    if (mine !== asked) return
    const lines = ok ? answer.hidden || [] : []
    hidden.textContent = lines.join('\n')
    hidden.hidden = lines.length === 0
    // Room below the form, so the notice covers none of its fields.
    document.body.style.paddingBottom = hidden.hidden ? '' : `${hidden.offsetHeight}px`
  }
  // A refused save's problems, each also under its field where the form shows which one it is
  // (Decap's notice holds them all; it has no way to mark a field from outside). A problem's path
  // (`benefits[1].icon`) names the field by its last key, at a depth of nested fields, the item of
  // a list by its index.
  const fieldsIn = (node) => {
    let depth = 0
    for (let at = node.closest('[class*="ControlContainer"]'); at; at = at.parentElement?.closest('[class*="ControlContainer"]')) depth++
    return depth
  }
  const fieldOf = (where) => {
    const keys = String(where || '').split('.')
    const [, key, index] = /^(.*?)(?:\[(\d+)\])?$/.exec(keys.at(-1))
    const labels = key ? [...document.querySelectorAll(`label[for^="${CSS.escape(key)}-field-"]`)] : []
    if (labels.length === 1) return labels[0]
    const atDepth = labels.filter((label) => fieldsIn(label) === keys.length)
    if (atDepth.length === 1) return atDepth[0]
    const item = /\[(\d+)\]$/.exec(keys.at(-2) ?? '')?.[1] ?? index
    return item === undefined ? undefined : atDepth[Number(item)]
  }
  const markProblems = (problems) => {
    for (const old of document.querySelectorAll('.citypress-field-error')) old.remove()
    for (const problem of problems) {
      const label = fieldOf(problem.path)
      if (!label) continue
      const field = label.closest('[class*="ControlContainer"]') || label.parentElement
      const note = document.createElement('p')
      note.className = 'citypress-field-error'
      note.setAttribute('role', 'alert')
      Object.assign(note.style, { color: '#b00020', margin: '4px 0 0', fontSize: '14px' })
      note.textContent = problem.message
      field.after(note)
    }
  }
  const fetchNatively = window.fetch.bind(window)
  window.fetch = async (input, init) => {
    const response = await fetchNatively(input, init)
    if (init?.method === 'POST' && typeof init.body === 'string' && init.body.includes('"action":"persistEntry"')) {
      if (response.status === 422)
        response
          .clone()
          .json()
          .then(
            (answer) => markProblems(answer.problems || []),
            () => undefined,
          )
      else if (response.ok) markProblems([])
    }
    return response
  }
  window.addEventListener('hashchange', () => markProblems([]))
  // A save that moves a page to a new address first shows the redirects it makes, and may be
  // called off; a renamed service then opens under its new name.
  const ask = async (entry) => {
    const path = entry.get('path')
    const rawOf = (data) => {
      const { body, ...head } = data
      return path.endsWith('.md') ? `---\n${JSON.stringify(head)}\n---\n${body ?? ''}` : JSON.stringify(data)
    }
    const raw = rawOf(entry.get('data').toJS())
    // Each other language's pane: a translation's new address redirects too.
    const translations = Object.fromEntries(
      Object.entries(entry.get('i18n')?.toJS() ?? {}).flatMap(([code, { data }]) => (data ? [[code, rawOf(data)]] : [])),
    )
    const { ok, answer } = await api('planSave', { entry: { path, raw }, translations })
    if (!ok) throw new Error(answer.error)
    if (answer.question && !window.confirm(answer.question)) throw new Error(answer.kept)
  }
  CMS.registerEventListener({ name: 'preSave', handler: ({ entry }) => (entry.get('newRecord') ? undefined : ask(entry)) })
  CMS.registerEventListener({
    name: 'postSave',
    handler: ({ entry }) => {
      void sayHidden(entry.get('path'))
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
    const path = collection?.folder && `${collection.folder}/${slug}.${collection.extension}`
    void sayHidden(path)
    if (!path || collection.delete !== true) return
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
