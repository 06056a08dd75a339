// Small SVG icons, each drawn in a 20x20 box and placed with icon(kind, x, y, size). Resources differ in
// SHAPE as well as colour (a log, a pelt, a ham, an axe, a canoe, a horse's head, a feather), so they
// read without colour vision too.
export const COLOURS = { orange: "#e67e22", blue: "#2e6fc7", yellow: "#e6c619", green: "#2f9e44", purple: "#8e44ad" };
export const colour = (c) => COLOURS[c] || "#555";
export const KIND_COLOURS = { wood: "#8b5a2b", fur: "#7a5230", food: "#c0392b", equipment: "#5d6d7e",
  canoe: "#2980b9", horse: "#b9561b", indian: "#b03a2e" };
export const RIVER = "#8ec3e8", RIVER_DARK = "#3a7fb5", MOUNTAIN = "#a98463", MOUNTAIN_DARK = "#6e5238";

const SHAPES = {
  wood: `<rect x="1.5" y="6" width="14" height="9" rx="2" fill="#8b5a2b" stroke="#4a2d12"/>
    <ellipse cx="15.5" cy="10.5" rx="3" ry="4.5" fill="#e0b27a" stroke="#4a2d12"/>
    <ellipse cx="15.5" cy="10.5" rx="1.2" ry="2" fill="none" stroke="#8b5a2b"/>`,
  fur: `<path d="M10 2C12 2 13 3.5 13 5L17 3.5 15.2 8C16.2 11 16.2 13 15.2 15L17.5 18.5 13 17C12 19 8 19 7 17L2.5 18.5 4.8 15C3.8 13 3.8 11 4.8 8L3 3.5 7 5C7 3.5 8 2 10 2Z" fill="#7a5230" stroke="#3b2412"/>
    <path d="M10 6V15" stroke="#b88a5c" stroke-width="1.2"/>`,
  food: `<path d="M3.5 12.5C0.5 7.5 5.5 1.5 11 3.5 15.5 5 15 10.5 12 13 9.5 15.5 5.5 16 3.5 12.5Z" fill="#c0392b" stroke="#6e1a12"/>
    <path d="M5.5 10C5 7 7.5 5 10 5.5" fill="none" stroke="#f1a08f" stroke-width="1.3"/>
    <path d="M12 13L16.5 17.5" stroke="#f4ecd8" stroke-width="2.6" stroke-linecap="round"/>
    <circle cx="17.3" cy="16.3" r="1.5" fill="#f4ecd8"/><circle cx="16" cy="18.5" r="1.5" fill="#f4ecd8"/>`,
  equipment: `<rect x="8.8" y="3" width="2.4" height="15.5" rx="1" fill="#8b5a2b" stroke="#4a2d12" stroke-width=".6"/>
    <path d="M11 3.2L17.5 2C18.7 5 18.7 9 17.5 12L11 9.5Z" fill="#95a5a6" stroke="#2c3e50"/>
    <path d="M9 3.2L5 4.5 5.5 8 9 7.5Z" fill="#5d6d7e" stroke="#2c3e50" stroke-width=".8"/>`,
  canoe: `<path d="M1 8.5Q10 18 19 8.5Q10 12.5 1 8.5Z" fill="#2980b9" stroke="#15476b"/>
    <path d="M13 2L8 15" stroke="#8b5a2b" stroke-width="1.5"/><ellipse cx="7.6" cy="15.6" rx="1.3" ry="2.2" fill="#8b5a2b" transform="rotate(20 7.6 15.6)"/>`,
  horse: `<path d="M6 19L7 12C5 11.5 2.5 10 3 8L7.5 4 8.5 1 10.5 3.2C14.5 3.5 17.5 7.5 16.8 12.5L16 19Z" fill="#b9561b" stroke="#5e2a0b"/>
    <path d="M10.5 3.2C12.5 5 13.5 8 13.6 11" fill="none" stroke="#4a2008" stroke-width="1.6"/>
    <circle cx="7" cy="6.8" r="1" fill="#1b0d05"/>`,
  indian: `<path d="M10 1C15.5 5 14.5 12.5 10 17.5 5.5 12.5 4.5 5 10 1Z" fill="#b03a2e" stroke="#5a150f"/>
    <path d="M10 3V19.5" stroke="#f4ecd8" stroke-width="1.2"/><path d="M10 8L7 6M10 11L6.8 9M10 8L13 6M10 11L13.2 9" stroke="#5a150f" stroke-width=".8"/>`,
  any: `<circle cx="10" cy="10" r="8.5" fill="#fffdf6" stroke="#2b2118"/>
    <path d="M10 10V1.5A8.5 8.5 0 0 1 18.5 10Z" fill="#8b5a2b"/><path d="M10 10H18.5A8.5 8.5 0 0 1 10 18.5Z" fill="#7a5230" opacity=".75"/>
    <path d="M10 10V18.5A8.5 8.5 0 0 1 1.5 10Z" fill="#c0392b"/><path d="M10 10H1.5A8.5 8.5 0 0 1 10 1.5Z" fill="#5d6d7e"/>
    <circle cx="10" cy="10" r="8.5" fill="none" stroke="#2b2118"/>`,
  different: `<circle cx="10" cy="10" r="8.5" fill="#fffdf6" stroke="#2b2118" stroke-dasharray="2.5 1.5"/>
    <rect x="4" y="4" width="5" height="5" fill="#8b5a2b"/><rect x="11" y="4" width="5" height="5" fill="#7a5230"/>
    <rect x="4" y="11" width="5" height="5" fill="#c0392b"/><rect x="11" y="11" width="5" height="5" fill="#5d6d7e"/>`,
  river: `<rect x="1" y="2" width="18" height="16" rx="4" fill="${RIVER}" stroke="${RIVER_DARK}"/>
    <path d="M3 8q2.5-2.5 5 0t5 0 5 0M3 13q2.5-2.5 5 0t5 0 5 0" fill="none" stroke="#fff" stroke-width="1.6"/>`,
  mountain: `<rect x="1" y="2" width="18" height="16" rx="4" fill="#e9dcc6" stroke="${MOUNTAIN_DARK}"/>
    <path d="M2.5 16L8 6 11 11 13 8.5 17.5 16Z" fill="${MOUNTAIN}" stroke="${MOUNTAIN_DARK}"/><path d="M6.4 9L8 6 9.6 9Z" fill="#fff"/>`,
  card: `<rect x="4" y="2" width="12" height="16" rx="2" fill="#fffdf6" stroke="#2b2118"/><rect x="4" y="2" width="12" height="4" rx="1.5" fill="#d9a86c"/>
    <path d="M6.5 10H13.5M6.5 13H11.5" stroke="#2b2118"/>`,
  village: `<path d="M10 2L17.5 17.5H2.5Z" fill="#e9c48f" stroke="#6b4423"/><path d="M10 2L8 0M10 2L12 0" stroke="#6b4423"/>
    <path d="M10 11L7.8 17.5H12.2Z" fill="#6b4423"/>`,
  copy: `<rect x="2" y="2" width="10" height="13" rx="2" fill="#fffdf6" stroke="#2b2118"/><rect x="8" y="5" width="10" height="13" rx="2" fill="#f3e3c3" stroke="#2b2118"/>
    <path d="M10.5 11.5H15.5M13 9V14" stroke="#2b2118" stroke-width="1.4"/>`,
  boat: `<path d="M1.5 10H18.5L15.5 16H4.5Z" fill="#8b5a2b" stroke="#4a2d12"/><path d="M10 2V10M10 3L15 9H10Z" fill="#f4ecd8" stroke="#4a2d12"/>`,
  powwow: `<path d="M5 18L10 4 15 18Z" fill="#e9c48f" stroke="#6b4423"/><path d="M10 4C13 1 16 2 17.5 4 15 4 13 5 10 6ZM10 4C7 1 4 2 2.5 4 5 4 7 5 10 6Z" fill="#b03a2e"/>
    <circle cx="10" cy="14" r="2.2" fill="#f39c12"/>`,
  strength: `<rect x="5" y="7" width="12" height="11" rx="2" fill="#e9dcc6" stroke="#6b5640"/><rect x="2" y="2" width="12" height="11" rx="2" fill="#fffdf6" stroke="#2b2118"/>
    <path d="M8 10V5M5.8 7L8 4.6 10.2 7" fill="none" stroke="#2b2118" stroke-width="1.4"/>`,
  flag: `<path d="M5 19V2" stroke="#2b2118" stroke-width="1.8"/><path d="M5.5 2.5H17L14.5 6.5 17 10.5H5.5Z" fill="#c0392b" stroke="#5a150f"/>`,
  fort: `<path d="M2 18V7H5V9H7.5V7H10V9H12.5V7H15V9H18V18Z" fill="#8b5a2b" stroke="#3b2412"/><rect x="8.3" y="12" width="3.4" height="6" fill="#3b2412"/>
    <path d="M10 7V1.5" stroke="#2b2118"/><path d="M10 1.5H15L13.5 3.2 15 5H10Z" fill="#2e6fc7"/>`,
};

