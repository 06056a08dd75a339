// The other expeditions in brief, one row each: who plays it, Scout and Camp, hand size and boats, so a
// turn's decision sees every opponent without scrolling to their whole panels further down.
import { esc, fmt } from "./api.js";
import { colour, r1 } from "./icons.js";
import { fit, measure, text } from "./text.js";

const PAD = 10, TITLE = 24, ROW = 36;

export function others(view, meta, seats, you, W) {
  const st = view.state, words = meta.words;
  let out = text(PAD, 18, fit(words.others, W - 2 * PAD, 13, true), 13, 'font-weight="700"');
  const hintW = measure(words.others_hint, 10);
  if (measure(words.others, 13, true) + 16 + hintW <= W - 2 * PAD) out += text(W - PAD - hintW, 17, words.others_hint, 10, 'fill="#5b4a36"');
  let y = TITLE;
  for (const seat of seats) {
    const p = st.players[seat], info = view.seats[seat] || {}, table = view.table && view.table.seats[seat];
    const current = view.current === seat;
    const name = info.called || meta.colour_names[p.colour] || p.colour;
    const who = info.kind === "bot" ? fmt(words.bot_level, { level: info.bot_name || info.bot }) : you.includes(seat) ? words.you : words.player;
    const facts = [fmt(words.scout_camp, { scout: p.scout, camp: p.camp }), fmt(words.hand, { n: p.hand.length })];
    if (table) facts.push(table.boats);
    out += `<g class="other" data-seat="${seat}"><title>${esc(`${name} — ${who}: ${facts.join(" · ")}`)}</title>`
      + `<rect x="${PAD}" y="${r1(y)}" width="${W - 2 * PAD}" height="${ROW - 4}" rx="6" fill="${current ? "#fff4d6" : "#fbf4e6"}" stroke="${colour(p.colour)}" stroke-width="${current ? 2.5 : 1}"/>`
      + `<rect x="${PAD}" y="${r1(y)}" width="6" height="${ROW - 4}" rx="3" fill="${colour(p.colour)}"/>`
      + text(PAD + 12, y + 13, fit(`${name} — ${who}${current ? words.to_play : ""}`, W - 2 * PAD - 18, 11.5, true), 11.5, 'font-weight="700"')
      + text(PAD + 12, y + 27, fit(facts.join(" · "), W - 2 * PAD - 18, 11), 11, 'class="other-facts"') + "</g>";
    y += ROW;
  }
  y += 4;
  return [`<rect x=".5" y=".5" width="${W - 1}" height="${y - 1}" rx="8" class="panel-bg"/>${out}`, y];
}
