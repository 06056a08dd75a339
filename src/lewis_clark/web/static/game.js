// The game page: draws the table, offers only the legal actions (click the thing acted on, or pick from
// the list) and the server's plans (whole actions in one click, its single decisions sent in one
// request), sends them to the API with the seat's token and follows every change over a WebSocket.
import { call, esc, fmt, meta as loadMeta, rememberGame, tokensFor, withLang } from "./api.js";
import { drawBoard } from "./board.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const $ = (id) => document.getElementById(id);
let META = null;
let W = {}; // the page's words (meta.words)
let VIEW = null;
const seatTokens = {}; // seat -> token, for the seats this browser holds (several: hotseat)
let sending = false;
let socket = null;
let retry = 500;

function you() { return Object.keys(seatTokens).map(Number); }
function myTurn() { return VIEW && !VIEW.over && VIEW.current in seatTokens; }

async function init() {
  META = await loadMeta();
  W = META.words;
  const tokens = tokensFor(gameId);
  // Which seat does each token hold? (Ask with each token on its own.)
  for (const t of tokens) {
    try {
      const v = await call("GET", `/api/games/${gameId}`, { token: t });
      for (const s of v.you) seatTokens[s] = t;
      VIEW = v;
    } catch (e) { showError(e.message); }
  }
  if (!VIEW) VIEW = await call("GET", `/api/games/${gameId}`);
  const mine = you().map((s) => VIEW.seats[s].colour).join(", ");
  rememberGame(gameId, mine ? fmt(W.playing, { colours: mine }) : W.watching);
  $("who").textContent = mine ? fmt(W.you_play, { colours: mine }) : W.you_watch;
  render();
  connect();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && socket && socket.readyState === 1) socket.send("ping");
  });
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${proto}://${location.host}${withLang(`/api/games/${gameId}/ws`)}`);
  socket.onopen = () => { retry = 500; $("live").textContent = W.live; };
  socket.onmessage = (ev) => {
    const v = JSON.parse(ev.data);
    if (!VIEW || v.version >= VIEW.version || v.moves !== VIEW.moves) { VIEW = v; render(); }
  };
  socket.onclose = () => {
    $("live").textContent = W.reconnecting;
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 10000);
  };
}

function showError(text) { $("error").textContent = text || ""; }

// One action (its text) or a plan (a list of action texts): the server applies a plan's steps in order
// and says in `plan.detail` why it stopped early, if it did.
async function send(what) {
  if (sending || !myTurn()) return;
  sending = true;
  closeMenu();
  const body = Array.isArray(what) ? { plan: what } : { action: what };
  body.expect = VIEW.moves;
  try {
    const v = await call("POST", `/api/games/${gameId}/actions`, { body, token: seatTokens[VIEW.current] });
    showError(v.plan ? v.plan.detail : "");
    if (v.version >= VIEW.version) { VIEW = v; render(); }
  } catch (e) {
    showError(e.message);
  } finally {
    sending = false;
  }
}

// While a plan button is pointed at, the thing its first step acts on glows on the table.
function light(target, on) {
  $("board").querySelectorAll("[data-target]").forEach((el) => el.classList.toggle("lit", on && el.dataset.target === target));
}

async function undo() {
  try {
    const v = await call("POST", `/api/games/${gameId}/undo`, { token: seatTokens[VIEW.undo] });
    showError("");
    VIEW = v; render();
  } catch (e) { showError(e.message); }
}

function closeMenu() { const m = document.querySelector(".menu"); if (m) m.remove(); }

function byTarget() {
  const map = new Map();
  if (!myTurn()) return map;
  for (const a of VIEW.legal) if (a.target) { if (!map.has(a.target)) map.set(a.target, []); map.get(a.target).push(a); }
  return map;
}

function clickTarget(target, ev) {
  const acts = byTarget().get(target) || [];
  if (acts.length === 1) { send(acts[0].text); return; }
  if (!acts.length) return;
  closeMenu();
  const menu = document.createElement("div");
  menu.className = "menu";
  menu.style.left = `${ev.pageX + 4}px`;
  menu.style.top = `${ev.pageY + 4}px`;
  for (const a of acts) {
    const b = document.createElement("button");
    b.textContent = a.label;
    b.dataset.action = a.text;
    b.onclick = (e) => { e.stopPropagation(); send(a.text); };
    menu.appendChild(b);
  }
  const cancel = document.createElement("button");
  cancel.textContent = W.cancel;
  cancel.onclick = (e) => { e.stopPropagation(); closeMenu(); };
  menu.appendChild(cancel);
  document.body.appendChild(menu);
}

function render() {
  const v = VIEW;
  const targets = new Set(byTarget().keys());
  $("board").innerHTML = drawBoard(v, META, targets, you());
  $("board").querySelectorAll("[data-target]").forEach((el) => {
    el.addEventListener("click", (ev) => { ev.stopPropagation(); clickTarget(el.dataset.target, ev); });
  });
  $("prompt").textContent = v.over ? v.result : (myTurn() ? fmt(W.your_turn, { prompt: v.prompt }) : v.prompt);
  $("hint").textContent = myTurn() ? v.hint : "";
  const plans = $("plans");
  plans.innerHTML = "";
  if (myTurn()) {
    for (const p of v.plans) {
      const b = document.createElement("button");
      b.textContent = p.label;
      b.title = p.steps.join("; ");
      b.dataset.plan = p.steps.join("; ");
      b.className = p.complete ? "plan" : "plan open"; // open: single choices follow its last step
      b.onclick = () => send(p.steps);
      b.onmouseenter = b.onfocus = () => light(p.target, true);
      b.onmouseleave = b.onblur = () => light(p.target, false);
      plans.appendChild(b);
    }
  }
  plans.hidden = !plans.children.length;
  const list = $("actions");
  list.innerHTML = "";
  if (myTurn()) {
    for (const a of v.legal) {
      const b = document.createElement("button");
      b.textContent = a.label;
      b.title = a.text;
      b.dataset.action = a.text;
      if (["end", "stop", "camp"].includes(a.verb)) b.className = "primary";
      b.onclick = () => send(a.text);
      list.appendChild(b);
    }
  } else if (!v.over) {
    const seat = v.seats[v.current];
    list.innerHTML = `<span class="muted">${esc(fmt(seat.kind === "bot" ? W.waiting_for_bot : W.waiting_for, { colour: seat.colour }))}</span>`;
  }
  $("undo").hidden = !(v.undo >= 0 && v.undo in seatTokens);
  const log = $("log");
  // One action can have several lines (what followed it): number only the first of them.
  log.innerHTML = v.log.map((l, i) => (i && v.log[i - 1].n === l.n ? `<li class="more">${esc(l.text)}</li>`
    : `<li value="${l.n}">${esc(l.text)}</li>`)).join("");
  log.scrollTop = log.scrollHeight;
  $("moves").textContent = fmt(W.moves_turn, { moves: v.moves, turn: v.state.turn });
  document.body.dataset.moves = v.moves; // lets tests (and scripts) see which update is shown
  const end = $("end");
  if (v.over) {
    end.hidden = false;
    $("end-text").textContent = v.result;
    $("replay-link").href = `/replay/${gameId}`;
  } else end.hidden = true;
}

document.addEventListener("click", closeMenu);
$("undo").onclick = undo;
$("end-close").onclick = () => { $("end").hidden = true; };
init().catch((e) => showError(e.message));
