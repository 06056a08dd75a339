// Draws the table as one SVG: route, Village, Journal, every expedition. Things that a legal action
// acts on carry data-target and the class "can"; the page attaches the clicks.
import { esc, fmt } from "./api.js";

export const W = 1000;
const COLOURS = { orange: "#e67e22", blue: "#2e6fc7", yellow: "#e6c619", green: "#2f9e44", purple: "#8e44ad" };
const KIND_COLOURS = { wood: "#8b5a2b", fur: "#6d4c41", food: "#c0392b", equipment: "#6c7a89", canoe: "#2980b9",
  horse: "#d35400", indian: "#b03a2e" };
const TERRAIN = { R: "#8ec3e8", M: "#b08a62" };
const RES = ["wood", "fur", "food", "equipment", "canoe", "horse"];

const colour = (c) => COLOURS[c] || "#555";

function group(target, targets, inner, extra = "") {
  const can = target && targets.has(target);
  return `<g ${can ? `class="can" data-target="${esc(target)}"` : ""} ${extra}>${inner}</g>`;
}

function wrap(text, width) {
  const words = String(text).split(/\s+/);
  const lines = [];
  let line = "";
  for (const w of words) {
    if ((line + " " + w).trim().length > width && line) { lines.push(line); line = w; } else line = (line + " " + w).trim();
  }
  if (line) lines.push(line);
  return lines;
}

// A card: name, Strength pips, badge stripe; its tooltip is the card's text in our own words.
export function card(meta, slug, x, y, targets, { w = 70, h = 78, under = [], faint = false, prefix = "card" } = {}) {
  const c = meta.cards[slug];
  if (!c) return "";
  const words = meta.words;
  const fill = c.colour ? colour(c.colour) : "#efe2c4";
  const lines = wrap(c.name, Math.floor(w / 5.6)).slice(0, 3);
  let tip = c.tip; // worded on the server (wording layer)
  if (under.length) tip += ` ${fmt(words.under_it, { names: under.map((u) => meta.cards[u]?.name).join(", ") })}`;
  let inner = `<title>${esc(tip)}</title>`;
  inner += `<rect class="hit" x="${x}" y="${y}" width="${w}" height="${h}" rx="5" fill="#fffdf6" stroke="#6b5640"
    opacity="${faint ? 0.55 : 1}"/>`;
  inner += `<rect x="${x}" y="${y}" width="${w}" height="9" rx="3" fill="${fill}" pointer-events="none"/>`;
  lines.forEach((l, i) => { inner += `<text x="${x + 4}" y="${y + 21 + i * 11}" font-size="9.5">${esc(l)}</text>`; });
  for (let i = 0; i < c.strength; i++) inner += `<circle cx="${x + 8 + i * 9}" cy="${y + h - 9}" r="3.2" fill="#2b2118"/>`;
  inner += `<rect x="${x + w - 16}" y="${y + h - 16}" width="12" height="12" rx="2" fill="${KIND_COLOURS[c.badge]}"><title>${esc(fmt(words.badge, { badge: c.badge_name }))}</title></rect>`;
  if (under.length) {
    inner += `<text x="${x + 4}" y="${y + h + 10}" font-size="8.5" fill="#6b5640">${esc(fmt(words.under, { names: under.map((u) => meta.cards[u]?.name.split(" ").slice(-1)[0]).join(", ") }))}</text>`;
  }
  return group(`${prefix}:${slug}`, targets, inner, `data-card="${esc(slug)}"`);
}

