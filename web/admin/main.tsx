// The editor at /admin/: Decap CMS with the forms generated from the content
// schemas (./config.mjs, served with its backend by bin/site as config.yml),
// previews drawn by the site's components, and the upload and save rules that
// keep a bad edit out of content/.
import "./manual-init";
import CMS from "decap-cms-app";
import { MediaContext } from "@/components/media-context";
import globalCss from "@/styles/global.css?inline";
import { confirmingListControl } from "./confirm-remove";
import { currentFileControl } from "./current-file";
import { DateControl } from "./date-control";
import {
  currentContent,
  gitHubToken,
  isEntryRoute,
  mediaLibrary,
  onRouteChange,
  type Immutable,
} from "./decap-internals";
import { editorWords, mergePhrases } from "./editor-words";
import { emptyOptionalPaths, type EditorField, type KeyPath } from "./empty-fields";
import { installFieldNames } from "./field-names";
import {
  installEntryFocus,
  installFocusNewEntry,
  installFoldedNameClick,
  installRevealErrors,
} from "./form-help";
import { withKeptFolds } from "./list-folds";
import { orderedJsonFormat } from "./ordered-json";
import { contentChanged, prepareForPreview, siteContent, useContentNow } from "./preview-data";
import { previewMedia } from "./preview-media";
import { pagePreviews, StayInPreview } from "./previews";
import { isLocalEditor, localPhrases } from "./local-editor";
import { LOCAL_BACKEND, LocalBackend, withLocalBackend } from "./local-backend";
import { installPasteGuard } from "./paste-guard";
import { installLinkedInNotice } from "./linkedin-status";
import { installLiveStatus } from "./live-status";
import { keepContentMarkdownStyle } from "./markdown-style";
import { formFirstOnNarrowScreens } from "./narrow-screen";
import { AssignedIdControl, withRules } from "./rule-control";
import { guardedControl, installUploadGuard } from "./upload-guard";
import { mediaPageWrites } from "./media-page";
import { openMediaFromAddress } from "./media-address";
import { removeUnusedMediaOnGitHub } from "./unused-media-github";
import { breakages, deleteRefusal, formOf, formsOf, saveRefusal } from "./cross-file";

interface EditorConfig {
  backend?: { name: string; [key: string]: unknown };
  /** File collections have `files`; a folder's collection (one entry per file) has `fields`. */
  collections: {
    name: string;
    format: string;
    /** A folder's collection: content/people. */
    folder?: string;
    files?: { name: string; label?: string; file?: string; fields: EditorField[] }[];
    fields?: EditorField[];
  }[];
  [key: string]: unknown;
}

/**
 * Where an entry's file is under content/ ("site.json", "people/anna.json"); a
 * new entry of a folder, not yet named, gets a name no file has.
 */
