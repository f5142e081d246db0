// decap-cms-core's ESM modules carry no types; ./decap-store.ts types what it uses.
declare module "decap-cms-core/dist/esm/actions/entries.js";
declare module "decap-cms-core/dist/esm/actions/mediaLibrary.js";
declare module "decap-cms-core/dist/esm/actions/notifications.js";
declare module "decap-cms-core/dist/esm/redux/index.js";
declare module "decap-cms-core/dist/esm/routing/history.js";
// decap-cms-backend-proxy carries no types: the local editor extends its backend (./local-backend.tsx).
declare module "decap-cms-backend-proxy" {
  export class ProxyBackend {
    constructor(config: unknown, options?: unknown);
    authComponent(): unknown;
  }
}