function route(view, meta, y0) {
  const st = view.state;
  const words = meta.words;
  const r = st.options.route;
  const n = r.terrains.length;
  const cols = Math.min(20, n);
  const size = W / cols;
  const rows = Math.ceil(n / cols);
  const pos = (i) => {
    const row = Math.floor(i / cols);
    const col = row % 2 === 0 ? i % cols : cols - 1 - (i % cols);
    return [col * size, y0 + 16 + row * size];
  };
  let out = `<text x="0" y="${y0 + 11}" font-size="12" font-weight="700">${esc(fmt(words.route, { st_louis: r.st_louis, fort_clatsop: r.fort_clatsop }))}</text>`;
  for (let i = 0; i < n; i++) {
    const [x, y] = pos(i);
    const t = r.terrains[i];
    const name = t === "R" ? words.river : t === "M" ? words.mountain : words.mountain_or_river;
    let fill = TERRAIN[t] || "#ccc";
    out += `<g data-space="${i}"><title>${esc(fmt(words.space, { space: i, terrain: name }))}${i === r.st_louis ? esc(words.at_st_louis) : ""}${i === r.fort_clatsop ? esc(words.at_fort_clatsop) : ""}</title>`;
    if (t === "MR") {
      out += `<rect x="${x + 1}" y="${y + 1}" width="${size - 2}" height="${size - 2}" fill="${TERRAIN.R}" rx="3"/>`;
      out += `<polygon points="${x + 1},${y + size - 1} ${x + size - 1},${y + 1} ${x + size - 1},${y + size - 1}" fill="${TERRAIN.M}"/>`;
    } else {
      out += `<rect x="${x + 1}" y="${y + 1}" width="${size - 2}" height="${size - 2}" fill="${fill}" rx="3"/>`;
    }
    if (i === r.st_louis || i === r.fort_clatsop) {
      out += `<rect x="${x + 1}" y="${y + 1}" width="${size - 2}" height="${size - 2}" fill="none" stroke="#3d2b1f" stroke-width="3" rx="3"/>`;
      out += `<text x="${x + 3}" y="${y + size - 4}" font-size="8" font-weight="700">${esc(i === r.st_louis ? words.st_louis_short : words.fort_short)}</text>`;
    }
    out += `<text x="${x + 3}" y="${y + 10}" font-size="8" fill="#1d2b38">${i}</text></g>`;
  }
  // Camps (tents) along the bottom of a space, Scouts (discs) above them.
  const scouts = {}, camps = {};
  st.players.forEach((p, s) => { (scouts[p.scout] ||= []).push(s); (camps[p.camp] ||= []).push(s); });
  for (const [sp, seats] of Object.entries(camps)) {
    const [x, y] = pos(+sp);
    seats.forEach((s, k) => {
      const cx = x + 8 + k * 9, cy = y + size - 14;
      out += `<polygon points="${cx - 5},${cy + 8} ${cx},${cy - 2} ${cx + 5},${cy + 8}" fill="${colour(st.players[s].colour)}" stroke="#222" stroke-width=".8"><title>${esc(fmt(words.camp_at, { colour: st.players[s].colour, space: sp }))}</title></polygon>`;
    });
  }
  for (const [sp, seats] of Object.entries(scouts)) {
    const [x, y] = pos(+sp);
    seats.forEach((s, k) => {
      out += `<circle cx="${x + 12 + (k % 3) * 12}" cy="${y + 18 + Math.floor(k / 3) * 11}" r="6" fill="${colour(st.players[s].colour)}" stroke="#111" stroke-width="1.2"><title>${esc(fmt(words.scout_at, { colour: st.players[s].colour, space: sp }))}</title></circle>`;
    });
  }
  if (st.mackenzie >= 0) {
    const [x, y] = pos(st.mackenzie);
    out += `<g><title>${esc(fmt(words.mackenzie_at, { space: st.mackenzie }))}</title><circle cx="${x + size - 12}" cy="${y + 18}" r="8" fill="#111"/><text x="${x + size - 16}" y="${y + 22}" font-size="10" fill="#fff" font-weight="700">M</text></g>`;
  }
  return [out, y0 + 16 + rows * size];
}

function indians(x, y, n, max = 8) {
  let out = "";
  for (let i = 0; i < Math.min(n, max); i++) out += `<circle cx="${x + i * 11}" cy="${y}" r="4.5" fill="${KIND_COLOURS.indian}" stroke="#511" />`;
  if (n > max) out += `<text x="${x + max * 11}" y="${y + 4}" font-size="10">+${n - max}</text>`;
  return out;
}

