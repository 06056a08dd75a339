// Replay page of a finished game: step through every action, the table drawn as in the game (at the
// width of #board, drawn again when the window changes size).
import { call, meta as loadMeta, num } from "./api.js";
import { drawBoard } from "./board.js";

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
  await show(0);
}

init().catch((e) => { $("error").textContent = e.message; });
