// Text for the table's SVG: escaping, measuring (a canvas, so wrapping matches the real font) and
// wrapping into lines that fit a width, the last one cut with "…" when the room runs out.
import { esc } from "./api.js";

export const FONT = "system-ui, sans-serif";
let ctx = null;
const cache = new Map();

// The width in px of `text` at `size` px (bold if asked).
export function measure(text, size, bold = false) {
  const key = `${size}|${bold}|${text}`;
  if (cache.has(key)) return cache.get(key);
  let w;
  try {
    ctx ||= document.createElement("canvas").getContext("2d");
    ctx.font = `${bold ? "700 " : ""}${size}px ${FONT}`;
    w = ctx.measureText(text).width;
  } catch { w = text.length * size * (bold ? 0.64 : 0.6); }
  cache.set(key, w);
  return w;
}

// `text` cut to fit `width`, ending in "…" if cut.
export function fit(text, width, size, bold = false) {
  text = String(text);
  if (measure(text, size, bold) <= width) return text;
  let lo = 0, hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (measure(text.slice(0, mid).trimEnd() + "…", size, bold) <= width) lo = mid; else hi = mid - 1;
  }
  return text.slice(0, lo).trimEnd() + "…";
}

// `text` in at most `maxLines` lines of `width` px; words too long for a line are cut.
export function wrap(text, width, size, maxLines = 99, bold = false, hyphenate = false) {
  let parts = String(text).split(/\s+/).filter(Boolean);
  parts = hyphenate ? parts.flatMap((w) => split(w, width, size, bold)) : parts.map(plain);
  const lines = [];
  let line = "";
  for (let i = 0; i < parts.length; i++) {
    const next = line ? `${line} ${parts[i]}` : parts[i];
    if (measure(next, size, bold) <= width || !line) { line = next; continue; }
    lines.push(line);
    line = parts[i];
    if (lines.length === maxLines) { line = [line, ...parts.slice(i + 1)].join(" "); break; }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const rest = lines.slice(maxLines - 1).join(" ");
    lines.length = maxLines - 1;
    lines.push(fit(rest, width, size, bold)); // it overflows: cut with "…"
  }
  return lines.map((l) => fit(l, width, size, bold));
}

// The catalogue marks where a long word may break with soft hyphens (U+00AD, e.g. Hungarian
// "jelvé\u00adnyen\u00adként"): a word is cut there, else anywhere; a line never shows them.
const SOFT = "\u00ad";
const plain = (word) => word.replaceAll(SOFT, "");

// A word too long for `width` cut into pieces that fit, each but the last ending in "-": at the soft
// hyphens the wording put in it, if it has any.
function split(word, width, size, bold) {
  if (measure(plain(word), size, bold) <= width) return [plain(word)];
  if (word.includes(SOFT)) {
    const parts = [];
    let line = "";
    for (const piece of word.split(SOFT)) {
      if (line && measure(`${line}${piece}-`, size, bold) > width) { parts.push(`${line}-`); line = piece; } else line += piece;
    }
    return [...parts, line];
  }
  word = plain(word);
  const parts = [];
  while (measure(word, size, bold) > width && word.length > 3) {
    let n = word.length - 1;
    while (n > 2 && (measure(word.slice(0, n) + "-", size, bold) > width || word.length - n < 3)) n--; // no lone "u"
    parts.push(word.slice(0, n) + "-");
    word = word.slice(n);
  }
  return [...parts, word];
}

// An SVG <text> element (escaped); extra: more attributes.
export function text(x, y, str, size, extra = "") {
  return `<text x="${Math.round(x * 10) / 10}" y="${Math.round(y * 10) / 10}" font-size="${size}" ${extra}>${esc(str)}</text>`;
}

// Several lines of text, `lh` px apart.
export function lines(x, y, list, size, lh, extra = "") {
  return list.map((l, i) => text(x, y + i * lh, l, size, extra)).join("");
}

// `text` wrapped in the first style that shows it whole: styles are [size, bold, maxLines, hyphenate]; if none
// does, the last one, cut. Returns { ls, size, bold }.
export function wrapStyled(str, width, styles) {
  let best = null;
  for (const [size, bold, max, hyphenate = false] of styles) {
    best = { ls: wrap(str, width, size, max, bold, hyphenate), size, bold };
    if (!best.ls.some((l) => l.endsWith("…"))) break;
  }
  return best;
}
