// Runs before Decap's bundle: Decap then waits for CMS.init (admin.js) instead of fetching a config.yml.
window.CMS_MANUAL_INIT = true
