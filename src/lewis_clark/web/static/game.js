// The game page: draws the table, offers only the legal actions (tap the thing acted on, or pick from
// the list) and the server's plans (whole actions in one tap, its single decisions sent in one
// request), sends them to the API with the seat's token and follows every change over a WebSocket.
import { NetworkError, call, esc, fmt, meta as loadMeta, rememberGame, tokensFor, withLang } from "./api.js";
import { drawBoard } from "./board.js";
import { fitDecision, followHeader } from "./layout.js";
import { storyChart } from "./story.js";
import { askToNotify, notifySupported, notifyWanted, setSound, soundWanted, turnChanged, unlockAudio } from "./notice.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const $ = (id) => document.getElementById(id);
let META = null;
let W = {}; // the page's words (meta.words)
let VIEW = null;
const seatTokens = {}; // seat -> token, for the seats this browser holds (several: hotseat)
let sending = false;
let socket = null;
let retry = 500;
let wasMine = false;
let drawnWidth = 0;
let wholeLog = null; // every log line, once asked for
const narrow = window.matchMedia("(max-width: 960px)"); // the phone layout (style.css)
const calm = window.matchMedia("(prefers-reduced-motion: reduce)"); // no markers sliding then
const shownTurns = {}; // seat -> the recap key last animated, so a turn slides its markers once
let expertShown = true; // the hint endpoint answered (hidden for good after a 404)

function you() { return Object.keys(seatTokens).map(Number); }
function myTurn() { return Boolean(VIEW && !VIEW.over && VIEW.current in seatTokens); }

// A seat as people call it: its player's name (if given) and colour.
function seatName(s) {
  const seat = VIEW.seats[s];
  const colour = META.colour_names[seat.colour] || seat.colour;
  return seat.name ? fmt(W.seat_named, { name: seat.name, colour }) : colour;
}

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
    } catch (e) { showError(e); }
  }
  if (!VIEW) VIEW = await call("GET", `/api/games/${gameId}`);
  const mine = you().map(seatName).join(", ");
  rememberGame(gameId, mine ? { kind: "playing", seats: you() } : { kind: "watching" });
  $("who").textContent = mine ? fmt(W.you_play, { colours: mine }) : W.you_watch;
  wasMine = myTurn();
  followHeader();
  setUpTools();
  render();
  connect();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && socket && socket.readyState === 1) socket.send("ping");
  });
  // The table is drawn for the width it has: draw it again when that changes (rotation, resizing).
  new ResizeObserver(() => { if ($("board").clientWidth !== drawnWidth) drawTable(); }).observe($("board"));
}

function setUpTools() {
  $("sound").checked = soundWanted();
  $("sound").onchange = () => setSound($("sound").checked);
  const notify = $("notify");
  notify.hidden = !you().length || !notifySupported() || notifyWanted();
  notify.title = W.notify_tip;
  notify.onclick = async () => {
    const ok = await askToNotify();
    notify.hidden = ok;
    if (!ok) showError(W.notify_blocked);
  };
  const unlock = () => { unlockAudio(); };
  document.addEventListener("pointerdown", unlock, { once: true });
  document.addEventListener("keydown", unlock, { once: true });
  $("fold").onclick = () => fold(!$("decision").classList.contains("folded"));
  $("can").onclick = () => {
    const board = $("board");
    board.classList.remove("show-can");
    void board.offsetWidth; // restart the animation
    board.classList.add("show-can");
    $("hint").textContent = W.can_explained;
    const first = board.querySelector(".can");
    if (first) first.scrollIntoView({ block: "center", behavior: "smooth" });
  };
  $("expert").onclick = async () => { const moves = VIEW.moves; await askExpert(moves); $("expert-answer").dataset.moves = String(moves); };
  $("show-log").onclick = () => {
    const open = !document.body.classList.contains("log-open");
    document.body.classList.toggle("log-open", open);
    $("show-log").setAttribute("aria-expanded", String(open));
    if (open) $("log").scrollTop = $("log").scrollHeight;
  };
  $("full-log").onclick = async (ev) => {
    ev.preventDefault();
    try {
      wholeLog = (await call("GET", `/api/games/${gameId}/log`)).log;
      drawLog();
    } catch (e) { showError(e); }
  };
}

