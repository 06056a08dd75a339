// The end screen's chart: where each expedition's Scout (line) and Camp (dashes) stood after each of its
// rounds, and Mackenzie (solo, dotted black), drawn as SVG from the view's "story" (web/recap.py).
import { esc } from "./api.js";
import { colour } from "./icons.js";
import { text } from "./text.js";

const W = 400, H = 230, L = 34, B = 26, T = 22, R = 10;

export function storyChart(story, view, meta, seatName) {
  const words = meta.words;
  const rounds = Math.max(1, story.rounds), top = Math.max(1, story.last_space);
  const x = (r) => L + ((r - 1) / Math.max(1, rounds - 1)) * (W - L - R);
  const y = (sp) => H - B - (sp / top) * (H - B - T);
  const line = (rs, ys, stroke, extra) => (rs.length ? `<polyline fill="none" stroke="${stroke}" stroke-width="2.5" ${extra} `
    + `points="${rs.map((r, i) => `${x(r).toFixed(1)},${y(ys[i]).toFixed(1)}`).join(" ")}"/>` : "");
  let out = `<rect x="${L}" y="${T}" width="${W - L - R}" height="${H - B - T}" fill="#fbf7ef" stroke="#c9b99a"/>`;
  for (const sp of [0, Math.round(top / 2), top]) {
    out += `<path d="M${L} ${y(sp).toFixed(1)}h${W - L - R}" stroke="#e3d6bf"/>`;
    out += text(4, y(sp) + 4, String(sp), 11, 'fill="#4b3a28"');
  }
  for (const r of [1, Math.ceil(rounds / 2), rounds]) out += text(x(r) - 4, H - B + 14, String(r), 11, 'fill="#4b3a28"');
  out += text(L, H - 2, `${words.chart_round} →`, 11, 'fill="#4b3a28"');
  out += text(4, 12, `↑ ${words.chart_space}`, 11, 'fill="#4b3a28"');
  for (const s of story.seats) {
    const c = colour(view.state.players[s.seat].colour);
    out += `<g class="series" data-seat="${s.seat}"><title>${esc(seatName(s.seat))}</title>`
      + line(s.rounds, s.scout, c, "") + line(s.rounds, s.camp, c, 'stroke-dasharray="6 4" opacity=".8"') + "</g>";
  }
  const m = story.mackenzie;
  if (m.rounds.length) out += `<g class="series mackenzie"><title>Mackenzie</title>${line(m.rounds, m.space, "#111", 'stroke-dasharray="2 3"')}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="100%" role="img" aria-label="${esc(words.chart_title)}">`
    + `<title>${esc(words.chart_title)}</title>${out}</svg><p class="muted">${esc(words.chart_title)}</p>`;
}
