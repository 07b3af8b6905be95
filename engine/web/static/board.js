// The map on the page: shown, zoomed and moved (buttons, wheel, drag, pinch), every
// part of it saying what it is on hover or tap, and the legal choices marked.
//
// The server draws the map (brass.svg): every pointable part is a <g> with data-cat
// (place, slot, line, space) and data-value (its id in move notation), and a <title>
// in words, which moves here into data-tip (the page shows it, not the browser's own
// slow tooltip, and a tap shows it too).

import { $ } from "./dom.js";

const MIN_ZOOM = 0.3;
const MAX_ZOOM = 5;
let zoom = null;        // the map's width as a share of the view's width
let mapAspect = 1;      // height / width of the map
let pointers = new Map();  // active touches and pens, for pinching and dragging
let pinch = null;
let drag = null;
let onPick = null;      // what a click on a legal part does (set by the play page)
let onExplain = null;   // what a click on a refused part does

export function setHandlers(pick, explain) { onPick = pick; onExplain = explain; }

export function showBoard(container, svgText) {
  const view = container.closest("#board-view") || container;
  const keep = { left: view.scrollLeft, top: view.scrollTop };
  container.innerHTML = svgText;
  const svg = container.querySelector("svg");
  if (!svg) return null;
  const [, , w, h] = svg.getAttribute("viewBox").split(/\s+/).map(Number);
  mapAspect = h / w;
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  for (const title of svg.querySelectorAll("g > title")) {
    title.parentNode.dataset.tip = title.textContent;
    title.remove();
  }
  const top = svg.querySelector(":scope > title");
  if (top) { svg.setAttribute("aria-label", top.textContent); top.remove(); }
  if (container.id === "board") {
    const first = zoom === null;
    if (first) zoom = initialZoom(view);
    applyZoom(view, zoom, null);
    if (first) {  // the middle of the map, at first
      view.scrollLeft = (container.offsetWidth - view.clientWidth) / 2;
      view.scrollTop = (container.offsetHeight - view.clientHeight) / 2;
    } else {
      view.scrollLeft = keep.left;
      view.scrollTop = keep.top;
    }
  }
  return svg;
}

// A phone starts zoomed in, so that an industry space is at least 44 px across; a
// wide screen starts with the map as wide as its column.
function initialZoom(view) {
  const width = view.clientWidth || 800;
  const svg = view.querySelector("svg");
  const mapWidth = Number(svg?.dataset.mapWidth || 1000);
  const slot = 46;
  const needed = (44 * mapWidth) / (slot * width);
  return Math.min(MAX_ZOOM, Math.max(1, needed));
}

function applyZoom(view, value, centre) {
  const board = view.querySelector("#board, #replay-board") || view.firstElementChild;
  const before = { w: board.offsetWidth || 1, h: board.offsetHeight || 1 };
  const c = centre || { x: view.clientWidth / 2, y: view.clientHeight / 2 };
  const fx = (view.scrollLeft + c.x) / before.w;
  const fy = (view.scrollTop + c.y) / before.h;
  zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, value));
  board.style.width = `${zoom * 100}%`;
  view.scrollLeft = fx * board.offsetWidth - c.x;
  view.scrollTop = fy * board.offsetHeight - c.y;
  const label = $("zoom-fit");
  if (label) label.textContent = `Fit (${Math.round(zoom * 100)}%)`;
}

export function fit(view) {
  // The whole map in the view: as wide as the view, or less if it is taller than the view.
  const byHeight = view.clientHeight / (view.clientWidth * mapAspect);
  applyZoom(view, Math.min(1, byHeight), null);
}

