// What sits beside the map, drawn from the state and the ruleset's sheet (brass.web.sheet):
// each player's board (money, income, VP, cards, discard, and the mat: the next tile of
// each industry with its values), the markets' price ladders, the tracks, the hand, the
// log in words, the chat and the score breakdown at the end. Everything says what it is
// on hover (title), and is text a screen reader reads.

import { $, cube, el, mark, money, playerColour, signed } from "./dom.js";

const ROMAN = ["0", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"];
const roman = (n) => ROMAN[n] ?? String(n);

function resourceColour(sheet, id) {
  return (sheet.resources.find((r) => r.id === id) || { colour: "#333" }).colour;
}

// ------------------------------------------------------------------ a tile's face
export function tileFace(sheet, industry, level, { count = 1, era = null, flippedSide = true } = {}) {
  const data = industry.levels.find((l) => l.level === level);
  const face = el("div", { class: "tile-face" });
  if (!data) return face;
  const buildable = era === null || data.eras.includes(era);
  if (!buildable) face.classList.add("not-now");
  const head = el("div", { class: "tile-head" });
  head.append(mark(industry.glyph, 20, industry.name), el("b", {}, roman(level)));
  if (count > 1) head.append(el("span", { class: "count", title: `${count} tiles of this level left` }, `×${count}`));
  face.appendChild(head);
  const cost = el("div", { class: "tile-cost" });
  cost.append(el("span", { title: sheet.fields.cost || "cost" }, data.cost === null ? "—" : money(data.cost)));
  for (const id of sheet.uses.build) {
    const n = data.needs[id] || 0;
    for (let i = 0; i < n; i++) cost.append(cube(resourceColour(sheet, id), `${id} to build it`));
  }
  face.appendChild(cost);
  const sell = sheet.uses.later.filter((id) => data.needs[id]);
  if (sell.length) {
    const row = el("div", { class: "tile-sell" });
    for (const id of sell) for (let i = 0; i < data.needs[id]; i++) row.append(cube(resourceColour(sheet, id), `${id} to sell it`, true));
    face.appendChild(row);
  }
  const back = el("div", { class: "tile-back" });
  back.append(el("span", { class: "vp", title: sheet.fields.vp }, `${data.vp} VP`), el("span", { title: sheet.fields.income }, `+${data.income}`));
  if (data.link_icons) back.append(el("span", { class: "links", title: sheet.fields.link_icons }, `⟷${data.link_icons}`));
  face.appendChild(back);
  face.title = tileWords(sheet, industry, data, buildable, era);
  return face;
}

function tileWords(sheet, industry, data, buildable, era) {
  const parts = [`${industry.name}, level ${data.level}`];
  parts.push(data.cost === null ? "never built: only developed away" : `costs ${money(data.cost)}`);
  for (const id of sheet.uses.build) if (data.needs[id]) parts.push(`${data.needs[id]} ${id} to build`);
  for (const id of sheet.uses.later) if (data.needs[id]) parts.push(`${data.needs[id]} ${id} to sell`);
  parts.push(`${data.vp} VP and income +${data.income} once flipped`);
  if (data.link_icons) parts.push(`${data.link_icons} link icon${data.link_icons > 1 ? "s" : ""}`);
  const eras = sheet.eras.filter((e) => data.eras.includes(e.id)).map((e) => e.name);
  parts.push(eras.length ? `built in: ${eras.join(", ")}` : "never built");
  if (!buildable && era) parts.push("not in this era");
  for (const [key, value] of Object.entries(data.fields)) {
    if (["cost", "vp", "income", "link_icons", "eras"].includes(key) || key in data.needs) continue;
    if (sheet.fields[key]) parts.push(`${key.replace(/_/g, " ")}: ${value} (${sheet.fields[key]})`);
  }
  return parts.join("; ");
}

// ------------------------------------------------------------------ players
export function renderPlayers(state) {
  const box = $("player-boards");
  const open = new Set([...box.querySelectorAll("details[open]")].map((d) => d.dataset.seat));
  const firstTime = !box.children.length;
  box.textContent = "";
  const { view, sheet } = state;
  for (const p of view.players) {
    const seatInfo = state.seats[p.index];
    const card = el("details", { class: "player", "data-seat": String(p.index) });
    if (p.index === view.to_move) card.classList.add("to-move");
    if ((firstTime && p.index === state.seat) || open.has(String(p.index))) card.open = true;
    const summary = el("summary");
    const swatch = el("span", { class: "swatch", style: `background:${playerColour(p.index)}`, "aria-hidden": "true" }, String(p.index + 1));
    const order = view.turn_order.indexOf(p.index) + 1;
    const who = el("span", { class: "who" });
    who.append(el("b", {}, p.name), document.createTextNode(p.index === state.seat ? " (you)" : ""));
    who.append(el("small", {}, seatInfo.kind === "human" ? (seatInfo.claimed ? "" : " — seat free") : ` — bot ${seatInfo.kind}`));
    const figures = el("span", { class: "figures" });
    figures.append(
      el("span", { title: "money" }, money(p.money)),
      el("span", { title: `income level (track space ${p.income_space})` }, `inc ${signed(p.income_level)}`),
      el("span", { title: "victory points" }, `${p.vp} VP`),
    );
    summary.append(swatch, who, figures);
    card.appendChild(summary);
    const facts = el("p", { class: "facts" });
    const discard = p.discard.length ? (sheet.cards[p.discard[p.discard.length - 1]]?.name || p.discard[p.discard.length - 1]) : "none";
    facts.textContent = `${order ? `plays ${order}${["st", "nd", "rd"][order - 1] || "th"} this round` : ""} · spent ${money(p.spent)} · ${p.hand_size} card${p.hand_size === 1 ? "" : "s"} in hand · discard: ${p.discard.length} (top: ${discard})`;
    card.appendChild(facts);
    card.appendChild(renderMat(sheet, p.mat, view.era));
    box.appendChild(card);
  }
}

function renderMat(sheet, mat, era) {
  const box = el("div", { class: "mat", role: "list", "aria-label": "tiles left on the mat" });
  for (const industry of sheet.industries) {
    const levels = mat[industry.id] || [];
    const cell = el("div", { class: "mat-cell", role: "listitem" });
    if (!levels.length) {
      cell.append(mark(industry.glyph, 20, industry.name), el("span", { class: "hint" }, " none left"));
      cell.title = `${industry.name}: no tile left`;
      box.appendChild(cell);
      continue;
    }
    const next = levels[0];
    const count = levels.filter((l) => l === next).length;
    cell.appendChild(tileFace(sheet, industry, next, { count, era }));
    const later = [];
    for (const l of [...new Set(levels)].slice(1)) later.push(`${roman(l)}×${levels.filter((x) => x === l).length}`);
    if (later.length) cell.appendChild(el("div", { class: "later", title: "the levels after it, with how many tiles of each" }, `then ${later.join(" ")}`));
    box.appendChild(cell);
  }
  return box;
}

// ------------------------------------------------------------------ markets and tracks
export function renderMarkets(state) {
  const box = $("markets");
  box.textContent = "";
  const { sheet, view } = state;
  for (const market of sheet.markets) {
    const held = view.markets[market.id] || 0;
    const room = market.prices.length;
    const next = held > 0 ? market.prices[room - held] : null;
    const row = el("div", { class: "market" });
    const words = `${market.name}: ${held} of ${room} cubes; ${next !== null ? `the next costs ${money(next)}` : "empty"}${market.empty !== null ? `; when empty, ${money(market.empty)} each` : ""}`;
    row.title = words;
    row.append(el("div", { class: "market-name" }, words));
    const ladder = el("div", { class: "ladder", "aria-hidden": "true" });
    market.prices.forEach((price, i) => {
      const full = i >= room - held;
      const spot = el("span", { class: `spot${full ? " full" : ""}${i === room - held ? " next" : ""}` });
      spot.append(full ? cube(resourceColour(sheet, market.resource), "") : el("span", { class: "empty-spot" }));
      spot.append(el("small", {}, `£${price}`));
      ladder.appendChild(spot);
    });
    if (market.empty !== null) ladder.appendChild(el("span", { class: "spot beyond" }, `then £${market.empty}`));
    row.appendChild(ladder);
    box.appendChild(row);
  }
}

export function renderTracks(state) {
  const { view, sheet } = state;
  const box = $("tracks");
  box.textContent = "";
  const top = Math.max(100, ...view.players.map((p) => p.vp + 10));
  box.appendChild(track("VP", view.players.map((p) => ({ seat: p.index, at: p.vp, label: `${p.name}: ${p.vp} VP` })), 0, top));
  const low = sheet.income[0], high = sheet.income[sheet.income.length - 1];
  box.appendChild(track("Income", view.players.map((p) => ({ seat: p.index, at: p.income_level, label: `${p.name}: income ${signed(p.income_level)} a round` })), low, high));
  const counters = [];
  counters.push(`draw deck: ${view.deck_size} card${view.deck_size === 1 ? "" : "s"}`);
  for (const [pile, n] of Object.entries(view.piles)) counters.push(`${pile.replace(/[-_]/g, " ")} pile: ${n}`);
  for (const [pool, n] of Object.entries(view.face_down || {})) counters.push(`${pool.replace(/[-_]/g, " ")}: ${n} face down`);
  for (const [key, value] of Object.entries(view.counters)) if (!key.endsWith("_drawn")) counters.push(`${key.replace(/[-_]/g, " ")}: ${value}`);
  $("counters").textContent = counters.join(" · ");
}

function track(name, markers, low, high) {
  const row = el("div", { class: "track" });
  row.append(el("span", { class: "track-name" }, name));
  const bar = el("div", { class: "track-bar", role: "img", "aria-label": markers.map((m) => m.label).join("; ") });
  const span = high - low || 1;
  for (const tick of [low, Math.round((low + high) / 2), high]) bar.append(el("span", { class: "tick", style: `left:${((tick - low) / span) * 100}%` }, String(tick)));
  markers.forEach((m, i) => {
    const dot = el("span", { class: "marker", title: m.label, style: `left:${((m.at - low) / span) * 100}%;background:${playerColour(m.seat)};top:${-4 + (i % 3) * 7}px` }, String(m.seat + 1));
    bar.appendChild(dot);
  });
  row.appendChild(bar);
  return row;
}

// ------------------------------------------------------------------ hand, log, chat
export function renderHand(state) {
  const hand = $("hand");
  hand.textContent = "";
  $("hand-box").hidden = state.seat === null || (Boolean(state.outcome) && !state.hand.length);
  for (const card of state.hand) {
    const item = el("li", { class: `card kind-${card.kind || "other"}`, title: card.words }, card.name);
    hand.appendChild(item);
  }
  $("hand-h").textContent = `Your hand (${state.hand.length})`;
}

export function renderLog(list, log, names, showNotation) {
  list.textContent = "";
  for (const entry of log) {
    const item = el("li");
    item.append(el("b", { style: `border-left:4px solid ${playerColour(entry.player)};padding-left:4px` }, names[entry.player] ?? `seat ${entry.player + 1}`), document.createTextNode(`: ${entry.words}`));
    if (showNotation) item.append(el("code", {}, entry.text));
    list.appendChild(item);
  }
  list.scrollTop = list.scrollHeight;
}

export function renderChat(state) {
  const list = $("chat");
  list.textContent = "";
  for (const line of state.chat) {
    const who = line.seat === null ? "table" : state.seats[line.seat]?.name ?? "?";
    const item = el("li");
    item.append(el("b", { style: line.seat === null ? "" : `color:${playerColour(line.seat)}` }, who), document.createTextNode(`: ${line.text}`));
    list.appendChild(item);
  }
  list.scrollTop = list.scrollHeight;
  $("chat-form").hidden = state.seat === null;
}

// ------------------------------------------------------------------ the end
export function renderOutcome(state) {
  const box = $("outcome");
  box.hidden = !state.outcome;
  if (!state.outcome) return;
  $("outcome-h").textContent = `The game is over: ${state.outcome.result}`;
  const b = state.outcome.breakdown;
  const table = el("table", { class: "breakdown" });
  const head = el("tr");
  for (const h of ["Player", "Era", ...b.headings.map((x) => `VP for ${x}`), "VP in play", "VP", "Money", "Income"]) head.appendChild(el("th", { scope: "col" }, h));
  table.appendChild(head);
  const order = state.outcome.ranking.flat();
  for (const i of order) {
    const name = state.seats[i].name;
    b.eras.forEach((era, k) => {
      const row = el("tr");
      const p = era.players[i];
      row.append(el("th", { scope: "row" }, k === 0 ? name : ""), el("td", {}, era.era));
      for (const h of b.headings) row.append(el("td", {}, signed(p.scored[h] || 0)));
      row.append(el("td", {}, signed(p.in_play)), el("td", {}, String(p.vp)), el("td", {}, money(p.money)), el("td"));
      table.appendChild(row);
    });
    const t = b.totals[i];
    const row = el("tr", { class: "total" });
    row.append(el("th", { scope: "row" }, ""), el("td", {}, "total"));
    for (const h of b.headings) row.append(el("td", {}, String(t.scored[h] || 0)));
    row.append(el("td", {}, signed(t.in_play)), el("td", {}, String(t.vp)), el("td", {}, money(t.money)), el("td", {}, signed(t.income_level)));
    table.appendChild(row);
  }
  const holder = $("breakdown");
  holder.textContent = "";
  holder.append(table, el("p", { class: "hint" }, "VP for each heading: what the rules scored under it in the era, its end included; VP in play: the rest gained or lost in the era; VP and money: at its end."));
}
