// The match page: the server drew its current position; every frame then arrives as a
// server-sent event (a finished match is replayed, a live one followed) and the buttons step
// through them. No library, no build step.
"use strict";
(function () {
  const matchId = document.getElementById("match-id").textContent;
  const frames = [];
  let shown = -1;
  const $ = (id) => document.getElementById(id);
  const follow = $("follow");

  function show(i) {
    if (i < 0 || i >= frames.length) return;
    shown = i;
    const f = frames[i];
    const board = $("board");
    board.innerHTML = f.html;
    board.dataset.ply = String(f.ply);
    board.dataset.final = String(f.kind === "end" || (i === frames.length - 1 && ended));
    $("ply").textContent = String(f.ply);
    document.querySelectorAll("#moves li").forEach((li, k) => {
      li.classList.toggle("current", k + 1 === f.ply);
    });
    followPly(f.ply);
    drawClocks(f);
  }

  // The move list keeps the current move in sight: its box scrolls, never the page. (Offsets
  // from the box's own rectangle: its scroll origin is at the bottom, see arena.css.)
  function followPly(ply) {
    const box = $("moves-box");
    const li = $("moves").children[Math.max(0, ply - 1)];
    if (!li) return;
    const outer = box.getBoundingClientRect();
    const inner = li.getBoundingClientRect();
    if (inner.top < outer.top || inner.bottom > outer.bottom) {
      box.scrollTop += inner.top - outer.top - (outer.height - inner.height) / 2;
    }
  }

  // Clocks: time used, and for a live match each seat's time left: the per-move budget and
  // then the bank (for a seat deciding, counting down from the update on; for the others, what
  // their next decision gets: a seat without a bank has its budget left, not 0 s).
  let skew = 0; // the browser's clock minus the server's, from the stream's first event
  function secs(ms) { return (Math.max(0, ms) / 1000).toFixed(1) + " s"; }
  function drawClocks(f) {
    const clocks = $("clocks");
    const live = f.live && f.bank_left_ms && f.bank_left_ms.length > 0;
    clocks.innerHTML = "<tr><th>seat</th><th>player</th><th>time used</th>" +
      (live ? "<th>time left</th>" : "") + "</tr>";
    // never negative: a skew estimated a little late must not show 5.1 s of a 5.0 s budget
    const since = Math.max(0, Date.now() - skew - (f.server_unix_ms || 0));
    f.players.forEach((name, seat) => {
      const row = clocks.insertRow();
      row.insertCell().textContent = String(seat);
      row.insertCell().textContent = name;
      row.insertCell().textContent = ((f.time_used_ms[seat] || 0) / 1000).toFixed(2) + " s";
      if (!live) return;
      const cell = row.insertCell();
      const bank = f.bank_left_ms[seat] || 0;
      if (f.deciding.includes(seat)) {
        const budget = (f.per_move_ms || 0) - since;
        cell.textContent = budget > 0 ? `${secs(budget)} + ${secs(bank)}` : secs(bank + budget);
        cell.className = "clock thinking";
        cell.dataset.ms = String(Math.max(0, budget) + bank + Math.min(0, budget));
      } else {
        const budget = f.per_move_ms || 0;
        cell.textContent = budget > 0 ? `${secs(budget)} + ${secs(bank)}` : secs(bank);
        cell.className = "clock";
        cell.dataset.ms = String(budget + bank);
      }
    });
  }
  setInterval(() => {
    if (shown >= 0 && shown === frames.length - 1 && !ended) drawClocks(frames[shown]);
  }, 100);

  // One frame per ply: an END frame repeats the last position with the result.
  function lastIndex() { return frames.length - 1; }
  let ended = false;

  function add(f) {
    if (frames.length === 0) {
      $("moves").replaceChildren(); // the server's list: the events bring every move again
      $("board").dataset.rendered = "script";
      $("game").textContent = f.game;
      $("players").textContent = f.players.map((n, s) => `seat ${s}: ${n}`).join(" · ");
    }
    frames.push(f);
    if (f.move) {
      const li = document.createElement("li");
      li.textContent = `seat ${f.move.seat} (${f.players[f.move.seat]}): ${f.move.text}  [${f.move.elapsed_ms} ms]`;
      const index = frames.length - 1;
      li.addEventListener("click", () => { follow.checked = false; show(index); });
      $("moves").appendChild(li);
    }
    $("plies").textContent = String(f.ply);
    if (f.kind === "end") {
      ended = true;
      const r = f.result;
      const places = f.players.map((n, s) => `${n}: rank ${r.ranks[s]} (${r.points[s] >= 0 ? "+" : ""}${r.points[s]})`);
      $("result").textContent = "Result: " + places.join(", ") + ` · ${r.termination}` + (r.detail ? `: ${r.detail}` : "");
      $("state").textContent = "finished";
      document.body.dataset.ended = "true";
    } else {
      $("state").textContent = f.live ? "live" : "replay";
    }
    if (follow.checked || shown < 0) show(follow.checked ? lastIndex() : 0);
    if (ended) { // nothing more to follow: the box says so instead of staying ticked
      follow.checked = false;
      follow.disabled = true;
      follow.parentElement.title = "the match is over";
    }
  }

  const source = new EventSource(`/matches/${encodeURIComponent(matchId)}/events`);
  source.onmessage = (e) => add(JSON.parse(e.data));
  source.addEventListener("clock", (e) => { skew = Date.now() - JSON.parse(e.data).server_unix_ms; });
  source.addEventListener("end", () => source.close());
  // A dropped stream is not retried: a new one would replay every frame from the start.
  source.onerror = () => {
    source.close();
    if (!ended) $("state").textContent = "connection lost: reload the page to follow again";
  };
  source.addEventListener("failure", (e) => {
    source.close();
    $("state").textContent = "not available: " + JSON.parse(e.data).error;
  });

  $("first").addEventListener("click", () => { follow.checked = false; show(0); });
  $("prev").addEventListener("click", () => { follow.checked = false; show(shown - 1); });
  $("next").addEventListener("click", () => { show(shown + 1); });
  $("last").addEventListener("click", () => { show(lastIndex()); });
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowLeft") $("prev").click();
    if (e.key === "ArrowRight") $("next").click();
  });
})();