// An icon of `kind` in a size x size box at (x, y); unknown kinds draw nothing.
export function icon(kind, x, y, size = 16) {
  const shape = SHAPES[kind];
  if (!shape) return "";
  return `<g transform="translate(${r1(x)} ${r1(y)}) scale(${(size / 20).toFixed(3)})" class="icon icon-${kind}">${shape}</g>`;
}

// A tent (a Camp) in a player's colour, w wide, standing on (cx, bottom).
export function tent(cx, bottom, w, fill) {
  const h = w * 0.9;
  return `<path d="M${r1(cx - w / 2)} ${r1(bottom)}L${r1(cx)} ${r1(bottom - h)}L${r1(cx + w / 2)} ${r1(bottom)}Z" fill="${fill}" stroke="#1b1b1b" stroke-width=".9"/>`
    + `<path d="M${r1(cx)} ${r1(bottom)}L${r1(cx)} ${r1(bottom - h * 0.45)}" stroke="#1b1b1b" stroke-width=".9"/>`;
}

// A Scout: a standing figure (head and body) in a player's colour, h tall, standing on (cx, bottom).
export function scout(cx, bottom, h, fill) {
  const r = h * 0.22;
  return `<circle cx="${r1(cx)}" cy="${r1(bottom - h + r)}" r="${r1(r)}" fill="${fill}" stroke="#1b1b1b" stroke-width=".9"/>`
    + `<path d="M${r1(cx - h * 0.3)} ${r1(bottom)}Q${r1(cx)} ${r1(bottom - h * 1.05)} ${r1(cx + h * 0.3)} ${r1(bottom)}Z" fill="${fill}" stroke="#1b1b1b" stroke-width=".9"/>`;
}

export const r1 = (v) => Math.round(v * 10) / 10;
