// Replay page of a finished game: step through every action, the table drawn as in the game.
import { call, meta as loadMeta } from "./api.js";
import { drawBoard } from "./board.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const $ = (id) => document.getElementById(id);
let META = null, W = {}, moves = 0, step = 0, timer = null;

async function show(n) {
  step = Math.max(0, Math.min(moves, n));
  const r = await call("GET", `/api/games/${gameId}/replay/${step}`);
  const view = { state: r.state, seats: r.seats, current: r.state.over ? -1 : r.state.current, table: r.table };
  $("board").innerHTML = drawBoard(view, META, new Set());
  $("line").textContent = step ? `${step}. ${r.line}` : r.line;
  $("result").textContent = r.result;
  $("step").value = step;
  $("counter").textContent = `${step} / ${moves}`;
}

async function init() {
  META = await loadMeta();
  W = META.words;
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
    if (timer) { clearInterval(timer); timer = null; $("play").textContent = W.play; return; }
    $("play").textContent = W.pause;
    timer = setInterval(() => { if (step >= moves) { clearInterval(timer); timer = null; } else show(step + 1); }, 400);
  };
  await show(0);
}

init().catch((e) => { $("error").textContent = e.message; });
