// Decap's image control draws the current picture once, from the asset it has
// when the field first renders: for a file not yet fetched that is an empty
// placeholder, and the control is redrawn only when its value or `getAsset`
// changes (decap-cms-widget-file withFileControl.js: Image's effect and
// shouldComponentUpdate). The fetch completing changes neither, so the photo
// stayed an empty checkerboard until opening the media library redrew the
// form. This wrapper hands the control a new `getAsset` whenever Decap's media
// store changes, so the picture appears as soon as it is loaded, and names the
// current file under it.
import { useMemo, useSyncExternalStore, type ComponentType } from "react";
import { loadedMedia, onDecapChange, type Immutable } from "./decap-internals";

type FieldLike = Pick<Immutable, "get">;

interface FileControlProps {
  field: FieldLike;
  value?: unknown;
  getAsset: (...args: unknown[]) => unknown;
  [prop: string]: unknown;
}

/** The file name a media field holds, or undefined when it holds none. */
export function currentFileName(value: unknown): string | undefined {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  return value.split("/").pop() || undefined;
}

/** Wraps Decap's image or file control: the picture drawn once loaded, the file named. */
export function currentFileControl(
  Control: ComponentType<FileControlProps>,
  forImage: boolean,
): ComponentType<FileControlProps> {
  return function CurrentFileControl(props: FileControlProps) {
    const loaded = useSyncExternalStore(onDecapChange, loadedMedia);
    const { getAsset } = props;
    // A new function each time the media store changes: Decap redraws the picture.
    const freshGetAsset = useMemo(
      () =>
        (...args: unknown[]) =>
          getAsset(...args),
      [getAsset, loaded],
    );
    const name = forImage ? currentFileName(props.value) : undefined;
    return (
      <>
        <Control {...props} getAsset={freshGetAsset} />
        {name ? (
          <p className="editor-current-file">
            Current file: <span>{name}</span>
          </p>
        ) : null}
      </>
    );
  };
}