function entryPath(config: EditorConfig, entry: ImmutableLike): string {
  const path = String(entry.get("path") ?? "").replace(/^\/?content\//, "");
  if (path) return path;
  const folder = config.collections.find((c) => c.name === entry.get("collection"))?.folder;
  return `${String(folder).replace(/^content\//, "")}/ new entry .json`;
}

/** The entry's data as a plain object, or undefined before Decap has it. */
function plainData(entry: ImmutableLike): Record<string, unknown> | undefined {
  const data = (entry.get("data") as ImmutableLike | undefined)?.toJS();
  return data && typeof data === "object" ? (data as Record<string, unknown>) : undefined;
}

/**
 * Each form of the config: a file's by its name, a folder's entries' by the
 * collection's name (the names Decap looks preview templates up by).
 */
function forms(config: EditorConfig) {
  return config.collections.flatMap((c) =>
    c.fields ? [{ name: c.name, fields: c.fields }] : (c.files ?? []),
  );
}

type ImmutableLike = Pick<Immutable, "get" | "toJS">;
/** The entry's data as Decap keeps it (an Immutable map). */
type ImmutableData = ImmutableLike & { deleteIn(path: KeyPath): ImmutableData };

interface PreviewProps {
  entry: ImmutableLike;
  /** Decap's asset lookup: a just-uploaded file by its path, as a blob URL. */
  getAsset(path: string): { toString(): string } | undefined;
}

function notice(message: string) {
  const main = document.createElement("main");
  main.className = "editor-notice";
  const heading = document.createElement("h1");
  heading.textContent = "Editor";
  const text = document.createElement("p");
  text.textContent = message;
  main.append(heading, text);
  document.body.append(main);
}

async function loadConfig(): Promise<EditorConfig | undefined> {
  const response = await fetch("/admin/config.yml", { cache: "no-store" });
  if (response.status === 404) return undefined;
  if (!response.ok) throw new Error(`config.yml: HTTP ${response.status}`);
  // The server writes the config as JSON, which is also YAML.
  return (await response.json()) as EditorConfig;
}

function registerPreviews(config: EditorConfig) {
  // The preview frame gets the site's global styles and the stylesheet the
  // build made of the site's CSS modules the previews use.
  CMS.registerPreviewStyle(globalCss, { raw: true });
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    CMS.registerPreviewStyle(link.href);
  }
  const fieldsOf = formsOf(config.collections as never);
  const fieldsAt = (path: string) => formOf(fieldsOf, path)?.fields;
  const load = () => currentContent(true);
  for (const file of forms(config)) {
    const Page = pagePreviews[file.name];
    if (!Page) continue;
    const Preview = ({ entry, getAsset }: PreviewProps) => {
      const now = useContentNow(load);
      const data = plainData(entry);
      if (!data || !now) return null;
      if ("error" in now)
        return <p>The preview could not read the site&apos;s content: {now.error}</p>;
      // Uploads land in the images folder, Decap's default media folder.
      const media = previewMedia((name) => getAsset(name)?.toString() || undefined);
      const all = siteContent({ ...now.files, [entryPath(config, entry)]: data }, fieldsAt);
      return (
        <StayInPreview>
          <MediaContext.Provider value={media}>
            <Page content={prepareForPreview(data, file.fields) as never} all={all} />
          </MediaContext.Provider>
        </StayInPreview>
      );
    };
    // Decap's typings describe the props it passes loosely; ours names what we read.
    CMS.registerPreviewTemplate(file.name, Preview as never);
  }
  // The content is read again when an entry opens and after a save or a deletion.
  onRouteChange((path) => {
    if (isEntryRoute(path)) contentChanged();
  });
  for (const name of ["postSave", "postUnpublish"])
    CMS.registerEventListener({ name, handler: () => contentChanged() } as never);
}

function registerSaveRules(config: EditorConfig) {
  const fieldsOf = new Map(
    config.collections.flatMap((c) =>
      c.fields
        ? [[c.name, c.fields] as const]
        : (c.files ?? []).map((f) => [`${c.name}/${f.name}`, f.fields] as const),
    ),
  );
  CMS.registerEventListener({
    name: "preSave",
    // Decap sets what the handler returns as the entry's data: it must stay an Immutable map.
    handler: ({ entry }: { entry: ImmutableLike }) => {
      const fields =
        fieldsOf.get(String(entry.get("collection"))) ??
        fieldsOf.get(`${entry.get("collection")}/${entry.get("slug")}`);
      const data = entry.get("data") as ImmutableData;
      if (!fields) return data;
      const paths = emptyOptionalPaths(data.toJS() as Record<string, unknown>, fields);
      return paths.reduce((cleaned, path) => cleaned.deleteIn(path), data);
    },
  });
}

/**
 * A save or a deletion the build would refuse elsewhere (./cross-file.ts) is
 * refused before anything is written: Decap runs preSave before it saves and
 * preUnpublish before it deletes, and shows what a handler throws in its
 * message ("Failed to delete entry: ..."). The content is read as published,
 * which is what the change is built on.
 */
function registerCrossFileRules(config: EditorConfig) {
  const forms = formsOf(config.collections as never);
  const refusal = async (entry: ImmutableLike, deleting: boolean) => {
    const path = entryPath(config, entry);
    const data = plainData(entry) ?? {};
    const before = await currentContent();
    const after = { ...before };
    if (deleting) delete after[path];
    else after[path] = data;
    const found = breakages(before, after, forms);
    const name = String(data.name ?? data.title ?? path);
    // A string, not an Error: Decap puts it in its message as it is.
    return deleting ? deleteRefusal(name, found) : saveRefusal(found);
  };
  CMS.registerEventListener({
    name: "preSave",
    handler: async ({ entry }: { entry: ImmutableLike }) => {
      const problem = await refusal(entry, false);
      if (problem) throw problem;
    },
  });
  CMS.registerEventListener({
    name: "preUnpublish",
    handler: async ({ entry }: { entry: ImmutableLike }) => {
      const problem = await refusal(entry, true);
      if (problem) throw problem;
    },
  });
}

