// Small helpers every page uses: finding and making elements, talking to the server.
// Text from the server always goes in as text (textContent), never as markup; the
// only markup inserted is the board's SVG, which the server escapes.

export const $ = (id) => document.getElementById(id);

export function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  if (text !== "" && text !== null && text !== undefined) node.textContent = text;
  return node;
}

export function say(text) { $("status").textContent = text; }

export async function post(url, body) {
  const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

export function money(n) { return n < 0 ? `−£${-n}` : `£${n}`; }

export function signed(n) { return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0"; }

// The industry's mark, as the board draws it: a shape, a colour, a letter or two.
const SHAPES = {
  circle: '<circle cx="12" cy="12" r="10"/>',
  square: '<rect x="3" y="3" width="18" height="18" rx="2"/>',
  diamond: '<polygon points="12,1 23,12 12,23 1,12"/>',
  triangle: '<polygon points="12,1 23,22 1,22"/>',
  hexagon: '<polygon points="23,12 17.5,21.5 6.5,21.5 1,12 6.5,2.5 17.5,2.5"/>',
  pentagon: '<polygon points="12,1 23,9.5 19,22 5,22 1,9.5"/>',
  star: '<polygon points="12,0.5 15,8.5 23.5,8.8 17,14 19.2,22.5 12,17.8 4.8,22.5 7,14 0.5,8.8 9,8.5"/>',
  cross: '<polygon points="8,1 16,1 16,8 23,8 23,16 16,16 16,23 8,23 8,16 1,16 1,8 8,8"/>',
};

export function mark(glyph, size = 22, label = "") {
  const span = el("span", { class: "mark", role: label ? "img" : null, "aria-label": label || null, title: label || null });
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", size);
  svg.setAttribute("height", size);
  svg.setAttribute("aria-hidden", "true");
  const shape = new DOMParser().parseFromString(`<svg xmlns="http://www.w3.org/2000/svg">${SHAPES[glyph.shape] || SHAPES.circle}</svg>`, "image/svg+xml").documentElement.firstChild;
  shape.setAttribute("fill", glyph.colour);
  svg.appendChild(document.importNode(shape, true));
  const text = document.createElementNS("http://www.w3.org/2000/svg", "text");
  text.setAttribute("x", "12");
  text.setAttribute("y", glyph.letters.length > 1 ? "16" : "17");
  text.setAttribute("text-anchor", "middle");
  text.setAttribute("font-size", glyph.letters.length > 1 ? "10" : "13");
  text.setAttribute("font-weight", "700");
  text.setAttribute("fill", "#fff");
  text.textContent = glyph.letters;
  svg.appendChild(text);
  span.appendChild(svg);
  return span;
}

export function cube(colour, label, hollow = false) {
  return el("span", { class: hollow ? "cube hollow" : "cube", style: hollow ? `border-color:${colour}` : `background:${colour}`, title: label, "aria-label": label, role: "img" });
}

export const PLAYER_COLOURS = ["#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#0072B2", "#D55E00", "#F0E442", "#000000"];
export const playerColour = (seat) => PLAYER_COLOURS[seat % PLAYER_COLOURS.length];
