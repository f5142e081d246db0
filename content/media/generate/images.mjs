#!/usr/bin/env node
// Generates the placeholder photographs in content/media/images/ from the spec
// list in images.json. Each image is an SVG composed here, rasterised by sharp and
// encoded as a mozjpeg JPEG. Everything is seeded from the image name, so a run
// writes the same bytes every time (on the same fonts and sharp version).
//
//   web/node_modules/.bin/node content/media/generate/images.mjs [name ...]
//
// With names, only those entries are (re)written. The firm's real photographs
// simply replace the generated files; delete the entry from images.json then.
import { createRequire } from "node:module";
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../../..");
const require = createRequire(join(root, "web/package.json"));
const sharp = require("sharp");

const OUT = join(root, "content/media/images");
const JPEG = { quality: 78, mozjpeg: true, chromaSubsampling: "4:2:0" };
const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

export const C = {
  navy: "#0f2a3d",
  navy2: "#1d4157",
  navy3: "#2f5a73",
  sand: "#e4d6bc",
  sand2: "#cdb893",
  sand3: "#b08d57",
  green: "#7f927a",
  green2: "#5f735e",
  green3: "#a9b8a0",
  grey: "#a8a196",
  grey2: "#d6d0c4",
  grey3: "#7b756c",
  cream: "#f3eee4",
  brick: "#8c6f5a",
};

// ---------- deterministic helpers ----------
function hash32(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.range = (lo, hi) => lo + (hi - lo) * next();
  next.int = (lo, hi) => Math.floor(next.range(lo, hi + 1));
  next.pick = (arr) => arr[Math.floor(next() * arr.length)];
  return next;
}
const f = (n) => (Math.round(n * 10) / 10).toString();
const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function skyGradient(id, mood) {
  const stops = {
    day: [C.cream, C.sand],
    dusk: [C.navy2, C.sand3],
    night: [C.navy, C.navy2],
    winter: ["#e9ecec", C.grey2],
  }[mood ?? "day"];
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${stops[0]}"/><stop offset="1" stop-color="${stops[1]}"/></linearGradient>`;
}
function wavePath(w, h, base, amp, r, closeY) {
  const k1 = r.range(1.2, 2.4), k2 = r.range(3, 5), p1 = r.range(0, 6.28), p2 = r.range(0, 6.28);
  let d = `M0 ${f(closeY)}`;
  for (let i = 0; i <= 40; i++) {
    const x = (w * i) / 40;
    const t = i / 40;
    const y = base + amp * (Math.sin(t * k1 * Math.PI + p1) * 0.7 + Math.sin(t * k2 * Math.PI + p2) * 0.3);
    d += ` L${f(x)} ${f(y)}`;
  }
  return d + ` L${f(w)} ${f(closeY)} Z`;
}
function windows(x, y, w, h, cols, rows, fill, opacity, r) {
  let s = "";
  const gx = w / cols, gy = h / rows;
  for (let i = 0; i < cols; i++)
    for (let j = 0; j < rows; j++) {
      const lit = r ? (r() < 0.25 ? 0.95 : opacity) : opacity;
      s += `<rect x="${f(x + i * gx + gx * 0.22)}" y="${f(y + j * gy + gy * 0.2)}" width="${f(gx * 0.56)}" height="${f(gy * 0.6)}" fill="${fill}" opacity="${lit}"/>`;
    }
  return s;
}

