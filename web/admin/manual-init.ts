// Imported before decap-cms-app: Decap starts itself on load unless told not to,
// and the editor must first learn whether this server has an editor backend.
(window as Window & { CMS_MANUAL_INIT?: boolean }).CMS_MANUAL_INIT = true;
