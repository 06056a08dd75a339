// The table, as panels that fit the width of #board: the route, the Village, the Journal and one
// panel per expedition, each an SVG at 1:1 pixel scale (its viewBox is its real width, so font sizes are
// real px). Wide screens set panels side by side (table.css). Things that a legal action acts on carry
// data-target and the class "can"; cards carry data-card and Village places data-place; the page
// attaches the clicks and panels.
import { esc } from "./api.js";
import { expedition } from "./expedition.js";
import { journal } from "./journal.js";
import { others } from "./others.js";
import { rival } from "./rival.js";
import { route, stripWindow } from "./route.js";
import { village } from "./village.js";

export { slugById } from "./slugs.js";
export { card } from "./cards.js";

const GAP = 8, WIDE = 760, MIN = 280;

function panel(cls, label, [body, h], w) {
  return `<div class="lc-panel ${cls}"><svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${Math.ceil(h)}" `
    + `viewBox="0 0 ${w} ${Math.ceil(h)}" role="img" aria-label="${esc(label)}">${body}</svg></div>`;
}

// The whole table as HTML. targets: the data-target values some legal action acts on; you: the seats
// this browser plays; width: the pixel width of #board (measured here when not given).
export function drawBoard(view, meta, targets, you = [], width = 0) {
  if (!width) width = (typeof document !== "undefined" && document.getElementById("board")?.clientWidth) || 1000;
  const W = Math.max(MIN, Math.floor(width));
  const wide = W >= WIDE;
  const half = wide ? Math.floor((W - GAP) / 2) : W;
  const words = meta.words;
  const seatPanel = (s, handFirst = false) => {
    const name = view.seats[s]?.called || view.state.players[s].colour; // the server words it (views.seats_json)
    return panel(`panel-expedition seat-${s}`, `${words.expedition} ${name}`, expedition(view, meta, targets, s, you, half, handFirst), half);
  };
  // Your own expedition (your hand) right after the route, beside a column of the Journal, the others in
  // brief (or Mackenzie, solo) and the Village on wide screens: what a turn needs, above the fold. On
  // phones first of all, under a strip of the route around your Scout, so both are in view above the
  // docked decision.
  const own = you.length ? (you.includes(view.current) ? view.current : you[0]) : -1;
  const rest = view.state.players.map((_, s) => s).filter((s) => s !== own);
  const rivalPanel = view.solo ? panel("panel-rival", words.mackenzie, rival(view, half), half) : "";
  const othersPanel = rest.length ? panel("panel-others", words.others, others(view, meta, rest, you, half), half) : "";
  const journalPanel = panel("panel-journal", words.journal, journal(view, meta, targets, half), half);
  const villagePanel = panel("panel-village", words.village, village(view, meta, targets, half), half);
  let html = "";
  if (wide) {
    html += panel("panel-route", words.route_panel, route(view, meta, W), W);
    const column = `<div class="lc-column">${journalPanel}${rivalPanel}${othersPanel}${villagePanel}</div>`;
    html += own >= 0 ? seatPanel(own) + column : column;
  } else {
    if (own >= 0) html += panel("panel-strip", words.route_strip, route(view, meta, W, stripWindow(view, own, W)), W) + seatPanel(own, true);
    html += panel("panel-route", words.route_panel, route(view, meta, W), W) + rivalPanel + journalPanel + villagePanel;
  }
  rest.forEach((s) => { html += seatPanel(s); });
  return `<div class="lc-table${wide ? " wide" : ""}" style="--lc-gap:${GAP}px">${html}</div>`;
}