// ---------- scenes ----------
const scenes = {
  canal(w, h, r, o) {
    const mood = o.mood ?? "day";
    const base = h * 0.64;
    const night = mood === "dusk" || mood === "night";
    const houseCols = o.variant === "nyhavn"
      ? ["#c9a46a", "#b4735a", "#7f927a", "#d6c28f", "#3f6275", "#c98f5f"]
      : [C.brick, C.navy2, C.grey3, C.sand3, "#6f5848", C.green2];
    let s = `<defs>${skyGradient("sky", mood)}<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${night ? C.navy2 : C.navy3}"/><stop offset="1" stop-color="${C.navy}"/></linearGradient></defs>`;
    s += `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
    if (!night) s += `<circle cx="${f(w * r.range(0.6, 0.85))}" cy="${f(h * 0.18)}" r="${f(h * 0.07)}" fill="${C.cream}" opacity="0.8"/>`;
    // houses
    let x = -r.range(0, w * 0.04);
    let houses = "";
    while (x < w) {
      const hw = w * r.range(0.07, 0.115);
      const hh = h * r.range(0.26, 0.42);
      const top = base - hh;
      const col = r.pick(houseCols);
      const gable = r.int(0, 3);
      let shape;
      if (gable === 0) shape = `M${f(x)} ${f(base)} V${f(top)} L${f(x + hw / 2)} ${f(top - hw * 0.45)} L${f(x + hw)} ${f(top)} V${f(base)} Z`;
      else if (gable === 1) {
        const st = hw / 6;
        shape = `M${f(x)} ${f(base)} V${f(top)} H${f(x + st)} V${f(top - st)} H${f(x + 2 * st)} V${f(top - 2 * st)} H${f(x + 4 * st)} V${f(top - st)} H${f(x + 5 * st)} V${f(top)} H${f(x + hw)} V${f(base)} Z`;
      } else if (gable === 2) shape = `M${f(x)} ${f(base)} V${f(top)} Q${f(x + hw * 0.1)} ${f(top - hw * 0.35)} ${f(x + hw * 0.3)} ${f(top - hw * 0.4)} V${f(top - hw * 0.6)} H${f(x + hw * 0.7)} V${f(top - hw * 0.4)} Q${f(x + hw * 0.9)} ${f(top - hw * 0.35)} ${f(x + hw)} ${f(top)} V${f(base)} Z`;
      else shape = `M${f(x)} ${f(base)} V${f(top - hw * 0.05)} H${f(x + hw)} V${f(base)} Z`;
      houses += `<path d="${shape}" fill="${col}"/>`;
      houses += `<path d="${shape}" fill="none" stroke="${C.navy}" stroke-opacity="0.25" stroke-width="${f(w * 0.0015)}"/>`;
      const rows = Math.max(3, Math.round(hh / (h * 0.075)));
      houses += windows(x + hw * 0.08, top + hh * 0.06, hw * 0.84, hh * 0.86, 3, rows, night ? "#f2d9a0" : C.cream, night ? 0.55 : 0.75, night ? r : null);
      x += hw;
    }
    s += `<g>${houses}</g>`;
    // quay, trees
    s += `<rect x="0" y="${f(base)}" width="${w}" height="${f(h * 0.025)}" fill="${C.grey3}"/>`;
    for (let i = 0; i < 6; i++) {
      const tx = w * (0.08 + i * 0.17 + r.range(-0.03, 0.03));
      const tr = h * r.range(0.05, 0.08);
      s += `<rect x="${f(tx - w * 0.003)}" y="${f(base - tr * 1.6)}" width="${f(w * 0.006)}" height="${f(tr * 1.6)}" fill="${C.navy}" opacity="0.7"/>`;
      s += `<circle cx="${f(tx)}" cy="${f(base - tr * 1.8)}" r="${f(tr)}" fill="${i % 2 ? C.green2 : C.green}" opacity="0.92"/>`;
    }
    // water and reflections
    const wy = base + h * 0.025;
    s += `<rect x="0" y="${f(wy)}" width="${w}" height="${f(h - wy)}" fill="url(#water)"/>`;
    s += `<g transform="translate(0 ${f(2 * wy)}) scale(1 -1)" opacity="0.18">${houses}</g>`;
    for (let i = 0; i < 26; i++) {
      const ly = wy + (h - wy) * r();
      const lx = w * r();
      s += `<rect x="${f(lx)}" y="${f(ly)}" width="${f(w * r.range(0.04, 0.16))}" height="${f(h * 0.004)}" fill="${C.cream}" opacity="${f(r.range(0.12, 0.3))}"/>`;
    }
    if (o.variant === "concert") {
      // floating stage and a string of lights
      const px = w * 0.3, pw = w * 0.4, py = wy + (h - wy) * 0.35;
      s += `<rect x="${f(px)}" y="${f(py)}" width="${f(pw)}" height="${f(h * 0.05)}" fill="${C.sand2}"/>`;
      s += `<path d="M${f(px + pw * 0.1)} ${f(py)} Q${f(px + pw / 2)} ${f(py - h * 0.2)} ${f(px + pw * 0.9)} ${f(py)} Z" fill="${C.cream}" opacity="0.85"/>`;
      for (let i = 0; i <= 24; i++) {
        const t = i / 24;
        const lx = t * w, ly = h * 0.1 + Math.sin(t * Math.PI * 3) ** 2 * h * 0.06;
        s += `<circle cx="${f(lx)}" cy="${f(ly)}" r="${f(h * 0.006)}" fill="#f2d9a0"/>`;
      }
    }
    if (o.variant === "north") {
      // a ferry crossing the IJ
      const bx = w * 0.55, by = wy + (h - wy) * 0.45;
      s += `<path d="M${f(bx)} ${f(by)} h${f(w * 0.22)} l${f(-w * 0.02)} ${f(h * 0.05)} h${f(-w * 0.18)} Z" fill="${C.cream}"/>`;
      s += `<rect x="${f(bx + w * 0.06)}" y="${f(by - h * 0.04)}" width="${f(w * 0.08)}" height="${f(h * 0.04)}" fill="${C.navy2}"/>`;
    }
    return s;
  },

  skyline(w, h, r, o) {
    const mood = o.mood ?? "day";
    const night = mood === "dusk" || mood === "night";
    let s = `<defs>${skyGradient("sky", mood)}</defs><rect width="${w}" height="${h}" fill="url(#sky)"/>`;
    const ground = h * 0.8;
    // far layer
    let x = 0;
    while (x < w) {
      const bw = w * r.range(0.04, 0.09), bh = h * r.range(0.2, 0.45);
      s += `<rect x="${f(x)}" y="${f(ground - bh)}" width="${f(bw + 1)}" height="${f(bh)}" fill="${night ? C.navy3 : C.grey2}" opacity="0.9"/>`;
      x += bw;
    }
    // near layer with window bands
    x = -w * 0.02;
    while (x < w) {
      const bw = w * r.range(0.07, 0.14), bh = h * r.range(0.3, 0.66);
      const col = r.pick(night ? [C.navy, C.navy2, "#233a4a"] : [C.navy2, C.grey3, C.green2, C.navy3]);
      const top = ground - bh;
      s += `<rect x="${f(x)}" y="${f(top)}" width="${f(bw)}" height="${f(bh)}" fill="${col}"/>`;
      const bands = Math.round(bh / (h * 0.035));
      for (let i = 1; i < bands; i++)
        s += `<rect x="${f(x + bw * 0.08)}" y="${f(top + i * (bh / bands))}" width="${f(bw * 0.84)}" height="${f(h * 0.008)}" fill="${night ? "#f2d9a0" : C.cream}" opacity="${night ? f(r.range(0.2, 0.7)) : "0.35"}"/>`;
      if (r() < 0.3) s += `<rect x="${f(x + bw * 0.45)}" y="${f(top - h * 0.06)}" width="${f(w * 0.003)}" height="${f(h * 0.06)}" fill="${col}"/>`;
      x += bw + w * r.range(0, 0.02);
    }
    if (mood === "winter") for (let i = 0; i < 60; i++) s += `<circle cx="${f(w * r())}" cy="${f(h * r() * 0.8)}" r="${f(h * r.range(0.002, 0.005))}" fill="#fff" opacity="0.8"/>`;
    s += `<rect x="0" y="${f(ground)}" width="${w}" height="${f(h - ground)}" fill="${night ? C.navy : C.grey3}"/>`;
    s += `<rect x="0" y="${f(ground + h * 0.06)}" width="${w}" height="${f(h * 0.01)}" fill="${C.sand}" opacity="0.5"/>`;
    return s;
  },

  facade(w, h, r, o) {
    const v = o.variant ?? "office";
    const dusk = o.mood === "dusk";
    let s = `<defs>${skyGradient("sky", dusk ? "dusk" : "day")}</defs><rect width="${w}" height="${h}" fill="url(#sky)"/>`;
    const wallCol = { residential: C.sand2, retail: C.brick, office: dusk ? C.navy2 : C.navy3, georgian: "#9a5b45" }[v];
    const left = w * 0.06, right = w * 0.94, top = h * (v === "office" ? 0.04 : 0.12);
    s += `<rect x="${f(left)}" y="${f(top)}" width="${f(right - left)}" height="${f(h - top)}" fill="${wallCol}"/>`;
    const cols = v === "georgian" ? 5 : v === "office" ? 9 : 6;
    const rows = v === "office" ? 9 : 5;
    const gx = (right - left) / cols, gy = (h - top) / rows;
    for (let i = 0; i < cols; i++)
      for (let j = 0; j < rows; j++) {
        const wx = left + i * gx, wy = top + j * gy;
        if (v === "retail" && j === rows - 1) continue;
        if (v === "georgian") {
          s += `<rect x="${f(wx + gx * 0.28)}" y="${f(wy + gy * 0.15)}" width="${f(gx * 0.44)}" height="${f(gy * 0.66)}" fill="${C.cream}" opacity="0.85"/>`;
          s += `<path d="M${f(wx + gx * 0.5)} ${f(wy + gy * 0.15)} V${f(wy + gy * 0.81)} M${f(wx + gx * 0.28)} ${f(wy + gy * 0.48)} H${f(wx + gx * 0.72)}" stroke="${C.navy}" stroke-width="${f(w * 0.003)}"/>`;
          continue;
        }
        const lit = dusk && r() < 0.35;
        s += `<rect x="${f(wx + gx * 0.12)}" y="${f(wy + gy * 0.12)}" width="${f(gx * 0.76)}" height="${f(gy * 0.68)}" fill="${lit ? "#f2d9a0" : C.cream}" opacity="${lit ? 0.85 : v === "office" ? 0.45 : 0.8}"/>`;
        if (v === "residential") {
          s += `<rect x="${f(wx + gx * 0.05)}" y="${f(wy + gy * 0.78)}" width="${f(gx * 0.9)}" height="${f(gy * 0.08)}" fill="${C.navy}" opacity="0.8"/>`;
          if (r() < 0.4) s += `<circle cx="${f(wx + gx * r.range(0.2, 0.8))}" cy="${f(wy + gy * 0.74)}" r="${f(gy * 0.07)}" fill="${C.green2}"/>`;
        }
      }
    if (v === "retail") {
      const y0 = top + (rows - 1) * gy;
      for (let i = 0; i < cols; i++) {
        const wx = left + i * gx;
        s += `<path d="M${f(wx + gx * 0.1)} ${f(h)} V${f(y0 + gy * 0.45)} A${f(gx * 0.4)} ${f(gx * 0.4)} 0 0 1 ${f(wx + gx * 0.9)} ${f(y0 + gy * 0.45)} V${f(h)} Z" fill="${C.cream}" opacity="0.9"/>`;
        s += `<rect x="${f(wx + gx * 0.05)}" y="${f(y0 + gy * 0.05)}" width="${f(gx * 0.9)}" height="${f(gy * 0.12)}" fill="${i % 2 ? C.green2 : C.navy}"/>`;
      }
    }
    if (v === "georgian") {
      const dx = left + gx * 2, dy = top + (rows - 1) * gy;
      s += `<path d="M${f(dx + gx * 0.25)} ${f(h)} V${f(dy + gy * 0.45)} A${f(gx * 0.25)} ${f(gx * 0.25)} 0 0 1 ${f(dx + gx * 0.75)} ${f(dy + gy * 0.45)} V${f(h)} Z" fill="${C.green2}"/>`;
    }
    return s;
  },

  interior(w, h, r, o) {
    let s = `<rect width="${w}" height="${h}" fill="${C.grey2}"/>`;
    // window wall with a city view
    const wx = w * 0.08, wy = h * 0.08, ww = w * 0.84, wh = h * 0.52;
    s += `<rect x="${f(wx)}" y="${f(wy)}" width="${f(ww)}" height="${f(wh)}" fill="${C.cream}"/>`;
    let x = wx;
    while (x < wx + ww) {
      const bw = ww * r.range(0.05, 0.1), bh = wh * r.range(0.2, 0.6);
      s += `<rect x="${f(x)}" y="${f(wy + wh - bh)}" width="${f(Math.min(bw, wx + ww - x))}" height="${f(bh)}" fill="${C.grey}" opacity="0.6"/>`;
      x += bw;
    }
    for (let i = 0; i <= 6; i++) s += `<rect x="${f(wx + (ww * i) / 6 - w * 0.004)}" y="${f(wy)}" width="${f(w * 0.008)}" height="${f(wh)}" fill="${C.navy}"/>`;
    s += `<rect x="${f(wx)}" y="${f(wy + wh - h * 0.006)}" width="${f(ww)}" height="${f(h * 0.012)}" fill="${C.navy}"/>`;
    // floor and table
    s += `<rect x="0" y="${f(h * 0.68)}" width="${w}" height="${f(h * 0.32)}" fill="${C.sand2}"/>`;
    s += `<path d="M${f(w * 0.18)} ${f(h * 0.8)} L${f(w * 0.82)} ${f(h * 0.8)} L${f(w * 0.9)} ${f(h * 0.92)} L${f(w * 0.1)} ${f(h * 0.92)} Z" fill="${C.navy2}"/>`;
    const people = o.variant === "people" ? 7 : 5;
    for (let i = 0; i < people; i++) {
      const px = w * (0.2 + (0.6 * (i + 0.5)) / people);
      const pr = h * 0.045;
      const col = r.pick([C.navy, C.green2, C.grey3, C.sand3, C.navy3]);
      s += `<circle cx="${f(px)}" cy="${f(h * 0.66)}" r="${f(pr)}" fill="${col}"/>`;
      s += `<path d="M${f(px - pr * 1.6)} ${f(h * 0.8)} Q${f(px - pr * 1.6)} ${f(h * 0.71)} ${f(px)} ${f(h * 0.71)} Q${f(px + pr * 1.6)} ${f(h * 0.71)} ${f(px + pr * 1.6)} ${f(h * 0.8)} Z" fill="${col}"/>`;
    }
    for (let i = 0; i < 3; i++) s += `<rect x="${f(w * (0.3 + i * 0.16))}" y="${f(h * 0.83)}" width="${f(w * 0.08)}" height="${f(h * 0.03)}" fill="${C.cream}" opacity="0.85"/>`;
    return s;
  },

  landscape(w, h, r, o) {
    let s = `<defs>${skyGradient("sky", o.mood ?? "day")}</defs><rect width="${w}" height="${h}" fill="url(#sky)"/>`;
    s += `<circle cx="${f(w * r.range(0.2, 0.8))}" cy="${f(h * 0.3)}" r="${f(Math.min(w, h) * 0.11)}" fill="${C.sand3}" opacity="0.55"/>`;
    const layers = [C.green3, C.green, C.green2, C.navy2];
    layers.forEach((col, i) => {
      const base = h * (0.45 + i * 0.12);
      s += `<path d="${wavePath(w, h, base, h * (0.06 - i * 0.01), r, h)}" fill="${col}"/>`;
      if (o.variant === "fields" && i === 2)
        for (let k = 1; k < 8; k++) s += `<path d="M${f((w * k) / 8)} ${f(h)} L${f(w / 2 + (w * (k - 4)) / 24)} ${f(base + h * 0.03)}" stroke="${C.sand}" stroke-opacity="0.35" stroke-width="${f(w * 0.004)}"/>`;
    });
    for (let i = 0; i < 9; i++) {
      const tx = w * r(), ty = h * r.range(0.62, 0.72), tr = h * r.range(0.02, 0.04);
      s += `<rect x="${f(tx - tr * 0.1)}" y="${f(ty)}" width="${f(tr * 0.2)}" height="${f(tr * 1.4)}" fill="${C.navy}" opacity="0.6"/>`;
      s += `<circle cx="${f(tx)}" cy="${f(ty)}" r="${f(tr)}" fill="${C.green2}"/>`;
    }
    return s;
  },

  forest(w, h, r) {
    let s = `<defs>${skyGradient("sky", "day")}</defs><rect width="${w}" height="${h}" fill="url(#sky)"/>`;
    const rows = [[0.42, C.green3, 0.05], [0.55, C.green, 0.07], [0.7, C.green2, 0.1], [0.88, C.navy2, 0.14]];
    for (const [y, col, size] of rows) {
      const th = h * size * 1.9;
      s += `<rect x="0" y="${f(h * y)}" width="${w}" height="${f(h * (1 - y))}" fill="${col}"/>`;
      let x = -w * 0.02;
      while (x < w * 1.02) {
        const tw = h * size * r.range(0.7, 1.1);
        const tt = th * r.range(0.8, 1.15);
        s += `<path d="M${f(x)} ${f(h * y + 1)} L${f(x + tw / 2)} ${f(h * y - tt)} L${f(x + tw)} ${f(h * y + 1)} Z" fill="${col}"/>`;
        x += tw * r.range(0.55, 0.9);
      }
    }
    // saplings in the foreground: the reforestation
    for (let i = 0; i < 14; i++) {
      const sx = w * (0.04 + i * 0.07), sy = h * 0.97;
      s += `<path d="M${f(sx)} ${f(sy)} V${f(sy - h * 0.05)}" stroke="${C.sand}" stroke-width="${f(w * 0.003)}"/><circle cx="${f(sx)}" cy="${f(sy - h * 0.055)}" r="${f(h * 0.012)}" fill="${C.green3}"/>`;
    }
    return s;
  },

  stage(w, h, r, o) {
    const opera = o.variant === "opera";
    let s = `<defs><radialGradient id="spot" cx="0.5" cy="0.35" r="0.6"><stop offset="0" stop-color="${C.sand}" stop-opacity="0.9"/><stop offset="1" stop-color="${C.navy}" stop-opacity="0"/></radialGradient></defs>`;
    s += `<rect width="${w}" height="${h}" fill="${opera ? "#2a1a24" : C.navy}"/>`;
    s += `<rect x="${f(w * 0.12)}" y="${f(h * 0.12)}" width="${f(w * 0.76)}" height="${f(h * 0.6)}" fill="url(#spot)"/>`;
    // curtains with folds
    const curtain = opera ? "#7a3b45" : C.navy3;
    for (const side of [0, 1]) {
      const x0 = side ? w * 0.84 : 0;
      s += `<rect x="${f(x0)}" y="0" width="${f(w * 0.16)}" height="${f(h * 0.78)}" fill="${curtain}"/>`;
      for (let i = 0; i < 5; i++) s += `<rect x="${f(x0 + w * 0.032 * i + w * 0.01)}" y="0" width="${f(w * 0.008)}" height="${f(h * 0.78)}" fill="#000" opacity="0.18"/>`;
    }
    s += `<path d="M0 0 H${w} V${f(h * 0.12)} Q${f(w / 2)} ${f(h * 0.22)} 0 ${f(h * 0.12)} Z" fill="${curtain}"/>`;
    // floor
    s += `<rect x="0" y="${f(h * 0.72)}" width="${w}" height="${f(h * 0.28)}" fill="${C.sand3}" opacity="0.75"/>`;
    if (o.variant === "choir") {
      for (let row = 0; row < 3; row++)
        for (let i = 0; i < 9 - row; i++) {
          const m = Math.min(w, h);
          const px = w * (0.22 + (0.56 * (i + 0.5 + row / 2)) / 9), py = h * 0.5 + row * m * 0.1;
          const pr = m * 0.022;
          const col = row % 2 ? C.cream : C.sand;
          s += `<circle cx="${f(px)}" cy="${f(py - pr * 2)}" r="${f(pr)}" fill="${col}"/><rect x="${f(px - pr * 1.2)}" y="${f(py - pr * 0.8)}" width="${f(pr * 2.4)}" height="${f(pr * 3)}" rx="${f(pr)}" fill="${col}" opacity="0.85"/>`;
        }
    } else {
      // a dancer's arc and a spotlight pool
      s += `<ellipse cx="${f(w / 2)}" cy="${f(h * 0.8)}" rx="${f(w * 0.18)}" ry="${f(h * 0.04)}" fill="${C.cream}" opacity="0.5"/>`;
      s += `<path d="M${f(w * 0.44)} ${f(h * 0.78)} Q${f(w * 0.5)} ${f(h * 0.3)} ${f(w * 0.58)} ${f(h * 0.42)}" stroke="${C.cream}" stroke-width="${f(w * 0.01)}" fill="none" stroke-linecap="round"/>`;
      s += `<circle cx="${f(w * 0.585)}" cy="${f(h * 0.39)}" r="${f(h * 0.025)}" fill="${C.cream}"/>`;
    }
    // audience heads
    for (let i = 0; i < 24; i++) s += `<circle cx="${f((w * (i + 0.5)) / 24)}" cy="${f(h * 0.97)}" r="${f(h * 0.04)}" fill="#000" opacity="0.35"/>`;
    return s;
  },

  study(w, h, r) {
    let s = `<rect width="${w}" height="${h}" fill="${C.cream}"/>`;
    // shelves
    for (let sh = 0; sh < 4; sh++) {
      const y = h * (0.12 + sh * 0.13);
      s += `<rect x="${f(w * 0.05)}" y="${f(y + h * 0.1)}" width="${f(w * 0.9)}" height="${f(h * 0.012)}" fill="${C.brick}"/>`;
      let x = w * 0.06;
      while (x < w * 0.93) {
        const bw = w * r.range(0.012, 0.028), bh = h * r.range(0.06, 0.095);
        s += `<rect x="${f(x)}" y="${f(y + h * 0.1 - bh)}" width="${f(bw)}" height="${f(bh)}" fill="${r.pick([C.navy, C.navy3, C.green2, C.sand3, C.grey3, C.green])}"/>`;
        x += bw + w * 0.002;
        if (r() < 0.05) x += w * 0.05;
      }
    }
    // desks with lamps
    s += `<rect x="0" y="${f(h * 0.7)}" width="${w}" height="${f(h * 0.3)}" fill="${C.sand2}"/>`;
    for (let i = 0; i < 3; i++) {
      const dx = w * (0.08 + i * 0.3);
      s += `<rect x="${f(dx)}" y="${f(h * 0.78)}" width="${f(w * 0.24)}" height="${f(h * 0.03)}" fill="${C.navy2}"/>`;
      s += `<path d="M${f(dx + w * 0.18)} ${f(h * 0.78)} V${f(h * 0.7)} l${f(-w * 0.03)} ${f(-h * 0.03)}" stroke="${C.navy}" stroke-width="${f(w * 0.004)}" fill="none"/>`;
      s += `<path d="M${f(dx + w * 0.12)} ${f(h * 0.68)} h${f(w * 0.06)} l${f(-w * 0.01)} ${f(h * 0.03)} h${f(-w * 0.04)} Z" fill="${C.green2}"/>`;
      s += `<rect x="${f(dx + w * 0.03)}" y="${f(h * 0.755)}" width="${f(w * 0.07)}" height="${f(h * 0.025)}" fill="${C.cream}"/>`;
    }
    return s;
  },

  dinner(w, h, r) {
    let s = `<rect width="${w}" height="${h}" fill="${C.navy2}"/>`;
    const horizontal = w >= h;
    const tx = horizontal ? w * 0.08 : w * 0.3, ty = horizontal ? h * 0.32 : h * 0.06;
    const tw = horizontal ? w * 0.84 : w * 0.4, th = horizontal ? h * 0.36 : h * 0.88;
    s += `<rect x="${f(tx)}" y="${f(ty)}" width="${f(tw)}" height="${f(th)}" rx="${f(Math.min(w, h) * 0.02)}" fill="${C.sand}"/>`;
    const n = 6, pr = Math.min(tw, th) * 0.17;
    for (let i = 0; i < n; i++)
      for (const side of [0, 1]) {
        const t = (i + 0.5) / n;
        const px = horizontal ? tx + tw * t : tx + (side ? tw * 0.74 : tw * 0.26);
        const py = horizontal ? ty + (side ? th * 0.74 : th * 0.26) : ty + th * t;
        s += `<circle cx="${f(px)}" cy="${f(py)}" r="${f(pr)}" fill="${C.cream}"/><circle cx="${f(px)}" cy="${f(py)}" r="${f(pr * 0.62)}" fill="none" stroke="${C.grey2}" stroke-width="${f(pr * 0.08)}"/>`;
        s += `<circle cx="${f(px)}" cy="${f(py)}" r="${f(pr * 0.4)}" fill="${r.pick([C.green, C.sand3, C.brick, C.green2])}" opacity="0.8"/>`;
        s += `<circle cx="${f(px + pr * 1.1)}" cy="${f(py - pr * 0.8)}" r="${f(pr * 0.18)}" fill="none" stroke="${C.navy3}" stroke-width="${f(pr * 0.06)}"/>`;
      }
    for (let i = 0; i < 4; i++) {
      const t = (i + 0.5) / 4;
      const cx = horizontal ? tx + tw * t : tx + tw / 2, cy = horizontal ? ty + th / 2 : ty + th * t;
      s += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(pr * 0.25)}" fill="#f2d9a0"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(pr * 0.6)}" fill="#f2d9a0" opacity="0.25"/>`;
    }
    return s;
  },

  community(w, h, r, o) {
    let s = `<rect width="${w}" height="${h}" fill="${C.sand}"/>`;
    if (o.variant === "arches") {
      const n = w > h ? 6 : 3;
      const aw = w / n;
      for (let i = 0; i < n; i++) {
        const col = [C.navy2, C.green, C.sand3, C.green2, C.navy3, C.grey3][i % 6];
        const x = i * aw, top = h * r.range(0.25, 0.45);
        s += `<path d="M${f(x + aw * 0.1)} ${f(h)} V${f(top + aw * 0.4)} A${f(aw * 0.4)} ${f(aw * 0.4)} 0 0 1 ${f(x + aw * 0.9)} ${f(top + aw * 0.4)} V${f(h)} Z" fill="${col}"/>`;
        s += `<circle cx="${f(x + aw / 2)}" cy="${f(top + aw * 0.4)}" r="${f(aw * 0.12)}" fill="${C.cream}" opacity="0.8"/>`;
      }
      return s;
    }
    const m = Math.min(w, h);
    const cols = [C.navy2, C.green, C.sand3, C.green2, C.navy3, C.grey];
    for (let i = 0; i < 7; i++) {
      const a = (i / 7) * Math.PI * 2 + r.range(0, 0.4);
      const cx = w / 2 + Math.cos(a) * m * 0.2, cy = h / 2 + Math.sin(a) * m * 0.2;
      s += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(m * r.range(0.16, 0.24))}" fill="${cols[i % cols.length]}" opacity="0.55"/>`;
    }
    s += `<circle cx="${f(w / 2)}" cy="${f(h / 2)}" r="${f(m * 0.09)}" fill="${C.cream}"/>`;
    return s;
  },

  map(w, h) {
    // A stylised, hand-drawn impression of Amsterdam-Zuid; not a real map.
    let s = `<rect width="${w}" height="${h}" fill="${C.cream}"/>`;
    const block = C.grey2;
    // blocks on a slightly rotated grid
    s += `<g transform="rotate(-8 ${w / 2} ${h / 2})">`;
    for (let i = -2; i < 14; i++)
      for (let j = -2; j < 10; j++) {
        const bx = i * w * 0.09, by = j * h * 0.13;
        s += `<rect x="${f(bx)}" y="${f(by)}" width="${f(w * 0.075)}" height="${f(h * 0.105)}" rx="${f(w * 0.004)}" fill="${block}"/>`;
      }
    s += `</g>`;
    // park (Beatrixpark-like) and water
    s += `<path d="M${f(w * 0.62)} ${f(h * 0.1)} Q${f(w * 0.8)} ${f(h * 0.02)} ${f(w * 0.92)} ${f(h * 0.16)} L${f(w * 0.9)} ${f(h * 0.46)} Q${f(w * 0.74)} ${f(h * 0.52)} ${f(w * 0.64)} ${f(h * 0.4)} Z" fill="${C.green3}"/>`;
    s += `<path d="M0 ${f(h * 0.3)} C${f(w * 0.25)} ${f(h * 0.22)} ${f(w * 0.4)} ${f(h * 0.42)} ${f(w * 0.6)} ${f(h * 0.28)} S${f(w * 0.9)} ${f(h * 0.05)} ${f(w)} ${f(h * 0.08)}" stroke="#9fb4c0" stroke-width="${f(h * 0.035)}" fill="none"/>`;
    // main roads: the ring road and two avenues
    s += `<path d="M0 ${f(h * 0.86)} C${f(w * 0.3)} ${f(h * 0.8)} ${f(w * 0.7)} ${f(h * 0.9)} ${f(w)} ${f(h * 0.82)}" stroke="${C.sand2}" stroke-width="${f(h * 0.05)}" fill="none"/>`;
    s += `<path d="M${f(w * 0.3)} 0 L${f(w * 0.36)} ${f(h)}" stroke="#fff" stroke-width="${f(h * 0.028)}"/>`;
    s += `<path d="M0 ${f(h * 0.58)} L${f(w)} ${f(h * 0.5)}" stroke="#fff" stroke-width="${f(h * 0.028)}"/>`;
    const fs = Math.min(w, h) * 0.028;
    s += `<text x="${f(w * 0.05)}" y="${f(h * 0.8)}" font-family="${FONT}" font-size="${f(fs)}" fill="${C.grey3}">A10</text>`;
    s += `<text x="${f(w * 0.68)}" y="${f(h * 0.3)}" font-family="${FONT}" font-size="${f(fs)}" fill="${C.green2}">Park</text>`;
    s += `<text x="${f(w * 0.05)}" y="${f(h * 0.12)}" font-family="${FONT}" font-size="${f(fs * 1.6)}" font-weight="bold" letter-spacing="${f(fs * 0.2)}" fill="${C.navy}" opacity="0.7">AMSTERDAM-ZUID</text>`;
    // the pin
    const px = w * 0.46, py = h * 0.56, pr = Math.min(w, h) * 0.05;
    s += `<ellipse cx="${f(px)}" cy="${f(py + pr * 0.2)}" rx="${f(pr * 0.6)}" ry="${f(pr * 0.2)}" fill="#000" opacity="0.2"/>`;
    s += `<path d="M${f(px)} ${f(py)} C${f(px - pr * 0.4)} ${f(py - pr * 0.9)} ${f(px - pr)} ${f(py - pr * 1.3)} ${f(px - pr)} ${f(py - pr * 2)} A${f(pr)} ${f(pr)} 0 1 1 ${f(px + pr)} ${f(py - pr * 2)} C${f(px + pr)} ${f(py - pr * 1.3)} ${f(px + pr * 0.4)} ${f(py - pr * 0.9)} ${f(px)} ${f(py)} Z" fill="${C.navy}"/>`;
    s += `<circle cx="${f(px)}" cy="${f(py - pr * 2)}" r="${f(pr * 0.38)}" fill="${C.cream}"/>`;
    s += `<rect x="${f(px + pr * 1.4)}" y="${f(py - pr * 2.5)}" width="${f(fs * 13.5)}" height="${f(fs * 1.9)}" rx="${f(fs * 0.3)}" fill="#fff" opacity="0.92"/>`;
    s += `<text x="${f(px + pr * 1.4 + fs * 0.6)}" y="${f(py - pr * 2.5 + fs * 1.3)}" font-family="${FONT}" font-size="${f(fs)}" fill="${C.navy}">Generaal Vetterstraat 74</text>`;
    return s;
  },

  gradient(w, h, r, o) {
    const [a, b] = o.palette ?? [C.navy, C.sand2];
    let s = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;
    s += `<radialGradient id="glow" cx="0.7" cy="0.35" r="0.5"><stop offset="0" stop-color="${C.cream}" stop-opacity="0.45"/><stop offset="1" stop-color="${C.cream}" stop-opacity="0"/></radialGradient></defs>`;
    s += `<rect width="${w}" height="${h}" fill="url(#g)"/><rect width="${w}" height="${h}" fill="url(#glow)"/>`;
    for (let i = 0; i < 5; i++) s += `<circle cx="${f(w * 0.2)}" cy="${f(h * 1.1)}" r="${f(Math.max(w, h) * (0.25 + i * 0.12))}" fill="none" stroke="${C.cream}" stroke-opacity="0.08" stroke-width="${f(Math.min(w, h) * 0.01)}"/>`;
    return s;
  },

  // A respectful, obviously generated stand-in for a staff portrait: an abstract
  // head-and-shoulders silhouette on a soft background with the person's initials.
  // It carries its own small placeholder mark (the standard pill would cover it).
  silhouette(w, h, r, o) {
    const [bgTop, bgBottom] = r.pick([
      [C.cream, C.sand],
      ["#e9ecec", C.grey2],
      ["#e6ebe6", C.green3],
      ["#e8edf1", "#b9c8d2"],
      [C.cream, C.sand2],
    ]);
    const body = r.pick([C.navy2, C.navy3, C.green2, C.grey3, C.brick]);
    const cx = w / 2 + w * r.range(-0.03, 0.03);
    let s = `<defs><linearGradient id="bg" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${bgTop}"/><stop offset="1" stop-color="${bgBottom}"/></linearGradient>`;
    s += `<radialGradient id="halo" cx="0.5" cy="0.38" r="0.45"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>`;
    s += `<rect width="${w}" height="${h}" fill="url(#bg)"/><rect width="${w}" height="${h}" fill="url(#halo)"/>`;
    const headY = h * r.range(0.36, 0.4), rx = w * r.range(0.15, 0.17), ry = rx * 1.2;
    const shoulderY = headY + ry + h * 0.07;
    s += `<g fill="${body}" opacity="0.88">`;
    s += `<rect x="${f(cx - rx * 0.45)}" y="${f(headY + ry * 0.6)}" width="${f(rx * 0.9)}" height="${f(shoulderY - headY - ry * 0.4)}" rx="${f(rx * 0.2)}"/>`;
    s += `<ellipse cx="${f(cx)}" cy="${f(headY)}" rx="${f(rx)}" ry="${f(ry)}"/>`;
    s += `<path d="M${f(w * 0.08)} ${f(h)} C${f(w * 0.08)} ${f(shoulderY + h * 0.02)} ${f(cx - w * 0.22)} ${f(shoulderY - h * 0.01)} ${f(cx)} ${f(shoulderY - h * 0.01)} C${f(cx + w * 0.22)} ${f(shoulderY - h * 0.01)} ${f(w * 0.92)} ${f(shoulderY + h * 0.02)} ${f(w * 0.92)} ${f(h)} Z"/>`;
    s += `</g>`;
    const fs = w * 0.15;
    s += `<text x="${f(cx)}" y="${f(h - (h - shoulderY) * 0.42 + fs * 0.35)}" text-anchor="middle" font-family="${FONT}" font-size="${f(fs)}" font-weight="bold" letter-spacing="${f(fs * 0.08)}" fill="${C.cream}" opacity="0.92">${esc(o.initials ?? "")}</text>`;
    const ms = Math.max(9, w * 0.032);
    s += `<text x="${f(w * 0.05)}" y="${f(w * 0.05 + ms)}" font-family="${FONT}" font-size="${f(ms)}" font-weight="bold" letter-spacing="${f(ms * 0.15)}" fill="${C.navy}" opacity="0.55">PLACEHOLDER</text>`;
    return s;
  },

  portrait(w, h, r) {
    const bg = r.pick([C.grey2, C.sand, "#dfe3df"]);
    const col = r.pick([C.navy2, C.grey3, C.green2, C.navy3, C.brick]);
    let s = `<rect width="${w}" height="${h}" fill="${bg}"/>`;
    s += `<circle cx="${f(w / 2)}" cy="${f(h * 0.4)}" r="${f(w * 0.2)}" fill="${col}"/>`;
    s += `<path d="M${f(w * 0.1)} ${f(h)} Q${f(w * 0.1)} ${f(h * 0.64)} ${f(w / 2)} ${f(h * 0.64)} Q${f(w * 0.9)} ${f(h * 0.64)} ${f(w * 0.9)} ${f(h)} Z" fill="${col}"/>`;
    return s;
  },
};

