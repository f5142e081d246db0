// Decap's media library uploads whatever file is chosen. The guard sits in front
// of it: an image or file field arms the rule of its media folder when it opens
// the library, and a capturing listener refuses a file that breaks the rule
// before Decap's own handler sees it (so nothing is written to content/media).
// A photo is also read: one that is not really a JPEG or PNG (a PDF, HEIC or
// WebP renamed .jpg) is refused, one narrower than its field shows it asks
// first; a file that passes is handed on to Decap as it was chosen. A photo
// chosen from the library (uploaded before, perhaps for a smaller field) is
// asked about the same way when it is chosen.
import { useRef, type ComponentType } from "react";
import { dropLibraryChoice, type Immutable } from "./decap-internals";
import { photoCheck, refusal, ruleForFolder, type UploadRule } from "./upload-rules";
import { MEDIA_PAGE_READ_ONLY, isDeleteButton, onMediaPage, type LibraryState } from "./media-page";

type FieldLike = Pick<Immutable, "get">;

interface FileControlProps {
  field: FieldLike;
  value?: unknown;
  onChange: (value: unknown) => unknown;
  onOpenMediaLibrary: (options: unknown) => unknown;
  getAsset: (path: string, field: FieldLike) => { toString(): string } | undefined;
  [prop: string]: unknown;
}

let armed: UploadRule | undefined;
/** The width the field that opened the library shows its photo at (admin/config.mjs min_width). */
let armedMinWidth: number | undefined;
/** Events the guard dispatches again after reading the files: Decap's to handle. */
const passed = new WeakSet<Event>();
/** How the guard asks (window.confirm unless installUploadGuard is told otherwise). */
let ask: (message: string) => boolean = (m) => window.confirm(m);
/** Photos a staff member chose to use though narrow, by name and width asked: not asked again. */
const acceptedNarrow = new Set<string>();
const narrowKey = (name: string, minWidth: number | undefined) => `${name} ${minWidth}`;

const fileName = (path: string) => path.split("/").pop() ?? path;

/**
 * The chosen library file's bytes, once Decap has loaded it (its asset URL is
 * "" until then). Up to 20 s: on a busy machine or a slow line Decap took
 * more than 5, and a photo not measured is taken without the question.
 */
