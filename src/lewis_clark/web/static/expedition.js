// One player's expedition: who plays it, Scout and Camp, boats and what they hold (resources as icons),
// Indians, extra boat tiles, the Camp preview (worded on the server), the hand, the Playing Area and the
// face-down cards giving Strength. The title has its own line, the hand's label the next free one.
import { esc, fmt } from "./api.js";
import { colour, icon, r1 } from "./icons.js";
import { card, FACE_DOWN_H, faceDown, flow, legend } from "./cards.js";
import { slugById } from "./slugs.js";
import { feathers } from "./village.js";
import { fit, lines, text, wrap } from "./text.js";

const PAD = 10, RES = ["wood", "fur", "food", "equipment", "canoe", "horse"];

export function expedition(view, meta, targets, seat, you, W, handFirst = false) {
  const st = view.state, words = meta.words, p = st.players[seat], info = view.seats[seat] || {};
  const current = view.current === seat;
  const table = view.table && view.table.seats[seat];
  const inner = W - 2 * PAD - 6; // a colour stripe on the left
  const x0 = PAD + 6;
  let out = "", y = 0;
  // Title: name (or colour), who plays it, whether it is their turn.
  const name = info.called || info.name || meta.colour_names[p.colour] || p.colour; // worded by the server (views.seats_json)
  const who = info.kind === "bot" ? fmt(words.bot_level, { level: info.bot_name || info.bot }) : you.includes(seat) ? words.you : words.player;
  const title = `${name} — ${who}${current ? words.to_play : ""}`;
  out += text(x0, 21, fit(title, inner, 14, true), 14, `font-weight="700" class="seat-title" data-seat="${seat}"`);
  y = 30;
  const small = (str, size = 11, extra = "", max = 3) => {
    // Bold measures as bold; italic runs a little wider than the upright measure, so give it room.
    const ls = wrap(str, inner - (extra.includes("italic") ? 8 : 0), size, max, extra.includes('font-weight="700"'));
    const o = lines(x0, y + size, ls, size, size + 2, extra);
    y += ls.length * (size + 2) + 3;
    return o;
  };
  out += small(fmt(words.scout_camp, { scout: p.scout, camp: p.camp }) + (table ? ` · ${table.boats}` : ""), 11, table ? `data-capacity="${table.capacity}"` : "");
  // Resources: icon and count, in one row when it fits, else two rows of three.
  const cell = 46, per = inner >= cell * 6 ? 6 : 3;
  RES.forEach((r, i) => {
    const x = x0 + (i % per) * cell, ry = y + Math.floor(i / per) * 24;
    const n = p.resources[i];
    out += `<g class="resource" data-kind="${r}" opacity="${n ? 1 : 0.45}"><title>${esc(fmt(words.resource_tip, { kind: meta.kind_names[i], n }))}</title>`
      + `${icon(r, x, ry, 20)}${text(x + 23, ry + 15, String(n), 13, 'font-weight="700"')}</g>`;
  });
  y += Math.ceil(RES.length / per) * 24 + 4;
  // Indians on the boats (feathers) and on cards, extra boat tiles, the Camp preview.
  const details = () => {
    out += `<g class="indians">${feathers(x0, y + 8, p.indians, Math.min(inner, 200), 15)}</g>`;
    const held = fmt(words.indians_held, { boats: p.indians, cards: p.on_cards });
    if (p.indians) {
      out += text(x0 + Math.min(p.indians, 12) * 10.8 + 12, y + 12, fit(held, inner - Math.min(p.indians, 12) * 10.8 - 12, 11), 11);
      y += 22;
    } else { out += small(held); }
    const tileNames = [words.tile_small_resource, words.tile_large_resource, words.tile_small_indian, words.tile_large_indian];
    const tiles = p.tiles.map((n, i) => (n ? `${n} ${tileNames[i]}` : "")).filter(Boolean).join(", ") || words.none;
    out += small(fmt(words.extra_boats, { tiles }), 10, 'fill="#4b3a28"');
    if (table && table.camp) out += small(table.camp, 10, `fill="#4b3a28" font-style="italic" data-camp-preview="${seat}"`);
  };
  // The hand: right under the resources on a phone (handFirst), so it is in view above the docked decision.
  const handPart = () => {
    y += 2;
    out += text(x0, y + 11, fmt(words.hand, { n: p.hand.length }), 11, 'fill="#5b4a36" font-weight="700" class="hand-label"');
    y += 16;
    const handTargets = current ? targets : new Set();
    const [hand, hh] = flow(meta, p.hand.map((id) => slugById(meta, id)), x0, y, inner, { minW: 70,
      draw: (slug, x, cy, w, h) => card(meta, slug, x, cy, w, h, handTargets, { current }),
    });
    out += `<g class="hand">${hand}</g>`;
    y += hh + 8;
  };
  if (handFirst) { handPart(); details(); y += 4; } else { details(); handPart(); }
  if (p.face_up.length) {
    out += small(words.playing_area, 11, 'fill="#5b4a36" font-weight="700"', 2);
    const [area, ah] = flow(meta, p.face_up.map((id) => slugById(meta, id)), x0, y, inner, { minW: 70,
      draw: (slug, x, cy, w, h) => card(meta, slug, x, cy, w, h, targets),
    });
    out += `<g class="playing-area">${area}</g>`;
    y += ah + 8;
  }
  if (p.face_down.length) {
    out += small(words.face_down, 10, 'fill="#5b4a36"', 2);
    const [down, dh] = flow(meta, p.face_down.map((id) => slugById(meta, id)), x0, y, inner, {
      minW: 66, maxW: 92, height: FACE_DOWN_H, draw: (slug, x, cy, w, h) => faceDown(meta, slug, x, cy, w, h),
    });
    out += `<g class="face-down-cards">${down}</g>`;
    y += dh + 8;
  }
  if (you.includes(seat) && p.hand.length) { // what the cards' footers mean, under your own hand and cards
    const [lg, lh] = legend(meta, x0, y, inner);
    out += lg;
    y += lh + 4;
  }
  y += 4;
  const bg = `<rect x="1" y="1" width="${W - 2}" height="${y - 2}" rx="8" fill="${current ? "#fff4d6" : "#fbf4e6"}" stroke="${colour(p.colour)}" stroke-width="${current ? 3 : 1.5}"/>`
    + `<rect x="1" y="1" width="8" height="${y - 2}" rx="4" fill="${colour(p.colour)}"/>`;
  return [bg + out, y];
}
