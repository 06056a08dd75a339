// The page's language and the EN | HU switch in every page's header.
// Chosen in this order: ?lang= in the address (remembered), the one chosen before, the browser's
// languages (hu-HU -> hu), else English. Switching reloads the page in the new language, keeping the
// rest of the address (the #t= fragment holds a seat's token).
import { store } from "./api.js";

export const LANGUAGES = ["en", "hu"];
// The wording layer's pseudo-locale (docs/web.md): taken from ?lang=qps only, never offered nor remembered.
const PSEUDO = "qps";
const KEY = "lewis-clark:lang";

// "hu", "hu-HU", "HU" -> "hu"; anything else -> "".
function known(code) {
  const c = String(code || "").toLowerCase();
  return LANGUAGES.find((l) => c === l || c.startsWith(`${l}-`)) || "";
}

// The language is decided once, when the page loads: another tab switching language changes what is
// remembered for the next page, never the words this page asks for.
let decided = "";

export function pageLang() {
  if (!decided) decided = decideLang();
  return decided;
}

function decideLang() {
  if (new URLSearchParams(location.search).get("lang") === PSEUDO) return PSEUDO;
  const asked = known(new URLSearchParams(location.search).get("lang"));
  if (asked) {
    if (store.get(KEY) !== asked) store.set(KEY, asked);
    return asked;
  }
  const chosen = known(store.get(KEY));
  if (chosen) return chosen;
  for (const l of navigator.languages || [navigator.language]) {
    const k = known(l);
    if (k) return k;
  }
  return "en";
}

// This page's address in language ``code`` (path, query and fragment kept).
export function addressIn(code) {
  const url = new URL(location.href);
  url.searchParams.set("lang", code);
  return url.pathname + url.search + url.hash;
}

export function choose(code) {
  store.set(KEY, code);
  location.assign(addressIn(code));
}

// Set <html lang>, put the switch into the header (once) and point "How to play" links at the page's
// language. ``label`` names the switch for screen readers.
export function langSwitch(label = "Language") {
  const current = pageLang();
  document.documentElement.lang = current;
  document.querySelectorAll("a[data-guide]").forEach((a) => { a.href = `/how-to-play?lang=${current}`; });
  const header = document.querySelector("header");
  if (!header) return;
  let nav = header.querySelector("nav.lang-switch");
  if (!nav) {
    nav = document.createElement("nav");
    nav.className = "lang-switch";
    nav.style.marginLeft = "auto";
    header.append(nav);
  }
  nav.setAttribute("aria-label", label);
  nav.replaceChildren();
  LANGUAGES.forEach((code, i) => {
    if (i) nav.append(" | ");
    const a = document.createElement("a");
    a.href = addressIn(code);
    a.hreflang = code;
    a.lang = code;
    a.textContent = code.toUpperCase();
    a.dataset.lang = code;
    if (code === current) { a.setAttribute("aria-current", "true"); a.style.fontWeight = "700"; a.style.textDecoration = "none"; }
    a.onclick = (ev) => { ev.preventDefault(); if (code !== current) choose(code); };
    nav.append(a);
  });
}
