// Decap's running application in the unit tests: decap-cms-core's store,
// router and action creators (./decap-internals.ts imports them) stand in
// here, as vitest.config.ts maps them, since loading the real ones starts all
// of Decap (minutes in jsdom). What the real ones are is checked in
// ./decap-contract.test.ts.
const nothing = () => () => undefined;
export const store = { getState: () => ({}), dispatch: (a: unknown) => a, subscribe: nothing };
export const history = { location: { pathname: "/" }, listen: nothing, replace: nothing };
export { nothing as entryLoaded, nothing as openMediaLibrary, nothing as addNotification };
