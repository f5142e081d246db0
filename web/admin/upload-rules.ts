// What each media folder accepts (issue 14): a photo must be a JPEG or PNG, a
// logo an SVG, a video an MP4, a document a PDF, and nothing over 10 MB. The
// editor checks a file before Decap uploads it, so a refused file never reaches
// content/media; the build checks the names again (content schemas).

export interface UploadRule {
  /** Lower-case extensions, with the dot. */
  extensions: readonly string[];
  /** MIME types a browser may report for them ("" when it reports none). */
  types: readonly string[];
  /** What the staff member is told, naming what is accepted. */
  what: string;
}

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const uploadRules: Record<string, UploadRule> = {
  images: {
    extensions: [".jpg", ".jpeg", ".png"],
    types: ["image/jpeg", "image/png"],
    what: "a photo (JPEG or PNG)",
  },
  logos: { extensions: [".svg"], types: ["image/svg+xml"], what: "a logo (SVG)" },
  video: { extensions: [".mp4"], types: ["video/mp4"], what: "a video (MP4)" },
  documents: { extensions: [".pdf"], types: ["application/pdf"], what: "a document (PDF)" },
};

/** The rule for a field's media folder ("/content/media/images" -> images), if any. */
export function ruleForFolder(mediaFolder: string | undefined): UploadRule | undefined {
  const folder = mediaFolder?.replace(/\/+$/, "").split("/").pop();
  return folder && Object.hasOwn(uploadRules, folder) ? uploadRules[folder] : undefined;
}

/** Why a file is refused, or undefined when it may be uploaded. */
export function refusal(
  file: { name: string; size: number; type: string },
  rule: UploadRule,
  maxBytes = MAX_UPLOAD_BYTES,
): string | undefined {
  const dot = file.name.lastIndexOf(".");
  const ext = dot >= 0 ? file.name.slice(dot).toLowerCase() : "";
  const typeOk = file.type === "" || rule.types.includes(file.type);
  if (!rule.extensions.includes(ext) || !typeOk) {
    return `"${file.name}" cannot be used here: choose ${rule.what}.`;
  }
  if (file.size > maxBytes) {
    const mb = (file.size / 1024 / 1024).toFixed(1);
    return `"${file.name}" is ${mb} MB; files up to ${maxBytes / 1024 / 1024} MB can be uploaded. Make it smaller and try again.`;
  }
  return undefined;
}
