// What a paste into a Markdown field may bring. Decap's rich-text editor turns
// pasted HTML into its own nodes, and fails on two things a web page or a Word
// document brings: a picture becomes an image node its renderer cannot draw
// (decap-cms-widget-markdown: withHtml.js makes `{ type: "image", url }`,
// renderers.js reads `element.data.url`: "Cannot destructure property 'url'",
// the whole editor replaced by its error screen), and a table, which it does
// not know, becomes loose text that Slate moves behind the blocks around it
// ("OfficePeopleAmsterdam40" at the end). So the paste is rewritten first into
// the few blocks the field can hold, in the order they came:
// - headings (h1-h3 as the field's larger heading, h4-h6 as its smaller one),
//   paragraphs, bulleted and numbered lists, with bold, italic and links;
// - a table as one paragraph per row, its cells joined by " – ";
// - pictures left out (counted, so the editor can say so);
// - everything else (styles, Word's markup, spans, divs) reduced to its text.

/** The HTML the field is given instead of the clipboard's, and what was left out. */
export interface CleanPaste {
  html: string;
  /** Pictures (img, svg, picture, Word's v:shape) the paste had. */
  pictures: number;
}

/** h1-h3 as the field's larger heading, h4-h6 as its smaller one. */
const headingFor = (name: string) =>
  /^H[1-6]$/.test(name) ? (name <= "H3" ? "h3" : "h4") : undefined;
const names = (list: string) => new Set(list.trim().split(/\s+/));
/** Elements that end the line before them and start a paragraph. */
const BLOCKS = names(`P DIV SECTION ARTICLE HEADER FOOTER MAIN ASIDE NAV BLOCKQUOTE PRE FIGURE
  FIGCAPTION ADDRESS DL DT DD HR CENTER FORM FIELDSET`);
/** Elements left out with everything in them. */
const DROPPED = names(`HEAD STYLE SCRIPT TEMPLATE TITLE META LINK NOSCRIPT IFRAME OBJECT EMBED
  VIDEO AUDIO CANVAS BUTTON SELECT INPUT TEXTAREA XML`);
const PICTURES = new Set(["IMG", "SVG", "PICTURE", "V:SHAPE", "V:IMAGEDATA", "O:OLEOBJECT"]);
const CELL_SEPARATOR = " – ";

/** A link target the site accepts in a Markdown field: a path, https/http, or mailto. */
export function safeHref(href: string | null): string | undefined {
  const value = href?.trim();
  if (!value) return undefined;
  if (/^(https?:|mailto:)/i.test(value) || /^\/(?!\/)/.test(value)) return value;
  return undefined;
}

