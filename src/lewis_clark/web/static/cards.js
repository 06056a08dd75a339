// Card faces: name, what the action costs and gives (as icons, from meta.cards[slug].face, built on the
// server by web/faces.py), the Strength it gives when placed under another card (pips) and its badge.
import { esc, fmt } from "./api.js";
import { colour, icon, KIND_COLOURS, r1 } from "./icons.js";
import { lines, measure, text, wrap, wrapStyled } from "./text.js";

const NAME = 11, SMALL = 10, NAME_LH = 12, FOOT = 17, ROW = 17;
const MOVES = new Set(["river", "mountain"]);

// A <g> for something on the table; with class "can" and data-target when a legal action acts on it.
export function group(target, targets, inner, extra = "", cls = "") {
  const can = target && targets.has(target);
  const classes = [cls, can ? "can" : ""].filter(Boolean).join(" ");
  return `<g${classes ? ` class="${classes}"` : ""}${can ? ` data-target="${esc(target)}"` : ""} ${extra}>${inner}</g>`;
}

// One pay or gain item: its count (before a resource, after a movement) and its icon, s px.
function itemWidth([kind, n], s) {
  const num = label(kind, n);
  return s + (num ? measure(num, NAME, true) + 1 : 0) + 3;
}
function label(kind, n) { return MOVES.has(kind) ? (n ? String(n) : "") : (n > 1 ? String(n) : ""); }
function drawItem([kind, n], x, cy, s) {
  const num = label(kind, n);
  let out = "";
  if (num && !MOVES.has(kind)) { out += text(x, cy + 4, num, NAME, 'font-weight="700"'); x += measure(num, NAME, true) + 1; }
  out += icon(kind, x, cy - s / 2, s);
  x += s;
  if (num && MOVES.has(kind)) { out += text(x + 1, cy + 4, num, NAME, 'font-weight="700"'); x += measure(num, NAME, true) + 1; }
  return [out, x + 3];
}
function arrow(x, cy) {
  return `<path d="M${r1(x)} ${r1(cy)}h7m-3-3l3 3-3 3" fill="none" stroke="#2b2118" stroke-width="1.4"/>`;
}

// The action part of a face, w px wide from (x, y): [svg, height]. Alternatives are rows split by a dashed
// line; a row too wide puts what is paid above what is gained; alternatives that only give one thing
// each share one row, split by "/".
function actionBody(meta, face, x, y, w) {
  const words = meta.words;
  let out = "", h = 0;
  const s = 15; // icons at least 14 px (readable on a phone)
  if (face.power) {
    const ls = wrap(face.power, w, SMALL, 12, false, true); // never cut: the card grows instead
    return [lines(x, y + 10, ls, SMALL, 11, 'font-style="italic" fill="#4b3a28"'), ls.length * 11 + 2];
  }
  const alts = face.alts;
  const note = (per, yy) => {
    const ls = wrap(words[`per_${per}`] || "", w, SMALL, 8, false, true);
    return [lines(x, yy + 9, ls, SMALL, 11, 'fill="#4b3a28"'), ls.length * 11];
  };
  const simple = alts.length > 1 && alts.every((a) => !a.pay.length && a.gain.length === 1 && a.per === alts[0].per);
  if (simple) {
    let cx = x;
    h = ROW;
    alts.forEach((a, i) => {
      if (i) {
        if (cx - x + 6 + itemWidth(a.gain[0], s) > w) { cx = x; h += ROW; } // next row
        else { out += text(cx, y + h - ROW / 2 + 4, "/", NAME, 'fill="#6b5640"'); cx += 6; }
      }
      const [svg, nx] = drawItem(a.gain[0], cx, y + h - ROW / 2, s); out += svg; cx = nx;
    });
    if (alts[0].per) { const [svg, nh] = note(alts[0].per, y + h); out += svg; h += nh; }
    return [out, h];
  }
  alts.forEach((a, i) => {
    if (i) { out += `<path d="M${r1(x)} ${r1(y + h + 1)}h${r1(w)}" stroke="#b9a58a" stroke-dasharray="3 2"/>`; h += 3; }
    // What is paid, an arrow, what is gained: in one row, continued on the next when the card is narrow.
    const tokens = [...a.pay, ...(a.pay.length ? ["arrow"] : []), ...a.gain];
    let cx = x;
    tokens.forEach((tk, k) => {
      const tw = tk === "arrow" ? 11 : itemWidth(tk, s);
      if (k && cx - x + tw - 3 > w) { cx = x; h += ROW; }
      if (tk === "arrow") { out += arrow(cx, y + h + ROW / 2); cx += tw; } else {
        const [svg, nx] = drawItem(tk, cx, y + h + ROW / 2, s); out += svg; cx = nx;
      }
    });
    h += ROW;
    if (a.per) { const [svg, nh] = note(a.per, y + h); out += svg; h += nh; }
  });
  return [out, h];
}

// A card's name in up to 3 lines: bold 11 px, else plain, else plain in 4 with long words broken by "-".
function nameLines(c, w) {
  return wrapStyled(c.name, w - 8, [[NAME, true, 3], [NAME, false, 3], [NAME, false, 4, true]]);
}

// The height a card w px wide needs to show everything.
export function cardHeight(meta, slug, w) {
  const c = meta.cards[slug];
  if (!c) return 0;
  return 8 + nameLines(c, w).ls.length * NAME_LH + 3 + actionBody(meta, c.face, 0, 0, w - 8)[1] + 4 + FOOT;
}