function fold(folded) {
  $("decision").classList.toggle("folded", folded);
  $("fold").setAttribute("aria-expanded", String(!folded));
  $("fold").setAttribute("aria-label", folded ? W.show_choices : W.hide_choices);
  $("fold").textContent = folded ? "▴" : "▾";
  dockSpace();
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${proto}://${location.host}${withLang(`/api/games/${gameId}/ws`)}`);
  socket.onopen = () => {
    retry = 500;
    $("live").textContent = W.live;
    if ($("error").dataset.network) showError(""); // reconnected: the old "connection lost" no longer holds
  };
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

// An error as the player reads it: the server's own words, or ours when the server could not be reached.
function showError(e) {
  const el = $("error");
  const network = e instanceof NetworkError;
  el.textContent = !e ? "" : network ? W.connection_lost : (e.message ?? String(e));
  if (network) el.dataset.network = "1"; else delete el.dataset.network;
  dockSpace();
}

// One action (its text) or a plan (a list of action texts): the server applies a plan's steps in order
// and says in `plan.detail` why it stopped early, if it did.
async function send(what) {
  if (sending || !myTurn()) return;
  // A discount paid with the Commander or a card that moves the Scout is asked about first (wording.discard_warning),
  // and so is a choice that pays for nothing (plans.wasted: the server's `futile` flag).
  const chosen = (!Array.isArray(what) && VIEW.legal.find((a) => a.text === what)) || {};
  if (chosen.warn && !(await confirmed(chosen.warn))) return;
  if (chosen.futile && !(await confirmed(fmt(W.futile_question, { label: chosen.label }),
    { title: W.futile_title, go: W.futile_go, keep: W.futile_keep }))) return;
  sending = true;
  closeInfo();
  const body = Array.isArray(what) ? { plan: what } : { action: what };
  body.expect = VIEW.moves;
  try {
    const v = await call("POST", `/api/games/${gameId}/actions`, { body, token: seatTokens[VIEW.current] });
    showError(v.plan ? { message: v.plan.detail } : "");
    if (v.version >= VIEW.version) { VIEW = v; render(); }
  } catch (e) {
    showError(e);
  } finally {
    sending = false;
  }
}

// The page's own confirm (the browser's would word its buttons in the browser's language, not the page's):
// resolves true for "Discard it", false for "Keep it", Escape or a click beside it. "Keep it" has the focus.
// `words` names the title and buttons of another question (a choice that pays for nothing).
function confirmed(question, labels = { title: W.warn_title, go: W.warn_go, keep: W.warn_keep }) {
  closeInfo();
  const dialog = $("warn");
  $("warn-title").textContent = labels.title;
  $("warn-go").textContent = labels.go;
  $("warn-keep").textContent = labels.keep;
  $("warn-text").textContent = question;
  return new Promise((resolve) => {
    const done = (ok) => { dialog.onclose = null; if (dialog.open) dialog.close(); resolve(ok); };
    $("warn-go").onclick = () => done(true);
    $("warn-keep").onclick = () => done(false);
    dialog.onclose = () => done(false);
    dialog.showModal();
    $("warn-keep").focus();
  });
}

// `back`: "choice" takes back the last choice whole (every step of a plan), "turn" the turn back to
// its start or the last card drawn.
async function undo(back = "choice") {
  if (sending) return;
  sending = true;
  try {
    // `expect`: a double click takes back one choice, not two.
    const v = await call("POST", `/api/games/${gameId}/undo`, { body: { expect: VIEW.moves, back }, token: seatTokens[VIEW.undo] });
    showError("");
    VIEW = v; render();
  } catch (e) { showError(e); } finally { sending = false; }
}

// While a plan button is pointed at, the thing its first step acts on glows on the table.
function light(target, on) {
  $("board").querySelectorAll("[data-target]").forEach((el) => el.classList.toggle("lit", on && el.dataset.target === target));
}

function byTarget() {
  const map = new Map();
  if (!myTurn()) return map;
  for (const a of VIEW.legal) if (a.target) { if (!map.has(a.target)) map.set(a.target, []); map.get(a.target).push(a); }
  return map;
}

// A tap, click, Enter or Space on the table shows, never acts: a panel with the thing's full text, what
// it would do now (the whole actions and single choices that use it, worded by the server) and those
// as buttons that act only when pressed.
function tapped(el) {
  const target = el.dataset.target || "";
  const slug = el.dataset.card || el.closest("[data-card]")?.dataset.card;
  const place = el.dataset.place || el.closest("[data-place]")?.dataset.place;
  const key = target || (slug ? `card:${slug}` : place ? `village:${place}` : "");
  const acts = byTarget().get(key) || [];
  const plans = myTurn() ? VIEW.plans.filter((p) => p.target && p.target === key) : [];
  if (!slug && !place && !acts.length && !plans.length) return;
  openInfo(slug, place, plans, acts);
}

function openInfo(slug, place, plans, acts) {
  const card = slug && META.cards[slug];
  const where = place && META.places.find((p) => p.name === place);
  $("info-title").textContent = card ? card.title : where ? where.title : "";
  $("info-meta").textContent = card ? fmt(W.strength_gives, { n: card.strength, badge: card.badge_name }) : where ? where.room : "";
  $("info-text").textContent = card ? card.text : where ? where.text : "";
  $("info-now").textContent = plans.length || acts.length ? W.info_now : myTurn() ? W.info_nothing : W.info_not_yours;
  const box = $("info-actions");
  box.innerHTML = "";
  // The whole actions first (as the decision panel offers them), then each single choice.
  for (const p of plans) {
    const b = button(p.label, p.label, p.complete ? "plan" : "plan open", () => send(p.steps));
    b.dataset.plan = p.steps.join("; ");
    box.appendChild(b);
  }
  for (const a of acts) {
    const b = button(a.label, a.label, plans.length || a.futile ? "" : "primary", () => send(a.text));
    b.dataset.action = a.text;
    if (a.futile) b.classList.add("futile");
    box.appendChild(b);
  }
  const dialog = $("info");
  if (!dialog.open) dialog.showModal();
  $("info-close").focus(); // nothing acts on a stray Enter: the focus starts on Close
}

function closeInfo() { if ($("info").open) $("info").close(); }

function drawTable() {
  const board = $("board");
  drawnWidth = board.clientWidth;
  board.innerHTML = drawBoard(VIEW, META, new Set(byTarget().keys()), you(), drawnWidth);
  board.querySelectorAll("[data-target], [data-card], [data-place]").forEach((el) => {
    if (el.parentElement.closest("[data-target], [data-card], [data-place]")) return; // the outermost takes the tap
    // Reached by Tab and opened by Enter or Space too (the SVG groups are no buttons of their own).
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    const tip = el.querySelector("title");
    if (tip) el.setAttribute("aria-label", tip.textContent);
    el.addEventListener("click", (ev) => { ev.stopPropagation(); tapped(el); });
    el.addEventListener("keydown", (ev) => {
      if (ev.key !== "Enter" && ev.key !== " ") return;
      ev.preventDefault();
      tapped(el);
    });
  });
}

// What happened since this browser's turn: the other seats' latest turns (all of them for a spectator),
// and Mackenzie's step (solo). Lines are the server's words; the page adds only the seat's name.
function drawRecap(v) {
  const mine = new Set(you());
  const lines = [];
  for (const r of v.recap || []) {
    if (!mine.has(r.seat) && r.begun) lines.push([r.seat, `${seatName(r.seat)}: ${r.parts.join("; ")}`]);
    if (r.mackenzie_text) lines.push([-1, r.mackenzie_text]);
  }
  $("recap").hidden = !lines.length;
  $("recap").querySelector("h3").textContent = mine.size ? W.since_your_turn : W.last_turns;
  $("recap-list").innerHTML = lines.map(([seat, text]) =>
    `<li class="${seat < 0 ? "mackenzie" : `seat-${seat}`}">${esc(text)}</li>`).join("");
}

// The spaces, cards and Village places the others' latest turns touched glow on the table, and their
// Scouts, Camps and Mackenzie slide from where they were (once per turn; never with reduced motion).
function markRecap(v) {
  const board = $("board");
  const mine = new Set(you());
  for (const r of v.recap || []) {
    const other = !mine.has(r.seat);
    const sel = [];
    if (other) {
      sel.push(...r.spaces.map((sp) => `[data-space="${sp}"]`));
      sel.push(...r.cards.map((c) => `[data-card="${c}"]`), ...r.places.map((p) => `[data-place="${p}"]`));
    } else if (r.mackenzie[1] >= 0) sel.push(...r.mackenzie.map((sp) => `[data-space="${sp}"]`));
    for (const q of sel) board.querySelectorAll(q).forEach((el) => el.classList.add("touched"));
    const key = `${r.turn}:${r.scout}:${r.camp}:${r.mackenzie}`;
    const fresh = shownTurns[r.seat] !== key;
    shownTurns[r.seat] = key;
    if (!fresh || calm.matches) continue;
    const now = performance.now();
    if (other) {
      slides.push({ marker: `scout-${r.seat}`, from: r.scout[0], to: r.scout[1], start: now });
      if (r.camped) slides.push({ marker: `camp-${r.seat}`, from: r.camp[0], to: r.camp[1], start: now });
    }
    if (r.mackenzie[1] >= 0) slides.push({ marker: "mackenzie", from: r.mackenzie[0], to: r.mackenzie[1], start: now });
  }
  // The table is drawn anew on every update: slides under way go on from where they were.
  slides = slides.filter((m) => performance.now() - m.start < SLIDE);
  for (const m of slides) slide(board.querySelector(`[data-marker="${m.marker}"]`), m.from, m.to, performance.now() - m.start);
}

const SLIDE = 900; // ms a marker takes to slide to its new space
let slides = []; // markers sliding now: {marker, from, to, start}

function slide(el, from, to, elapsed) {
  if (!el || from === to || from < 0) return;
  const a = $("board").querySelector(`[data-space="${from}"]`), b = $("board").querySelector(`[data-space="${to}"]`);
  if (!a || !b || !el.animate) return;
  const ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
  const dx = ra.left - rb.left, dy = ra.top - rb.top;
  const anim = el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }],
    { duration: SLIDE, easing: "ease-in-out" });
  anim.currentTime = elapsed;
}

