// Runs before Decap's bundle: Decap then waits for CMS.init (admin.js) instead of fetching a config.yml.
window.CMS_MANUAL_INIT = true
// From another machine the editor is on plain http, not a secure context, where browsers leave out
// crypto.randomUUID, which Decap calls: a version-4 UUID from getRandomValues, which they keep.
if (!crypto.randomUUID) {
  crypto.randomUUID = () => {
    const bytes = crypto.getRandomValues(new Uint8Array(16))
    bytes[6] = (bytes[6] & 0x0f) | 0x40
    bytes[8] = (bytes[8] & 0x3f) | 0x80
    const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
  }
}
// The token of a shared-machine address (/admin/#token=…) is read before Decap's router rewrites
// the hash (#/token=…), kept for this tab (a reload still works), and taken out of the address bar.
{
  const token = new URLSearchParams(location.hash.slice(1)).get('token')
  if (token) {
    sessionStorage.setItem('citypress-editor-token', token)
    history.replaceState(null, '', location.pathname)
  }
}
