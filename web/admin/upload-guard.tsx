// Decap's media library uploads whatever file is chosen. The guard sits in front
// of it: an image or file field arms the rule of its media folder when it opens
// the library, and a capturing listener refuses a file that breaks the rule
// before Decap's own handler sees it (so nothing is written to content/media).
import type { ComponentType } from "react";
import { refusal, ruleForFolder, type UploadRule } from "./upload-rules";

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

function check(
  files: FileList | null | undefined,
  event: Event,
  report: (message: string) => void,
  mediaPageRule: UploadRule | undefined,
) {
  // The Media page (Decap's #/media route, opened from its header) uploads to
  // the default media folder, whatever field last opened the library.
  const rule = location.hash.startsWith("#/media") ? mediaPageRule : armed;
  if (!rule || !files || files.length === 0) return;
  for (const file of Array.from(files)) {
    const why = refusal(file, rule);
    if (why) {
      event.stopImmediatePropagation();
      event.preventDefault();
      if (event.target instanceof HTMLInputElement) event.target.value = "";
      report(why);
      return;
    }
  }
}

/**
 * Listens (capturing, on window) for files chosen or dropped in the media library.
 * `defaultFolder` is the config's media_folder, where the Media page uploads.
 */
export function installUploadGuard(
  defaultFolder: string,
  report: (message: string) => void = (m) => window.alert(m),
) {
  const mediaPageRule = ruleForFolder(defaultFolder);
  window.addEventListener(
    "change",
    (event) => {
      const input = event.target;
      if (input instanceof HTMLInputElement && input.type === "file")
        check(input.files, event, report, mediaPageRule);
    },
    true,
  );
  window.addEventListener(
    "drop",
    (event) => check(event.dataTransfer?.files, event, report, mediaPageRule),
    true,
  );
}