/** A widget Decap has registered (its typings give a control the type of its props; it is a component). */
const widget = (name: string) =>
  CMS.getWidget(name) as unknown as { control: never; preview: never };

/** Registers a widget again with its control wrapped, keeping its preview. */
function wrapWidget(name: string, wrap: (control: never) => unknown) {
  CMS.registerWidget(name, wrap(widget(name).control) as never, widget(name).preview);
}

function registerUploadRules(config: EditorConfig) {
  for (const name of ["image", "file"]) wrapWidget(name, guardedControl);
  const words = CMS.getLocale("en") as
    { mediaLibrary?: { mediaLibraryModal?: { deleteSelected?: string } } } | undefined;
  installUploadGuard({
    defaultFolder: String(config.media_folder),
    library: mediaLibrary,
    mediaPageWrites: mediaPageWrites(config.backend?.name),
    deleteLabel: words?.mediaLibrary?.mediaLibraryModal?.deleteSelected ?? "",
  });
}

/**
 * The content rules between values, checked on the field before a save
 * (./rule-control.tsx), an id the editor assigns, and
 * Decap's messages in the staff's words (./editor-words.ts).
 */
function registerFieldRules(local: boolean) {
  for (const name of ["string", "text", "number", "select", "markdown"])
    wrapWidget(name, withRules);
  CMS.registerWidget("date", withRules(DateControl as never) as never, widget("datetime").preview);
  wrapWidget("list", withKeptFolds);
  CMS.registerWidget("assigned-id", AssignedIdControl as never, widget("number").preview);
  const en = CMS.getLocale("en") as Parameters<typeof mergePhrases>[0] | undefined;
  // The local editor's save is a save, not a publication (./local-editor.ts).
  const words = local ? mergePhrases(editorWords, localPhrases) : editorWords;
  if (en) CMS.registerLocale("en", mergePhrases(en, words) as never);
  installRevealErrors();
  installFoldedNameClick();
  installFocusNewEntry();
  installEntryFocus(CMS);
  installFieldNames();
}

/**
 * Decap's own faults, fixed around it (those inside Decap are
 * patches, web/patches): photos drawn and named at once, list entries removed
 * only when confirmed, pastes cleaned, lists written with "- " as the content
 * is (./markdown-style.ts), one pane at a time on a narrow screen
 * (./narrow-screen.ts), #/media opening the library (./media-address.ts), and
 * the uploads a save leaves unused removed in its commit on GitHub.
 */
function registerDecapFixes() {
  for (const name of ["image", "file"]) {
    wrapWidget(name, (control) => currentFileControl(control, name === "image"));
  }
  wrapWidget("list", confirmingListControl);
  installPasteGuard();
  void installLinkedInNotice();
  CMS.registerRemarkPlugin(keepContentMarkdownStyle as never);
  formFirstOnNarrowScreens();
  openMediaFromAddress();
  removeUnusedMediaOnGitHub();
}

async function start() {
  const config = await loadConfig();
  if (!config) {
    notice(
      "The editor is not configured on this server. Ask the site's engineers to set it up (docs/deploy.md), or edit locally with `make edit`.",
    );
    return;
  }
  CMS.registerCustomFormat(
    // Every collection uses the one format (admin/config.mjs CONTENT_FORMAT).
    config.collections[0]?.format ?? "json",
    "json",
    orderedJsonFormat(forms(config).map((f) => f.fields)),
  );
  registerPreviews(config);
  registerSaveRules(config);
  registerCrossFileRules(config);
  registerUploadRules(config);
  const local = isLocalEditor(config);
  registerFieldRules(local);
  registerDecapFixes();
  installLiveStatus(CMS, config.backend, gitHubToken);
  if (local) {
    // Decap's typings want its own backend interface; ours is its proxy backend's subclass.
    CMS.registerBackend(LOCAL_BACKEND, LocalBackend as never);
  }
  const backend =
    config.backend?.name === "github"
      ? { ...config.backend, base_url: location.origin }
      : config.backend;
  const final = { ...config, backend, load_config_file: false };
  CMS.init({ config: (local ? withLocalBackend(final) : final) as never });
}

start().catch((error: unknown) => {
  notice(`The editor could not start: ${error instanceof Error ? error.message : String(error)}`);
});
