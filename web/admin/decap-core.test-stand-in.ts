// Decap's running application in the unit tests: decap-cms-core's store,
// router and action creators (./decap-internals.ts imports them) stand in
// here, as vitest.config.ts maps them, since loading the real ones starts all
// of Decap (minutes in jsdom). What the real ones are is checked in
// ./decap-contract.test.ts.
export const store = {
  getState: () => ({}),
  dispatch: (action: unknown) => action,
  subscribe: () => () => undefined,
};
export const history = {
  location: { pathname: "/" },
  listen: () => () => undefined,
  replace: () => undefined,
};
export const entryLoaded = () => ({ type: "ENTRY_SUCCESS" });
export const openMediaLibrary = () => ({ type: "MEDIA_LIBRARY_OPEN" });
export const addNotification = () => ({ type: "NOTIFICATION_SEND" });
