// What each media folder accepts: the kinds of lib/media-kinds.mjs
// (a photo JPEG or PNG, a logo SVG, a video MP4, a document PDF, each named in
// lower-case kebab-case) and nothing over 10 MB. The editor checks a file before
// Decap uploads it, so a refused file never reaches content/media; the schemas
// and the build check the names again.
import { filePattern, kindOfFolder, mediaKinds, type MediaKind } from "../lib/media-kinds.mjs";
import { imageSize, notAPhoto, SNIFF_BYTES, tooSmall } from "../lib/media-sniff.mjs";

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** MIME types a browser reports for the accepted extensions ("" when it reports none). */
const MIME: Record<string, readonly string[]> = {
  jpg: ["image/jpeg"],
  jpeg: ["image/jpeg"],
  png: ["image/png"],
  svg: ["image/svg+xml"],
  mp4: ["video/mp4"],
  pdf: ["application/pdf"],
};

export interface UploadRule {
  kind: MediaKind;
  /** Lower-case extensions, without the dot. */
  extensions: readonly string[];
  /** The file name pattern of the kind's schema definition. */
  pattern: RegExp;
  /** What the staff member is told when a file does not fit. */
  message: string;
}

function ruleOf(kind: MediaKind): UploadRule {
  const { extensions, message } = mediaKinds[kind];
  return { kind, extensions, pattern: new RegExp(filePattern(kind)), message };
}

/** The rule for a field's media folder ("/content/media/images" -> image), if any. */
export function ruleForFolder(mediaFolder: string | undefined): UploadRule | undefined {
  const folder = mediaFolder?.replace(/\/+$/, "").split("/").pop();
  const kind = folder ? kindOfFolder(folder) : undefined;
  return kind ? ruleOf(kind) : undefined;
}

/** Why a file is refused, or undefined when it may be uploaded. */
export function refusal(
  file: { name: string; size: number; type: string },
  rule: UploadRule,
  maxBytes = MAX_UPLOAD_BYTES,
): string | undefined {
  const extension = file.name.slice(file.name.lastIndexOf(".") + 1);
  const types = MIME[extension] ?? [];
  const typeOk = file.type === "" || types.includes(file.type);
  if (!rule.extensions.includes(extension) || !typeOk || !rule.pattern.test(file.name)) {
    return `"${file.name}" cannot be used here. ${rule.message}`;
  }
  if (file.size > maxBytes) {
    const mb = (file.size / 1024 / 1024).toFixed(1);
    return `"${file.name}" is ${mb} MB; files up to ${maxBytes / 1024 / 1024} MB can be uploaded. Make it smaller and try again.`;
  }
  return undefined;
}

/**
 * Why a photo's own bytes refuse it, or undefined: it is not really a JPEG or
 * PNG (a renamed PDF, HEIC or WebP), or it is narrower than `minWidth`, the
 * widest its field shows it.
 */
export async function photoRefusal(
  file: Blob & { name: string },
  minWidth: number | undefined,
): Promise<string | undefined> {
  const bytes = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return (
    notAPhoto(file.name, bytes) ??
    (minWidth ? tooSmall(file.name, imageSize(bytes), minWidth) : undefined)
  );
}
