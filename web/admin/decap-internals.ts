// Every part of Decap CMS the editor relies on that Decap does not offer through
// its extension points (registerWidget, registerPreviewTemplate,
// registerEditorComponent, registerEventListener, registerBackend, locales,
// configuration). The rest of web/admin reaches Decap's internals only through
// the functions here, and ./decap-contract.test.ts checks each one against the
// pinned Decap, so that an upgrade fails the unit tests, naming what changed,
// instead of the editor failing silently for staff. The class names Decap's
// styles carry are styled in ./decap-internals.css, checked the same way.
// Decap's own bugs are not fixed here: they are patches (web/patches).
import * as mediaActions from "decap-cms-core/dist/esm/actions/mediaLibrary.js";
import { currentBackend } from "decap-cms-core/dist/esm/backend.js";
import * as notificationActions from "decap-cms-core/dist/esm/actions/notifications.js";
import { store as decapStore } from "decap-cms-core/dist/esm/redux/index.js";
import { history as decapHistory } from "decap-cms-core/dist/esm/routing/history.js";
import "./decap-internals.css";

// ---- Decap's Redux store and router (decap-cms-core redux/index.js,
// routing/history.js: the one instance decap-cms-app runs).

/** An Immutable value as Decap keeps its state. */
export interface Immutable {
  get(key: string): unknown;
  getIn(path: (string | number)[]): unknown;
  toJS(): unknown;
}

const store = decapStore as unknown as {
  getState(): Record<string, Immutable | undefined>;
  dispatch(action: unknown): unknown;
  subscribe(listener: () => void): () => void;
};
const history = decapHistory as unknown as {
  location: { pathname: string };
  listen(listener: (location: { pathname: string }, action: string) => void): () => void;
  replace(path: string): void;
};
type ActionCreator = (...args: unknown[]) => unknown;
const action = (actions: unknown, name: string) =>
  (actions as Record<string, ActionCreator>)[name]!;

const state = () => store.getState();
const plain = <T>(value: unknown) => value as T | undefined;

/** Calls `listener` on every change of Decap's state; returns the unsubscribe. */
export const onDecapChange = (listener: () => void) => store.subscribe(listener);

/** The route Decap shows (its hash history's path: "/collections/careers"). */
export const currentRoute = () => history.location.pathname;

/** Calls `listener` on each route change, before Decap's router draws it ("PUSH", "POP", "REPLACE"). */
export const onRouteChange = (listener: (pathname: string, action: string) => void) =>
  history.listen((location, how) => listener(location.pathname, how));

/** Goes to a route of Decap's in place of the current one (Back still works as before). */
export const replaceRoute = (path: string) => history.replace(path);

/** A content file's data by its path under content/ ("site.json", "people/anna-de-vries.json"). */
export type ContentFiles = Record<string, unknown>;

interface DecapBackend {
  implementation: { getEntry(path: string): Promise<{ data: string }> };
  listAllEntries(collection: Immutable): Promise<{ path: string; data: unknown }[]>;
  unpublishedEntries(collections: unknown): Promise<{ entries: { path: string; data: unknown }[] }>;
}

