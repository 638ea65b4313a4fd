// The tournament page follows a tournament being played: its live part is re-rendered by the
// server at each change and swapped in place (no reload).
"use strict";
(function () {
  const live = document.getElementById("live");
  const status = live.dataset.status;
  if (status === "finished") return;
  const source = new EventSource(`/tournaments/${live.dataset.tournament}/events`);
  source.onmessage = (e) => { live.innerHTML = JSON.parse(e.data).html; };
  source.addEventListener("end", () => source.close());
  source.addEventListener("failure", () => source.close());
  source.onerror = () => source.close();
})();