function village(view, meta, targets, y0) {
  const st = view.state;
  const words = meta.words;
  let out = `<text x="0" y="${y0 + 11}" font-size="12" font-weight="700">${esc(words.village)}</text>`;
  const w = 146, h = 60;
  meta.places.forEach((p, i) => {
    const x = (i % 4) * (w + 6), y = y0 + 18 + Math.floor(i / 4) * (h + 6);
    const n = st.village[i];
    const spots = (view.table && view.table.village[i]) || ""; // room left, worded on the server
    let inner = `<title>${esc(p.title)}: ${esc(p.text)}</title>`;
    inner += `<rect class="hit" x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="#f3e3c3" stroke="#8a6d4b"/>`;
    inner += `<text x="${x + 6}" y="${y + 15}" font-size="11" font-weight="700">${esc(p.title)}</text>`;
    inner += `<text x="${x + 6}" y="${y + 28}" font-size="9" fill="#6b5640">${spots}</text>`;
    inner += indians(x + 10, y + 44, n);
    out += group(`village:${p.name}`, targets, inner, `data-place="${p.name}"`);
  });
  const y = y0 + 18 + 2 * (h + 6);
  out += `<g><title>${esc(words.powwow_tip)}</title><rect x="0" y="${y}" width="${2 * w + 6}" height="30" rx="8" fill="#ead2b0" stroke="#8a6d4b"/>
    <text x="6" y="${y + 19}" font-size="11" font-weight="700">${esc(fmt(words.powwow, { n: st.powwow }))}</text>${indians(90, y + 15, st.powwow, 16)}</g>`;
  out += `<g><title>${esc(words.newcomer_tip)}</title><rect x="${2 * w + 12}" y="${y}" width="${2 * w + 6}" height="30" rx="8" fill="#ead2b0" stroke="#8a6d4b"/>
    <text x="${2 * w + 18}" y="${y + 19}" font-size="11" font-weight="700">${esc(fmt(words.newcomer, { n: st.newcomer }))}</text>${indians(2 * w + 110, y + 15, st.newcomer, 12)}
    <text x="${4 * w - 80}" y="${y + 19}" font-size="10" fill="#6b5640">${esc(fmt(words.stock, { n: st.indian_stock }))}</text></g>`;
  return [out, y + 36];
}

function journal(view, meta, targets, x0, y0) {
  const st = view.state;
  const words = meta.words;
  let out = `<text x="${x0}" y="${y0 + 11}" font-size="12" font-weight="700">${esc(words.journal)}</text>`;
  st.journal.forEach((id, i) => {
    const x = x0 + i * 76, y = y0 + 18;
    const slug = id ? slugById(meta, id) : null;
    if (slug) out += card(meta, slug, x, y, targets, { prefix: "journal" });
    else out += `<rect x="${x}" y="${y}" width="70" height="78" rx="5" fill="none" stroke="#bbb" stroke-dasharray="4"/>`;
    const strength = slug ? meta.cards[slug].strength : 0;
    out += `<text x="${x + 2}" y="${y + 92}" font-size="9.5" data-cost="${i}">${esc(fmt(words.fur_cost, { fur: meta.fur_costs[i] }))}${strength ? esc(fmt(words.equipment_cost, { strength })) : ""}</text>`;
  });
  out += `<text x="${x0}" y="${y0 + 124}" font-size="10" fill="#6b5640">${esc(words.journal_cost)}</text>`;
  out += `<text x="${x0}" y="${y0 + 138}" font-size="10" fill="#6b5640">${esc(fmt(words.decks, { deck: st.deck, discard: st.discard.length, small: st.tile_stacks[0], large: st.tile_stacks[1] }))}</text>`;
  return out;
}

let slugCache = null;
export function slugById(meta, id) {
  if (!slugCache) { slugCache = {}; for (const c of Object.values(meta.cards)) slugCache[c.id] = c.slug; }
  return slugCache[id];
}

