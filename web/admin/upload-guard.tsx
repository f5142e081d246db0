// Decap's media library uploads whatever file is chosen. The guard sits in front
// of it: an image or file field arms the rule of its media folder when it opens
// the library, and a capturing listener refuses a file that breaks the rule
// before Decap's own handler sees it (so nothing is written to content/media).
// A photo is also read: one that is not really a JPEG or PNG (a PDF, HEIC or
// WebP renamed .jpg) or narrower than its field shows it is refused, with the
// width it needs; a file that passes is handed on to Decap as it was chosen. A
// photo chosen from the library (uploaded before, perhaps for a smaller field)
// is measured and refused the same way when it is chosen.
import { useRef, type ComponentType } from "react";
import { dropLibraryChoice, type Immutable } from "./decap-internals";
import { photoRefusal, refusal, ruleForFolder, type UploadRule } from "./upload-rules";
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
/** How the guard tells a refusal (window.alert unless installUploadGuard is told otherwise). */
let tell: (message: string) => void = (m) => window.alert(m);

const fileName = (path: string) => path.split("/").pop() ?? path;

/**
 * The chosen library file's bytes, once Decap has loaded it. Until then Decap
 * answers with a stand-in (an empty SVG under another path), and a file no
 * field of the entry shows is not loaded before it is asked for. Up to 20 s: on
 * a busy machine or a slow line Decap took more than 5, and a photo not
 * measured is taken as it is.
 */
async function chosenFile(
  getAsset: FileControlProps["getAsset"],
  path: string,
  field: FieldLike,
): Promise<(Blob & { name: string }) | undefined> {
  for (let tries = 0; tries < 200; tries++) {
    const asset = getAsset(path, field) as { path?: string; toString(): string } | undefined;
    const url = asset?.path?.endsWith(`/${fileName(path)}`) ? asset.toString() : "";
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
    // Decap hands the choice again on every redraw while it is pending: one check per choice.
    const checking = useRef<string | undefined>(undefined);
    const change = (value: unknown) => {
      // The field's own photo is never questioned.
      if (!minWidth || typeof value !== "string" || value === props.value)
        return props.onChange(value);
      if (checking.current === value) return undefined;
      checking.current = value;
      void chosenFile(props.getAsset, value, props.field)
        .then((file) => (file ? photoRefusal(file, minWidth) : undefined))
        .then((why) => {
          checking.current = undefined;
          if (!why) return props.onChange(value);
          // Refused: the choice is dropped, the field keeps its photo.
          dropLibraryChoice(props, value);
          tell(why);
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
}

type Guard = Required<Omit<GuardOptions, "defaultFolder">> & { mediaPageRule?: UploadRule };

function check(files: FileList | null | undefined, event: Event, guard: Guard) {
  const { report, mediaPageRule, mediaPageWrites, library } = guard;
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
  void Promise.all(chosen.map((file) => photoRefusal(file, minWidth))).then((results) => {
    const refused = results.find(Boolean);
    if (refused) return refuse(refused);
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
    report: options.report ?? ((m) => window.alert(m)),
    mediaPageRule: ruleForFolder(options.defaultFolder),
  };
  tell = guard.report;
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
