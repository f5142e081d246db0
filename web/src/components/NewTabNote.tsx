import { site } from "@/lib/content";

/** Tells screen-reader users that a link opens a new tab (text from content/site.json). */
export function NewTabNote() {
  return <span className="visually-hidden"> {site.ui.newTab}</span>;
}
