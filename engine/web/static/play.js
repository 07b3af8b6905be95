// One seat's page (or an onlooker's): the table's state as the server sends it over a
// WebSocket, the move being built by pointing, and what the page sends back.
//
// A move is sent once, with the version of the position it was chosen at: the server
// refuses it if that position has gone (a double click, a second tab), and the page
// takes no other move until the next state comes.

import { $, el, post, say } from "./dom.js";
import { clearMarks, enableClicks, enableTips, enableZoom, hideTip, pointable, reveal, setHandlers, showBoard, showTip } from "./board.js";
import { renderChat, renderHand, renderLog, renderMarkets, renderOutcome, renderPlayers, renderTracks } from "./sheets.js";

let state = null;        // the last state the server sent this page
let chosen = [];         // the decisions made so far in the move being built: [key, text, kind, words]
let socket = null;
let token = null;
let watching = false;
let sentAt = null;       // the version a move or undo was sent at: nothing more until it changes
let finalError = null;   // the server said this link opens nothing: do not try again
let wasMyTurn = false;
let clockTimer = null;
let clockAt = 0;
const SENT = "Sent: waiting for the table…";
const reasons = new Map();   // a partial move's text -> why it cannot be played ("" if it can)
const moveWords = new Map(); // a whole move's text -> the move in words
const asking = new Map();    // a partial move's text -> functions waiting for its reason

// ------------------------------------------------------------------ talking
function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) { socket.send(JSON.stringify(message)); return true; }
  return false;
}

function whyNot(text) {
  if (reasons.has(text)) return Promise.resolve(reasons.get(text));
  return new Promise((resolve) => {
    if (!asking.has(text)) { asking.set(text, []); send({ type: "why", text }); }
    asking.get(text).push(resolve);
  });
}

