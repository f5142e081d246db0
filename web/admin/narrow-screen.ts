// The editor on a phone or a tablet held upright. Decap lays its editor out for
// a desktop: the form and the preview side by side in a box at least 800 px
// wide (decap-cms-core components/Editor/EditorInterface.js, EditorContainer
// and EditorToolbar.js, ToolbarContainer: min-width 800px), so at 375 px the
// page scrolled sideways and at 768 px the preview was cut off at the right.
// Below that width the editor shows one pane at a time (./editor.css): the
// form at full width, and Decap's own "Toggle preview" button (the eye at the
// top right) switches to the preview at full width and back.
//
// Decap remembers which pane is beside the form under "cms.right-pane" in
// localStorage and reads it when an entry opens; on a narrow screen an entry
// opens with the form, whatever was chosen for the last one, and a wide screen
// gets back what was chosen on it.
import { currentRoute, NO_PANE, onRouteChange, RIGHT_PANE_KEY } from "./decap-internals";

/** Below this width the form and the preview take turns (./editor.css has the same width). */
export const ONE_PANE_BELOW = 800;

/** Whether a route of Decap's opens its editor (an entry, or a new one). */
export function opensEditor(pathname: string): boolean {
  return /^\/collections\/[^/]+\/(entries\/.+|new)\/?$/.test(pathname);
}

/** Whether an editor opened at this width starts with the form alone. */
export function startsWithForm(width: number): boolean {
  return width < ONE_PANE_BELOW;
}

/** Where the pane chosen on a wide screen is kept while a narrow one opens entries with the form. */
export const WIDE_PANE_KEY = "veldhaven.right-pane-on-wide-screens";

/**
 * Sets Decap's pane preference for an entry opening at this width: the form
 * alone on a narrow screen, and on a wide one again what was chosen there (a
 * window made narrow for a while does not change it).
 */
export function choosePane(width: number, storage: Storage) {
  if (startsWithForm(width)) {
    if (storage.getItem(WIDE_PANE_KEY) === null) {
      storage.setItem(WIDE_PANE_KEY, storage.getItem(RIGHT_PANE_KEY) ?? "");
    }
    storage.setItem(RIGHT_PANE_KEY, NO_PANE);
    return;
  }
  const wide = storage.getItem(WIDE_PANE_KEY);
  if (wide === null) return;
  if (wide) storage.setItem(RIGHT_PANE_KEY, wide);
  else storage.removeItem(RIGHT_PANE_KEY);
  storage.removeItem(WIDE_PANE_KEY);
}

/**
 * Opens each entry on a narrow screen with its form; the eye button shows the
 * preview. Decap's routes are listened to before its router is: the choice
 * is stored before the new route is drawn.
 */
export function formFirstOnNarrowScreens(storage: Storage = window.localStorage) {
  const open = (pathname: string) => {
    if (opensEditor(pathname)) choosePane(window.innerWidth, storage);
  };
  open(currentRoute());
  onRouteChange(open);
}
