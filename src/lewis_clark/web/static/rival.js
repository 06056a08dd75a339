// Solo: Mackenzie, the rival (R24), in a panel of his own: his level, his space, his pace, when he
// arrives at Fort Clatsop and, when his last step went over your Scout, why. The words come from the
// server (view.solo.words); the page only lays them out.
import { r1 } from "./icons.js";
import { lines, wrap } from "./text.js";

const PAD = 10;

export function rival(view, W) {
  const solo = view.solo, said = solo.words; // his own words from the server, not the page's (meta) words
  const inner = W - 2 * PAD - 22;
  let y = 6;
  let out = `<path d="M${PAD + 8} ${y + 2}l7 8 -7 8 -7 -8Z" fill="#111" stroke="#fff"/>`;
  const line = (key, str, size, extra = "") => {
    if (!str) return "";
    const ls = wrap(str, inner - (extra.includes("700") ? 4 : 0), size, 4, extra.includes("700"));
    const o = `<g data-mackenzie="${key}">${lines(PAD + 22, y + size + 1, ls, size, size + 3, extra)}</g>`;
    y += ls.length * (size + 3) + 3;
    return o;
  };
  out += line("title", said.title, 13, 'font-weight="700"');
  y += 1;
  out += line("level", said.level, 11);
  out += line("space", said.space, 11);
  out += line("pace", said.pace, 11);
  out += line("arrives", said.arrives, 12, 'font-weight="700" fill="#7c3d0c"');
  if (said.jump) {
    const top = y;
    const jump = line("jump", said.jump, 11, 'font-style="italic"');
    out += `<rect x="${PAD + 16}" y="${r1(top - 1)}" width="${W - 2 * PAD - 16}" height="${r1(y - top + 1)}" rx="4" fill="#f3ead8"/>${jump}`;
  }
  out += line("goal", said.goal, 10.5, 'fill="#5b4a36"');
  y += 4;
  return [`<rect x=".5" y=".5" width="${W - 1}" height="${y - 1}" rx="8" class="panel-bg"/>${out}`, y];
}
