// "Your turn" signs for asynchronous play: the tab's title always, and, if the player allows them, a
// browser notification (only while the page is hidden) and a short chime. Preferences live in `store`.
import { store } from "./api.js";

const SOUND_KEY = "lewis-clark:sound";
const NOTIFY_KEY = "lewis-clark:notify";
let audio = null;

export function soundWanted() { return store.get(SOUND_KEY) === "1"; }
export function setSound(on) { store.set(SOUND_KEY, on ? "1" : "0"); if (on) unlockAudio(); }

// Browsers let a page make sound only after a gesture: the first tap or key unlocks it.
export function unlockAudio() {
  if (audio || !window.AudioContext) return;
  try { audio = new AudioContext(); } catch { audio = null; }
}

// Two soft notes, made on the spot (no sound file to fetch).
export function chime() {
  if (!audio) return;
  const now = audio.currentTime;
  [660, 880].forEach((hz, i) => {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.0001, now + i * 0.16);
    gain.gain.exponentialRampToValueAtTime(0.2, now + i * 0.16 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.16 + 0.3);
    osc.connect(gain).connect(audio.destination);
    osc.start(now + i * 0.16);
    osc.stop(now + i * 0.16 + 0.32);
  });
}

export function notifySupported() { return "Notification" in window; }
export function notifyWanted() { return notifySupported() && store.get(NOTIFY_KEY) === "1" && Notification.permission === "granted"; }

// Asks the browser once; returns whether notifications will be shown.
export async function askToNotify() {
  if (!notifySupported()) return false;
  const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  store.set(NOTIFY_KEY, answer === "granted" ? "1" : "0");
  return answer === "granted";
}

// Called after every update: signs only when the turn has just become the player's.
export function turnChanged(mine, wasMine, { title, yourTurnTitle, noteTitle, noteBody }) {
  document.title = mine ? yourTurnTitle : title;
  if (!mine || wasMine) return;
  if (soundWanted()) chime();
  if (document.hidden && notifyWanted()) {
    try {
      const n = new Notification(noteTitle, { body: noteBody, tag: "lewis-clark-turn" });
      n.onclick = () => { window.focus(); n.close(); };
    } catch { /* some browsers allow notifications only from a service worker: the title still shows it */ }
  }
}
