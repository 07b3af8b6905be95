// Brass in a browser: plain JavaScript, no framework, nothing from the internet.
// Three pages in one: home (new game, load), play (one seat of a game), replay.
"use strict";

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, text = "") => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
};
const say = (text) => { $("status").textContent = text; };
const post = (url, body) => fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
  .then((r) => r.json().then((data) => { if (!r.ok) throw new Error(data.error || r.statusText); return data; }));

// ------------------------------------------------------------------ home
let setup = null;

function seatRows(fieldset, names) {
  fieldset.querySelectorAll("div").forEach((d) => d.remove());
  names.forEach((name, i) => {
    const row = el("div", { class: "row" });
    const nameLabel = el("label", {}, `Seat ${i + 1} name `);
    const input = el("input", { class: "seat-name", value: name, size: "12" });
    nameLabel.appendChild(input);
    const kindLabel = el("label", {}, " plays ");
    const select = el("select", { class: "seat-kind", "aria-label": `Seat ${i + 1}: a person or a bot` });
    for (const kind of setup.seats) select.appendChild(el("option", { value: kind }, kind === "human" ? "a person" : `bot: ${kind}`));
    select.value = i === 0 ? "human" : "medium";
    kindLabel.appendChild(select);
    row.append(nameLabel, kindLabel);
    fieldset.appendChild(row);
  });
}

function seatsOf(fieldset) {
  return {
    names: [...fieldset.querySelectorAll(".seat-name")].map((i) => i.value),
    seats: [...fieldset.querySelectorAll(".seat-kind")].map((s) => s.value),
  };
}

function showLinks(result) {
  const links = result.links;
  if (links.length === 1) { location.href = links[0].url; return; }
  const box = $("links");
  box.textContent = "";
  box.appendChild(el("p", {}, "Each person opens their own link (keep it secret: it shows that seat's hand):"));
  const list = el("ul");
  for (const link of links) {
    const item = el("li");
    const a = el("a", { href: link.url }, `${link.name}: ${location.origin}${link.url}`);
    item.appendChild(a);
    list.appendChild(item);
  }
  box.appendChild(list);
}

async function home() {
  $("home").hidden = false;
  setup = await (await fetch("/api/setup")).json();
  const rulesetSelect = $("ruleset");
  for (const r of setup.rulesets) rulesetSelect.appendChild(el("option", { value: r.name }, `${r.title} (${r.name})`));
  const players = () => {
    const ruleset = setup.rulesets.find((r) => r.name === rulesetSelect.value);
    const select = $("players");
    const was = select.value;
    select.textContent = "";
    for (const n of ruleset.players) select.appendChild(el("option", { value: n }, String(n)));
    if (ruleset.players.includes(Number(was))) select.value = was;
    seatRows($("seat-list"), Array.from({ length: Number(select.value) }, (_, i) => `Player ${i + 1}`));
  };
  rulesetSelect.addEventListener("change", players);
  $("players").addEventListener("change", () => seatRows($("seat-list"), Array.from({ length: Number($("players").value) }, (_, i) => `Player ${i + 1}`)));
  players();
  $("new-game").addEventListener("submit", (event) => {
    event.preventDefault();
    const body = { ruleset: rulesetSelect.value, ...seatsOf($("seat-list")), seed: $("seed").value };
    post("/api/games", body).then(showLinks).catch((e) => { $("home-error").textContent = e.message; });
  });
  let record = null;
  $("record-file").addEventListener("change", async () => {
    try {
      record = JSON.parse(await $("record-file").files[0].text());
      seatRows($("load-seat-list"), record.players);
      $("load-seat-list").querySelectorAll(".seat-name").forEach((i) => { i.disabled = true; });
      $("home-error").textContent = "";
    } catch (e) { record = null; $("home-error").textContent = `not a record: ${e.message}`; }
  });
  $("load-game").addEventListener("submit", (event) => {
    event.preventDefault();
    if (!record) { $("home-error").textContent = "choose a record file first"; return; }
    post("/api/games", { record, seats: seatsOf($("load-seat-list")).seats }).then(showLinks).catch((e) => { $("home-error").textContent = e.message; });
  });
  $("replay-file").addEventListener("click", () => {
    if (!record) { $("home-error").textContent = "choose a record file first"; return; }
    post("/api/replays", { record }).then((r) => { location.href = r.url; }).catch((e) => { $("home-error").textContent = e.message; });
  });
}