function placeholderMark(w, h, subject) {
  const fs = Math.max(13, Math.min(w, h) * 0.019);
  const label = "PLACEHOLDER";
  const text = `\u00a0·\u00a0${subject}`;
  // DejaVu Sans advances are about 0.62 em (caps/bold wider); estimate the pill width.
  const tw = label.length * fs * 0.8 + text.length * fs * 0.54;
  const pad = fs * 0.7;
  const x = Math.min(w, h) * 0.03, y = h - Math.min(w, h) * 0.03 - fs * 2;
  return (
    `<g><rect x="${f(x)}" y="${f(y)}" width="${f(tw + pad * 2)}" height="${f(fs * 2)}" rx="${f(fs)}" fill="${C.navy}" opacity="0.62"/>` +
    `<text x="${f(x + pad)}" y="${f(y + fs * 1.36)}" font-family="${FONT}" font-size="${f(fs)}" fill="${C.cream}">` +
    `<tspan font-weight="bold" letter-spacing="${f(fs * 0.12)}">${label}</tspan><tspan dx="${f(fs * 0.45)}">${esc(text)}</tspan></text></g>`
  );
}

export function expand(spec) {
  const out = [];
  for (const e of spec.images) {
    if (e.set === "breakpoints") {
      for (const bp of ["mobile", "tablet", "desktop"]) out.push({ ...e, name: `${e.name}-${bp}`, size: bp, seedName: e.name });
    } else if (e.set === "person") {
      // An employee's one portrait (the site derives every size it shows).
      out.push({ ...e, size: "person" });
    } else out.push(e);
  }
  return out.map((e) => {
    const [width, height] = e.width ? [e.width, e.height] : spec.sizes[e.size] ?? [];
    if (!width || !height) throw new Error(`images.json: entry "${e.name}" has no size (size "${e.size}" unknown)`);
    if (!scenes[e.scene]) throw new Error(`images.json: entry "${e.name}" has unknown scene "${e.scene}" (one of ${Object.keys(scenes).join(", ")})`);
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(e.name)) throw new Error(`images.json: entry name "${e.name}" must be lower-case kebab-case`);
    return { ...e, width, height };
  });
}

