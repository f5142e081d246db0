// Decap's media library uploads whatever file is chosen. The guard sits in front
// of it: an image or file field arms the rule of its media folder when it opens
// the library, and a capturing listener refuses a file that breaks the rule
// before Decap's own handler sees it (so nothing is written to content/media).
import type { ComponentType } from "react";
import { refusal, ruleForFolder, type UploadRule } from "./upload-rules";
import { MEDIA_PAGE_READ_ONLY, isDeleteButton, onMediaPage } from "./media-page";

interface FieldLike {
  get(key: string): unknown;
}

interface FileControlProps {
  field: FieldLike;
  onOpenMediaLibrary: (options: unknown) => unknown;
  [prop: string]: unknown;
}

let armed: UploadRule | undefined;

/** Wraps Decap's image or file control so that opening the media library arms its folder's rule. */
export function guardedControl(
  Control: ComponentType<FileControlProps>,
): ComponentType<FileControlProps> {
  return function GuardedFileControl(props: FileControlProps) {
    const open = (options: unknown) => {
      armed = ruleForFolder(props.field.get("media_folder") as string | undefined);
      return props.onOpenMediaLibrary(options);
    };
    // React 19 passes `ref` as a prop: spreading props hands Decap's ref to its control.
    return <Control {...props} onOpenMediaLibrary={open} />;
  };
}

function stop(event: Event) {
  event.stopImmediatePropagation();
  event.preventDefault();
  if (event.target instanceof HTMLInputElement) event.target.value = "";
}

function check(
  files: FileList | null | undefined,
  event: Event,
  report: (message: string) => void,
  mediaPageRule: UploadRule | undefined,
  mediaPageWrites: boolean,
) {
  if (!files || files.length === 0) return;
  // The Media page (Decap's #/media route, opened from its header) uploads to
  // the default media folder, whatever field last opened the library; on the
  // site it cannot write at all (./media-page.ts).
  const mediaPage = onMediaPage(location.hash);
  if (mediaPage && !mediaPageWrites) {
    stop(event);
    report(MEDIA_PAGE_READ_ONLY);
    return;
  }
  const rule = mediaPage ? mediaPageRule : armed;
  if (!rule) return;
  for (const file of Array.from(files)) {
    const why = refusal(file, rule);
    if (why) {
      stop(event);
      report(why);
      return;
    }
  }
}

/**
 * Listens (capturing, on window) for files chosen or dropped in the media library.
 * `defaultFolder` is the config's media_folder, where the Media page uploads.
 * `mediaPageWrites` false (the GitHub backend, ./media-page.ts): uploads on the
 * Media page and "Delete selected" anywhere in the media library are refused
 * with a message, since GitHub would refuse the commit to main they make.
 */
export function installUploadGuard(
  defaultFolder: string,
  report: (message: string) => void = (m) => window.alert(m),
  mediaPageWrites = true,
): () => void {
  const mediaPageRule = ruleForFolder(defaultFolder);
  const onChange = (event: Event) => {
    const input = event.target;
    if (input instanceof HTMLInputElement && input.type === "file")
      check(input.files, event, report, mediaPageRule, mediaPageWrites);
  };
  const onDrop = (event: DragEvent) =>
    check(event.dataTransfer?.files, event, report, mediaPageRule, mediaPageWrites);
  const onClick = (event: MouseEvent) => {
    if (!mediaPageWrites && isDeleteButton(event.target)) {
      stop(event);
      report(MEDIA_PAGE_READ_ONLY);
    }
  };
  window.addEventListener("change", onChange, true);
  window.addEventListener("drop", onDrop, true);
  window.addEventListener("click", onClick, true);
  return () => {
    window.removeEventListener("change", onChange, true);
    window.removeEventListener("drop", onDrop, true);
    window.removeEventListener("click", onClick, true);
  };
}
