// Home page: create a game, then hand out one link per human seat and a spectator link.
import { call, creatorOf, esc, fmt, forgetGame, meta as loadMeta, rememberCreator, rememberGame, rememberedGames, when } from "./api.js";

const $ = (id) => document.getElementById(id);
let META = null;
let W = {}; // the page's words (meta.words)

function seatRow(i) {
  const colours = META.colours.map((c, k) =>
    `<option value="${c}" ${k === i ? "selected" : ""}>${esc(META.colour_names[c] || c)}</option>`).join("");
  const levels = META.levels.map((l) =>
    `<option value="${l}" ${l === "medium" ? "selected" : ""}>${esc(META.level_names[l] || l)}</option>`).join("");
  return `<div class="seat" data-seat="${i}">${esc(fmt(W.seat_row, { n: i + 1 }))}
    <select class="kind" name="kind-${i}"><option value="human">${esc(W.seat_person)}</option><option value="bot" ${i > 0 ? "selected" : ""}>${esc(W.seat_bot)}</option></select>
    <select class="level" name="level-${i}">${levels}</select>
    <select class="colour" name="colour-${i}">${colours}</select>
    <input class="name" name="name-${i}" maxlength="24" autocomplete="off" placeholder="${esc(W.seat_name)}"></div>`;
}

function drawSeats() {
  const n = +$("count").value;
  $("seats").innerHTML = Array.from({ length: n }, (_, i) => seatRow(i)).join("");
  $("seats").querySelectorAll(".seat").forEach((row) => {
    const sync = () => {
      const bot = row.querySelector(".kind").value === "bot";
      row.querySelector(".level").hidden = bot === false;
      row.querySelector(".name").hidden = bot;
    };
    row.querySelector(".kind").onchange = sync;
    sync();
  });
  $("solo-row").hidden = n !== 1;
}

async function create(ev) {
  ev.preventDefault();
  $("error").textContent = "";
  await READY;
  const seats = [...$("seats").querySelectorAll(".seat")].map((row) => ({
    kind: row.querySelector(".kind").value, level: row.querySelector(".level").value,
    colour: row.querySelector(".colour").value,
    ...(row.querySelector(".name").value.trim() && row.querySelector(".kind").value === "human"
      ? { name: row.querySelector(".name").value.trim() } : {}) }));
  const body = { seats, random_start: $("random-start").checked };
  if (seats.length === 1) body.mackenzie = +$("mackenzie").value;
  if ($("route").value.trim()) body.route = $("route").value.trim();
  if ($("seed").value !== "") body.seed = +$("seed").value;
  try {
    const g = await call("POST", "/api/games", { body });
    rememberCreator(g.id, g.creator);
    rememberGame(g.id, { kind: "created" });
    const humans = g.seats.filter((s) => s.kind === "human");
    if (humans.length === 1) { location.assign(humans[0].link); return; } // the game opens on your seat
    const abs = (p) => `${location.origin}${p}`;
    const items = g.seats.filter((s) => s.kind === "human").map((s) =>
      `<li>${esc(fmt(W.seat_link, { colour: seats[s.seat].name || META.colour_names[s.colour] || s.colour, n: s.seat + 1 }))} <input readonly value="${esc(abs(s.link))}"> <a href="${esc(s.link)}" data-seat-link="${s.seat}">${esc(W.open_link)}</a></li>`);
    items.push(`<li>${esc(W.spectators)} <input readonly value="${esc(abs(g.spectator))}"> <a href="${esc(g.spectator)}">${esc(W.open_link)}</a></li>`);
    $("links").innerHTML = items.join("");
    $("links").querySelectorAll("input").forEach((i) => { i.onclick = () => i.select(); });
    $("hotseat").hidden = !g.hotseat;
    $("hotseat").href = g.hotseat;
    $("created").hidden = false;
  } catch (e) {
    $("error").textContent = e.message;
  }
}