export function svgFor(e) {
  const r = rng(hash32(e.seedName ?? e.name));
  const { width: w, height: h } = e;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    scenes[e.scene](w, h, r, e) +
    (e.scene === "silhouette" ? "" : placeholderMark(w, h, e.subject ?? e.name)) +
    `</svg>`
  );
}

async function main() {
  const spec = JSON.parse(readFileSync(join(here, "images.json"), "utf8"));
  const only = new Set(process.argv.slice(2));
  const entries = expand(spec).filter((e) => only.size === 0 || only.has(e.name));
  if (only.size && entries.length !== only.size) throw new Error(`unknown image name(s): ${[...only].filter((n) => !entries.some((e) => e.name === n)).join(", ")}`);
  mkdirSync(OUT, { recursive: true });
  let total = 0;
  for (const e of entries) {
    const buf = await sharp(Buffer.from(svgFor(e))).flatten({ background: C.cream }).jpeg(JPEG).toBuffer();
    writeFileSync(join(OUT, `${e.name}.jpg`), buf);
    total += buf.length;
    console.log(`${e.name}.jpg ${e.width}x${e.height} ${(buf.length / 1024).toFixed(1)} KB`);
  }
  console.log(`${entries.length} images, ${(total / 1024).toFixed(0)} KB`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(`images: ${err.message}`);
    process.exit(1);
  });
}
