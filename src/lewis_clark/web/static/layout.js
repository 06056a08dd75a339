// The game page's layout at its sizes (style.css draws it; this measures what CSS cannot): the header's
// height, under which the side column fits the screen on desktops, and the decision fitted to that
// column: tighter before it would scroll inside itself.
const $ = (id) => document.getElementById(id);

// Keep --head (the header's height) current: it wraps to more lines as the window narrows.
export function followHeader() {
  const head = document.querySelector("header");
  const set = () => document.documentElement.style.setProperty("--head", `${head.offsetHeight}px`);
  set();
  new ResizeObserver(set).observe(head);
}

const overflows = (el) => el.scrollHeight > el.clientHeight + 1;

// On desktops the decision has the side column's height. If its choices do not fit, it tightens step by
// step until they do: smaller type; the plans' compact labels (the full one stays their tooltip); the
// log steps aside (behind its button, as on phones); the recap's and the hint's lines cut to two, then
// each seat's recap to one (the log has them whole).
// Phones dock the decision at the bottom (style.css) and draw the compact labels anyway: nothing to do
// there.
export function fitDecision() {
  const decision = $("decision");
  decision.classList.remove("tight", "tighter", "tightest");
  document.body.classList.remove("log-tucked");
  const plans = [...document.querySelectorAll("#plans button.plan")];
  const label = (short) => plans.forEach((b) => { if (b.dataset.full) b.textContent = short ? b.dataset.short : b.dataset.full; });
  if (getComputedStyle(decision).position === "fixed") return;
  label(false);
  const steps = [
    () => decision.classList.add("tight"),
    () => label(true),
    () => document.body.classList.add("log-tucked"),
    () => decision.classList.add("tighter"),
    () => decision.classList.add("tightest"),
  ];
  for (const step of steps) {
    if (!overflows(decision)) return;
    step();
  }
}
