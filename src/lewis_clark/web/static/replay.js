// Replay page of a finished game: step through every action, the table drawn as in the game (at the
// width of #board, drawn again when the window changes size). "Review this game" asks the server for the
// post-game review (it runs in the background: the page polls its progress and stays usable), then
// draws each seat's chart of the expert's estimate and its three costliest turns.
import { call, esc, fmt, meta as loadMeta, num } from "./api.js";
import { drawBoard } from "./board.js";
import { colour } from "./icons.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const $ = (id) => document.getElementById(id);
const PLAY = '<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="M4 2v12l10-6z" fill="currentColor"/></svg>';
const PAUSE = '<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="M3 2h4v12H3zM9 2h4v12H9z" fill="currentColor"/></svg>';
let META = null, W = {}, moves = 0, step = 0, timer = null, VIEW = null, shownWidth = 0;

function draw() {
  if (!VIEW) return;
  shownWidth = $("board").clientWidth;
  $("board").innerHTML = drawBoard(VIEW, META, new Set(), [], shownWidth);
}

async function show(n) {
  step = Math.max(0, Math.min(moves, n));
  const r = await call("GET", `/api/games/${gameId}/replay/${step}`);
  VIEW = { state: r.state, seats: r.seats, current: r.state.over ? -1 : r.state.current, table: r.table };
  draw();
  $("line").textContent = step ? `${num(step)}. ${r.line}` : r.line;
  $("result").textContent = r.result;
  $("step").value = step;
  $("counter").textContent = `${num(step)} / ${num(moves)}`;
}

function playing(on) {
  $("play-icon").innerHTML = on ? PAUSE : PLAY;
  $("play-word").textContent = on ? W.pause_word : W.play_word;
}

// --- the post-game review ---------------------------------------------------------------------------

// One seat's estimate of its turn of arrival at each of its turns, as an inline SVG line chart; its
// costliest turns marked with their rank.
function chart(facts, paint) {
  const turns = facts.turns;
  const W0 = 640, H0 = 200, L = 40, R = 12, T = 14, B = 28;
  const ys = turns.map((t) => t.arrival);
  let lo = Math.floor(Math.min(...ys)), hi = Math.ceil(Math.max(...ys));
  if (hi - lo < 2) { lo -= 1; hi += 1; }
  const n = Math.max(1, turns.length - 1);
  const x = (i) => L + (W0 - L - R) * i / n;
  const y = (v) => T + (H0 - T - B) * (hi - v) / (hi - lo);
  const pts = turns.map((t, i) => `${x(i).toFixed(1)},${y(t.arrival).toFixed(1)}`).join(" ");
  let out = `<svg class="chart" viewBox="0 0 ${W0} ${H0}" role="img" aria-label="${esc(fmt(W.review_chart, {}))}" data-seat="${facts.seat}">`;
  for (const v of [lo, Math.round((lo + hi) / 2), hi]) {
    out += `<line x1="${L}" x2="${W0 - R}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="#e8dcc6"/>`;
    out += `<text x="${L - 6}" y="${(y(v) + 4).toFixed(1)}" font-size="11" text-anchor="end" fill="#7a6a55">${esc(num(v))}</text>`;
  }
  out += `<text x="${L}" y="${H0 - 8}" font-size="11" fill="#7a6a55">${esc(W.review_axis_turn)} 1</text>`;
  out += `<text x="${W0 - R}" y="${H0 - 8}" font-size="11" text-anchor="end" fill="#7a6a55">${esc(W.review_axis_turn)} ${esc(num(turns.length))}</text>`;
  out += `<polyline fill="none" stroke="${paint}" stroke-width="2.5" points="${pts}"/>`;
  facts.costliest.forEach((turn, k) => {
    const i = turns.findIndex((t) => t.turn === turn);
    if (i < 0) return;
    out += `<g class="mark"><circle cx="${x(i).toFixed(1)}" cy="${y(turns[i].arrival).toFixed(1)}" r="8" fill="#fff" stroke="#b03a2e" stroke-width="2"/>`;
    out += `<text x="${x(i).toFixed(1)}" y="${(y(turns[i].arrival) + 4).toFixed(1)}" font-size="11" font-weight="700" text-anchor="middle" fill="#b03a2e">${k + 1}</text></g>`;
  });
  return out + "</svg>";
}