async function chosenFile(
  getAsset: FileControlProps["getAsset"],
  path: string,
  field: FieldLike,
): Promise<(Blob & { name: string }) | undefined> {
  for (let tries = 0; tries < 200; tries++) {
    const url = getAsset(path, field)?.toString();
    if (url) {
      const blob = await (await fetch(url)).blob();
      return Object.assign(blob, { name: fileName(path) });
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}

/** Wraps Decap's image or file control so that opening the media library arms its folder's rule. */
export function guardedControl(
  Control: ComponentType<FileControlProps>,
): ComponentType<FileControlProps> {
  return function GuardedFileControl(props: FileControlProps) {
    const minWidth = props.field.get("min_width") as number | undefined;
    const open = (options: unknown) => {
      armed = ruleForFolder(props.field.get("media_folder") as string | undefined);
      armedMinWidth = minWidth;
      return props.onOpenMediaLibrary(options);
    };
    // Decap asks again on every redraw while a choice is pending: one question per choice.
    const asking = useRef<string | undefined>(undefined);
    const change = (value: unknown) => {
      if (
        !minWidth ||
        typeof value !== "string" ||
        value === props.value ||
        acceptedNarrow.has(narrowKey(fileName(value), minWidth))
      )
        return props.onChange(value);
      if (asking.current === value) return undefined;
      asking.current = value;
      void chosenFile(props.getAsset, value, props.field)
        .then((file): Promise<{ warning?: string }> | { warning?: string } =>
          file ? photoCheck(file, minWidth) : {},
        )
        .then((result) => {
          if (!result.warning || ask(`${result.warning}\n\nUse it anyway?`)) {
            acceptedNarrow.add(narrowKey(fileName(value), minWidth));
            props.onChange(value);
          } else {
            // Cancel: the choice is dropped, the field keeps its photo.
            dropLibraryChoice(props, value);
          }
          asking.current = undefined;
        });
      return undefined;
    };
    // React 19 passes `ref` as a prop: spreading props hands Decap's ref to its control.
    return <Control {...props} onOpenMediaLibrary={open} onChange={change} />;
  };
}

function stop(event: Event) {
  event.stopImmediatePropagation();
  event.preventDefault();
  if (event.target instanceof HTMLInputElement) event.target.value = "";
}

/** What the guard is told (installUploadGuard). */
export interface GuardOptions {
  /** The config's media_folder, where the Media page uploads. */
  defaultFolder: string;
  /** The media library's state, from Decap (./decap-internals.ts mediaLibrary). */
  library: () => LibraryState;
  /** False with the GitHub backend (./media-page.ts mediaPageWrites). */
  mediaPageWrites?: boolean;
  /** The words of the library's delete button in Decap's locale (./media-page.ts isDeleteButton). */
  deleteLabel: string;
  report?: (message: string) => void;
  warn?: (message: string) => boolean;
}

type Guard = Required<Omit<GuardOptions, "defaultFolder">> & { mediaPageRule?: UploadRule };

function check(files: FileList | null | undefined, event: Event, guard: Guard) {
  const { report, warn, mediaPageRule, mediaPageWrites, library } = guard;
  if (passed.has(event)) return;
  if (!files || files.length === 0) return;
  // The Media page (the library opened by no field: Decap's header, #/media)
  // uploads to the default media folder, whatever field last opened the
  // library; on the site it cannot write at all (./media-page.ts).
  const mediaPage = onMediaPage(library());
  if (mediaPage && !mediaPageWrites) {
    stop(event);
    report(MEDIA_PAGE_READ_ONLY);
    return;
  }
  const rule = mediaPage ? mediaPageRule : armed;
  if (!rule) return;
  const refuse = (why: string) => {
    if (event.target instanceof HTMLInputElement) event.target.value = "";
    report(why);
  };
  for (const file of Array.from(files)) {
    const why = refusal(file, rule);
    if (why) {
      stop(event);
      report(why);
      return;
    }
  }
  if (rule.kind !== "image") return;
  // Reading a file takes a moment: Decap gets the event again once the files pass.
  event.stopImmediatePropagation();
  event.preventDefault();
  const chosen = Array.from(files);
  const minWidth = mediaPage ? undefined : armedMinWidth;
  void Promise.all(chosen.map((file) => photoCheck(file, minWidth))).then((results) => {
    const refused = results.find((r) => r.refusal)?.refusal;
    if (refused) return refuse(refused);
    for (const r of results) {
      if (r.warning && !warn(`${r.warning}\n\nUpload it anyway?`)) return refuse("");
    }
    for (const [i, r] of results.entries()) {
      if (r.warning) acceptedNarrow.add(narrowKey(chosen[i]!.name, minWidth));
    }
    handOn(event, chosen);
  });
}

/** Dispatches a chosen or dropped file's event again, for Decap, marked as passed. */
function handOn(event: Event, files: File[]) {
  const target = event.target;
  if (!(target instanceof EventTarget)) return;
  let again: Event;
  if (event.type === "drop") {
    const transfer = new DataTransfer();
    for (const file of files) transfer.items.add(file);
    again = new DragEvent("drop", { bubbles: true, cancelable: true, dataTransfer: transfer });
  } else {
    again = new Event(event.type, { bubbles: true });
  }
  passed.add(again);
  target.dispatchEvent(again);
}

/**
 * Listens (capturing, on window) for files chosen or dropped in the media library.
 * With `mediaPageWrites` false (the GitHub backend, ./media-page.ts), uploads
 * on the Media page and the library's delete button anywhere are refused with
 * a message, since GitHub would refuse the commit to main they make.
 * Returns a function that removes the listeners.
 */
export function installUploadGuard(options: GuardOptions): () => void {
  const guard: Guard = {
    library: options.library,
    mediaPageWrites: options.mediaPageWrites ?? true,
    deleteLabel: options.deleteLabel,
    report: options.report ?? ((m) => m && window.alert(m)),
    warn: options.warn ?? ((m) => window.confirm(m)),
    mediaPageRule: ruleForFolder(options.defaultFolder),
  };
  ask = guard.warn;
  const onChange = (event: Event) => {
    const input = event.target;
    if (input instanceof HTMLInputElement && input.type === "file")
      check(input.files, event, guard);
  };
  const onDrop = (event: Event) => check((event as DragEvent).dataTransfer?.files, event, guard);
  const onClick = (event: Event) => {
    if (!guard.mediaPageWrites && isDeleteButton(event.target, guard.deleteLabel)) {
      stop(event);
      guard.report(MEDIA_PAGE_READ_ONLY);
    }
  };
  const listeners: Record<string, EventListener> = {
    change: onChange,
    drop: onDrop,
    click: onClick,
  };
  for (const [type, listener] of Object.entries(listeners)) addEventListener(type, listener, true);
  return () => {
    for (const [type, listener] of Object.entries(listeners))
      removeEventListener(type, listener, true);
  };
}