// The footer: Strength pips after a small "given when placed under" icon, the badge on the right.
function footer(meta, c, x, y, w) {
  const words = meta.words;
  let out = `<g><title>${esc(fmt(words.strength_given, { n: c.strength }))}</title>${icon("strength", x + 3, y + 1, 15)}`;
  for (let i = 0; i < c.strength; i++) out += `<circle cx="${r1(x + 24 + i * 8)}" cy="${r1(y + 8.5)}" r="3" fill="#2b2118"/>`;
  out += "</g>";
  out += `<g><title>${esc(fmt(words.badge, { badge: c.badge_name }))}</title><rect x="${r1(x + w - 19)}" y="${r1(y)}" width="17" height="17" rx="3" fill="#fffdf6" stroke="${KIND_COLOURS[c.badge]}" stroke-width="1.5"/>${icon(c.badge, x + w - 18, y + 1, 15)}</g>`;
  return out;
}

// A card face at (x, y), w x h. Options: prefix of its data-target ("card", "journal"), faint.
export function card(meta, slug, x, y, w, h, targets, { prefix = "card", current = false } = {}) {
  const c = meta.cards[slug];
  if (!c) return "";
  const band = c.colour ? colour(c.colour) : "#d9b77e";
  let inner = `<title>${esc(c.tip)}</title>`;
  inner += `<rect class="hit" x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" rx="6" fill="#fffdf6" stroke="${current ? "#2b2118" : "#6b5640"}"/>`;
  inner += `<path d="M${r1(x + 1)} ${r1(y + 6)}v-1a5 5 0 0 1 5-5h${r1(w - 12)}a5 5 0 0 1 5 5v1Z" fill="${band}"/>`;
  const names = nameLines(c, w);
  inner += lines(x + 4, y + 8 + NAME - 1, names.ls, names.size, NAME_LH, `${names.bold ? 'font-weight="700" ' : ""}class="card-name"`);
  const top = y + 8 + names.ls.length * NAME_LH + 3;
  inner += actionBody(meta, c.face, x + 4, top, w - 8)[0];
  inner += footer(meta, c, x, y + h - FOOT - 1, w);
  return group(`${prefix}:${slug}`, targets, inner, `data-card="${esc(slug)}"`, "card");
}

// A face-down card (Strength given, under the face-up ones): its name, cut to fit, and its pips.
export function faceDown(meta, slug, x, y, w, h) {
  const c = meta.cards[slug];
  if (!c) return "";
  const band = c.colour ? colour(c.colour) : "#d9b77e";
  let inner = `<title>${esc(c.tip)}</title>`;
  inner += `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" rx="5" fill="#efe4cf" stroke="#8a7456" class="card-box"/>`;
  inner += `<rect x="${r1(x)}" y="${r1(y)}" width="4" height="${r1(h)}" rx="2" fill="${band}"/>`;
  const names = wrap(c.name, w - 11, SMALL, 2);
  inner += lines(x + 7, y + 12, names, SMALL, 11, 'class="card-name" fill="#3b2c1e"');
  for (let i = 0; i < c.strength; i++) inner += `<circle cx="${r1(x + 11 + i * 8)}" cy="${r1(y + h - 7)}" r="2.8" fill="#2b2118"/>`;
  return `<g data-card="${esc(slug)}" class="card face-down">${inner}</g>`;
}
export const FACE_DOWN_H = 42;

// What the footer's signs mean, once under your own expedition: [svg, height].
export function legend(meta, x, y, w) {
  const words = meta.words;
  const rows = [
    [(yy) => icon("strength", x, yy, 15), words.legend_under],
    [(yy) => [0, 1, 2].map((i) => `<circle cx="${r1(x + 3 + i * 6)}" cy="${r1(yy + 8)}" r="2.5" fill="#2b2118"/>`).join(""),
      words.legend_strength],
    [(yy) => `<rect x="${r1(x)}" y="${r1(yy)}" width="16" height="16" rx="3" fill="#fffdf6" stroke="#6b5640" stroke-width="1.5"/>`,
      words.legend_badge],
  ];
  let out = "", h = 0;
  for (const [sign, str] of rows) {
    const ls = wrap(str, w - 24, SMALL, 4);
    out += sign(y + h) + lines(x + 24, y + h + 11, ls, SMALL, 12, 'fill="#4b3a28" class="legend"');
    h += Math.max(18, ls.length * 12 + 4);
  }
  return [`<g class="face-legend">${out}</g>`, h];
}

// Cards laid in rows across `width` px from (x, y), each between minW and maxW wide: [svg, height].
// draw(slug, x, y, w, h) draws one; h is the tallest card's need (cards in one panel share a height).
export function flow(meta, slugs, x, y, width, { minW = 74, maxW = 96, gap = 6, height = null, extra = 0, draw }) {
  if (!slugs.length) return ["", 0];
  const cols = Math.max(1, Math.min(slugs.length, Math.floor((width + gap) / (minW + gap))));
  const full = Math.floor((width + gap) / cols - gap);
  const w = Math.min(maxW, full);
  const h = (height ?? Math.max(Math.round(w * 1.2), ...slugs.map((s) => cardHeight(meta, s, w)))) + extra;
  let out = "";
  slugs.forEach((s, i) => {
    const cx = x + (i % cols) * (w + gap), cy = y + Math.floor(i / cols) * (h + gap);
    out += draw(s, cx, cy, w, h);
  });
  return [out, Math.ceil(slugs.length / cols) * (h + gap) - gap];
}