function playMove(text) {
  if (!state || sentAt === state.version) return;
  sentAt = state.version;
  for (const b of document.querySelectorAll("#options button, #typed-play, #undo")) b.disabled = true;
  showReason(SENT);
  if (!send({ type: "play", text, version: state.version })) {
    sentAt = null;
    renderBuilder();
    showReason("Not sent: the connection to the table is lost, and is being made again.", true);
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${watching ? "watch/" : ""}${token}`);
  socket.addEventListener("message", (event) => onMessage(JSON.parse(event.data)));
  socket.addEventListener("open", () => { document.body.classList.remove("offline"); });
  socket.addEventListener("close", (event) => {
    if (finalError || event.code === 4404 || event.code === 4403) {
      gone(finalError || "This link opens no game.");
      return;
    }
    say("connection lost: reconnecting…");
    document.body.classList.add("offline");
    setTimeout(connect, 1500);
  });
}

function gone(message) {
  say(message);
  $("play").hidden = true;
  const box = $("home-error");
  $("home").hidden = false;
  for (const section of $("home").querySelectorAll("section")) section.hidden = true;
  box.textContent = `${message} Start a new game from the home page.`;
}

function onMessage(message) {
  if (message.type === "state") {
    const fresh = !state || state.version !== message.version;
    const keepFocus = document.activeElement && $("builder").contains(document.activeElement);
    state = message;
    for (const m of state.moves) for (const d of m.d) d[3] = state.names[`${d[0]}=${d[1]}`] ?? d[1];
    window.__state = state;  // for tests and the curious: what this page was sent
    window.__version = state.version;
    if (fresh) {
      chosen = []; reasons.clear(); moveWords.clear(); sentAt = null;
      $("hints").textContent = ""; $("hint").disabled = false;
      if ($("reason").textContent === SENT) showReason("");
    }
    render();
    if (keepFocus) focusFirstChoice();
  } else if (message.type === "why") {
    reasons.set(message.text, message.reason || "");
    if (message.words) {
      moveWords.set(message.text, message.words);
      for (const b of document.querySelectorAll("#options button.play")) if (b.dataset.text === message.text) b.firstChild.textContent = `Play: ${message.words}`;
    }
    for (const resolve of asking.get(message.text) || []) resolve(message.reason || "");
    asking.delete(message.text);
  } else if (message.type === "refused") {
    $("hint").disabled = false;
    if ($("hints").textContent.endsWith("thinking…")) $("hints").textContent = "";
    if (message.text !== undefined || sentAt !== null) { sentAt = null; renderBuilder(); }
    showReason(message.reason, true);
  } else if (message.type === "error") {
    if (message.final) finalError = message.message;
    say(message.message);
  } else if (message.type === "hint") {
    showHints(message);
  } else if (message.type === "link") {
    showReason(`${message.text}: ${location.origin}${message.url}`);
  }
}

// ------------------------------------------------------------------ the page
function render() {
  const view = state.view;
  const names = state.seats.map((s) => s.name);
  const svg = showBoard($("board"), state.svg);
  renderTurn(names);
  renderTrouble();
  renderHand(state);
  renderPlayers(state);
  renderMarkets(state);
  renderTracks(state);
  renderLog($("log"), state.log, names, $("show-notation").checked);
  renderChat(state);
  renderOutcome(state);
  $("save").hidden = !state.can_save;
  $("save").href = `/api/save/${token}`;
  $("copy-watch").hidden = !state.watch;
  $("undo").disabled = !state.can_undo;
  $("typed-play").disabled = !state.your_turn;
  say(`${state.title} — ${state.seat === null ? "watching" : `you are ${names[state.seat]}`}`);
  notify(names);
  if (svg) renderBuilder();
  void view;
}

function renderTurn(names) {
  const view = state.view;
  const turn = $("turn");
  turn.textContent = "";
  const era = state.sheet.eras.find((e) => e.id === view.era)?.name || view.era;
  const line = el("p", { class: "turn-line" });
  if (state.outcome) line.textContent = `The game is over: ${state.outcome.result}.`;
  else if (state.your_turn) line.textContent = `Your move, ${names[state.seat]}: ${view.actions_left} action${view.actions_left === 1 ? "" : "s"} left.`;
  else if (state.thinking !== null) line.textContent = `${names[state.thinking]} (bot) is thinking…`;
  else line.textContent = `Waiting for ${names[view.to_move] ?? "nobody"}.`;
  if (state.your_turn) line.classList.add("yours");
  turn.append(line, el("p", { class: "hint" }, `${era}, round ${view.round}`));
  if (state.notice) turn.append(el("p", { class: "notice" }, state.notice));
  if (state.clock) {
    const clock = el("p", { class: "clock", id: "clock" });
    turn.append(clock);
    clockAt = Date.now();
    tickClock();
  }
  if (state.outcome && state.seat !== null) {
    const row = el("p", { class: "row" });
    if (state.rematch) row.append(el("a", { href: state.rematch, class: "button" }, "Go to the rematch"));
    else {
      const again = el("button", { type: "button", id: "rematch" }, "Rematch, same seats");
      again.addEventListener("click", () => { again.disabled = true; send({ type: "rematch" }); });
      row.append(again);
    }
    turn.append(row);
  } else if (state.outcome && state.rematch) {
    turn.append(el("a", { href: state.rematch }, "Watch the rematch"));
  }
}

function tickClock() {
  clearTimeout(clockTimer);
  const clock = $("clock");
  if (!clock || !state || state.clock_left === null || state.clock_left === undefined) {
    if (clock) clock.textContent = `Clock: ${state.clock} s a move`;
    return;
  }
  const left = Math.max(0, state.clock_left - (Date.now() - clockAt) / 1000);
  const who = state.your_turn ? "you have" : `${state.seats[state.view.to_move]?.name} has`;
  clock.textContent = `Clock: ${who} ${Math.floor(left / 60)}:${String(Math.floor(left % 60)).padStart(2, "0")} left for this move (${state.clock} s a move)`;
  clock.classList.toggle("short", left < 10);
  if (left > 0) clockTimer = setTimeout(tickClock, 500);
}

function renderTrouble() {
  const box = $("trouble");
  box.textContent = "";
  const trouble = state.trouble;
  box.hidden = !trouble;
  if (!trouble) return;
  const name = state.seats[trouble.seat].name;
  box.append(el("p", {}, `${name}'s bot (${trouble.bot}) ${trouble.message}.`));
  if (state.seat === null || state.seats[state.seat].kind !== "human") return;
  const row = el("div", { class: "row" });
  const pick = el("select", { id: "hand-over-to", "aria-label": `Who takes ${name}'s seat` });
  pick.append(el("option", { value: "human" }, "a person (a new link)"));
  for (const bot of ["easy", "medium", "greedy", "random", "hard"]) if (bot !== trouble.bot) pick.append(el("option", { value: bot }, `the bot ${bot}`));
  const give = el("button", { type: "button", id: "hand-over" }, `Hand ${name}'s seat over`);
  give.addEventListener("click", () => send({ type: "seat", seat: trouble.seat, to: pick.value }));
  row.append(pick, give);
  box.append(row);
}

function notify(names) {
  const mine = Boolean(state.your_turn);
  document.title = state.outcome ? `Over — ${state.title}` : mine ? `● Your move — Brass` : `${names[state.view.to_move] ?? ""} to move — Brass`;
  if (mine && !wasMyTurn && $("sound").checked) beep();
  wasMyTurn = mine;
}

function beep() {
  try {
    const audio = new (window.AudioContext || window.webkitAudioContext)();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.4);
  } catch (error) { /* no sound here: the title still says it */ }
}

