// The Indian Village: each place with its circles (or its open ground, for the places that take any
// number), the Indians on it and the room left (worded on the server); the Powwow and the Newcomer;
// in a solo game each place's solo badge token.
import { esc, fmt } from "./api.js";
import { icon, r1 } from "./icons.js";
import { group } from "./cards.js";
import { fit, lines, text, wrap, wrapStyled } from "./text.js";

const PAD = 10, GAP = 6, TITLE = 26;

// Indians as feathers in a row from (x, cy), at most `room` px wide; "+n" for those that do not fit.
export function feathers(x, cy, n, room, size = 14) {
  const step = size * 0.72;
  const fits = Math.max(1, Math.floor((room - 16) / step));
  let out = "";
  for (let i = 0; i < Math.min(n, fits); i++) out += icon("indian", x + i * step, cy - size / 2, size);
  if (n > fits) out += text(x + fits * step + 3, cy + 4, `+${n - fits}`, 11, 'font-weight="700"');
  return out;
}

export function village(view, meta, targets, W) {
  const st = view.state, words = meta.words;
  const cols = W < 420 ? 2 : 4;
  const w = (W - 2 * PAD - (cols - 1) * GAP) / cols;
  // Titles take two lines in narrow boxes.
  // Titles take two lines in narrow boxes, and their whole width: a solo badge sits on the line under them.
  const titles = meta.places.map((p) => wrapStyled(p.title, w - 12,
    [[12, true, 1], [11, false, 1], [12, true, 2], [11, false, 2], [10, false, 2], [10, false, 2, true]]));
  const tl = Math.max(...titles.map((t) => t.ls.length));
  const h = 64 + tl * 14;
  const solo = st.players.length === 1;
  let out = "";
  meta.places.forEach((p, i) => {
    const x = PAD + (i % cols) * (w + GAP), y = TITLE + Math.floor(i / cols) * (h + GAP);
    const n = st.village[i];
    let inner = `<title>${esc(p.title)}: ${esc(p.text)}</title>`;
    inner += `<rect class="hit" x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${h}" rx="8" fill="#f3e3c3" stroke="#8a6d4b"/>`;
    const ti = titles[i];
    inner += lines(x + 6, y + 16, ti.ls, ti.size, 14, `${ti.bold ? 'font-weight="700" ' : ""}class="place-title"`);
    const by = y + 12 + tl * 14; // the room's line, under the title
    if (solo) {
      inner += `<g class="solo-badge"><title>${esc(fmt(words.solo_badge, { badge: meta.kind_names[meta.kinds.indexOf(p.solo_badge)] }))}</title>`
        + `<circle cx="${r1(x + w - 12)}" cy="${r1(by)}" r="9" fill="#fffdf6" stroke="#6b5640"/>${icon(p.solo_badge, x + w - 19, by - 7, 14)}</g>`;
    }
    const room = (view.table && view.table.village[i]) || "";
    inner += text(x + 6, y + 16 + tl * 14, fit(room, w - 12 - (solo ? 22 : 0), 10), 10, 'fill="#5b4a36"');
    const cy = y + 40 + tl * 14;
    if (p.spots > 0) {
      for (let k = 0; k < p.spots; k++) {
        const cx = x + 18 + k * 30;
        inner += `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="12" fill="#fffaf0" stroke="#8a6d4b" stroke-width="1.5"/>`;
        if (k < n) inner += icon("indian", cx - 8, cy - 8, 16);
      }
    } else {
      // Open ground: any number of Indians.
      inner += `<path d="M${r1(x + 6)} ${r1(cy + 14)}a${r1(w / 2 - 6)} 24 0 0 1 ${r1(w - 12)} 0Z" fill="#fffaf0" stroke="#8a6d4b" stroke-width="1.2" stroke-dasharray="4 3"/>`;
      inner += feathers(x + 14, cy + 2, n, w - 24, 15);
    }
    out += group(`village:${p.name}`, targets, inner, `data-place="${esc(p.name)}"`, "place");
  });
  let y = TITLE + Math.ceil(meta.places.length / cols) * (h + GAP);
  // Powwow and Newcomer, side by side; the stock of Indians after them.
  const bw = (W - 2 * PAD - GAP) / 2, bh = 48;
  const box = (x, title, tip, n) => `<g><title>${esc(tip)}</title><rect x="${r1(x)}" y="${r1(y)}" width="${r1(bw)}" height="${bh}" rx="8" fill="#ead2b0" stroke="#8a6d4b"/>`
    + text(x + 6, y + 16, fit(title, bw - 12, 12, true), 12, 'font-weight="700"') + feathers(x + 8, y + 33, n, bw - 14, 15) + "</g>";
  out += box(PAD, fmt(words.powwow, { n: st.powwow }), words.powwow_tip, st.powwow);
  out += box(PAD + bw + GAP, fmt(words.newcomer, { n: st.newcomer }), words.newcomer_tip, st.newcomer);
  y += bh + 4;
  const stock = wrap(fmt(words.stock, { n: st.indian_stock }), W - 2 * PAD, 10, 2);
  out += text(PAD, y + 11, stock[0], 10, 'fill="#5b4a36"');
  y += 18;
  const head = text(PAD, 18, fit(words.village, W - 2 * PAD, 13, true), 13, 'font-weight="700"');
  return [`<rect x=".5" y=".5" width="${W - 1}" height="${y - 1}" rx="8" class="panel-bg"/>${head}${out}`, y];
}