function expedition(view, meta, targets, s, you, y0) {
  const st = view.state;
  const p = st.players[s];
  const seat = view.seats[s];
  const current = view.current === s;
  const words = meta.words;
  const h = 215;
  let out = `<rect x="0" y="${y0}" width="${W}" height="${h}" rx="8" fill="${current ? "#fff4d6" : "#fbf4e6"}" stroke="${colour(p.colour)}" stroke-width="${current ? 4 : 2}"/>`;
  const who = seat.kind === "bot" ? fmt(words.bot_level, { level: seat.bot }) : you.includes(s) ? words.you : words.player;
  out += `<rect x="0" y="${y0}" width="12" height="${h}" rx="4" fill="${colour(p.colour)}"/>`;
  out += `<text x="20" y="${y0 + 18}" font-size="14" font-weight="700" data-seat="${s}">${esc(p.colour[0].toUpperCase() + p.colour.slice(1))} — ${esc(who)}${current ? esc(words.to_play) : ""}</text>`;
  out += `<text x="20" y="${y0 + 36}" font-size="11">${esc(fmt(words.scout_camp, { scout: p.scout, camp: p.camp }))}</text>`;
  // Boat capacity and the Camp preview come from the server (queries.capacity, queries.camp_landing).
  const table = view.table && view.table.seats[s];
  if (table) out += `<text x="20" y="${y0 + 52}" font-size="11" data-capacity="${table.capacity}">${esc(table.boats)}</text>`;
  RES.forEach((r, i) => {
    const x = 20 + (i % 3) * 70, y = y0 + 60 + Math.floor(i / 3) * 22;
    out += `<g><title>${esc(fmt(words.resource_tip, { kind: meta.kind_names[i], n: p.resources[i] }))}</title><rect x="${x}" y="${y}" width="16" height="16" rx="3" fill="${KIND_COLOURS[r]}"/>
      <text x="${x + 20}" y="${y + 12}" font-size="11">${p.resources[i]} ${esc(meta.kind_names[i].slice(0, 5))}</text></g>`;
  });
  out += `<text x="20" y="${y0 + 118}" font-size="11">${esc(fmt(words.indians_held, { boats: p.indians, cards: p.on_cards }))}</text>`;
  out += indians(26, y0 + 130, p.indians, 14);
  const tileNames = [words.tile_small_resource, words.tile_large_resource, words.tile_small_indian, words.tile_large_indian];
  const tiles = p.tiles.map((n, i) => (n ? `${n} ${tileNames[i]}` : "")).filter(Boolean).join(", ") || words.none;
  out += `<text x="20" y="${y0 + 154}" font-size="10">${esc(fmt(words.extra_boats, { tiles }))}</text>`;
  if (table && table.camp) out += `<text x="20" y="${y0 + 172}" font-size="10" data-camp-preview="${s}">${esc(table.camp)}</text>`;
  // Hand and Playing Area.
  out += `<text x="250" y="${y0 + 16}" font-size="10" fill="#6b5640">${esc(fmt(words.hand, { n: p.hand.length }))}</text>`;
  p.hand.forEach((id, i) => { out += card(meta, slugById(meta, id), 250 + i * 62, y0 + 20, current ? targets : new Set(), { w: 58, h: 76 }); });
  out += `<text x="250" y="${y0 + 112}" font-size="10" fill="#6b5640">${esc(words.playing_area)}</text>`;
  p.face_up.forEach((id, i) => { out += card(meta, slugById(meta, id), 250 + i * 62, y0 + 116, targets, { w: 58, h: 76 }); });
  const x1 = 250 + p.face_up.length * 62 + (p.face_up.length ? 10 : 0);
  p.face_down.forEach((id, i) => {
    out += card(meta, slugById(meta, id), x1 + i * 44, y0 + 126, new Set(), { w: 40, h: 56, faint: true, prefix: "under" });
  });
  if (p.face_down.length) out += `<text x="${x1}" y="${y0 + 124}" font-size="8.5" fill="#6b5640">${esc(words.face_down)}</text>`;
  return [out, y0 + h + 8];
}

// The whole table. ``targets``: the set of data-target values that some legal action acts on.
export function drawBoard(view, meta, targets, you = []) {
  let y = 0, body = "";
  let part;
  [part, y] = route(view, meta, y); body += part;
  const y1 = y + 8;
  let vy;
  [part, vy] = village(view, meta, targets, y1); body += part;
  body += journal(view, meta, targets, 610, y1);
  y = Math.max(vy, y1 + 140) + 6;
  const order = view.state.players.map((_, s) => s);
  for (const s of order) { [part, y] = expedition(view, meta, targets, s, you, y); body += part; }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${y}" role="img" aria-label="${esc(meta.words.the_table)}">${body}</svg>`;
}
