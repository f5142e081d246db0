// Rules that follow from a field's schema definition, for every content file:
// the schemas mark media fields (`imageFile`, `logoFile`, `videoFile`,
// `documentFile`) and rich text (`markdown`) with an `editor` annotation
// (lib/content-schema.mjs); validation lists every value they apply to
// (`annotated`), so a new field of either kind is checked without code here.
// - A media field names a file that exists in its folder of content/media/.
// - A Markdown field stays inside the allow-list: no raw HTML, headings ### and
//   #### only, no images, links only to https:, http:, mailto:, tel: or a site
//   path (lib/content-markdown.mjs says why, in Markdown terms).
import { closeSync, existsSync, openSync, readSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { markdownProblems, markdownToHtml } from "../content-markdown.mjs";
import { kindOfFolder, splitFileName } from "../media-kinds.mjs";
import { notAPhoto, SNIFF_BYTES } from "../media-sniff.mjs";
import { unsafeHtmlReasons } from "../safe-html.mjs";
import { describeField } from "../content-rules.mjs";

/** The first bytes of a file, enough to tell what it is. */
function head(/** @type {string} */ path) {
  const fd = openSync(path, "r");
  try {
    const bytes = new Uint8Array(SNIFF_BYTES);
    return bytes.subarray(0, readSync(fd, bytes, 0, SNIFF_BYTES, 0));
  } finally {
    closeSync(fd);
  }
}

/** @type {import("../validate-content.mjs").ContentCheck} */
export function check(files, dir, annotated) {
  /** @type {import("../validate-content.mjs").ContentError[]} */
  const errors = [];
  /** @type {Map<string, string[]>} */
  const listings = new Map();
  /** Files in a folder of content/media/ (empty when it does not exist). */
  const filesIn = (/** @type {string} */ folder) => {
    let names = listings.get(folder);
    if (!names) {
      const path = join(dir, "media", folder);
      names = existsSync(path) ? readdirSync(path) : [];
      listings.set(folder, names);
    }
    return names;
  };

  for (const [file, values] of Object.entries(annotated)) {
    const data = files[file];
    for (const { path, value, editor } of values) {
      if (typeof value !== "string") continue;
      const err = (/** @type {string} */ reason) =>
        errors.push({ file, field: describeField(data, path), reason });

      // A photo field's file must really be a JPEG or PNG, whatever its name
      // says (a PDF, HEIC or WebP renamed .jpg), or the media build fails later
      // without naming the field.
      if (
        editor.folder !== undefined &&
        kindOfFolder(editor.folder) === "image" &&
        /\.(jpe?g|png)$/.test(value) &&
        filesIn(editor.folder).includes(value)
      ) {
        const why = notAPhoto(value, head(join(dir, "media", editor.folder, value)));
        if (why) err(`content/media/${editor.folder}/${value}: ${why}`);
      }
      if (editor.folder !== undefined && !filesIn(editor.folder).includes(value)) {
        const kind = kindOfFolder(editor.folder) ?? "file";
        const { name } = splitFileName(value);
        const other = filesIn(editor.folder).find((f) => splitFileName(f).name === name);
        err(
          `unknown ${kind} "${value}": no content/media/${editor.folder}/${value}` +
            (other ? ` (there is ${other}: use that file name)` : ""),
        );
      }

      if (editor.widget === "markdown") {
        const problems = markdownProblems(value);
        for (const reason of problems) err(reason);
        // Whatever else the sanitiser would remove (nothing, as long as the
        // Markdown rules above match the allow-list).
        if (problems.length === 0) {
          for (const reason of unsafeHtmlReasons(markdownToHtml(value))) {
            err(`renders to markup outside the allow-list: ${reason}`);
          }
        }
      }
    }
  }
  return errors;
}
