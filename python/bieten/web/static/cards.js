// Cards of the German pack drawn as DOM elements: a rank and an inline SVG suit icon.
// Card text is canonical (R1.5, S1.1): a suit letter H L S E and a rank A K O U 10 9 8 7 6.

const SVG = "http://www.w3.org/2000/svg";

export const SUITS = {
  H: { name: "Hearts", german: "Herz" },
  L: { name: "Leaves", german: "Laub" },
  S: { name: "Bells", german: "Schellen" },
  E: { name: "Acorns", german: "Eichel" },
};
const SUIT_ORDER = "HLSE";
const RANK_NAMES = {
  A: "Ace", K: "King", O: "Ober", U: "Unter", 10: "Ten", 9: "Nine", 8: "Eight", 7: "Seven", 6: "Six",
};

/** {suit, rank} of a card text such as "H10", or null for a hidden card. */
export function parseCard(text) {
  if (typeof text !== "string" || text.length < 2 || !(text[0] in SUITS)) return null;
  return { suit: text[0], rank: text.slice(1) };
}

/** The names a game gives cards of its own (its page.json's card_names, by card text), and the word
 * a card of its own shows on its face (card_marks, also the card's class in lower case); filled in
 * by games.js. */
export const CARD_NAMES = {};
export const CARD_MARKS = {};

/** "King of Hearts", or the name a game gives the card. */
export function cardName(text) {
  const card = parseCard(text);
  if (!card) return "a hidden card";
  if (Object.hasOwn(CARD_NAMES, text)) return CARD_NAMES[text];
  return `${RANK_NAMES[card.rank] || card.rank} of ${SUITS[card.suit].name}`;
}

/** Sorts cards for display: by suit H L S E, then high to low in the game's order of ranks (its
 * page.json's rank_order, from /api/games). */
export function sortCards(cards, ranks) {
  const key = (text) => {
    const card = parseCard(text);
    if (!card) return 1000;
    return SUIT_ORDER.indexOf(card.suit) * 20 + ranks.indexOf(card.rank);
  };
  return [...cards].sort((a, b) => key(a) - key(b));
}

/** An inline SVG of a suit, referencing the symbols in index.html. */
export function suitIcon(suit, className = "suit") {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", className);
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `#suit-${suit}`);
  svg.append(use);
  return svg;
}

/** A full card face: a <button> when `onClick` is given, else a <div>. Hidden cards show the back. */
export function cardElement(text, { onClick = null, label = null } = {}) {
  const card = parseCard(text);
  const el = document.createElement(onClick ? "button" : "div");
  el.className = "card";
  if (onClick) {
    el.type = "button";
    el.addEventListener("click", onClick);
  }
  if (!card) {
    el.classList.add("back");
    el.setAttribute("aria-label", label || "a hidden card");
    return el;
  }
  el.classList.add(`suit-${card.suit}`);
  const marked = Object.hasOwn(CARD_MARKS, text) ? CARD_MARKS[text] : null;
  if (marked) {
    el.classList.add("marked", marked.toLowerCase());
    el.dataset.mark = marked;
  }
  el.dataset.card = text;
  el.setAttribute("aria-label", label || cardName(text));
  el.title = cardName(text);
  for (const corner of ["tl", "br"]) {
    const mark = document.createElement("span");
    mark.className = `corner ${corner}`;
    mark.setAttribute("aria-hidden", "true");
    const rank = document.createElement("span");
    rank.className = "rank";
    rank.textContent = card.rank;
    mark.append(rank, suitIcon(card.suit, "suit small"));
    el.append(mark);
  }
  el.append(suitIcon(card.suit, "suit big"));
  return el;
}

/** A small inline card for text (log lines, the contract panel): rank and suit icon. */
export function miniCard(text) {
  const el = document.createElement("span");
  const card = parseCard(text);
  el.className = "mini";
  if (!card) {
    el.classList.add("hidden-card");
    el.textContent = "?";
    el.title = "a hidden card";
    return el;
  }
  el.classList.add(`suit-${card.suit}`);
  el.title = cardName(text);
  const rank = document.createElement("span");
  rank.textContent = card.rank;
  const name = document.createElement("span");
  name.className = "sr-only";
  name.textContent = ` (${cardName(text)})`;
  el.append(rank, suitIcon(card.suit, "suit"), name);
  return el;
}

/** A suit shown inline: icon and name. */
export function suitLabel(suit) {
  const el = document.createElement("span");
  el.className = `suit-label suit-${suit}`;
  const name = document.createElement("span");
  name.textContent = SUITS[suit] ? SUITS[suit].name : String(suit);
  el.append(suitIcon(suit, "suit"), name);
  return el;
}
