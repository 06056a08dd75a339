// The route: a winding trail of spaces (rows that fit the width, turning at each end). River spaces are
// water, Mountain spaces rock with a peak; either-spaces are split. Scouts stand in a band above their
// space, Camps (tents) in a band below it, and St Louis / Fort Clatsop are named under the camp band,
// so no marker ever covers a name or a number, however many players share a space.
import { esc, fmt } from "./api.js";
import { colour, icon, MOUNTAIN, MOUNTAIN_DARK, r1, RIVER, RIVER_DARK, scout, tent } from "./icons.js";
import { fit, measure, text } from "./text.js";

const PAD = 12, GAP = 5, MIN_SPACE = 33, MAX_SPACE = 46, MARK = 17, TITLE = 26, NAME_BAND = 15, ROW_GAP = 4;

function terrainName(words, t) { return t === "R" ? words.river : t === "M" ? words.mountain : words.mountain_or_river; }

// One space, size s, top-left (x, y): water, rock, or both split along the diagonal; its number top-left.
function space(i, t, x, y, s, mark) {
  let out = "";
  const waves = (yy) => `<path d="M${r1(x + s * 0.18)} ${r1(yy)}q${r1(s * 0.08)} -${r1(s * 0.08)} ${r1(s * 0.16)} 0t${r1(s * 0.16)} 0 ${r1(s * 0.16)} 0 ${r1(s * 0.16)} 0" fill="none" stroke="#fff" stroke-width="1.5" opacity=".9"/>`;
  const peak = (px, py, ps) => `<path d="M${r1(px)} ${r1(py + ps)}l${r1(ps * 0.5)} -${r1(ps)} ${r1(ps * 0.5)} ${r1(ps)}Z" fill="${MOUNTAIN_DARK}"/><path d="M${r1(px + ps * 0.32)} ${r1(py + ps * 0.36)}l${r1(ps * 0.18)} -${r1(ps * 0.36)} ${r1(ps * 0.18)} ${r1(ps * 0.36)}Z" fill="#fff"/>`;
  if (t === "MR") {
    out += `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(s)}" height="${r1(s)}" rx="6" fill="${RIVER}"/>`;
    out += `<path d="M${r1(x + s)} ${r1(y + 6)}V${r1(y + s - 6)}a6 6 0 0 1 -6 6H${r1(x + 2)}Z" fill="${MOUNTAIN}"/>`;
    out += peak(x + s * 0.55, y + s * 0.52, s * 0.36);
  } else if (t === "M") {
    out += `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(s)}" height="${r1(s)}" rx="6" fill="${MOUNTAIN}"/>`;
    if (!mark) out += peak(x + s * 0.3, y + s * 0.42, s * 0.44);
  } else {
    out += `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(s)}" height="${r1(s)}" rx="6" fill="${RIVER}"/>`;
    if (!mark) out += waves(y + s * 0.62) + waves(y + s * 0.82);
  }
  out += `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(s)}" height="${r1(s)}" rx="6" fill="none" stroke="${t === "M" ? MOUNTAIN_DARK : RIVER_DARK}" stroke-width="${mark ? 2.5 : 1}"/>`;
  if (mark) out += icon(mark, x + s * 0.3, y + s * 0.32, s * 0.62);
  out += text(x + 4, y + 12, String(i), 10.5, `font-weight="700" fill="${t === "M" ? "#fff" : "#10314d"}" class="space-number"`);
  return out;
}

// Markers (Scouts, Camps, Mackenzie) in a band: up to `per` in a row, then more rows.
function markers(list, x, top, s, draw) {
  const per = Math.max(1, Math.floor(s / MARK));
  let out = "";
  list.forEach((m, k) => {
    const row = Math.floor(k / per), col = k % per;
    const inRow = Math.min(per, list.length - row * per);
    const cx = x + s / 2 + (col - (inRow - 1) / 2) * MARK;
    out += draw(m, cx, top + (row + 1) * MARK);
  });
  return out;
}

