// A named import of one key: the bundler keeps only `ui` of site.json, so an
// island with an outbound link does not ship the firm's whole site content.
import { ui } from "#content/site.json";

/** Tells screen-reader users that a link opens a new tab (text from content/site.json). */
export function NewTabNote() {
  return <span className="visually-hidden"> {ui.newTab}</span>;
}