function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function escapeAttr(text: string): string {
  return escapeText(text).replace(/"/g, "&quot;");
}

function isBold(el: Element): boolean {
  const weight = (el as HTMLElement).style?.fontWeight;
  if (weight) return weight === "bold" || weight === "bolder" || Number(weight) >= 600;
  return el.nodeName === "STRONG" || el.nodeName === "B";
}

function isItalic(el: Element): boolean {
  const style = (el as HTMLElement).style?.fontStyle;
  if (style) return style === "italic" || style === "oblique";
  return el.nodeName === "EM" || el.nodeName === "I";
}

class Writer {
  blocks: string[] = [];
  pictures = 0;
  /** The inline HTML of the paragraph being collected. */
  private line = "";

  /** Ends the paragraph being collected, if it has any text. */
  flush(): void {
    const text = this.line.replace(/\s+/g, " ").trim();
    if (text && text !== "<br>") this.blocks.push(`<p>${text}</p>`);
    this.line = "";
  }

  /** The inline HTML of a node's children (text, bold, italic, links, line breaks). */
  inline(node: Node): string {
    let out = "";
    for (const child of Array.from(node.childNodes)) out += this.inlineNode(child);
    return out;
  }

  private inlineNode(node: Node): string {
    if (node.nodeType === 3) return escapeText((node.textContent ?? "").replace(/\s+/g, " "));
    if (node.nodeType !== 1) return "";
    const el = node as Element;
    const name = el.nodeName.toUpperCase();
    if (DROPPED.has(name)) return "";
    if (PICTURES.has(name)) {
      this.pictures += 1;
      return "";
    }
    if (name === "BR") return "<br>";
    let inner = this.inline(el);
    if (!inner.trim()) return inner ? " " : "";
    if (name === "A") {
      const href = safeHref(el.getAttribute("href"));
      if (href) inner = `<a href="${escapeAttr(href)}">${inner}</a>`;
    }
    // Word and Google Docs mark a whole document <b style="font-weight:normal">.
    if (isBold(el)) inner = `<strong>${inner}</strong>`;
    if (isItalic(el)) inner = `<em>${inner}</em>`;
    return inner;
  }

  /** A node at block level: blocks start paragraphs of their own, inline content joins the line. */
  block(node: Node): void {
    if (node.nodeType === 3) {
      this.line += escapeText((node.textContent ?? "").replace(/\s+/g, " "));
      return;
    }
    if (node.nodeType !== 1) return;
    const el = node as Element;
    const name = el.nodeName.toUpperCase();
    if (DROPPED.has(name)) return;
    if (PICTURES.has(name)) {
      this.pictures += 1;
      return;
    }
    const heading = headingFor(name);
    if (heading) {
      this.flush();
      const text = this.inline(el).replace(/\s+/g, " ").trim();
      if (text) this.blocks.push(`<${heading}>${text}</${heading}>`);
      return;
    }
    if (name === "UL" || name === "OL") {
      this.flush();
      const list = this.list(el);
      if (list) this.blocks.push(list);
      return;
    }
    if (name === "TABLE") {
      this.flush();
      this.table(el);
      return;
    }
    if (name === "LI") {
      // A list item outside a list: a paragraph.
      this.flush();
      this.children(el);
      this.flush();
      return;
    }
    if (BLOCKS.has(name)) {
      this.flush();
      this.children(el);
      this.flush();
      return;
    }
    if (name === "BR") {
      this.flush();
      return;
    }
    // Inline at block level (a span, a link, bold text): part of the line, unless
    // it holds blocks (Google Docs wraps a whole document in <b>).
    if (el.querySelector("p, div, h1, h2, h3, h4, h5, h6, ul, ol, table, li, blockquote")) {
      this.children(el);
      return;
    }
    this.line += this.inlineNode(el);
  }

  children(el: Element): void {
    for (const child of Array.from(el.childNodes)) this.block(child);
  }

  private list(el: Element): string {
    const tag = el.nodeName.toUpperCase() === "OL" ? "ol" : "ul";
    const items: string[] = [];
    for (const child of Array.from(el.children)) {
      const name = child.nodeName.toUpperCase();
      if (name === "UL" || name === "OL") {
        // A list directly in a list (as some editors write it): its items join this one.
        const nested = this.list(child);
        if (nested) items.push(nested.replace(/^<[ou]l>|<\/[ou]l>$/g, ""));
        continue;
      }
      // An item's own text, and its nested lists after it, flattened to one level:
      // the site's Markdown fields keep lists one level deep.
      const own = child.cloneNode(true) as Element;
      const nestedLists = Array.from(own.querySelectorAll("ul, ol"));
      for (const nested of nestedLists) nested.remove();
      const text = this.inline(own).replace(/\s+/g, " ").trim();
      if (text && text !== "<br>") items.push(`<li>${text}</li>`);
      for (const nested of Array.from(child.querySelectorAll(":scope > ul, :scope > ol"))) {
        const inner = this.list(nested);
        if (inner) items.push(inner.replace(/^<[ou]l>|<\/[ou]l>$/g, ""));
      }
    }
    return items.length > 0 ? `<${tag}>${items.join("")}</${tag}>` : "";
  }

  private table(el: Element): void {
    const caption = el.querySelector("caption");
    if (caption) {
      const text = this.inline(caption).replace(/\s+/g, " ").trim();
      if (text) this.blocks.push(`<p>${text}</p>`);
    }
    for (const row of Array.from(el.querySelectorAll("tr"))) {
      // Rows of a table inside this one are written where that table is.
      if (row.closest("table") !== el) continue;
      const cells = Array.from(row.children)
        .filter((cell) => cell.nodeName === "TD" || cell.nodeName === "TH")
        .map((cell) => this.inline(cell).replace(/\s+/g, " ").trim())
        .filter((text) => text && text !== "<br>");
      if (cells.length > 0) this.blocks.push(`<p>${cells.join(CELL_SEPARATOR)}</p>`);
    }
  }
}

/**
 * The pasted HTML as the blocks a Markdown field holds, in order, and how many
 * pictures were left out. `doc` parses it (the page's own DOMParser in the editor).
 */
export function cleanPastedHtml(html: string, parser: DOMParser = new DOMParser()): CleanPaste {
  const doc = parser.parseFromString(html, "text/html");
  const writer = new Writer();
  writer.children(doc.body);
  writer.flush();
  return { html: writer.blocks.join(""), pictures: writer.pictures };
}

/** The message shown when pictures were left out of a paste. */
export function picturesLeftOut(count: number): string {
  const what = count === 1 ? "1 picture" : `${count} pictures`;
  return `The pasted text had ${what}, which this text cannot hold: the text was pasted without ${count === 1 ? "it" : "them"}. Photos go in the photo fields.`;
}
