// A record shown move by move with a slider, as anyone may see it (no hands).

import { $, say } from "./dom.js";
import { enableTips, showBoard } from "./board.js";
import { renderLog } from "./sheets.js";

export async function replay(id) {
  $("replay").hidden = false;
  const slider = $("slider");
  const show = async (n) => {
    const r = await fetch(`/api/replays/${id}?n=${n}`);
    const data = await r.json();
    if (!r.ok) { say(data.error); return; }
    slider.max = data.total;
    slider.value = data.n;
    $("slider-out").textContent = `${data.n} of ${data.total}`;
    showBoard($("replay-board"), data.svg);
    const log = $("replay-log");
    renderLog(log, data.log, data.players, false);
    if (log.lastChild) log.lastChild.classList.add("current");
    say(`Replay: after move ${data.n} of ${data.total}`);
  };
  enableTips($("replay-board"));
  slider.addEventListener("input", () => show(Number(slider.value)));
  $("prev").addEventListener("click", () => show(Math.max(0, Number(slider.value) - 1)));
  $("next").addEventListener("click", () => show(Number(slider.value) + 1));
  show(0);
}
