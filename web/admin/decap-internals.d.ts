// decap-cms-core's ESM modules carry no types; ./decap-store.ts types what it uses.
declare module "decap-cms-core/dist/esm/actions/entries.js";
declare module "decap-cms-core/dist/esm/actions/mediaLibrary.js";
declare module "decap-cms-core/dist/esm/actions/notifications.js";
declare module "decap-cms-core/dist/esm/redux/index.js";
declare module "decap-cms-core/dist/esm/routing/history.js";