// ------------------------------------------------------------------ play
let state = null;      // the last state the server sent this seat
let chosen = [];       // the decisions made so far in the move being built: [key, value, kind]
let socket = null;
const reasons = new Map();  // partial move text -> why it cannot be played
let hovering = null;        // the text whose reason the tooltip waits for

function token(key, value, kind) {
  if (kind === "option") return key;
  return /[\s"]/.test(value) ? `${key}="${value}"` : `${key}=${value}`;
}

function frameOf() {
  const m = matching()[0];
  return m ? m.frame : "";
}

function textOf(frame, decisions) {
  return [frame, ...decisions.filter((d) => d[2] !== "action").map((d) => token(...d))].join(" ");
}

function matching(choices = chosen) {
  return state.moves.filter((m) => choices.every((c, i) => m.d[i] && m.d[i][0] === c[0] && m.d[i][1] === c[1]));
}

function nextOptions(moves) {
  const seen = new Map();
  for (const m of moves) {
    const d = m.d[chosen.length];
    if (d && !seen.has(d[0] + "=" + d[1])) seen.set(d[0] + "=" + d[1], d);
  }
  return [...seen.values()];
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

// A move is sent once, with the version of the position it was chosen at: the server
// refuses it if that position has gone (a double click, a second tab), and the page
// takes no other move until the next state arrives.
let sentAt = null;
function playMove(text) {
  if (!state || sentAt === state.version) return;
  sentAt = state.version;
  for (const b of document.querySelectorAll("#options button, #typed-play, #undo")) b.disabled = true;
  send({ type: "play", text, version: state.version });
}

function ask(text) {
  if (reasons.has(text)) return Promise.resolve(reasons.get(text));
  send({ type: "why", text });
  return null;
}

function showReason(text, reason, refused = false) {
  const box = $("reason");
  box.className = refused ? "refused" : "";
  box.textContent = reason ? `${text}: ${reason}` : "";
}

// The board's pointable things: places (g id place-ID), and slots, lines and token
// spaces (a g whose title starts with the id, then ": " or " (").
function indexBoard(svg) {
  for (const g of svg.querySelectorAll("g")) {
    let value = null;
    if (g.id && g.id.startsWith("place-")) value = g.id.slice(6);
    else {
      const title = g.querySelector(":scope > title");
      if (title) {
        const m = /^(\S+?)(?=: | \(|$)/.exec(title.textContent);
        if (m) value = m[1];
      }
    }
    if (!value || g.id === "lines" || g.id === "places" || g.id === "panel") continue;
    g.dataset.value = value;
    g.dataset.cat = g.id.startsWith("place-") ? "place" : value.includes("--") ? "line" : /\.\d+$/.test(value) ? "slot" : /:\d+$/.test(value) ? "space" : "other";
  }
}

function boardElements(cat) {
  return [...$("board").querySelectorAll(`g[data-cat="${cat}"]`)];
}

function render() {
  const view = state.view;
  const me = view.players[state.seat];
  const board = $("board");
  board.innerHTML = state.svg;
  const svg = board.querySelector("svg");
  if (svg) { svg.removeAttribute("width"); svg.removeAttribute("height"); indexBoard(svg); }
  // whose turn
  const names = state.seats.map((s) => s.name);
  const turn = $("turn");
  if (state.outcome) turn.textContent = `The game is over: ${state.outcome.result}.`;
  else if (state.your_turn) turn.textContent = `Your move, ${me.name} (era ${view.era}, round ${view.round}, ${view.actions_left} action(s) left).`;
  else if (state.thinking !== null) turn.textContent = `${names[state.thinking]} (bot) is thinking...`;
  else turn.textContent = `Waiting for ${names[view.to_move] ?? "nobody"} (era ${view.era}, round ${view.round}).`;
  say(`${state.title} — you are ${me.name}`);
  // hand
  const hand = $("hand");
  hand.textContent = "";
  for (const card of me.hand || []) hand.appendChild(el("li", { class: "card" }, card));
  // players
  const table = $("players-table");
  table.textContent = "";
  const head = el("tr");
  for (const h of ["Seat", "Plays", "£", "Inc.", "VP", "Spent", "Turn", "Cards"]) head.appendChild(el("th", { scope: "col" }, h));
  table.appendChild(head);
  for (const p of view.players) {
    const row = el("tr", p.index === view.to_move ? { class: "to-move" } : {});
    const order = view.turn_order.indexOf(p.index) + 1;
    const kind = state.seats[p.index].kind;
    for (const cell of [p.name + (p.index === state.seat ? " (you)" : ""), kind === "human" ? "person" : `bot ${kind}`, p.money, p.income_level, p.vp, p.spent, order || "", p.hand_size]) {
      row.appendChild(el("td", {}, String(cell)));
    }
    table.appendChild(row);
  }
  // log
  const log = $("log");
  log.textContent = "";
  for (const entry of state.log) log.appendChild(el("li", {}, `${names[entry.player]}: ${entry.text}`));
  log.scrollTop = log.scrollHeight;
  // save, undo
  $("save").hidden = !state.can_save;
  $("save").href = `/api/save/${seatToken}`;
  $("undo").disabled = !state.can_undo;
  $("typed-play").disabled = !state.your_turn;
  renderBuilder();
}

function renderBuilder() {
  const options = $("options");
  const chosenBox = $("chosen");
  options.textContent = "";
  chosenBox.textContent = "";
  $("builder").hidden = !state.your_turn && !state.can_undo;
  if (!state.your_turn) return;
  // Choices with one possibility are taken at once.
  for (;;) {
    const moves = matching();
    const opts = nextOptions(moves);
    const complete = moves.some((m) => m.d.length === chosen.length);
    if (opts.length === 1 && !complete && chosen.length > 0) chosen.push(opts[0]);
    else break;
  }
  const moves = matching();
  for (const d of chosen) chosenBox.appendChild(el("span", {}, d[2] === "action" ? d[1] : token(...d)));
  const opts = nextOptions(moves);
  const complete = moves.filter((m) => m.d.length === chosen.length);
  for (const m of complete) {
    const button = el("button", { type: "button", class: "legal play" }, `Play: ${m.text}`);
    button.addEventListener("click", () => playMove(m.text));
    options.appendChild(button);
  }
  const legal = new Set(opts.map((d) => d[1]));
  // Before an action is chosen, every action is shown: those not legal say why on hover.
  if (chosen.length === 0 && state.actions.length && opts.every((d) => d[2] === "action")) {
    for (const action of state.actions) addOption(options, ["action", action.id, "action"], legal.has(action.id), action.title);
  } else {
    for (const d of opts) addOption(options, d, true, d[2] === "option" ? d[0] : `${d[0]}: ${d[1]}`);
    // A choice among cards: the other cards of the hand say why not.
    const hand = state.view.players[state.seat].hand || [];
    if (opts.length && opts.every((d) => hand.includes(d[1]))) {
      const key = opts[0][0];
      for (const card of new Set(hand)) if (!legal.has(card)) addOption(options, [key, card, opts[0][2]], false, `${key}: ${card}`);
    }
  }
  markBoard(opts, legal);
}

function candidateText(d) {
  return d[2] === "action" ? d[1] : textOf(frameOf(), [...chosen, d]);
}

function addOption(box, d, isLegal, label) {
  const button = el("button", { type: "button", class: isLegal ? "legal" : "other", "data-key": d[0], "data-value": d[1] }, label);
  if (isLegal) button.addEventListener("click", () => choose(d));
  else {
    button.setAttribute("aria-disabled", "true");
    button.addEventListener("click", () => explain(candidateText(d), true));
    button.addEventListener("mouseenter", (e) => hover(candidateText(d), e));
    button.addEventListener("focus", () => explain(candidateText(d), false));
    button.addEventListener("mouseleave", unhover);
  }
  box.appendChild(button);
}

function choose(d) {
  chosen.push(d);
  showReason("", "");
  renderBuilder();
}

function markBoard(opts, legal) {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  for (const g of svg.querySelectorAll("g.legal, g.other, g.picked")) g.classList.remove("legal", "other", "picked");
  for (const d of chosen) {
    const g = svg.querySelector(`g[data-value="${CSS.escape(d[1])}"]`);
    if (g) g.classList.add("picked");
  }
  const cats = new Set();
  for (const d of opts) {
    const g = svg.querySelector(`g[data-value="${CSS.escape(d[1])}"]`);
    if (g) cats.add(g.dataset.cat);
  }
  if (cats.size !== 1) return;
  const cat = [...cats][0];
  const key = opts[0][0];
  const kind = opts[0][2];
  for (const g of boardElements(cat)) {
    const d = opts.find((o) => o[1] === g.dataset.value) || [key, g.dataset.value, kind];
    g.classList.add(legal.has(g.dataset.value) ? "legal" : "other");
    g.dataset.text = candidateText(d);
  }
}

function explain(text, refused) {
  const known = ask(text);
  pendingExplain = { text, refused };
  if (known) known.then((reason) => showReason(text, reason, refused));
}
let pendingExplain = null;

function hover(text, event) {
  hovering = text;
  const tip = $("tip");
  tip.style.left = `${event.clientX + 12}px`;
  tip.style.top = `${event.clientY + 12}px`;
  const known = ask(text);
  tip.textContent = known ? "" : "why not? asking the rules...";
  tip.hidden = false;
  if (known) known.then((reason) => { tip.textContent = reason; });
}

function unhover() { hovering = null; $("tip").hidden = true; }

function boardTarget(event) {
  let g = event.target.closest && event.target.closest("g[data-value]");
  while (g) {
    if (g.classList.contains("legal") || g.classList.contains("other")) return g;
    g = g.parentElement.closest("g[data-value]");
  }
  return null;
}

function boardClick(event) {
  const g = boardTarget(event);
  if (!g || !state.your_turn) return;
  if (g.classList.contains("legal")) {
    const d = nextOptions(matching()).find((o) => o[1] === g.dataset.value);
    if (d) choose(d);
  } else explain(g.dataset.text, true);
}

function boardHover(event) {
  const g = boardTarget(event);
  if (g && g.classList.contains("other")) { if (hovering !== g.dataset.text) hover(g.dataset.text, event); }
  else if (hovering) unhover();
}

function onMessage(event) {
  const message = JSON.parse(event.data);
  if (message.type === "state") {
    const fresh = !state || state.version !== message.version;
    state = message;
    if (fresh) { chosen = []; reasons.clear(); sentAt = null; }
    render();
  } else if (message.type === "why") {
    reasons.set(message.text, message.reason || "it can be played");
    if (hovering === message.text) $("tip").textContent = reasons.get(message.text);
    if (pendingExplain && pendingExplain.text === message.text) showReason(message.text, reasons.get(message.text), pendingExplain.refused);
  } else if (message.type === "refused") {
    sentAt = null;
    renderBuilder();
    showReason(message.text || "refused", message.reason, true);
  } else if (message.type === "error") {
    say(message.message);
    if (message.final) finalError = message.message;
  }
}

let seatToken = null;
let finalError = null;  // the server said this link opens nothing: do not try again

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${seatToken}`);
  socket.addEventListener("message", onMessage);
  socket.addEventListener("close", (event) => {
    if (finalError || event.code === 4404) { say(finalError || "this link opens no game"); return; }
    say("connection lost: reconnecting..."); setTimeout(connect, 1000);
  });
}

function play(tokenValue) {
  seatToken = tokenValue;
  $("play").hidden = false;
  $("board").addEventListener("click", boardClick);
  $("board").addEventListener("mousemove", boardHover);
  $("board").addEventListener("mouseleave", unhover);
  $("clear").addEventListener("click", () => { chosen = []; showReason("", ""); renderBuilder(); });
  $("undo").addEventListener("click", () => { if (sentAt === state.version) return; sentAt = state.version; $("undo").disabled = true; send({ type: "undo", version: state.version }); });
  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("notation").value.trim();
    if (text) playMove(text);
  });
  $("replay-this").addEventListener("click", () => post("/api/replays", { token: seatToken }).then((r) => { location.href = r.url; }));
  connect();
}

// ------------------------------------------------------------------ replay
async function replay(id) {
  $("replay").hidden = false;
  const slider = $("slider");
  let names = [];
  const show = async (n) => {
    const r = await fetch(`/api/replays/${id}?n=${n}`);
    const data = await r.json();
    if (!r.ok) { say(data.error); return; }
    slider.max = data.total;
    slider.value = data.n;
    $("slider-out").textContent = `${data.n} of ${data.total}`;
    $("replay-board").innerHTML = data.svg;
    const svg = $("replay-board").querySelector("svg");
    if (svg) { svg.removeAttribute("width"); svg.removeAttribute("height"); }
    const log = $("replay-log");
    log.textContent = "";
    data.log.forEach((entry) => log.appendChild(el("li", {}, `seat ${entry.player + 1}: ${entry.text}`)));
    if (log.lastChild) { log.lastChild.classList.add("current"); log.scrollTop = log.scrollHeight; }
    say(`Replay: after move ${data.n} of ${data.total}`);
  };
  slider.addEventListener("input", () => show(Number(slider.value)));
  $("prev").addEventListener("click", () => show(Math.max(0, Number(slider.value) - 1)));
  $("next").addEventListener("click", () => show(Number(slider.value) + 1));
  show(0);
}

// ------------------------------------------------------------------ start
const path = location.pathname.split("/").filter(Boolean);
if (path[0] === "play" && path[1]) play(path[1]);
else if (path[0] === "replay" && path[1]) replay(path[1]);
else home();