// "What would the expert do?": the server's hint for the seat to play (hidden when the server has none).
async function askExpert(moves) {
  const box = $("expert-answer");
  try {
    const h = await call("GET", `/api/games/${gameId}/hint`, { token: seatTokens[VIEW.current] });
    const label = h.label || h.action;
    box.textContent = h.why ? fmt(W.expert_says_why, { label, why: h.why }) : fmt(W.expert_says, { label });
    box.hidden = false;
    box.dataset.action = h.action || "";
    expertPick = { moves, plan: h.plan || "", action: h.action || "" };
    lightExpert(VIEW.moves);
    dockSpace();
    // The choice it lights, then the answer (under the choices, often below the docked panel's fold): both in
    // view when they fit, the answer first when they do not.
    document.querySelector("button.expert-pick")?.scrollIntoView({ block: "nearest" });
    box.scrollIntoView({ block: "nearest" });
  } catch (e) {
    if (e && e.status === 404) { expertShown = false; $("expert").hidden = true; box.hidden = true; return; }
    box.textContent = W.expert_failed;
    box.hidden = false;
  }
}

// The expert's pick lit among the choices: the plan button of its whole action, else its single choice
// (unfolding "more" if it waits there); lit again when the choices are redrawn at the same table.
let expertPick = null; // {moves, plan, action} of the last hint
function lightExpert(moves) {
  if (!expertPick || expertPick.moves !== moves) return;
  const all = [...document.querySelectorAll("#plans button[data-plan], #actions button[data-action]")];
  const b = (expertPick.plan && all.find((x) => x.dataset.plan === expertPick.plan))
    || all.find((x) => x.dataset.action === expertPick.action);
  if (!b) return;
  if (b.closest("#more-list") && $("more-list").hidden) setMore(true);
  b.classList.add("expert-pick");
  b.setAttribute("aria-describedby", "expert-answer");
}