// One click: a first game (solo against Mackenzie, or against an easy bot), opened on your seat.
async function quick(seats, extra = {}) {
  $("first-error").textContent = "";
  try {
    await READY; // a click before the page's words arrived waits for them instead of being lost
    const g = await call("POST", "/api/games", { body: { seats, ...extra } });
    rememberCreator(g.id, g.creator);
    rememberGame(g.id, { kind: "created" });
    location.assign(g.seats.find((s) => s.kind === "human").link);
  } catch (e) { $("first-error").textContent = e.message; }
}

// The one-click buttons work from the first paint: the words they need are awaited in quick().
const READY = loadMeta().then((m) => { META = m; W = m.words; return m; });
$("play-solo").onclick = () => quick([{ kind: "human" }], { mackenzie: 2 });
$("play-bot").onclick = () => quick([{ kind: "human" }, { kind: "bot", level: "easy" }]);
$("new").onsubmit = create;

async function init() {
  await READY;
  $("mackenzie").innerHTML = Array.from({ length: 8 }, (_, i) => `<option>${i}</option>`).join("");
  $("count").onchange = drawSeats;
  drawSeats();
  drawMine();
}

// The games this browser knows; those it created can be deleted (for every player) from here.
function drawMine() {
  const games = rememberedGames();
  $("mine").hidden = !games.length;
  $("mine-list").innerHTML = games.map((g) =>
    `<li><a href="/play/${esc(g.id)}" data-game="${esc(g.id)}">${esc(roleWords(g))}</a> · <span class="turn" data-game="${esc(g.id)}"></span>`
    + ` · <time class="muted" datetime="${esc(new Date(g.at).toISOString())}">${esc(when(g.at))}</time>` +
    (creatorOf(g.id) ? ` <button type="button" class="delete" data-game="${esc(g.id)}">${esc(W.delete_game)}</button>` : "") +
    "</li>").join("");
  $("mine-list").querySelectorAll("button.delete").forEach((b) => { b.onclick = () => deleteGame(b.dataset.game); });
  for (const g of games.slice(0, 12)) whoseTurn(g.id);
}

// What this browser is to a remembered game, in this page's language ("playing Orange" once the game's
// seats are known: ``seats`` the game view's, worded by the server). A game remembered before roles were
// kept shows the words it was remembered with, until its page is opened again.
function roleWords(g, seats = null) {
  const role = g.role || {};
  if (role.kind === "created") return W.created_here;
  if (role.kind === "watching") return W.watching;
  if (role.kind === "playing") {
    return seats ? fmt(W.playing, { colours: (role.seats || []).map((s) => seats[s]?.called || "").join(", ") }) : "…";
  }
  return g.label || "…";
}

// "Blue to play" or "finished", in place of the game's id.
async function whoseTurn(id) {
  try {
    const v = await call("GET", `/api/games/${encodeURIComponent(id)}`);
    const link = $("mine-list").querySelector(`a[data-game="${CSS.escape(id)}"]`);
    const g = rememberedGames().find((x) => x.id === id);
    if (link && g) link.textContent = roleWords(g, v.seats);
    const seat = v.seats[v.current] || {};
    const colour = META.colour_names[seat.colour] || seat.colour;
    const name = seat.name ? fmt(W.seat_named, { name: seat.name, colour }) : colour;
    const el = $("mine-list").querySelector(`span.turn[data-game="${CSS.escape(id)}"]`);
    if (el) el.textContent = v.over ? `${W.finished}: ${v.result}` : fmt(W.turn_of, { name });
  } catch { /* a deleted game says nothing */ }
}

async function deleteGame(id) {
  if (!window.confirm(W.delete_confirm)) return;
  try {
    await call("DELETE", `/api/games/${encodeURIComponent(id)}`, { token: creatorOf(id) });
  } catch (e) {
    if (!/404/.test(e.message) && !e.message.includes(id)) { $("error").textContent = e.message; return; }
  }
  forgetGame(id);
  drawMine();
}

init().catch((e) => { $("error").textContent = e.message; });
