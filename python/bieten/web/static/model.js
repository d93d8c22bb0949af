// What one seat knows of its table, built from its event stream, and a human-readable log line for
// each event. The model names no game: each game of /api/games brings its wording (its page.json,
// `game.page`) and a module (its page.js, `module`) that takes in its events (each game's event
// reference under docs/) and says what its table's info box shows (docs/web.md).
// A log line is a list of parts: strings, {card: "HK"} or {suit: "H"}; the page renders them
// with textContent, never as HTML.

import { GAMES } from "./games.js";

// "1 point", "2 points": a count with its noun in the number it needs.
export function count(n, noun) {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

// A slot of a template: {name}, {name|verb|plural} (the verb agreeing with the seats in name) or
// {name#one#many} (a count with its noun).
const SLOT = /\{(\w+)(?:([|#])([^|#}]*)[|#]([^}]*))?\}/;

export class TableModel {
  /** game: the game's entry of /api/games; module: its page module (reset, apply, info, badges);
   * rules: the table's rules (its knobs). */
  constructor({ game, module, players, you, seats, rules }) {
    this.game = game;
    this.family = game.name;
    this.page = game.page;
    this.module = module;
    this.players = players;
    this.you = you;
    this.seats = seats || [];
    this.rules = rules || {};
    this.next = 0; // seq of the next event not yet seen
    this.over = null; // the game_over event
    this.newHand();
  }

  /** A new hand or deal: what every game tracks, then what this game does. */
  newHand() {
    const n = this.players;
    this.hand = []; // my cards (null: a card of mine I may not see yet)
    this.counts = Array(n).fill(0);
    this.taken = Array(n).fill(0); // what each seat took this deal (tricks or card points: page.taken)
    this.trick = []; // [{seat, card, as}]
    this.trickWinner = null;
    this.dealer = null;
    this.forehand = null;
    this.module.reset(this);
  }

  name(seat) {
    if (seat === null || seat === undefined) return "nobody";
    return seat === this.you ? "You" : `Seat ${seat}`;
  }

  names(seats) {
    return seats.map((s) => this.name(s)).join(" & ");
  }

  // "Seat 2 deals" / "You deal" / "Seat 1 & Seat 3 score": the verb agrees with who does it.
  does(seats, verb, plural) {
    const list = Array.isArray(seats) ? seats : [seats];
    const one = list.length === 1 && list[0] !== this.you;
    return `${this.names(list)} ${one ? verb : plural}`;
  }

  /** A template of the game's wording filled in with vars: a log line's parts. */
  fill(template, vars = {}) {
    const pieces = template.split(SLOT);
    const parts = [];
    const add = (part) => {
      if (typeof part === "string" && typeof parts[parts.length - 1] === "string") parts[parts.length - 1] += part;
      else if (part !== "") parts.push(part);
    };
    for (let i = 0; i < pieces.length; i += 5) {
      add(pieces[i]);
      if (i + 1 >= pieces.length) break;
      const [name, kind, one, many] = pieces.slice(i + 1, i + 5);
      const value = vars[name];
      if (kind === "|") add(this.does(value, one, many));
      else if (kind === "#") add(`${value} ${value === 1 ? one : many}`);
      else if (value !== null && typeof value === "object") add(value);
      else add(String(value));
    }
    return parts;
  }

  /** A template filled in as one string (for a template without cards or suits). */
  text(template, vars) {
    return this.fill(template, vars).join("");
  }

  /** The log line of the game's wording ``page.log[key]``. */
  say(key, vars) {
    return this.fill(this.page.log[key], vars);
  }

  /** "1 card", "3 tricks": n with a [one, many] pair of templates of the game's wording. */
  counted(n, [one, many]) {
    return this.text(n === 1 ? one : many, { n });
  }

  /** What a seat took this deal, as the game counts it ("2 tricks", "31 card points"). */
  takenText(seat) {
    return this.counted(this.taken[seat], this.page.taken);
  }

  removeFromHand(seat, card) {
    this.counts[seat] = Math.max(0, this.counts[seat] - 1);
    if (seat !== this.you) return;
    let i = this.hand.indexOf(card);
    if (i < 0) i = this.hand.indexOf(null);
    if (i >= 0) this.hand.splice(i, 1);
  }

  addToHand(seat, cards) {
    this.counts[seat] += cards.length;
    if (seat === this.you) this.hand.push(...cards);
  }

  /** Takes in one event; returns its log line (a list of parts) or null. */
  apply(e) {
    this.next = e.seq + 1;
    return this.module.apply(this, e);
  }

  // -- what every game's events share --------------------------------------------------------------
  played(e) {
    if (this.trickWinner !== null) {
      this.trick = [];
      this.trickWinner = null;
    }
    this.trick.push({ seat: e.seat, card: e.card, as: e.as || null });
    this.removeFromHand(e.seat, e.card);
    const vars = { who: this.name(e.seat), card: { card: e.card }, as: { card: e.as } };
    return this.say(e.as ? "card_played_as" : "card_played", vars);
  }

  gameOver(e, winners) {
    this.over = e;
    return this.say("game_over", { winners, scores: e.scores.join(" – ") });
  }
}

// -- what each action does -------------------------------------------------------------------------
// One short sentence per kind of action the page offers (R11, S11), in the game's words (its
// page.json's explanations), with the rules it follows; the page shows it on hover (title) and under
// the buttons on a tap of "?", each rule a link to the server's /rules/<id> (docs/web.md). Keys are
// the action's first word, or "bid <what>", "play as": explainAction() finds an action's entry.

/** The key of an action text in a game's explanations: "play as", "bid <what>", or its first word. */
export function actionKey(text) {
  const words = text.trim().toLowerCase().split(/\s+/);
  if (words[0] === "play" && words[2] === "as") return "play as";
  if (words[0] === "bid") return `bid ${words[1]}`;
  return words[0];
}

/** {key, text, rules} for an action the page offers in a game (its name in /api/games), or null for
 * one it cannot explain. */
export function explainAction(family, text) {
  const table = GAMES.byName[family].game.page.explanations;
  const key = actionKey(text);
  const entry = Object.hasOwn(table, key) ? table[key] : null;
  return entry ? { key, ...entry } : null;
}