function button(label, title, cls, onclick) {
  const b = document.createElement("button");
  b.textContent = label;
  b.title = title;
  b.className = cls;
  b.onclick = onclick;
  return b;
}

// The single choices the "more" toggle folds away when plans are offered: all but those that close the
// turn (Camp, ending the turn or the performing), which stay in view. Whether it is open is remembered
// for the rest of the turn (the turn's number and the seat), then it folds again.
let moreOpenIn = ""; // the turn whose "more" is open ("" none)
const turnKey = (v) => `${v.state.turn}:${v.current}`;
const closes = (a) => a.verb === "camp" || ["end", "stop"].includes(a.verb);

function setMore(open) {
  moreOpenIn = open ? turnKey(VIEW) : "";
  const more = $("more");
  if (!more) return;
  more.setAttribute("aria-expanded", String(open));
  more.textContent = open ? W.fewer_choices : fmt(W.more_choices, { n: Number(more.dataset.count) });
  $("more-list").hidden = !open;
  dockSpace();
}

function actionButton(a) {
  // Ending the turn and Camping close the turn: they look unlike the choices inside it, and unlike each other.
  const cls = a.verb === "camp" ? "camp" : ["end", "stop"].includes(a.verb) ? "primary" : "";
  // The tooltip is in words: the notation (a.text) is for programs, in data-action.
  const b = button(a.label, a.label, cls, () => send(a.text));
  b.dataset.action = a.text;
  if (a.futile) { b.classList.add("futile"); b.title = `${W.futile_mark} · ${a.label}`; }
  return b;
}

