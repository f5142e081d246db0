// The four kinds of media that content files refer to, by file name with its
// extension ("home-hero.jpg", "anbi.svg"): the folder of content/media/ each
// kind lives in, the extensions it accepts, and the JSON Schema definition that
// every content schema uses for a field of that kind (with the `editor`
// annotation the editor's configuration is generated from). One table, read by
// build-media.mjs (which files it turns into site media), the content checks
// (which files must exist) and the tests that keep the schemas in line with it.
// Plain module, no Node built-ins: the editor may import it in the browser.

/** @typedef {"image" | "logo" | "video" | "document"} MediaKind */

/**
 * @typedef {object} MediaKindInfo
 * @property {string} folder folder under content/media/
 * @property {readonly string[]} extensions accepted extensions, lower-case, without the dot
 * @property {string} definition name of the schema definition for a field of this kind
 * @property {"image" | "file"} widget the editor's widget for such a field
 * @property {string} description the field hint the editor shows
 * @property {string} message what the editor says when a value does not fit the pattern
 */

/** @type {Readonly<Record<MediaKind, MediaKindInfo>>} */
export const mediaKinds = Object.freeze({
  image: {
    folder: "images",
    extensions: ["jpg", "jpeg", "png"],
    definition: "imageFile",
    widget: "image",
    description:
      "A photo or illustration (JPEG or PNG) from the image library. Upload the largest version you have: the site makes the smaller sizes each screen needs.",
    message:
      "Choose a JPEG or PNG image whose file name uses only lower-case letters, digits and single hyphens, e.g. office-dublin.jpg. Rename the file on your computer and upload it again if it does not.",
  },
  logo: {
    folder: "logos",
    extensions: ["svg"],
    definition: "logoFile",
    widget: "image",
    description:
      "A logo as an SVG file from the logo library, preferably the organisation's official logo with its text converted to outlines.",
    message:
      "Choose an SVG logo whose file name uses only lower-case letters, digits and single hyphens, e.g. sina.svg. Other formats (PNG, JPEG) cannot be used as a logo.",
  },
  video: {
    folder: "video",
    extensions: ["mp4"],
    definition: "videoFile",
    widget: "file",
    description:
      "A short MP4 video (H.264, without sound, a few megabytes at most). It needs a poster image: the still shown before it plays.",
    message:
      "Choose an MP4 video whose file name uses only lower-case letters, digits and single hyphens, e.g. charity-intro.mp4.",
  },
  document: {
    folder: "documents",
    extensions: ["pdf"],
    definition: "documentFile",
    widget: "file",
    description:
      "A PDF document for download. Its file name is part of its web address: keep the name when you replace it with a new version of the same document.",
    message:
      "Choose a PDF whose file name uses only lower-case letters, digits and single hyphens, e.g. code-of-conduct.pdf. Save other formats as PDF first.",
  },
});

/** A media name: lower-case kebab-case (a-z, 0-9, single hyphens). */
export const MEDIA_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The pattern a file name of this kind must match, as the schemas state it.
 * @param {MediaKind} kind
 */
export function filePattern(kind) {
  const { extensions } = mediaKinds[kind];
  const ext = extensions.length === 1 ? extensions[0] : `(${extensions.join("|")})`;
  return `^[a-z0-9]+(-[a-z0-9]+)*\\.${ext}$`;
}

/**
 * The schema definition for a field of this kind, exactly as every content
 * schema must carry it (a test compares them).
 * @param {MediaKind} kind
 */
export function mediaDefinition(kind) {
  const k = mediaKinds[kind];
  return {
    description: k.description,
    type: "string",
    pattern: filePattern(kind),
    editor: { widget: k.widget, folder: k.folder, message: k.message },
  };
}

/**
 * The kind of media a folder of content/media/ holds.
 * @param {string} folder
 * @returns {MediaKind | undefined}
 */
export function kindOfFolder(folder) {
  return /** @type {MediaKind[]} */ (Object.keys(mediaKinds)).find(
    (kind) => mediaKinds[kind].folder === folder,
  );
}

/**
 * A file name split at its last dot: `{ name: "home-hero", extension: "jpg" }`;
 * the extension is "" when there is none.
 * @param {string} file
 */
export function splitFileName(file) {
  const dot = file.lastIndexOf(".");
  return dot > 0
    ? { name: file.slice(0, dot), extension: file.slice(dot + 1) }
    : { name: file, extension: "" };
}
