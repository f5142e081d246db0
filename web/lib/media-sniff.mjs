// What a file really is, from its first bytes rather than its name: a photo
// renamed to .jpg (a PDF, an iPhone's HEIC, a WebP) is refused by the editor
// before it is uploaded (admin/upload-guard.tsx) and named with its field by
// the build (content-checks/fields.mjs) if one got in anyway. For JPEG and PNG
// the size in pixels too, for the warning on a photo too small to be shown
// sharply. Plain module, no Node built-ins: it runs in the editor too.

/** @typedef {"jpeg" | "png" | "pdf" | "heic" | "webp" | "gif" | "avif" | "tiff" | "svg" | "mp4" | "unknown"} FileKind */

/** The bytes the editor reads of a file to tell what it is and its size (a JPEG's size may follow its EXIF block). */
export const SNIFF_BYTES = 256 * 1024;

const ascii = (/** @type {Uint8Array} */ b, /** @type {number} */ at, /** @type {number} */ n) =>
  String.fromCharCode(...b.subarray(at, at + n));

/**
 * The kind of a file by its first bytes.
 * @param {Uint8Array} b
 * @returns {FileKind}
 */
export function fileKind(b) {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b.length >= 8 && ascii(b, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(b, 0, 5) === "%PDF-") return "pdf";
  if (ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP") return "webp";
  if (ascii(b, 0, 4) === "GIF8") return "gif";
  if (ascii(b, 0, 4) === "II*\0" || ascii(b, 0, 4) === "MM\0*") return "tiff";
  if (ascii(b, 4, 4) === "ftyp") {
    const brand = ascii(b, 8, 4);
    if (/^(heic|heix|hevc|heim|heis|mif1|msf1)$/.test(brand)) return "heic";
    if (/^avi[fs]$/.test(brand)) return "avif";
    return "mp4";
  }
  if (
    /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/.test(
      ascii(b, 0, Math.min(b.length, 512)),
    )
  )
    return "svg";
  return "unknown";
}

/** How staff know each kind of file. */
export const kindNames = /** @type {Record<FileKind, string>} */ ({
  jpeg: "a JPEG photo",
  png: "a PNG image",
  pdf: "a PDF document",
  heic: "an iPhone photo in HEIC format",
  webp: "a WebP image",
  gif: "a GIF image",
  avif: "an AVIF image",
  tiff: "a TIFF image",
  svg: "an SVG drawing",
  mp4: "a video",
  unknown: "not a file type the site can use",
});

/**
 * The width and height of a JPEG or PNG, from its header (undefined when the
 * bytes do not reach it). A JPEG's EXIF orientation is not applied.
 * @param {Uint8Array} b
 * @returns {{ width: number, height: number } | undefined}
 */
export function imageSize(b) {
  const kind = fileKind(b);
  const u16 = (/** @type {number} */ at) => (b[at] << 8) | b[at + 1];
  if (kind === "png" && b.length >= 24) {
    const u32 = (/** @type {number} */ at) =>
      ((b[at] << 24) >>> 0) + (b[at + 1] << 16) + (b[at + 2] << 8) + b[at + 3];
    return { width: u32(16), height: u32(20) };
  }
  if (kind !== "jpeg") return undefined;
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1];
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // Start of frame (baseline, progressive, ...), not DHT (c4), JPG (c8) or DAC (cc).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: u16(at + 5), width: u16(at + 7) };
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    at += 2 + u16(at + 2);
  }
  return undefined;
}

/**
 * Why a file named as a photo is not one the site can use, or undefined.
 * @param {string} name the file name ("anna.jpg")
 * @param {Uint8Array} bytes its first bytes (SNIFF_BYTES are enough)
 */
export function notAPhoto(name, bytes) {
  const kind = fileKind(bytes);
  if (kind === "jpeg" || kind === "png") return undefined;
  const what = kind === "unknown" ? "not a photo at all" : kindNames[kind];
  return `"${name}" is named like a photo but is ${what}. Save it as a JPEG or PNG (for example with "Export" or "Save as" in your photo program) and upload that file.`;
}

/**
 * A warning for a photo narrower than its field asks, or undefined.
 * @param {string} name
 * @param {{ width: number, height: number } | undefined} size
 * @param {number} minWidth
 */
export function tooSmall(name, size, minWidth) {
  if (!size || size.width >= minWidth) return undefined;
  return `"${name}" is only ${size.width} x ${size.height} pixels; this photo is shown up to ${minWidth} pixels wide, so it needs a photo at least ${minWidth} pixels wide. Choose or upload a larger version (the site makes the smaller sizes itself).`;
}