function drawChoices(v) {
  const hadFocus = document.activeElement && document.activeElement.id === "more"; // kept across the redraw
  const plans = $("plans");
  plans.innerHTML = "";
  const list = $("actions");
  list.innerHTML = "";
  if (myTurn()) {
    for (const p of v.plans) {
      // "open" plans hand over to single choices after their last step.
      // Phones get the compact label ("York ×3 (Labiche under +1 Indian), keep all"); the full one is its title.
      const label = narrow.matches && p.short ? p.short : p.label;
      const b = button(label, p.label, p.complete ? "plan" : "plan open", () => send(p.steps));
      b.dataset.plan = p.steps.join("; ");
      if (!narrow.matches) { b.dataset.full = p.label; b.dataset.short = p.short || p.label; } // layout.fitDecision
      b.onmouseenter = b.onfocus = () => light(p.target, true);
      b.onmouseleave = b.onblur = () => light(p.target, false);
      plans.appendChild(b);
    }
    // With plans offered, the single choices (each step on its own) wait behind "more".
    const folded = v.plans.length ? v.legal.filter((a) => !closes(a)) : [];
    for (const a of v.legal) if (!folded.includes(a)) list.appendChild(actionButton(a));
    if (folded.length) {
      const more = button("", W.more_choices_tip, "more small", () => {
        const open = $("more").getAttribute("aria-expanded") !== "true";
        setMore(open);
        if (open) { // "more" to the top of what scrolls (the decision, docked on phones), its list under it
          const box = $("decision");
          box.scrollTop += $("more").getBoundingClientRect().top - box.getBoundingClientRect().top - 6;
        }
      });
      more.id = "more";
      more.type = "button";
      more.dataset.count = String(folded.length);
      more.setAttribute("aria-controls", "more-list");
      const box = document.createElement("div");
      box.id = "more-list";
      box.className = "more-list";
      for (const a of folded) box.appendChild(actionButton(a));
      list.append(more, box);
      if (moreOpenIn && moreOpenIn !== turnKey(v)) moreOpenIn = ""; // a new turn: folded again
      setMore(moreOpenIn === turnKey(v));
      if (hadFocus) more.focus();
    }
  } else if (!v.over) {
    const seat = v.seats[v.current];
    list.innerHTML = `<span class="muted">${esc(fmt(seat.kind === "bot" ? W.waiting_for_bot : W.waiting_for, { colour: seatName(v.current) }))}</span>`;
  }
  plans.hidden = !plans.children.length;
  $("undo").hidden = !(v.undo >= 0 && v.undo in seatTokens);
  restartButton().hidden = $("undo").hidden || !(v.restart_steps > v.undo_steps);
  $("can").hidden = !myTurn() || !v.legal.some((a) => a.target);
  $("expert").hidden = !myTurn() || !expertShown;
  if (!myTurn() || $("expert-answer").dataset.moves !== String(v.moves)) $("expert-answer").hidden = true;
  else lightExpert(v.moves);
}

