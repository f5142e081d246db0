// Installs ./paste-clean in front of Decap's rich-text editor (Slate): a paste
// that carries HTML is stopped before Slate sees it and handed to Slate again
// as the cleaned HTML, through the same path a browser paste takes (a
// `beforeinput` of type insertFromPaste, whose DataTransfer Slate reads).
import { pasteIntoRichText, richTextAt } from "./decap-internals";
import { cleanPastedHtml, picturesLeftOut } from "./paste-clean";

/** Listens (capturing, on window) for pastes into a Markdown field's rich-text editor. */
export function installPasteGuard(report: (message: string) => void = (m) => window.alert(m)) {
  window.addEventListener(
    "paste",
    (event) => {
      const editable = richTextAt(event.target);
      const html = event.clipboardData?.getData("text/html");
      if (!editable || !html) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const clean = cleanPastedHtml(html);
      const data = new DataTransfer();
      if (clean.html) {
        data.setData("text/html", clean.html);
        data.setData("text/plain", event.clipboardData?.getData("text/plain") ?? "");
        pasteIntoRichText(editable, data);
      }
      if (clean.pictures > 0) report(picturesLeftOut(clean.pictures));
    },
    true,
  );
}
