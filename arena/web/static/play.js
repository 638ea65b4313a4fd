// A person's seat: the server drew the panel; this redraws it whenever the seat changes (a
// new decision, a move of the match, its end) and sends clicks without reloading the page.
// Every button is also a plain form, so the page plays with scripts off too.
"use strict";
(function () {
  const panel = document.getElementById("panel");
  let prefix = "";
  let pick = ""; // a thing clicked on the board: the moves that name it
  let request = "";
  let busy = false;
  let skew = 0; // the browser's clock minus the server's, from the panel's own timestamp

  function current() {
    const seat = document.getElementById("seat");
    return seat ? seat.dataset : {};
  }

  // Redraws may overlap (an event, a click): only the latest asked for is shown, and a panel
  // older than the newest version announced is drawn again.
  let wanted = 0;
  let announced = -1;
  async function redraw() {
    const mine = ++wanted;
    const url = `${panel.dataset.panel}?prefix=${encodeURIComponent(prefix)}` +
      `&pick=${encodeURIComponent(pick)}`;
    const reply = await fetch(url, { cache: "no-store" });
    if (!reply.ok) return;
    const text = await reply.text();
    if (mine !== wanted) return; // a newer redraw is on its way
    if (pressed) { held = { text, mine }; return; } // drawn once the button is released
    show(text);
  }

  // A panel drawn while a button is pressed waits for its release: swapped in between, the
  // press and the release fall on two elements and the browser sends no click (about one
  // click in 75 was lost so, when a move of the match came in as the person clicked).
  let pressed = false;
  let held = null;
  panel.addEventListener("pointerdown", () => { pressed = true; });
  function released() {
    pressed = false;
    if (held === null) return;
    const { text, mine } = held;
    held = null;
    // after the click this release makes (which may redraw itself: then that one is newer)
    setTimeout(() => { if (mine === wanted) show(text); }, 0);
  }
  document.addEventListener("pointerup", released);
  document.addEventListener("pointercancel", released);
  window.addEventListener("blur", released); // a release this page never saw

  function show(text) {
    panel.innerHTML = text;
    const data = current();
    if (data.request !== request) { request = data.request; prefix = ""; pick = ""; }
    if (data.now) skew = Date.now() - Number(data.now);
    document.body.dataset.ended = String(data.state === "over" || data.state === "failed");
    tick();
    if (Number(data.version) < announced) redraw();
  }

  // Clicks: a thing on the board lists the moves that name it (a space, a card, a factory, a
  // cell: the words of the moves' own notation); a group narrows the list (drawn again with
  // its prefix); a move is sent.
  const PICKABLE = ["space", "card", "source", "cell"];
  function pickOf(target) {
    const board = document.getElementById("seat-board");
    if (current().state !== "your-move" || !board || !board.contains(target)) return null;
    const selector = PICKABLE.map((k) => `[data-${k}]`).join(",");
    const thing = target.closest(selector);
    if (!thing) return null;
    const key = PICKABLE.find((k) => thing.dataset[k] !== undefined);
    return thing.dataset[key];
  }
  panel.addEventListener("click", async (e) => {
    const word = pickOf(e.target);
    if (word) {
      if (busy) return;
      pick = word;
      prefix = "";
      await redraw();
      return;
    }
    const button = e.target.closest("button");
    if (!button || !panel.contains(button)) return;
    e.preventDefault();
    if (busy) return;
    if (button.dataset.prefix !== undefined) {
      prefix = button.dataset.prefix;
      if (button.dataset.all) pick = "";
      await redraw();
      return;
    }
    if (button.dataset.move === undefined) return;
    busy = true;
    const body = new URLSearchParams({ request: current().request, move: button.dataset.move });
    try {
      const reply = await fetch(`${panel.dataset.panel.replace(/\/panel$/, "")}/move`, {
        method: "POST", body, headers: { "X-Arena-Fetch": "1" },
      });
      prefix = "";
      pick = "";
      if (!reply.ok) {
        const status = document.getElementById("seat-status");
        if (status) status.textContent = "not played: " + (await reply.text()).replace(/<[^>]*>/g, " ").trim();
      }
      await redraw();
    } finally {
      busy = false;
    }
  });

  // The seat's clock counts down from when its request came (the server's time of it).
  function tick() {
    const clock = document.getElementById("seat-clock");
    if (!clock) return;
    // never negative: a skew estimated a little late must not show 5.1 s of a 5.0 s budget
    const since = Math.max(0, Date.now() - skew - Number(clock.dataset.since));
    const budget = Number(clock.dataset.budget) - since;
    const bank = Number(clock.dataset.bank);
    const secs = (ms) => (Math.max(0, ms) / 1000).toFixed(1) + " s";
    clock.textContent = budget > 0 ? `${secs(budget)} + ${secs(bank)}` : secs(bank + budget);
    clock.dataset.ms = String(Math.max(0, Math.max(0, budget) + bank + Math.min(0, budget)));
  }
  setInterval(tick, 100);

  const source = new EventSource(panel.dataset.events);
  source.onmessage = (e) => {
    const event = JSON.parse(e.data);
    announced = Math.max(announced, event.version);
    if (String(event.version) !== current().version) redraw();
  };
  source.onerror = () => { source.close(); redraw(); };
  document.body.dataset.script = "on";
  request = current().request || "";
  if (current().now) skew = Date.now() - Number(current().now);
  tick();
})();