const underContent = (path: string) => path.replace(/^\/?content\//, "");

/**
 * Every content file as published, read through Decap's backend (the default
 * branch on GitHub, the working tree locally), not as the editor was built;
 * with `drafts`, each entry's saved draft in review (the editorial workflow's
 * pull requests) in its place.
 */
export async function currentContent(drafts = false): Promise<ContentFiles> {
  const now = state() as Record<string, Immutable & { valueSeq(): { toArray(): Immutable[] } }>;
  const backend = currentBackend(now.config as never) as unknown as DecapBackend;
  const files: ContentFiles = {};
  await Promise.all(
    now
      .collections!.valueSeq()
      .toArray()
      .map(async (collection) => {
        if (collection.get("folder")) {
          for (const entry of await backend.listAllEntries(collection))
            files[underContent(entry.path)] = entry.data;
          return;
        }
        const paths = (collection.get("files") as Immutable).toJS() as { file: string }[];
        await Promise.all(
          paths.map(async ({ file }) => {
            files[underContent(file)] = JSON.parse(
              (await backend.implementation.getEntry(file)).data,
            );
          }),
        );
      }),
  );
  // Decap keeps its configuration as a plain object.
  const mode = (now.config as unknown as { publish_mode?: string } | undefined)?.publish_mode;
  if (drafts && mode === "editorial_workflow") {
    for (const entry of (await backend.unpublishedEntries(now.collections)).entries)
      files[underContent(entry.path)] = entry.data;
  }
  return files;
}

/** A message in Decap's own notification area (top right), as its saves report. */
export function notify(message: string, type: "error" | "warning" | "success" | "info") {
  store.dispatch(
    action(notificationActions, "addNotification")({ message, type, dismissAfter: 15_000 }),
  );
}

/** Whether a member of staff is signed in (state.auth.user). */
export const signedIn = () => Boolean(plain<{ user?: unknown }>(state().auth)?.user);

/** The signed-in member of staff's GitHub token (state.auth.user), for the calls Decap does not make. */
export const gitHubToken = () => plain<{ user?: { token?: string } }>(state().auth)?.user?.token;

/** The files Decap has loaded for the form (state.medias): a new value when one arrives. */
export const loadedMedia = () => state().medias;

/**
 * The media library (reducers/mediaLibrary.js): whether it is open, and the id
 * of the field's control that opened it, "" when none did (its header's Media
 * button, or openMediaPage).
 */
export function mediaLibrary(): { open: boolean; controlID: string } {
  const library = state().mediaLibrary;
  return {
    open: library?.get("isVisible") === true,
    controlID: String(library?.get("controlID") ?? ""),
  };
}

/** Opens the media library as Decap's header button does: for no field. */
export const openMediaPage = () => store.dispatch(action(mediaActions, "openMediaLibrary")());

// ---- Decap's controls as components (decap-cms-core Widget.js,
// decap-cms-widget-list ListControl.js).

interface ControlInstance {
  validate?: (...args: unknown[]) => unknown;
  shouldComponentUpdate?: (props: unknown, state: unknown) => boolean;
  state?: unknown;
}

/**
 * Makes a wrapper answer Decap's Widget as the control it wraps would: Widget
 * validates a list's or object's entries through the control's own `validate`,
 * and draws a field again when the control's `shouldComponentUpdate` says so
 * (a list: always, to show its entries' errors). The wrapper has neither when
 * the inner control has none.
 */
export function passOnControlHooks(wrapper: ControlInstance, control: unknown) {
  const inner = control as ControlInstance | null;
  const { validate, shouldComponentUpdate } = inner ?? {};
  if (validate) wrapper.validate = (...args) => validate.apply(inner, args);
  if (shouldComponentUpdate)
    wrapper.shouldComponentUpdate = (props) =>
      shouldComponentUpdate.call(inner, props, inner?.state);
}

/** Which entries of a list control are folded (ListControl's state.itemsCollapsed; no prop sets it). */
export function foldedEntries(list: unknown): boolean[] | undefined {
  const folded = (list as { state?: { itemsCollapsed?: unknown } } | null)?.state?.itemsCollapsed;
  return Array.isArray(folded) ? [...(folded as boolean[])] : undefined;
}

export const setFoldedEntries = (list: unknown, itemsCollapsed: boolean[]) =>
  (list as { setState(state: object): void }).setState({ itemsCollapsed });

const saveListeners: (() => void)[] = [];
let validations = 0;
let pending: number | undefined;

/**
 * Called by a control each time Decap validates it. A save validates every
 * field at once (EditorControlPane.validate), typing one at a time: three or
 * more within 80 ms are a save, and onSaveValidated's listeners are called.
 */
export function noteValidation() {
  validations += 1;
  if (pending !== undefined) return;
  pending = window.setTimeout(() => {
    const save = validations >= 3;
    validations = 0;
    pending = undefined;
    if (save) for (const listener of saveListeners) listener();
  }, 80);
}

/** Calls `listener` after Decap validated the form for a save (noteValidation). */
export const onSaveValidated = (listener: () => void) => void saveListeners.push(listener);

/**
 * Drops a file chosen in the library for a field before the field takes it
 * (withFileControl's mediaPaths, pending choices by control id, and
 * onRemoveInsertedMedia): the field keeps its value.
 */
export function dropLibraryChoice(props: Record<string, unknown>, path: string) {
  const paths = props.mediaPaths as { entrySeq(): Iterable<[string, unknown]> } | undefined;
  const remove = props.onRemoveInsertedMedia as ((id: string) => unknown) | undefined;
  for (const [id, chosen] of paths?.entrySeq() ?? []) if (chosen === path) remove?.(id);
}

// ---- Decap's markup: the labels its styled components carry in their class
// names (css-<hash>-<label>), each with the file of the package that names it.

export const DECAP_CLASS_LABELS = {
  StyledListItemTopBar: "decap-cms-ui-default/dist/esm/ListItemTopBar.js",
  ListItem: "decap-cms-widget-list/dist/esm/ListControl.js",
  NestedObjectLabel: "decap-cms-widget-list/dist/esm/ListControl.js",
  AddButton: "decap-cms-ui-default/dist/esm/ObjectWidgetTopBar.js",
  ControlTopbar: "decap-cms-core/dist/esm/components/Editor/EditorControlPane/EditorControl.js",
  ControlHint: "decap-cms-core/dist/esm/components/Editor/EditorControlPane/EditorControl.js",
  ControlErrorsList: "decap-cms-core/dist/esm/components/Editor/EditorControlPane/EditorControl.js",
  EditorContainer: "decap-cms-core/dist/esm/components/Editor/EditorInterface.js",
  ToolbarContainer: "decap-cms-core/dist/esm/components/Editor/EditorToolbar.js",
  ToolbarToggle: "decap-cms-widget-markdown/dist/esm/MarkdownControl/Toolbar.js",
  PublishedButton: "decap-cms-core/dist/esm/components/Editor/EditorToolbar.js",
  PublishedToolbarButton: "decap-cms-core/dist/esm/components/Editor/EditorToolbar.js",
} as const;

const part = (label: keyof typeof DECAP_CLASS_LABELS) => `[class*="${label}"]`;

/** Selectors for the parts of Decap's form the editor names, opens or focuses. */
export const decapPart = {
  /** An entry's editor: its toolbar and form (EditorInterface.js). */
  editor: part("EditorContainer"),
  /** A list entry's bar: [fold chevron] [drag handle] [remove ✕] (ListItemTopBar.js). */
  listEntryBar: part("StyledListItemTopBar"),
  listEntry: part("ListItem"),
  /** A folded entry's name, the element after its bar. */
  foldedEntryName: part("NestedObjectLabel"),
  addButton: part("AddButton"),
  /** A field's label row (EditorControl.js), its hint and its errors. */
  fieldTopBar: part("ControlTopbar"),
  hint: part("ControlHint"),
  errors: part("ControlErrorsList"),
  /** The toolbar's status after a save ("Saved"), a button or a menu's. */
  savedStatus: `${part("PublishedButton")}, ${part("PublishedToolbarButton")}`,
};

/** Whether a route is an entry's form (an entry, or a new one). */
export const isEntryRoute = (path: string) => /^\/collections\/[^/]+\/(entries\/|new)/.test(path);

/**
 * A list entry bar's parts: the first button folds, the last (when not the
 * first) removes; between them, dnd-kit's drag handle (role="button").
 */
export function listEntryButtons(bar: Element) {
  const first = bar.firstElementChild;
  const last = bar.lastElementChild;
  return {
    fold: first instanceof HTMLButtonElement ? first : undefined,
    remove: last instanceof HTMLButtonElement && last !== first ? last : undefined,
    drag: bar.querySelector<HTMLElement>(':scope > [role="button"]') ?? undefined,
  };
}

/** The remove ✕ of a list entry's bar, if the click was on one: a button without text after the chevron. */
export function listEntryRemoveButton(target: EventTarget | null): HTMLButtonElement | undefined {
  const button = target instanceof Element ? target.closest("button") : null;
  const bar = button?.parentElement;
  if (!button || !bar || button.textContent?.trim()) return undefined;
  return bar.firstElementChild?.tagName === "BUTTON" && listEntryButtons(bar).remove === button
    ? button
    : undefined;
}

/** Decap's localStorage key for the pane beside the form (EditorInterface.js), and its value for none. */
export const RIGHT_PANE_KEY = "cms.right-pane";
export const NO_PANE = "none";

// ---- The Markdown widget's rich text (decap-cms-widget-markdown on Slate).

const RICH_TEXT = "[data-slate-editor]";

/** The rich-text editable an event happened in, if any. */
export const richTextAt = (target: EventTarget | null) =>
  target instanceof Element ? target.closest<HTMLElement>(RICH_TEXT) : null;

/** Pastes into the editable as a browser paste does: a `beforeinput` of type insertFromPaste, which Slate reads. */
export function pasteIntoRichText(editable: HTMLElement, data: DataTransfer) {
  editable.dispatchEvent(
    new InputEvent("beforeinput", {
      inputType: "insertFromPaste",
      dataTransfer: data,
      bubbles: true,
      cancelable: true,
    }),
  );
}

/**
 * Sets remark-stringify's options from a remark plugin (CMS.registerRemarkPlugin):
 * Decap runs its plugins after remark-stringify took its settings, so they
 * are set on the compiler's prototype. A reading processor has no compiler.
 */
export function setMarkdownWriterOptions(processor: unknown, options: Record<string, unknown>) {
  const compiler = (processor as { Compiler?: { prototype?: { options?: object } } }).Compiler;
  if (compiler?.prototype?.options) Object.assign(compiler.prototype.options, options);
}

// ---- Decap's GitHub backend (decap-cms-backend-github implementation.ts,
// API.ts), wrapped where it commits (./unused-media-github.ts).

export interface TreeFile {
  path: string;
  sha: string | null;
}

/** A file a save commits (persistEntry's dataFiles). */
export interface DataFile extends TreeFile {
  raw: string;
  slug: string;
}

export interface PersistEntry {
  dataFiles: DataFile[];
  assets: { path: string }[];
}

export type PersistOptions = {
  useWorkflow?: boolean;
  unpublished?: boolean;
  collectionName?: string;
};

/** A pull request as GitHub lists it (https://docs.github.com/en/rest/pulls/pulls#list-pull-requests). */
type PullRequest = { head: { ref: string; sha: string } };

/** Decap's GitHub API client (API.ts), as far as the editor reads through it. */
export interface GitHubApi {
  branch: string;
  generateContentKey(collection: string, slug: string): string;
  readFile(path: string, sha?: string | null, options?: { branch?: string }): Promise<unknown>;
  listFiles(
    path: string,
    options?: { branch?: string; depth?: number },
  ): Promise<{ path: string; id: string }[]>;
  /** The open pull requests of the editor's branches (cms/…) that `keep` keeps. */
  getPullRequests(
    head: string | undefined,
    state: "open",
    keep: (pull: PullRequest) => boolean,
  ): Promise<PullRequest[]>;
  getDifferences(
    from: string,
    to: string,
  ): Promise<{ files?: { filename: string; status: string; sha: string }[] }>;
}

/** The parts of Decap's GitHub API a deletion's pull request is made with. */
type DeletingApi = GitHubApi & {
  getDefaultBranch(): Promise<{ commit: { sha: string } }>;
  updateTree: UpdateTree;
  commit(message: string, tree: { sha: string; parentSha?: string }): Promise<{ sha: string }>;
  createBranchAndPullRequest(
    branch: string,
    sha: string,
    title: string,
  ): Promise<{ number: number }>;
};

/**
 * Deletes `paths` in one commit on the default branch's head, on a new branch
 * `branch` with a pull request titled `message` (Decap's own deleteFiles
 * commits on the default branch itself); returns the pull request's number.
 */
export async function deletionPullRequest(
  github: GitHubApi,
  branch: string,
  paths: string[],
  message: string,
): Promise<number> {
  const api = github as DeletingApi;
  const main = await api.getDefaultBranch();
  const tree = await api.updateTree(
    main.commit.sha,
    paths.map((path) => ({ path, sha: null })),
  );
  const commit = await api.commit(message, tree);
  return (await api.createBranchAndPullRequest(branch, commit.sha, message)).number;
}

type Persist = (entry: PersistEntry, options: PersistOptions) => Promise<unknown>;
type TreeChange = (baseSha: string, files: TreeFile[], api: GitHubApi) => Promise<TreeFile[]>;
type UpdateTree = (
  baseSha: string,
  files: TreeFile[],
  ...rest: unknown[]
) => Promise<{ sha: string; parentSha?: string }>;
export type DeleteFiles = (paths: string[], message: string) => Promise<unknown>;

/**
 * Every GitHub backend Decap makes saves through `save` (given its API and
 * its own persistEntry), deletes published files (an entry, its one commit on
 * the default branch) through `remove`, and every tree its saves build
 * (API.updateTree, POST git/trees) goes through `tree` first. Decap refuses a
 * second registration of a name; its registry entry's init makes the backend.
 */
export function aroundGitHubSaves(
  cms: unknown,
  save: (api: GitHubApi, persist: Persist) => Persist,
  tree: TreeChange,
  remove: (api: GitHubApi, deleteFiles: DeleteFiles) => DeleteFiles,
) {
  const registered = (
    cms as { getBackend(name: string): { init(...args: unknown[]): unknown } | undefined }
  ).getBackend("github");
  if (!registered) return;
  const init = registered.init;
  registered.init = (...args: unknown[]) => {
    const backend = init(...args) as {
      api?: GitHubApi | null;
      persistEntry: Persist;
      deleteFiles: DeleteFiles;
    };
    const persist = backend.persistEntry.bind(backend);
    const deleteFiles = backend.deleteFiles.bind(backend);
    backend.deleteFiles = (paths, message) =>
      backend.api ? remove(backend.api, deleteFiles)(paths, message) : deleteFiles(paths, message);
    let wrapped: GitHubApi | undefined;
    backend.persistEntry = (entry, options) => {
      const api = backend.api as (GitHubApi & { updateTree: UpdateTree }) | null | undefined;
      if (!api) return persist(entry, options);
      if (wrapped !== api) {
        const updateTree = api.updateTree.bind(api);
        api.updateTree = async (base, files, ...rest) =>
          updateTree(base, await tree(base, files, api), ...rest);
        wrapped = api;
      }
      return save(api, persist)(entry, options);
    };
    return backend;
  };
}
