// What a preview does to an entry's data before the site's components draw it:
// what the build does to the content module. Markdown fields become HTML with
// the build's own renderer (lib/content-markdown.mjs turns raw HTML into
// text and drops unsafe links), so a preview never puts an entry's HTML on the
// editor's page. The rest of the site a preview shows (the people on Who we
// are, the offices, the vacancies' cards) is the content as it is now: loaded
// through Decap's backend when an entry opens and after each save or
// deletion, with the drafts in review, and the open entry's unsaved data in
// its place.
import { useEffect, useSyncExternalStore } from "react";
import type { CareersContent } from "@/lib/careers";
import type { Charity } from "@/lib/charity";
import { inOrder, type Site } from "@/lib/content";
import type { InsightsContent } from "@/lib/insights-content";
import type { Employee, PeopleContent } from "@/lib/people";
import { markdownToHtml } from "../lib/content-markdown.mjs";
import type { ContentFiles } from "./decap-internals";
import type { EditorField } from "./empty-fields";

type Data = Record<string, unknown>;

function isObject(value: unknown): value is Data {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function render(value: unknown, field: EditorField): unknown {
  if (field.widget === "markdown") return typeof value === "string" ? markdownToHtml(value) : value;
  if (field.widget === "object" && field.fields && isObject(value))
    return renderFields(value, field.fields);
  if (field.widget === "list" && Array.isArray(value)) {
    const { fields, field: single } = field;
    return value.map((item) => {
      if (fields && isObject(item)) return renderFields(item, fields);
      if (single) return render(item, single);
      return item;
    });
  }
  return value;
}

/**
 * A required field not filled in yet (a person or vacancy just added, whose
 * team list Decap leaves absent) as the empty value of its kind, which the
 * site's components can draw; numbers, choices and switches stay absent.
 */
function empty(field: EditorField): unknown {
  if (field.widget === "list" || (field.widget === "select" && field.multiple)) return [];
  if (field.widget === "object") return renderFields({}, field.fields ?? []);
  if (field.widget === "number" || field.widget === "select" || field.widget === "boolean") {
    return undefined;
  }
  return "";
}

function renderFields(data: Data, fields: readonly EditorField[]): Data {
  const out: Data = { ...data };
  for (const field of fields) {
    if (Object.hasOwn(out, field.name)) {
      out[field.name] = render(out[field.name], field);
    } else if (field.required) {
      const value = empty(field);
      if (value !== undefined) out[field.name] = value;
    }
  }
  return out;
}

/** The entry's data as the build's content module would hold it. */
export function prepareForPreview(data: Data, fields: readonly EditorField[]): Data {
  return renderFields(structuredClone(data), fields);
}

/** The content a page shows, as the site's pages read it (src/lib/entries.ts). */
export interface SiteContent {
  site: Site;
  pages: Record<string, unknown>;
  people: PeopleContent;
  insights: InsightsContent;
  careers: CareersContent;
  charity: Charity;
  employees: Employee[];
}

/**
 * The content files (by path under content/) as the pages read them, each
 * prepared with its form's fields (`fieldsOf`: a file's, or its folder's).
 */
export function siteContent(
  files: ContentFiles,
  fieldsOf: (path: string) => readonly EditorField[] | undefined,
): SiteContent {
  const prepared = (path: string) => {
    const data = files[path];
    return isObject(data) ? prepareForPreview(data, fieldsOf(path) ?? []) : {};
  };
  const entries = (folder: string) =>
    inOrder(
      Object.keys(files)
        .filter((path) => path.startsWith(`${folder}/`))
        .map((path) => prepared(path) as { order: number }),
    );
  return {
    site: prepared("site.json") as never,
    pages: prepared("pages.json"),
    people: prepared("people.json") as never,
    insights: prepared("insights.json") as never,
    careers: { ...prepared("careers.json"), vacancies: entries("careers") } as never,
    charity: { ...prepared("charity.json"), partners: entries("charity") } as never,
    employees: entries("people") as never,
  };
}

/** The content as last read, or why it could not be read. */
type Loaded = { files: ContentFiles } | { error: string };

let loaded: Loaded | undefined;
let stale = true;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/** Reads the content again (once at a time), and tells the previews. */
function reload(load: () => Promise<ContentFiles>) {
  if (loading) return;
  stale = false;
  loading = load()
    .then(
      (files) => ({ files }),
      (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
    )
    .then((result) => {
      loaded = result;
      for (const listener of listeners) listener();
    })
    .finally(() => {
      loading = undefined;
      if (stale && listeners.size > 0) reload(load);
    });
}

/** The content is to be read again before a preview next draws it (an entry opened, a save, a deletion). */
export function contentChanged() {
  stale = true;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The content now, for a preview: undefined until it is first read. */
export function useContentNow(load: () => Promise<ContentFiles>): Loaded | undefined {
  const now = useSyncExternalStore(subscribe, () => loaded);
  useEffect(() => {
    if (stale) reload(load);
  });
  return now;
}
