// The How to play page: the server wrote it in one language; show it in the page language (lang.js)
// and put the EN | HU switch into its header. Its pictures are then drawn again with the table's own
// icons (icons.js), so a pelt here is the pelt on the board (the server's shapes stay without scripts).
import { addressIn, langSwitch, pageLang } from "./lang.js";
import { COLOURS, icon, scout, tent } from "./icons.js";

const wanted = pageLang();
if (!new URLSearchParams(location.search).has("lang") && wanted !== document.documentElement.lang) {
  location.replace(addressIn(wanted));
} else {
  langSwitch(document.body.dataset.languageLabel);
  drawPictures();
}

// Each picture in its 240x80 box, from the board's icons.
function pictures() {
  const row = (kinds, y, size, gap) => kinds.map((k, i) => icon(k, 12 + i * gap, y, size)).join("");
  return {
    resources: row(["wood", "fur", "food", "equipment", "canoe", "horse"], 20, 32, 38),
    boats: row(["boat", "boat", "canoe", "horse"], 20, 36, 56),
    moving: row(["river", "river", "mountain", "mountain"], 34, 36, 40) + scout(190, 70, 40, COLOURS.blue)
      + icon("flag", 206, 20, 32),
    camp: tent(60, 70, 44, COLOURS.orange) + scout(170, 70, 40, COLOURS.orange)
      + '<path d="M150 52H92m8-6-8 6 8 6" fill="none" stroke="#6b5640" stroke-width="3" stroke-dasharray="6 4"/>',
    strength: icon("card", 60, 10, 60) + icon("strength", 130, 24, 36)
      + [0, 1, 2].map((i) => `<circle cx="${186 + i * 14}" cy="44" r="5" fill="#2b2118"/>`).join(""),
    village: row(["village", "indian", "indian", "powwow"], 18, 40, 54),
    solo: scout(100, 70, 40, COLOURS.green) + `<path d="M160 44l12 14-12 14-12-14Z" fill="#111"/>` + icon("fort", 196, 24, 40),
    winning: icon("fort", 100, 8, 64) + tent(190, 70, 44, COLOURS.purple),
  };
}

function drawPictures() {
  const drawn = pictures();
  for (const [key, inner] of Object.entries(drawn)) {
    const svg = document.querySelector(`section#${key} svg.picture`);
    if (svg) { svg.innerHTML = inner; svg.dataset.icons = "board"; }
  }
}