export function enableZoom(view) {
  $("zoom-in").addEventListener("click", () => applyZoom(view, zoom * 1.25, null));
  $("zoom-out").addEventListener("click", () => applyZoom(view, zoom / 1.25, null));
  $("zoom-fit").addEventListener("click", () => fit(view));
  view.addEventListener("wheel", (event) => {
    if (!event.ctrlKey && !event.metaKey) return;  // a plain wheel scrolls the map
    event.preventDefault();
    const box = view.getBoundingClientRect();
    applyZoom(view, zoom * (event.deltaY < 0 ? 1.12 : 1 / 1.12), { x: event.clientX - box.left, y: event.clientY - box.top });
  }, { passive: false });
  view.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = { distance: Math.hypot(a.x - b.x, a.y - b.y), zoom };
      drag = null;
    } else if (pointers.size === 1 && event.pointerType === "mouse") {
      drag = { x: event.clientX, y: event.clientY, left: view.scrollLeft, top: view.scrollTop, moved: false };
    }
  });
  view.addEventListener("pointermove", (event) => {
    if (!pointers.has(event.pointerId)) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pinch && pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const box = view.getBoundingClientRect();
      const centre = { x: (a.x + b.x) / 2 - box.left, y: (a.y + b.y) / 2 - box.top };
      applyZoom(view, pinch.zoom * Math.hypot(a.x - b.x, a.y - b.y) / pinch.distance, centre);
    } else if (drag) {
      const dx = event.clientX - drag.x, dy = event.clientY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 4) drag.moved = true;
      if (drag.moved) { view.scrollLeft = drag.left - dx; view.scrollTop = drag.top - dy; }
    }
  });
  const end = (event) => {
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinch = null;
    if (pointers.size === 0) setTimeout(() => { drag = null; }, 0);
  };
  view.addEventListener("pointerup", end);
  view.addEventListener("pointercancel", end);
  view.addEventListener("click", (event) => { if (drag && drag.moved) { event.stopPropagation(); event.preventDefault(); } }, true);
}

// ------------------------------------------------------------------ tips
let tipFor = null;

export function showTip(text, x, y) {
  const tip = $("tip");
  tip.textContent = text;
  tip.hidden = false;
  const width = Math.min(360, window.innerWidth - 16);
  tip.style.maxWidth = `${width}px`;
  const left = Math.min(x + 14, window.innerWidth - tip.offsetWidth - 8);
  const top = y + 18 + tip.offsetHeight > window.innerHeight ? y - tip.offsetHeight - 12 : y + 18;
  tip.style.left = `${Math.max(8, left)}px`;
  tip.style.top = `${Math.max(8, top)}px`;
}

export function hideTip() { tipFor = null; $("tip").hidden = true; }

export function tipTarget(event) {
  return event.target.closest ? event.target.closest("[data-tip]") : null;
}

export function enableTips(container, extra) {
  container.addEventListener("mousemove", (event) => {
    const target = tipTarget(event);
    if (!target) { if (tipFor) hideTip(); return; }
    const text = extra ? extra(target) : target.dataset.tip;
    if (target !== tipFor || text !== $("tip").textContent) { tipFor = target; }
    showTip(text, event.clientX, event.clientY);
  });
  container.addEventListener("mouseleave", hideTip);
}

// ------------------------------------------------------------------ choices
export function pointable(svg, cat) {
  return [...svg.querySelectorAll(`g[data-cat="${cat}"]`)];
}

export function clearMarks(svg) {
  for (const g of svg.querySelectorAll("g.legal, g.other, g.picked")) g.classList.remove("legal", "other", "picked");
}

// When a choice is on the map and none of it is in sight (a phone shows part of the
// map), the view moves to the first of it.
export function reveal(svg) {
  const view = svg.closest("#board-view");
  if (!view) return;
  const legal = [...svg.querySelectorAll("g.legal")];
  if (!legal.length) return;
  const frame = view.getBoundingClientRect();
  const seen = legal.some((g) => {
    const box = g.getBoundingClientRect();
    return box.right > frame.left && box.left < frame.right && box.bottom > frame.top && box.top < frame.bottom;
  });
  if (seen) return;
  const box = legal[0].getBoundingClientRect();
  view.scrollLeft += box.left + box.width / 2 - (frame.left + frame.width / 2);
  view.scrollTop += box.top + box.height / 2 - (frame.top + frame.height / 2);
}

export function enableClicks(container) {
  container.addEventListener("click", (event) => {
    const g = event.target.closest && event.target.closest("g.legal, g.other");
    if (g) {
      event.preventDefault();
      if (g.classList.contains("legal")) onPick && onPick(g);
      else onExplain && onExplain(g, event);
      return;
    }
    // A tap on a part that is not a choice shows what it is (on a touch screen there is no hover).
    const tipped = tipTarget(event);
    if (tipped && event.pointerType !== "mouse") showTip(tipped.dataset.tip, event.clientX, event.clientY);
    else if (!tipped) hideTip();
  });
}
