// The JSON API, as the page uses it (the same endpoints any client may call: see /docs).
import { langSwitch, pageLang } from "./lang.js";

export class NetworkError extends Error {}

export async function call(method, path, { body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Token"] = token;
  let res;
  try {
    res = await fetch(withLang(path), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new NetworkError(e.message); // the server could not be reached: the page words it, not the browser
  }
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) {
    // Every refusal says why in "detail" (a 422 sums up its "errors" there too: web/errors.py).
    const detail = data && typeof data.detail === "string" ? data.detail : "";
    const err = new Error(detail || `${res.status} ${res.statusText}`);
    err.status = res.status; // e.g. 404: the server has no such endpoint (the expert's hint before it ships)
    throw err;
  }
  return data;
}

// localStorage, or a memory stand-in where the browser blocks it (private modes, strict settings):
// spectators and players can still watch and play; the page just forgets between visits.
const memory = new Map();
export const store = {
  get(key) { try { return window.localStorage.getItem(key); } catch { return memory.has(key) ? memory.get(key) : null; } },
  set(key, value) { try { window.localStorage.setItem(key, value); } catch { memory.set(key, value); } },
};
function readList(key) {
  try { const v = JSON.parse(store.get(key) || "[]"); return Array.isArray(v) ? v : []; } catch { return []; }
}

// The page's language (lang.js decides); every API call carries it, so words come in that language.
export function lang() { return pageLang(); }

export function withLang(path) {
  if (!path.startsWith("/api/") || /[?&]lang=/.test(path)) return path;
  return `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(lang())}`;
}

// Static game data and the pages' own words (meta.words), filled into the page as soon as they arrive.
export async function meta() {
  const m = await call("GET", "/api/meta");
  fillWords(m.words);
  langSwitch(m.words.language);
  return m;
}

// Numbers and dates as the page's language writes them (Intl; e.g. "12 345" and "2026. dec. 2. 1:05" in
// Hungarian, "12,345" and "Dec 2, 2026, 1:05 AM" in English).
let numbers = null, dates = null;
export function num(n) {
  numbers ||= new Intl.NumberFormat(lang());
  return numbers.format(n);
}
export function when(ms) {
  dates ||= new Intl.DateTimeFormat(lang(), { dateStyle: "medium", timeStyle: "short" });
  return dates.format(new Date(ms));
}

// A page word with its {name} placeholders filled from ``values`` (numbers in the page's language).
export function fmt(text, values = {}) {
  return String(text).replace(/\{(\w+)\}/g, (all, name) => {
    if (!(name in values)) return all;
    const v = values[name];
    return typeof v === "number" ? num(v) : String(v);
  });
}

// Every element marked data-word="key" gets that word as its text; data-word-placeholder and
// data-word-label set the placeholder and aria-label.
export function fillWords(words, root = document) {
  root.querySelectorAll("[data-word]").forEach((el) => { el.textContent = words[el.dataset.word]; });
  root.querySelectorAll("[data-word-placeholder]").forEach((el) => { el.placeholder = words[el.dataset.wordPlaceholder]; });
  root.querySelectorAll("[data-word-label]").forEach((el) => { el.setAttribute("aria-label", words[el.dataset.wordLabel]); });
  root.querySelectorAll("[data-word-title]").forEach((el) => { el.title = words[el.dataset.wordTitle]; });
}

export function esc(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

// Seat tokens live in the link's fragment (never sent to the server in the URL) and in localStorage,
// so a player who closes the page can come back to /play/<id> days later.
export function tokensFor(gameId) {
  const m = location.hash.match(/[#&]t=([A-Za-z0-9_,-]+)/);
  const key = `lewis-clark:tokens:${gameId}`;
  const tokens = readList(key);
  if (m) {
    for (const t of m[1].split(",")) if (t && !tokens.includes(t)) tokens.push(t);
    store.set(key, JSON.stringify(tokens));
  }
  return tokens;
}

// ``role`` says what this browser is to the game, never in words (the home page words it in its own
// language when it lists the game): {kind: "created"}, {kind: "watching"} or {kind: "playing", seats: [0, 2]}.
export function rememberGame(id, role) {
  const games = rememberedGames().filter((g) => g.id !== id);
  games.unshift({ id, role, at: Date.now() });
  store.set("lewis-clark:games", JSON.stringify(games.slice(0, 30)));
}

export function rememberedGames() { return readList("lewis-clark:games"); }

// The creator's token of a game made in this browser: with it the home page can delete the game.
export function rememberCreator(id, token) { store.set(`lewis-clark:creator:${id}`, token); }
export function creatorOf(id) { return store.get(`lewis-clark:creator:${id}`) || ""; }
export function forgetGame(id) {
  store.set("lewis-clark:games", JSON.stringify(rememberedGames().filter((g) => g.id !== id)));
  store.set(`lewis-clark:creator:${id}`, "");
  store.set(`lewis-clark:tokens:${id}`, "[]");
}