// ------------------------------------------------------------------ building a move
function matching(choices = chosen) {
  return state.moves.filter((m) => choices.every((c, i) => m.d[i] && m.d[i][0] === c[0] && m.d[i][1] === c[1]));
}

function nextOptions(moves) {
  const seen = new Map();
  for (const m of moves) {
    const d = m.d[chosen.length];
    if (d && !seen.has(`${d[0]}=${d[1]}`)) seen.set(`${d[0]}=${d[1]}`, d);
  }
  return [...seen.values()];
}

function token_(d) {
  if (d[2] === "option") return d[0];
  return /[\s"]/.test(d[1]) ? `${d[0]}="${d[1]}"` : `${d[0]}=${d[1]}`;
}

function frameOf() { return matching()[0]?.frame || ""; }

function candidateText(d) {
  if (d[2] === "action") return d[1];
  const frame = chosen.length ? frameOf() : state.moves[0]?.frame || "";
  return [frame, ...[...chosen, d].filter((x) => x[2] !== "action").map(token_)].join(" ");
}

function showReason(text, refused = false) {
  const box = $("reason");
  box.className = refused ? "refused" : "";
  box.textContent = text || "";
}

function renderBuilder() {
  const options = $("options");
  const chosenBox = $("chosen");
  options.textContent = "";
  chosenBox.textContent = "";
  const builder = $("builder");
  builder.hidden = !state.your_turn && !state.can_undo;
  const svg = $("board").querySelector("svg");
  if (svg) clearMarks(svg);
  if (!state.your_turn) return;
  $("waiting-in").hidden = !state.waiting_in;
  const owed = state.view.players[state.seat].money;
  $("waiting-in").textContent = state.waiting_in ? `${state.waiting_in}: the rules ask you to choose now${owed < 0 ? `: you owe £${-owed}` : ""}. Each choice below says what it is.` : "";
  for (;;) {  // a choice with one possibility is made at once
    const moves = matching();
    const opts = nextOptions(moves);
    const complete = moves.some((m) => m.d.length === chosen.length);
    if (opts.length === 1 && !complete && chosen.length > 0) chosen.push(opts[0]);
    else break;
  }
  const moves = matching();
  for (const d of chosen) {
    const chip = el("span", { class: "chip" });
    chip.append(el("span", {}, d[3]), el("code", {}, d[2] === "action" ? d[1] : token_(d)));
    chosenBox.appendChild(chip);
  }
  for (const m of moves.filter((x) => x.d.length === chosen.length)) {
    const button = el("button", { type: "button", class: "legal play", "data-text": m.text });
    const words = moveWords.get(m.text) || m.d.filter((d) => d[2] !== "more" && (d[2] !== "option" || d[1] === "yes")).map((d) => d[3]).join(", ");
    button.append(el("span", {}, `Play: ${words}`), el("code", {}, m.text));
    button.addEventListener("click", () => playMove(m.text));
    options.appendChild(button);
    if (!moveWords.has(m.text)) whyNot(m.text);  // its words come with the answer
  }
  const opts = nextOptions(moves);
  const legal = new Set(opts.map((d) => d[1]));
  if (chosen.length === 0 && state.actions.length && opts.every((d) => d[2] === "action")) {
    for (const action of state.actions) {
      const d = opts.find((o) => o[1] === action.id) || ["action", action.id, "action", action.title];
      addOption(options, d, legal.has(action.id));
    }
  } else {
    for (const d of opts) addOption(options, d, true);
    const hand = state.hand.map((c) => c.id);
    if (opts.length && opts.every((d) => hand.includes(d[1]))) {  // a choice of cards: the others say why not
      for (const card of state.hand) {
        if (!legal.has(card.id)) addOption(options, [opts[0][0], card.id, opts[0][2], card.words], false);
      }
    }
  }
  if (svg) markBoard(svg, opts, legal);
}

function addOption(box, d, isLegal) {
  const button = el("button", { type: "button", class: isLegal ? "legal" : "other", "data-key": d[0], "data-value": d[1] });
  const code = d[2] === "action" ? d[1] : token_(d);
  button.append(el("span", {}, d[3]));
  if (code !== String(d[3]).toLowerCase()) button.append(el("code", {}, code));
  if (isLegal) button.addEventListener("click", () => choose(d));
  else {
    button.setAttribute("aria-disabled", "true");
    const text = candidateText(d);
    button.addEventListener("click", () => explain(text, d[3]));
    button.addEventListener("focus", () => explain(text, d[3]));
    button.addEventListener("mouseenter", (event) => hoverWhy(text, d[3], event));
    button.addEventListener("mouseleave", hideTip);
  }
  box.appendChild(button);
}

function choose(d) {
  chosen.push(d);
  showReason("");
  hideTip();
  renderBuilder();
  focusFirstChoice();
}

function focusFirstChoice() {
  const first = $("options").querySelector("button.play, button.legal") || $("options").querySelector("button");
  if (first) first.focus({ preventScroll: true });
}

function explain(text, words) {
  whyNot(text).then((reason) => showReason(`${words}: ${reason || "it can be chosen"}`, Boolean(reason)));
}

function hoverWhy(text, words, event) {
  showTip(`${words}: why not? asking the rules…`, event.clientX, event.clientY);
  whyNot(text).then((reason) => { if (!$("tip").hidden) showTip(`${words}: ${reason || "it can be chosen"}`, event.clientX, event.clientY); });
}

function markBoard(svg, opts, legal) {
  const cards = new Set(Object.keys(state.sheet.cards));
  for (const d of chosen) {
    if (cards.has(d[1])) continue;  // a card, not the place of the same name
    const g = svg.querySelector(`g[data-value="${CSS.escape(d[1])}"]`);
    if (g) g.classList.add("picked");
  }
  if (opts.some((d) => cards.has(d[1]))) return;  // a choice of cards is made beside the map
  const cats = new Set();
  for (const d of opts) {
    const g = svg.querySelector(`g[data-value="${CSS.escape(d[1])}"]`);
    if (g) cats.add(g.dataset.cat);
  }
  if (cats.size !== 1) return;
  const cat = [...cats][0];
  const [key, , kind] = opts[0];
  for (const g of pointable(svg, cat)) {
    const isLegal = legal.has(g.dataset.value);
    const d = opts.find((o) => o[1] === g.dataset.value) || [key, g.dataset.value, kind, g.dataset.tip];
    g.classList.add(isLegal ? "legal" : "other");
    g.dataset.text = candidateText(d);
  }
  reveal(svg);
}

function boardPick(g) {
  if (!state.your_turn) return;
  const d = nextOptions(matching()).find((o) => o[1] === g.dataset.value);
  if (d) choose(d);
}

function boardExplain(g, event) {
  whyNot(g.dataset.text).then((reason) => {
    const words = `${g.dataset.tip}\nNot now: ${reason || "it can be chosen"}`;
    showTip(words, event.clientX, event.clientY);
    showReason(`${g.dataset.tip.split(":")[0]}: ${reason}`, true);
  });
}

// What a board part says on hover: its words, and while choosing, why it cannot be chosen.
function boardTip(target) {
  if (target.classList.contains("other") && target.dataset.text) {
    const known = reasons.get(target.dataset.text);
    if (known === undefined) {
      whyNot(target.dataset.text).then(() => {});
      return `${target.dataset.tip}\nNot now: asking the rules…`;
    }
    return `${target.dataset.tip}\nNot now: ${known || "it can be chosen"}`;
  }
  if (target.classList.contains("legal")) return `${target.dataset.tip}\nClick to choose it.`;
  return target.dataset.tip;
}

function showHints(message) {
  const box = $("hints");
  box.textContent = "";
  $("hint").disabled = false;
  if (!state || message.version !== state.version) return;
  box.append(el("p", { class: "hint" }, "The hard bot's advice (worth: the points it expects you to stand ahead of the others after your next turn):"));
  for (const move of message.moves) {
    const button = el("button", { type: "button", class: "legal hinted", "data-text": move.text });
    button.append(el("span", {}, `${move.words} (${move.value > 0 ? "+" : ""}${move.value})`));
    if (move.then) button.append(el("span", { class: "hint" }, `then ${move.then}`));
    button.append(el("code", {}, move.text));
    button.addEventListener("click", () => playMove(move.text));
    box.append(button);
  }
  if (message.reason) box.append(el("p", { class: "hint", id: "hint-reason" }, `Why: ${message.reason}`));
}

// ------------------------------------------------------------------ start
export function play(tokenValue, asOnlooker) {
  token = tokenValue;
  watching = asOnlooker;
  $("play").hidden = false;
  $("sound-label").hidden = asOnlooker;
  $("sound").checked = localStorage.getItem("brass-sound") === "on";
  $("sound").addEventListener("change", () => localStorage.setItem("brass-sound", $("sound").checked ? "on" : "off"));
  const view = $("board-view");
  enableZoom(view);
  enableTips($("board"), boardTip);
  enableClicks($("board"));
  setHandlers(boardPick, boardExplain);
  $("clear").addEventListener("click", () => { chosen = []; showReason(""); renderBuilder(); focusFirstChoice(); });
  $("undo").addEventListener("click", () => {
    if (!state || sentAt === state.version) return;
    sentAt = state.version;
    $("undo").disabled = true;
    send({ type: "undo", version: state.version });
  });
  $("hint").addEventListener("click", () => {
    if (!state || !state.your_turn) return;
    $("hint").disabled = true;
    $("hints").textContent = "The hard bot is thinking…";
    send({ type: "hint", version: state.version });
  });
  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("notation").value.trim();
    if (text) playMove(text);
  });
  $("show-notation").addEventListener("change", () => state && renderLog($("log"), state.log, state.seats.map((s) => s.name), $("show-notation").checked));
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("chat-text").value.trim();
    if (text) send({ type: "chat", text });
    $("chat-text").value = "";
  });
  $("replay-this").addEventListener("click", () => post("/api/replays", { token }).then((r) => { location.href = r.url; }).catch((e) => showReason(e.message, true)));
  $("copy-watch").addEventListener("click", async () => {
    const link = `${location.origin}${state.watch}`;
    try { await navigator.clipboard.writeText(link); showReason(`Copied: ${link}`); } catch (error) { showReason(`The onlookers' link: ${link}`); }
  });
  document.addEventListener("click", (event) => { if (!event.target.closest("#board, #options")) hideTip(); });
  connect();
}