export function route(view, meta, W) {
  const st = view.state, words = meta.words, r = st.options.route, n = r.terrains.length;
  const avail = W - 2 * PAD;
  const cols = Math.max(2, Math.min(n, Math.floor((avail + GAP) / (MIN_SPACE + GAP))));
  const s = Math.min(MAX_SPACE, (avail + GAP) / cols - GAP);
  const rows = Math.ceil(n / cols);
  const span = cols * (s + GAP) - GAP;
  const x0 = PAD + (avail - span) / 2;
  // Who stands where; bands are as tall as their row's most crowded space needs (at least one marker).
  const scouts = {}, camps = {};
  st.players.forEach((p, seat) => { (scouts[p.scout] ||= []).push(seat); (camps[p.camp] ||= []).push(seat); });
  if (st.mackenzie >= 0) (scouts[st.mackenzie] ||= []).push("mackenzie");
  const per = Math.max(1, Math.floor(s / MARK));
  const bands = (map, row) => {
    let most = 1;
    for (let c = 0; c < cols; c++) most = Math.max(most, Math.ceil((map[row * cols + c] || []).length / per));
    return most * MARK + 2;
  };
  const pos = [];
  const rowTop = [];
  let y = TITLE;
  for (let row = 0; row < rows; row++) {
    const top = bands(scouts, row), bottom = bands(camps, row);
    const named = [r.st_louis, r.fort_clatsop].some((i) => Math.floor(i / cols) === row);
    rowTop.push({ scouts: y, space: y + top, camps: y + top + s, name: y + top + s + bottom });
    y += top + s + bottom + (named ? NAME_BAND : 0) + ROW_GAP;
  }
  for (let i = 0; i < n; i++) {
    const row = Math.floor(i / cols), col = row % 2 === 0 ? i % cols : cols - 1 - (i % cols);
    pos.push([x0 + col * (s + GAP), rowTop[row].space, row]);
  }
  const H = y + 20;
  let out = `<rect x=".5" y=".5" width="${W - 1}" height="${H - 1}" rx="8" class="panel-bg"/>`;
  out += text(PAD, 18, fit(fmt(words.route, { st_louis: r.st_louis, fort_clatsop: r.fort_clatsop }), W - 2 * PAD, 13, true), 13, 'font-weight="700"');
  // The trail behind the spaces: water between River spaces, a path elsewhere, turning at row ends.
  let trail = "";
  for (let i = 0; i + 1 < n; i++) {
    const [ax, ay] = pos[i], [bx, by] = pos[i + 1];
    const wet = r.terrains[i] !== "M" && r.terrains[i + 1] !== "M";
    const stroke = `stroke="${wet ? "#b9dcf2" : "#dcc7a4"}" stroke-width="${r1(s * 0.45)}" fill="none" stroke-linecap="round"`;
    if (ay === by) trail += `<path d="M${r1(ax + s / 2)} ${r1(ay + s / 2)}H${r1(bx + s / 2)}" ${stroke}/>`;
    else {
      const side = pos[i][2] % 2 === 0 ? 1 : -1, ex = ax + s / 2 + side * (s / 2 + PAD - 3);
      trail += `<path d="M${r1(ax + s / 2)} ${r1(ay + s / 2)}C${r1(ex)} ${r1(ay + s / 2)} ${r1(ex)} ${r1(by + s / 2)} ${r1(bx + s / 2)} ${r1(by + s / 2)}" ${stroke}/>`;
    }
  }
  out += trail;
  for (let i = 0; i < n; i++) {
    const [x, yy] = pos[i];
    const t = r.terrains[i];
    const mark = i === r.st_louis ? "flag" : i === r.fort_clatsop ? "fort" : "";
    let tip = fmt(words.space, { space: i, terrain: terrainName(words, t) });
    if (i === r.st_louis) tip += words.at_st_louis;
    if (i === r.fort_clatsop) tip += words.at_fort_clatsop;
    out += `<g data-space="${i}"><title>${esc(tip)}</title>${space(i, t, x, yy, s, mark)}</g>`;
  }
  // Names of St Louis and Fort Clatsop, in their own band under the camps (kept inside the panel).
  for (const [i, name, cls] of [[r.st_louis, words.st_louis_short, "st-louis"], [r.fort_clatsop, words.fort_clatsop, "fort-clatsop"]]) {
    if (i < 0 || i >= n) continue;
    const [x, , row] = pos[i];
    const w = measure(name, 10.5, true);
    const lx = Math.max(4, Math.min(W - 4 - w, x + s / 2 - w / 2));
    out += text(lx, rowTop[row].name + 11, name, 10.5, `font-weight="700" class="place-name ${cls}" paint-order="stroke" stroke="#fbf7ef" stroke-width="3"`);
  }
  // Scouts above, Camps below, Mackenzie (solo) as a black diamond among the Scouts.
  const seatColour = (seat) => colour(st.players[seat].colour);
  for (const [sp, list] of Object.entries(scouts)) {
    const [x, , row] = pos[+sp] || [];
    if (x === undefined) continue;
    out += markers(list, x, rowTop[row].scouts, s, (m, cx, bottom) => {
      if (m === "mackenzie") {
        return `<g class="marker mackenzie" data-marker="mackenzie"><title>${esc(fmt(words.mackenzie_at, { space: sp }))}</title><path d="M${r1(cx)} ${r1(bottom - 16)}l7 8 -7 8 -7 -8Z" fill="#111" stroke="#fff" stroke-width="1"/></g>`;
      }
      return `<g class="marker scout" data-marker="scout-${m}"><title>${esc(fmt(words.scout_at, { colour: meta.colour_names[st.players[m].colour] || st.players[m].colour, space: sp }))}</title>${scout(cx, bottom - 0.5, 16, seatColour(m))}</g>`;
    });
  }
  for (const [sp, list] of Object.entries(camps)) {
    const [x, , row] = pos[+sp] || [];
    if (x === undefined) continue;
    out += markers(list, x, rowTop[row].camps, s, (m, cx, bottom) =>
      `<g class="marker camp" data-marker="camp-${m}"><title>${esc(fmt(words.camp_at, { colour: meta.colour_names[st.players[m].colour] || st.players[m].colour, space: sp }))}</title>${tent(cx, bottom - 0.5, 16, seatColour(m))}</g>`);
  }
  // A legend: what the three kinds of space look like.
  let lx = PAD;
  const ly = H - 17;
  for (const [t, name] of [["R", words.river], ["M", words.mountain], ["MR", words.mountain_or_river]]) {
    out += `<g transform="translate(${r1(lx)} ${ly}) scale(.4)">${space("", t, 0, 0, 30, "")}</g>`;
    out += text(lx + 15, ly + 10, name, 10, 'fill="#4b3a28"');
    lx += 15 + measure(name, 10) + 12;
  }
  return [out, H];
}
