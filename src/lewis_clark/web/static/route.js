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
// Crowded, they stand closer (overlapping a little) rather than piling up in many rows.
const perRow = (s) => Math.max(1, 1 + Math.floor((s + GAP - MARK) / 10));

function markers(list, x, top, s, draw) {
  const per = perRow(s);
  let out = "";
  list.forEach((m, k) => {
    const row = Math.floor(k / per), col = k % per;
    const inRow = Math.min(per, list.length - row * per);
    const step = inRow > 1 ? Math.min(MARK, (s + GAP - MARK) / (inRow - 1)) : 0;
    const cx = x + s / 2 + (col - (inRow - 1) / 2) * step;
    out += draw(m, cx, top + (row + 1) * MARK);
  });
  return out;
}

// Mackenzie (solo): a black diamond among the Scouts, named in a band above his row.
function mackenzieMark(cx, bottom, tip) {
  return `<g class="marker mackenzie" data-marker="mackenzie"><title>${esc(tip)}</title><path d="M${r1(cx)} ${r1(bottom - 16)}l7 8 -7 8 -7 -8Z" fill="#111" stroke="#fff" stroke-width="1"/></g>`;
}

// The route, or a strip of it: `first` and `count` pick the spaces (a strip is one row, without title or
// legend: the phone's view of the spaces around your Scout).
export function route(view, meta, W, { first = 0, count = 0 } = {}) {
  const st = view.state, words = meta.words, r = st.options.route, total = r.terrains.length;
  const strip = count > 0;
  const last = strip ? Math.min(total, first + count) : total; // spaces first..last-1 are drawn
  const n = last - first;
  const avail = W - 2 * PAD;
  const cols = strip ? n : Math.max(2, Math.min(n, Math.floor((avail + GAP) / (MIN_SPACE + GAP))));
  const s = Math.min(MAX_SPACE, (avail + GAP) / cols - GAP);
  const rows = Math.ceil(n / cols);
  const span = cols * (s + GAP) - GAP;
  const x0 = PAD + (avail - span) / 2;
  const at = (i) => i - first; // a space's place among those drawn
  // Who stands where; bands are as tall as their row's most crowded space needs (at least one marker).
  const scouts = {}, camps = {};
  st.players.forEach((p, seat) => { (scouts[p.scout] ||= []).push(seat); (camps[p.camp] ||= []).push(seat); });
  const solo = st.mackenzie >= 0;
  if (solo) (scouts[st.mackenzie] ||= []).push("mackenzie");
  const per = perRow(s);
  const bands = (map, row) => {
    let most = 1;
    for (let c = 0; c < cols; c++) most = Math.max(most, Math.ceil((map[first + row * cols + c] || []).length / per));
    return most * MARK + 2;
  };
  const drawn = (i) => i >= first && i < last;
  const pos = [];
  const rowTop = [];
  let y = strip ? 4 : TITLE;
  for (let row = 0; row < rows; row++) {
    const inRow = (i) => drawn(i) && Math.floor(at(i) / cols) === row;
    const label = solo && inRow(st.mackenzie) ? NAME_BAND : 0; // Mackenzie's name above his diamond
    const top = label + bands(scouts, row), bottom = bands(camps, row);
    const named = [r.st_louis, r.fort_clatsop].some(inRow);
    rowTop.push({ label: y, scouts: y + label, space: y + top, camps: y + top + s, name: y + top + s + bottom });
    y += top + s + bottom + (named ? NAME_BAND : 0) + ROW_GAP;
  }
  for (let i = first; i < last; i++) {
    const k = at(i), row = Math.floor(k / cols), col = row % 2 === 0 ? k % cols : cols - 1 - (k % cols);
    pos[i] = [x0 + col * (s + GAP), rowTop[row].space, row];
  }
  // The legend (what the three kinds of space look like; Mackenzie's diamond in a solo game) goes on the
  // title's line when both fit, else on a line of its own at the bottom.
  const title = fmt(words.route, { st_louis: r.st_louis, fort_clatsop: r.fort_clatsop });
  const keys = [["R", words.river], ["M", words.mountain], ["MR", words.mountain_or_river]];
  if (solo) keys.push(["mackenzie", words.mackenzie_legend]);
  const widths = keys.map(([, name]) => 15 + measure(name, 10));
  const legendW = widths.reduce((a, b) => a + b + 12, 0) - 12;
  const oneLine = !strip && measure(title, 13, true) + 24 + legendW <= W - 2 * PAD;
  // At the bottom, the keys flow onto as many lines as the width needs.
  const spots = [];
  let kx = oneLine ? W - PAD - legendW : PAD, line = 0;
  widths.forEach((w) => {
    if (!oneLine && kx > PAD && kx + w > W - PAD) { kx = PAD; line += 1; }
    spots.push([kx, line]);
    kx += w + 12;
  });
  const H = strip ? y : oneLine ? y + 4 : y + 20 + line * 15;
  let out = `<rect x=".5" y=".5" width="${W - 1}" height="${H - 1}" rx="8" class="panel-bg"/>`;
  if (!strip) out += text(PAD, 18, fit(title, W - 2 * PAD, 13, true), 13, 'font-weight="700"');
  // The trail behind the spaces: water between River spaces, a path elsewhere, turning at row ends.
  let trail = "";
  for (let i = first; i + 1 < last; i++) {
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
  for (let i = first; i < last; i++) {
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
    if (!drawn(i)) continue;
    const [x, , row] = pos[i];
    const w = measure(name, 10.5, true);
    const lx = Math.max(4, Math.min(W - 4 - w, x + s / 2 - w / 2));
    out += text(lx, rowTop[row].name + 11, name, 10.5, `font-weight="700" class="${strip ? "strip-name" : "place-name"} ${cls}" paint-order="stroke" stroke="#fbf7ef" stroke-width="3"`);
  }
  // Scouts above, Camps below, Mackenzie (solo) as a black diamond among the Scouts, his name above.
  const seatColour = (seat) => colour(st.players[seat].colour);
  for (const [sp, list] of Object.entries(scouts)) {
    if (!drawn(+sp)) continue;
    const [x, , row] = pos[+sp];
    out += markers(list, x, rowTop[row].scouts, s, (m, cx, bottom) => {
      if (m === "mackenzie") return mackenzieMark(cx, bottom, fmt(words.mackenzie_at, { space: sp }));
      return `<g class="marker scout" data-marker="scout-${m}"><title>${esc(fmt(words.scout_at, { colour: meta.colour_names[st.players[m].colour] || st.players[m].colour, space: sp }))}</title>${scout(cx, bottom - 0.5, 16, seatColour(m))}</g>`;
    });
  }
  if (solo && drawn(st.mackenzie)) {
    const [x, , row] = pos[st.mackenzie];
    const name = words.mackenzie, w = measure(name, 10.5, true);
    const lx = Math.max(4, Math.min(W - 4 - w, x + s / 2 - w / 2));
    out += text(lx, rowTop[row].label + 12, name, 10.5, 'font-weight="700" class="mackenzie-label" paint-order="stroke" stroke="#fbf7ef" stroke-width="3"');
  }
  for (const [sp, list] of Object.entries(camps)) {
    if (!drawn(+sp)) continue;
    const [x, , row] = pos[+sp];
    out += markers(list, x, rowTop[row].camps, s, (m, cx, bottom) =>
      `<g class="marker camp" data-marker="camp-${m}"><title>${esc(fmt(words.camp_at, { colour: meta.colour_names[st.players[m].colour] || st.players[m].colour, space: sp }))}</title>${tent(cx, bottom - 0.5, 16, seatColour(m))}</g>`);
  }
  if (strip) return [out, H];
  out += '<g class="legend">';
  for (const [k, [t, name]] of keys.entries()) {
    const [lx, line] = spots[k];
    const ly = oneLine ? 8 : y + 3 + line * 15;
    if (t === "mackenzie") out += `<path class="legend-mackenzie" d="M${r1(lx + 6)} ${ly - 1}l6 7 -6 7 -6 -7Z" fill="#111"/>`;
    else out += `<g transform="translate(${r1(lx)} ${ly}) scale(.4)">${space("", t, 0, 0, 30, "")}</g>`;
    out += text(lx + 15, ly + 10, name, 10, 'fill="#4b3a28"');
  }
  return [out + "</g>", H];
}

// The spaces a phone's strip shows: `count` of them around `seat`'s Scout (a few behind it, more ahead),
// inside the route.
export function stripWindow(view, seat, W) {
  const n = view.state.options.route.terrains.length;
  const count = Math.max(5, Math.min(n, Math.floor((W - 2 * PAD + GAP) / (MIN_SPACE + GAP))));
  const scoutAt = view.state.players[seat].scout;
  const first = Math.max(0, Math.min(n - count, scoutAt - Math.floor(count / 3)));
  return { first, count };
}
