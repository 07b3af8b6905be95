// The home page: the open tables (join a free seat, or watch), a new game, a record
// loaded to go on with or to replay.

import { $, el, post } from "./dom.js";

let setup = null;

function seatRows(fieldset, names, fixedNames = false) {
  fieldset.querySelectorAll("div").forEach((d) => d.remove());
  names.forEach((name, i) => {
    const row = el("div", { class: "row seat-row" });
    const nameLabel = el("label", {}, `Seat ${i + 1} `);
    const input = el("input", { class: "seat-name", value: name, size: "14", maxlength: String(setup.name_chars), "aria-label": `Seat ${i + 1}: name` });
    if (fixedNames) input.disabled = true;
    nameLabel.appendChild(input);
    const select = el("select", { class: "seat-kind", "aria-label": `Seat ${i + 1}: a person or a bot` });
    for (const kind of setup.seats) select.appendChild(el("option", { value: kind }, kind === "human" ? "a person" : `bot: ${kind}`));
    select.value = i === 0 ? "human" : "medium";
    row.append(nameLabel, select);
    fieldset.appendChild(row);
  });
}

function seatsOf(fieldset) {
  return {
    names: [...fieldset.querySelectorAll(".seat-name")].map((i) => i.value),
    seats: [...fieldset.querySelectorAll(".seat-kind")].map((s) => s.value),
  };
}

function showLinks(result, listed) {
  const mine = result.links[0];
  if (result.links.length === 1) { location.href = mine.url; return; }
  const box = $("links");
  box.textContent = "";
  box.appendChild(el("p", {}, listed
    ? "Your seat is the first; the other people's seats are listed under “Open tables” for anyone to take, or send a link yourself:"
    : "Each person opens their own link (keep it secret: it shows that seat's hand):"));
  const list = el("ul", { class: "links" });
  for (const link of result.links) {
    const item = el("li");
    item.append(el("a", { href: link.url }, `${link.name}: ${location.origin}${link.url}`));
    list.appendChild(item);
  }
  const watch = el("li");
  watch.append(el("a", { href: result.watch }, `Onlookers (no hand shown): ${location.origin}${result.watch}`));
  list.appendChild(watch);
  box.appendChild(list);
  box.scrollIntoView({ block: "nearest" });
}

async function openTables() {
  const box = $("open-tables");
  const data = await (await fetch("/api/tables")).json();
  box.textContent = "";
  $("open-tables-box").hidden = !data.tables.length;
  for (const table of data.tables) {
    const item = el("li", { class: "table-item" });
    item.append(el("b", {}, table.title), document.createTextNode(` — ${table.era}, round ${table.round}${table.clock ? `, ${table.clock} s a move` : ""}: `));
    for (const p of table.players) {
      if (p.open) {
        const join = el("button", { type: "button", class: "join" }, `Take ${p.name}'s seat`);
        join.addEventListener("click", () => post(`/api/tables/${table.game}/join`, { seat: p.seat }).then((r) => { location.href = r.url; }).catch((e) => { $("home-error").textContent = e.message; openTables(); }));
        item.append(join, document.createTextNode(" "));
      } else item.append(el("span", { class: "seat-taken" }, `${p.name} (${p.kind === "human" ? "a person" : `bot ${p.kind}`})`), document.createTextNode(" "));
    }
    item.append(el("a", { href: table.watch }, "watch"));
    box.appendChild(item);
  }
}

export async function home() {
  $("home").hidden = false;
  setup = await (await fetch("/api/setup")).json();
  openTables();
  setInterval(openTables, 10000);
  const rulesetSelect = $("ruleset");
  for (const r of setup.rulesets) rulesetSelect.appendChild(el("option", { value: r.name }, r.title));
  for (const c of setup.clocks) $("clock").appendChild(el("option", { value: String(c) }, c ? `${c} seconds a move` : "no clock"));
  const defaultNames = (n) => Array.from({ length: n }, (_, i) => `Player ${i + 1}`);
  const players = () => {
    const ruleset = setup.rulesets.find((r) => r.name === rulesetSelect.value);
    const select = $("players");
    const was = select.value;
    select.textContent = "";
    for (const n of ruleset.players) select.appendChild(el("option", { value: n }, String(n)));
    if (ruleset.players.includes(Number(was))) select.value = was;
    seatRows($("seat-list"), defaultNames(Number(select.value)));
  };
  rulesetSelect.addEventListener("change", players);
  $("players").addEventListener("change", () => seatRows($("seat-list"), defaultNames(Number($("players").value))));
  players();
  $("new-game").addEventListener("submit", (event) => {
    event.preventDefault();
    const listed = $("listed").checked;
    const chosen = seatsOf($("seat-list"));
    const humans = chosen.seats.map((k, i) => (k === "human" ? i : -1)).filter((i) => i >= 0);
    const body = { ruleset: rulesetSelect.value, ...chosen, seed: $("seed").value, clock: Number($("clock").value), listed, open: listed ? humans.slice(1) : [] };
    $("start").disabled = true;
    post("/api/games", body).then((r) => showLinks(r, listed)).catch((e) => { $("home-error").textContent = e.message; }).finally(() => { $("start").disabled = false; });
  });
  let record = null;
  $("record-file").addEventListener("change", async () => {
    try {
      record = JSON.parse(await $("record-file").files[0].text());
      seatRows($("load-seat-list"), record.players, true);
      $("home-error").textContent = "";
    } catch (e) { record = null; $("home-error").textContent = `not a record: ${e.message}`; }
  });
  $("load-game").addEventListener("submit", (event) => {
    event.preventDefault();
    if (!record) { $("home-error").textContent = "choose a record file first"; return; }
    post("/api/games", { record, seats: seatsOf($("load-seat-list")).seats }).then((r) => showLinks(r, false)).catch((e) => { $("home-error").textContent = e.message; });
  });
  $("replay-file").addEventListener("click", () => {
    if (!record) { $("home-error").textContent = "choose a record file first"; return; }
    post("/api/replays", { record }).then((r) => { location.href = r.url; }).catch((e) => { $("home-error").textContent = e.message; });
  });
}
