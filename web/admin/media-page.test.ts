import { afterEach, describe, expect, it, vi } from "vitest";
import {
  MEDIA_PAGE_READ_ONLY,
  isDeleteButton,
  isMediaRoute,
  mediaPageWrites,
  onMediaPage,
  type LibraryState,
} from "./media-page";
import { installUploadGuard } from "./upload-guard";

describe("isMediaRoute", () => {
  it("matches #/media only", () => {
    expect(isMediaRoute("/media")).toBe(true);
    expect(isMediaRoute("/media/")).toBe(true);
    expect(isMediaRoute("/mediax")).toBe(false);
    expect(isMediaRoute("/collections/media")).toBe(false);
  });
});

describe("mediaPageWrites", () => {
  it("is off with the GitHub backend only (the rule on main refuses its commits)", () => {
    expect(mediaPageWrites("github")).toBe(false);
    expect(mediaPageWrites("proxy")).toBe(true);
    expect(mediaPageWrites(undefined)).toBe(true);
  });
});

describe("onMediaPage", () => {
  it.each([
    ["open, no field (the header's Media button, #/media)", { open: true, controlID: "" }, true],
    ["open for a field's control", { open: true, controlID: "ctl-42" }, false],
    ["closed", { open: false, controlID: "" }, false],
    ["closed after a field used it", { open: false, controlID: "ctl-42" }, false],
  ])("%s -> %s", (_, library, want) => {
    expect(onMediaPage(library)).toBe(want);
  });
});

/** The library as Decap's state has it, set by each test (./decap-internals.ts mediaLibrary). */
let library: LibraryState = { open: false, controlID: "" };
const readLibrary = () => library;
const mediaPage = () => (library = { open: true, controlID: "" });
const fieldsLibrary = () => (library = { open: true, controlID: "ctl-42" });

function button(text: string): HTMLButtonElement {
  const b = document.createElement("button");
  b.innerHTML = `<span>${text}</span>`;
  document.body.append(b);
  return b;
}

function fileInput(name: string, type: string): HTMLInputElement {
  const input = document.createElement("input");
  input.type = "file";
  const file = new File(["x"], name, { type });
  Object.defineProperty(input, "files", { value: [file] });
  document.body.append(input);
  return input;
}

/** The guard as main.tsx installs it, reporting to `report`. */
function guard(report: (message: string) => void, mediaPageWrites: boolean) {
  return installUploadGuard({
    defaultFolder: "/content/media/images",
    library: readLibrary,
    deleteLabel: "Delete selected",
    report,
    mediaPageWrites,
  });
}

describe("the upload guard on the site (GitHub backend)", () => {
  let uninstall: (() => void) | undefined;
  afterEach(() => {
    uninstall?.();
    document.body.innerHTML = "";
    library = { open: false, controlID: "" };
  });

  it("refuses an upload on the Media page, before Decap sees it", () => {
    const report = vi.fn();
    uninstall = guard(report, false);
    mediaPage();
    const input = fileInput("anna-de-vries.jpg", "image/jpeg");
    const decap = vi.fn();
    input.addEventListener("change", decap);
    input.dispatchEvent(new Event("change", { bubbles: true }));
    expect(report).toHaveBeenCalledWith(MEDIA_PAGE_READ_ONLY);
    expect(decap).not.toHaveBeenCalled();
  });

  it("lets an upload from a field through (it goes with the entry's draft)", () => {
    const report = vi.fn();
    uninstall = guard(report, false);
    fieldsLibrary();
    const input = fileInput("anna-de-vries.jpg", "image/jpeg");
    const decap = vi.fn();
    input.addEventListener("change", decap);
    input.dispatchEvent(new Event("change", { bubbles: true }));
    expect(report).not.toHaveBeenCalled();
    expect(decap).toHaveBeenCalled();
  });

  it("refuses the media library's Delete selected, not other delete buttons", () => {
    const report = vi.fn();
    uninstall = guard(report, false);
    const del = button("Delete selected");
    const decap = vi.fn();
    del.addEventListener("click", decap);
    del.querySelector("span")!.click();
    expect(report).toHaveBeenCalledWith(MEDIA_PAGE_READ_ONLY);
    expect(decap).not.toHaveBeenCalled();

    report.mockClear();
    const entry = button("Delete entry");
    const entryDecap = vi.fn();
    entry.addEventListener("click", entryDecap);
    entry.click();
    expect(report).not.toHaveBeenCalled();
    expect(entryDecap).toHaveBeenCalled();
  });
});

describe("the upload guard with the local backend (make edit)", () => {
  it("lets the Media page upload and delete", () => {
    const report = vi.fn();
    const uninstall = guard(report, true);
    mediaPage();
    const input = fileInput("anna-de-vries.jpg", "image/jpeg");
    input.dispatchEvent(new Event("change", { bubbles: true }));
    button("Delete selected").click();
    expect(report).not.toHaveBeenCalled();
    uninstall();
    library = { open: false, controlID: "" };
  });
});

describe("isDeleteButton", () => {
  it("is false for what is not a button", () => {
    expect(isDeleteButton(null, "Delete selected")).toBe(false);
    expect(isDeleteButton(document.createElement("div"), "Delete selected")).toBe(false);
  });
});
