// The Journal of Encounters: its cards with what recruiting each costs under it (fur by slot, equipment
// by the card's Strength), the counts of the draw deck, discard and boat tiles, and the boat tiles'
// faces to choose from when a legal action adds one.
import { esc, fmt } from "./api.js";
import { icon, r1 } from "./icons.js";
import { card, flow, group } from "./cards.js";
import { slugById } from "./slugs.js";
import { fit, lines, text, wrap } from "./text.js";

const PAD = 10, TITLE = 26, COST = 20;
const TILES = ["small-resource", "large-resource", "small-indian", "large-indian"];

export function journal(view, meta, targets, W) {
  const st = view.state, words = meta.words;
  let out = text(PAD, 18, fit(words.journal, W - 2 * PAD, 13, true), 13, 'font-weight="700"');
  const slots = st.journal.map((id, i) => ({ slug: id ? slugById(meta, id) : null, i }));
  const keys = slots.map((s) => s.slug || `empty:${s.i}`);
  let y = TITLE;
  const [cards, h] = flow(meta, keys, PAD, y, W - 2 * PAD, {
    minW: 54, maxW: 110, gap: 6, extra: COST,
    draw: (key, x, cy, w, ch) => {
      const i = keys.indexOf(key);
      const slug = slots[i].slug;
      let o = slug ? card(meta, slug, x, cy, w, ch - COST, targets, { prefix: "journal" })
        : `<rect x="${r1(x)}" y="${r1(cy)}" width="${r1(w)}" height="${r1(ch - COST)}" rx="6" fill="none" stroke="#bbb" stroke-dasharray="4"/>`;
      const strength = slug ? meta.cards[slug].strength : 0;
      const tip = fmt(words.fur_cost, { fur: meta.fur_costs[i] }) + (strength ? fmt(words.equipment_cost, { strength }) : "");
      const by = cy + ch - COST + 3;
      o += `<g data-cost="${i}" class="cost"><title>${esc(tip)}</title>${icon("fur", x + 1, by, 14)}${text(x + 16, by + 11, String(meta.fur_costs[i]), 11, 'font-weight="700"')}`;
      if (strength) o += `${icon("equipment", x + 28, by, 14)}${text(x + 43, by + 11, String(strength), 11, 'font-weight="700"')}`;
      return o + "</g>";
    },
  });
  out += cards;
  y += h + 6;
  const small = (str) => { const ls = wrap(str, W - 2 * PAD, 10, 3); const o = lines(PAD, y + 10, ls, 10, 12, 'fill="#5b4a36"'); y += ls.length * 12 + 2; return o; };
  out += small(words.journal_cost);
  out += small(fmt(words.decks, { deck: st.deck, discard: st.discard.length, small: st.tile_stacks[0], large: st.tile_stacks[1] }));
  // Boat tiles: their four faces, clickable while a legal action adds one.
  if (TILES.some((t) => targets.has(`boat:${t}`))) {
    const names = [words.tile_small_resource, words.tile_large_resource, words.tile_small_indian, words.tile_large_indian];
    const cols = W < 400 ? 2 : 4, tw = (W - 2 * PAD - (cols - 1) * 6) / cols;
    TILES.forEach((t, i) => {
      const x = PAD + (i % cols) * (tw + 6), ty = y + 4 + Math.floor(i / cols) * 36;
      const inner = `<rect class="hit" x="${r1(x)}" y="${r1(ty)}" width="${r1(tw)}" height="30" rx="6" fill="#f3e3c3" stroke="#8a6d4b"/>`
        + icon("boat", x + 4, ty + 6, 18) + icon(t.endsWith("indian") ? "indian" : "any", x + 24, ty + 7, 16)
        + text(x + 44, ty + 19, fit(names[i], tw - 48, 11), 11);
      out += group(`boat:${t}`, targets, inner, `data-tile="${t}"`, "tile");
    });
    y += 4 + Math.ceil(TILES.length / cols) * 36;
  }
  y += 6;
  return [`<rect x=".5" y=".5" width="${W - 1}" height="${y - 1}" rx="8" class="panel-bg"/>${out}`, y];
}
