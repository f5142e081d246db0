#!/usr/bin/env node
// Generates the six downloadable PDFs in content/media/documents/ from the texts
// in documents-text.mjs, with pdfkit: A4, a title page, headings with PDF
// bookmarks, page numbers, title metadata. CreationDate/ModDate are fixed and the
// file ID is derived from them, so a run writes the same bytes every time.
//
//   web/node_modules/.bin/node content/media/generate/documents.mjs [name ...]
import { createRequire } from "node:module";
import { createWriteStream, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { documents } from "./documents-text.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../../..");
const require = createRequire(join(root, "web/package.json"));
const PDFDocument = require("pdfkit");

const OUT = join(root, "content/media/documents");
const FIRM = "Veldhaven Capital Partners";
const NAVY = "#0f2a3d", SAND = "#e4d6bc", GREY = "#7b756c", INK = "#1f2a30", GREEN = "#5f735e";
const M = 64; // page margin, points

function render(d) {
  const date = new Date(d.date + "T12:00:00Z");
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: M, bottom: M + 16, left: M, right: M },
    bufferPages: true,
    autoFirstPage: true,
    lang: "en-GB",
    displayTitle: true,
    pdfVersion: "1.7",
    info: {
      Title: d.title,
      Author: FIRM,
      Subject: d.subject,
      Keywords: d.keywords ?? "",
      Creator: `${FIRM} document generator`,
      Producer: "PDFKit",
      CreationDate: date,
      ModDate: date,
    },
  });
  const W = doc.page.width, H = doc.page.height;

  // ---- title page ----
  doc.rect(0, 0, W, 250).fill(NAVY);
  doc.roundedRect(M, 64, 30, 30, 5).fill(SAND);
  doc.moveTo(M + 7, 71).lineTo(M + 15, 86).lineTo(M + 23, 71).lineWidth(3).strokeColor(NAVY).stroke();
  doc.fillColor(SAND).font("Times-Roman").fontSize(22).text("Veldhaven", M + 42, 66, { lineBreak: false });
  doc.font("Helvetica").fontSize(7.5).fillColor("#cdb893").text("CAPITAL PARTNERS", M + 43, 90, { characterSpacing: 2.4, lineBreak: false });
  doc.fillColor("#ffffff").font("Helvetica-Bold").fontSize(26).text(d.title, M, 150, { width: W - 2 * M });
  doc.fillColor(NAVY).font("Helvetica").fontSize(13).text(d.subtitle, M, 290, { width: W - 2 * M });
  doc.moveDown(0.6).fillColor(GREY).fontSize(10.5).text(d.meta, { width: W - 2 * M, lineGap: 3 });
  doc.page.margins.bottom = 0; // the address block sits in the bottom margin
  doc.fillColor(GREY).fontSize(8.5).text(
    `${FIRM} · Generaal Vetterstraat 74, 1059 BW Amsterdam, the Netherlands\nOffices in Amsterdam, Dublin, Copenhagen and Helsinki`,
    M, H - 120, { width: W - 2 * M, lineGap: 2 },
  );
  doc.fillColor(GREEN).fontSize(8).text(
    "Placeholder document generated for the website. Replace it with the approved version.",
    M, H - 88, { width: W - 2 * M },
  );

  // ---- body ----
  doc.page.margins.bottom = M + 16;
  doc.addPage();
  const width = W - 2 * M;
  const ensure = (h) => { if (doc.y + h > H - M - 16) doc.addPage(); };
  for (const s of d.sections) {
    ensure(70);
    if (doc.y > M + 1) doc.moveDown(0.8);
    doc.outline.addItem(s.heading);
    doc.fillColor(NAVY).font("Helvetica-Bold").fontSize(s.level === 2 ? 11.5 : 14).text(s.heading, M, doc.y, { width });
    doc.moveDown(0.35);
    for (const block of s.body) {
      if (Array.isArray(block)) {
        for (const item of block) {
          ensure(24);
          const y = doc.y;
          doc.fillColor(GREEN).font("Helvetica").fontSize(10.5).text("•", M + 4, y, { lineBreak: false });
          doc.fillColor(INK).text(item, M + 18, y, { width: width - 18, lineGap: 2.5 });
          doc.moveDown(0.25);
        }
        doc.moveDown(0.3);
      } else {
        ensure(30);
        doc.fillColor(INK).font("Helvetica").fontSize(10.5).text(block, M, doc.y, { width, lineGap: 2.5, align: "left" });
        doc.moveDown(0.6);
      }
    }
  }

  // ---- footers (not on the title page) ----
  const range = doc.bufferedPageRange();
  for (let i = 1; i < range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.fillColor(GREY).font("Helvetica").fontSize(8);
    doc.text(`${FIRM} · ${d.title}`, M, H - 48, { width: width - 60, lineBreak: false });
    doc.text(`${i + 1} / ${range.count}`, W - M - 60, H - 48, { width: 60, align: "right", lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  return doc;
}

async function main() {
  const only = new Set(process.argv.slice(2));
  mkdirSync(OUT, { recursive: true });
  for (const d of documents) {
    if (only.size && !only.has(d.name)) continue;
    const file = join(OUT, `${d.name}.pdf`);
    const doc = render(d);
    const pages = doc.bufferedPageRange().count;
    await new Promise((ok, fail) => {
      const out = createWriteStream(file);
      out.on("finish", ok).on("error", fail);
      doc.pipe(out);
      doc.end();
    });
    console.log(`${d.name}.pdf ${pages} pages`);
  }
}

main().catch((err) => {
  console.error(`documents: ${err.message}`);
  process.exit(1);
});