function drawReview(r) {
  let out = "";
  r.review.seats.forEach((facts, i) => {
    const said = r.words.seats[i];
    const paint = colour(VIEW && VIEW.state.players[facts.seat] ? VIEW.state.players[facts.seat].colour : "");
    out += `<div class="review-seat" data-seat="${facts.seat}"><h3>${esc(said.name)}</h3>`;
    out += `<p class="muted">${esc(said.legend)}</p>${chart(facts, paint)}`;
    out += `<p>${esc(said.total)}</p><h3>${esc(W.review_costliest)}</h3>`;
    if (!said.costliest.length) out += `<p class="muted">${esc(W.review_none)}</p>`;
    out += `<ol class="costly">`;
    for (const c of said.costliest) {
      out += `<li data-turn="${c.turn}"><b>${esc(fmt(W.review_turn, { turn: c.turn, cost: c.cost_words }))}</b> `;
      out += `<button class="show-turn" data-step="${c.step}">${esc(W.review_show)}</button>`;
      out += `<div class="what">${esc(W.review_table)} ${esc(c.table)}</div>`;
      out += `<div class="what">${esc(W.review_played)} ${esc(c.played)}</div>`;
      out += `<div class="what">${esc(W.review_expert)} ${esc(c.expert)}</div></li>`;
    }
    out += `</ol></div>`;
  });
  $("review-out").innerHTML = out;
  $("review-out").querySelectorAll("button.show-turn").forEach((b) => { b.onclick = () => show(+b.dataset.step); });
}

async function followReview(r) {
  while (r.state === "running") {
    $("review-progress").textContent = fmt(W.review_running, { done: r.done + 1 > r.total ? r.total : r.done + 1, total: r.total });
    await new Promise((ok) => setTimeout(ok, 1000));
    r = await call("GET", `/api/games/${gameId}/review`);
  }
  $("review-start").disabled = false;
  if (r.state === "failed") { $("review-progress").textContent = fmt(W.review_failed, { why: r.error || "" }); return; }
  if (r.state !== "done") return;
  $("review-progress").textContent = "";
  $("review-start").hidden = true;
  drawReview(r);
}

async function startReview() {
  $("review-start").disabled = true;
  try {
    await followReview(await call("POST", `/api/games/${gameId}/review`));
  } catch (e) {
    $("review-start").disabled = false;
    $("error").textContent = e.message;
  }
}

async function init() {
  META = await loadMeta();
  W = META.words;
  document.title = W.title_replay;
  const first = await call("GET", `/api/games/${gameId}/replay/0`);
  moves = first.moves;
  $("step").max = moves;
  $("record").href = `/api/games/${gameId}/record`;
  $("first").onclick = () => show(0);
  $("prev").onclick = () => show(step - 1);
  $("next").onclick = () => show(step + 1);
  $("last").onclick = () => show(moves);
  $("step").oninput = () => show(+$("step").value);
  $("play").onclick = () => {
    if (timer) { clearInterval(timer); timer = null; playing(false); return; }
    playing(true);
    timer = setInterval(() => {
      if (step >= moves) { clearInterval(timer); timer = null; playing(false); } else show(step + 1);
    }, 400);
  };
  window.addEventListener("resize", () => { if ($("board").clientWidth !== shownWidth) draw(); });
  $("review-start").onclick = startReview;
  await show(0);
  const already = await call("GET", `/api/games/${gameId}/review`);  // one asked for before: shown again
  if (already.state !== "none") { $("review-start").disabled = true; followReview(already); }
}

init().catch((e) => { $("error").textContent = e.message; });