function drawLog() {
  const v = VIEW;
  const lines = wholeLog && wholeLog.length >= v.log.length ? mergeLog(wholeLog, v.log) : v.log;
  const log = $("log");
  // One action can have several lines (what followed it): number only the first of them.
  log.innerHTML = lines.map((l, i) => (i && lines[i - 1].n === l.n ? `<li class="more">${esc(l.text)}</li>`
    : `<li value="${l.n}">${esc(l.text)}</li>`)).join("");
  log.scrollTop = log.scrollHeight;
  const total = v.log_total ?? v.log.length;
  $("full-log").hidden = lines.length >= total;
}

// The whole log fetched earlier, brought up to date with the tail of the newest view.
function mergeLog(whole, tail) {
  if (!tail.length) return whole;
  const first = tail[0].n;
  return whole.filter((l) => l.n < first).concat(tail);
}

function render() {
  const v = VIEW;
  drawTable();
  markRecap(v);
  drawRecap(v);
  $("prompt").textContent = v.over ? v.result : (myTurn() ? fmt(W.your_turn, { prompt: v.prompt }) : v.prompt);
  $("prompt").classList.toggle("mine", myTurn());
  $("hint").textContent = myTurn() ? v.hint : "";
  $("board").classList.remove("show-can");
  drawChoices(v);
  drawLog();
  // A seed typed by the game's creator lets them foretell every draw: every seat is told.
  $("moves").textContent = v.options.chosen_seed ? `${v.progress} · ${W.seed_chosen}` : v.progress;
  $("moves").title = $("moves").textContent; // whole, where the header cuts it (style.css)
  document.body.dataset.moves = v.moves; // lets tests (and scripts) see which update is shown
  document.body.classList.toggle("my-turn", myTurn());
  const mine = myTurn();
  turnChanged(mine, wasMine, { title: W.title_game, yourTurnTitle: W.title_your_turn, noteTitle: W.note_your_turn,
    noteBody: v.prompt });
  wasMine = mine;
  const end = $("end");
  if (v.over) {
    end.hidden = false;
    $("end-text").textContent = v.result;
    drawStory(v);
    $("replay-link").href = `/replay/${gameId}`;
  } else end.hidden = true;
  dockSpace();
}

// The end screen's story: rounds and actions, each expedition's Camps and Time lost, and the chart.
function drawStory(v) {
  const st = v.story;
  $("story").hidden = !st;
  if (!st) return;
  $("story-text").textContent = fmt(W.story_rounds, { rounds: st.rounds, actions: v.moves });
  $("story-seats").innerHTML = st.seats.map((s) =>
    `<li>${esc(fmt(W.story_seat, { name: seatName(s.seat), camps: s.camps, time: s.time }))}</li>`).join("");
  $("story-chart").innerHTML = storyChart(st, v, META, seatName);
}

// On phones the decision is docked at the bottom of the screen: keep room for it under the table.
function dockSpace() {
  fitDecision(); // desktops: every choice in view without scrolling, tighter if need be
  const docked = getComputedStyle($("decision")).position === "fixed";
  document.body.style.paddingBottom = docked ? `${$("decision").offsetHeight + 8}px` : "";
}

window.addEventListener("resize", dockSpace);
narrow.addEventListener("change", () => { if (VIEW) render(); });
$("undo").onclick = () => undo("choice");

// "Restart turn" sits beside Undo (made here: the page's layout stays the table's).
function restartButton() {
  let b = $("restart");
  if (!b) {
    b = document.createElement("button");
    b.id = "restart";
    b.type = "button";
    b.hidden = true;
    b.textContent = W.restart_turn;
    b.title = W.restart_turn_title;
    b.onclick = () => undo("turn");
    $("undo").after(" ", b);
  }
  return b;
}
$("info-close").onclick = closeInfo;
$("info").addEventListener("click", (ev) => { if (ev.target === $("info")) closeInfo(); }); // a tap beside it
$("end-close").onclick = () => { $("end").hidden = true; };
init().catch((e) => showError(e));
