import { describe, expect, it } from "vitest";
import { isLocalEditor, localPhrases } from "./local-editor";

describe("isLocalEditor", () => {
  it("tells the local backend's config from GitHub's", () => {
    expect(isLocalEditor({ backend: { name: "proxy" } })).toBe(true);
    expect(isLocalEditor({ backend: { name: "github" } })).toBe(false);
    expect(isLocalEditor({ backend: { name: "github" }, local_backend: { url: "x" } })).toBe(true);
  });
});

describe("localPhrases", () => {
  it("names the save action Save, as docs/editing.md does", () => {
    expect(localPhrases.editor.editorToolbar.publish).toBe("Save");
    expect(Object.values(localPhrases.editor.editorToolbar).join(" ")).not.toMatch(/publish/i);
  });
});
