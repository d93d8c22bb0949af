// The engine in JavaScript: the C ABI of any registered game (docs/c_abi.md, "Any registered game"),
// compiled to WebAssembly (bieten-core.wasm), behind the surface that docs/javascript.md describes. It
// is written once over the registry: no game is named here; the games, their presets, rule prefixes and
// action texts all come from the module (bieten_games_json, bieten_game_action_text). Texts, ids, events
// and records are the engine's own, so they are exactly what the Python package gives.
import createBietenCore from "./bieten-core.mjs";

// The C ABI's status codes (bieten.h).
const NO_SEAT = -1;
const E_ILLEGAL = -7;
const E_ACTION = -8;
const E_RULES = -5;
const E_RECORD = -6;
const E_JSON = -4;
const ERR_LEN = 2048;
const TWO_64 = 1n << 64n;

/** Every error the engine raises: `rule` is the rule id the message cites first ("R7.4"), or null. */
export class BietenError extends Error {
  constructor(message, options = {}) {
    super(message);
    this.name = "BietenError";
    this.rule = ruleOf(message);
    this.code = options.code ?? null;
  }
}
/** An action the rules refuse (R9, S9): the game is unchanged. Python's IllegalActionError. */
export class IllegalActionError extends BietenError {
  constructor(message, options) {
    super(message, options);
    this.name = "IllegalActionError";
  }
}
/** Text that is no action at all (R11, S11); an IllegalActionError, as in Python. */
export class ActionError extends IllegalActionError {
  constructor(message, options) {
    super(message, options);
    this.name = "ActionError";
  }
}
/** Rules refused (R10, S10): an unknown knob, a bad value, an unknown preset. */
export class RulesError extends BietenError {
  constructor(message, options) {
    super(message, options);
    this.name = "RulesError";
  }
}
/** A seed that is no integer 0 <= seed < 2**64 (R3.2). */
export class SeedError extends BietenError {
  constructor(message, options) {
    super(message, options);
    this.name = "SeedError";
  }
}
/** A record that is malformed, tampered with or refused by the rules. */
export class GameRecordError extends BietenError {
  constructor(message, options) {
    super(message, options);
    this.name = "GameRecordError";
  }
}

// The first rule id a message cites: at its start ("R7.4: ...", "R10/R2.1: ...") or after a prefix
// ("from_json: action 3 'play HA' is refused: S6.1: ...").
function ruleOf(message) {
  const m = /(?:^|: )([A-Z]\d+(?:\.\d+)*(?:\/[A-Z]\d+(?:\.\d+)*)*): /.exec(message);
  return m ? m[1] : null;
}

function errorFor(status, message) {
  const options = { code: status };
  if (status === E_ACTION) return new ActionError(message, options);
  if (status === E_ILLEGAL) return new IllegalActionError(message, options);
  if (status === E_RULES) return new RulesError(message, options);
  if (status === E_RECORD) return new GameRecordError(message, options);
  return new BietenError(message, options);
}

// Python's repr of a refused value (a seed, a knob), for the message Python gives.
function pyString(text) {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0);
    if (ch === quote || ch === "\\") out += `\\${ch}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else out += ch;
  }
  return out + quote;
}

function shown(value) {
  if (typeof value === "string") return pyString(value);
  if (typeof value === "boolean") return value ? "True" : "False";
  if (value === null || value === undefined) return "None";
  if (typeof value === "bigint") return String(value);
  if (typeof value === "number") {
    if (Number.isNaN(value)) return "nan";
    if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map(shown).join(", ")}]`;
  if (typeof value === "object") {
    return `{${Object.entries(value).map(([k, v]) => `${pyString(k)}: ${shown(v)}`).join(", ")}}`;
  }
  return String(value);
}

function seedOf(seed) {
  if (seed === undefined || seed === null) {
    const words = new Uint32Array(2); // drawn, as Python draws a seed for None (and records it)
    globalThis.crypto.getRandomValues(words);
    return (BigInt(words[0]) << 32n) | BigInt(words[1]);
  }
  if (typeof seed === "bigint" && seed >= 0n && seed < TWO_64) return seed;
  if (typeof seed === "number" && Number.isSafeInteger(seed) && seed >= 0) return BigInt(seed);
  throw new SeedError(`R3.2: seed must be an integer 0 <= seed < 2**64, not ${shown(seed)}`);
}

/** A game's rules: `game` names the game; `toDict()` is Python's `rules.to_dict()`. */
export class Rules {
  #knobs;
  constructor(game, knobs) {
    this.game = game;
    this.#knobs = knobs;
    Object.freeze(this);
  }
  /** Every knob, as Python's rules.to_dict() gives them (a fresh object). */
  toDict() {
    return JSON.parse(JSON.stringify(this.#knobs));
  }
  toJSON() {
    return { game: this.game, ...this.toDict() };
  }
  /** Equal rules: the same game and every knob the same. */
  equals(other) {
    return other instanceof Rules && other.game === this.game && JSON.stringify(other.toDict()) === JSON.stringify(this.#knobs);
  }
}

class Core {
  constructor(module) {
    this.m = module;
    this.err = module._malloc(ERR_LEN);
    this.u64 = module._malloc(8);
    this.ints = module._malloc(4 * 1024);
    this.intsCap = 1024;
  }
  get heap32() {
    return this.m.HEAP32;
  }
  get heapu8() {
    return this.m.HEAPU8;
  }
  text(ptr) {
    return ptr ? this.m.UTF8ToString(ptr) : "";
  }
  // A char* the caller owns: its text, the string freed.
  owned(ptr, what) {
    if (!ptr) throw new BietenError(`${what}: the engine returned nothing`);
    try {
      return this.m.UTF8ToString(ptr);
    } finally {
      this.m._bieten_string_free(ptr);
    }
  }
  withString(text, f) {
    const m = this.m;
    const size = m.lengthBytesUTF8(text) + 1;
    const ptr = m._malloc(size);
    if (!ptr) throw new BietenError("out of memory");
    try {
      m.stringToUTF8(text, ptr, size);
      return f(ptr);
    } finally {
      m._free(ptr);
    }
  }
  message() {
    return this.m.UTF8ToString(this.err);
  }
  ints32(count) {
    const heap = this.m.HEAP32;
    const out = new Array(count);
    for (let i = 0, at = this.ints >> 2; i < count; ++i) out[i] = heap[at + i];
    return out;
  }
  readU64() {
    return new BigUint64Array(this.heapu8.buffer, this.u64, 1)[0];
  }
  writeU64(value) {
    new BigUint64Array(this.heapu8.buffer, this.u64, 1)[0] = value;
  }
}

/** A game of any registered game, played by the engine in WebAssembly. */
export class Game {
  #engine;
  #core;
  #ptr;
  #texts;
  constructor(engine, core, ptr, info, texts) {
    this.#engine = engine;
    this.#core = core;
    this.#ptr = ptr;
    this.#texts = texts;
    /** The registered game's name. */
    this.game = info.name;
    engine._track(this, ptr);
  }
  get #p() {
    if (!this.#ptr) throw new BietenError("this game has been freed");
    return this.#ptr;
  }
  #check(status) {
    if (status < NO_SEAT) throw errorFor(status, this.#core.message());
    return status;
  }
  get rules() {
    return new Rules(this.game, JSON.parse(this.#core.owned(this.#core.m._bieten_rules_json(this.#p), "rules")));
  }
  get seed() {
    this.#check(this.#core.m._bieten_seed(this.#p, this.#core.u64));
    return this.#core.readU64();
  }
  get players() {
    return this.#check(this.#core.m._bieten_players(this.#p));
  }
  /** The current hand (deal), counting from 0. */
  get handNumber() {
    return Number(this.#core.m._bieten_hand_number(this.#p));
  }
  get dealer() {
    return this.#check(this.#core.m._bieten_dealer(this.#p));
  }
  /** The seat to act, or null once the game is over. */
  get currentPlayer() {
    const seat = this.#check(this.#core.m._bieten_current_player(this.#p));
    return seat === NO_SEAT ? null : seat;
  }
  get isOver() {
    return this.#check(this.#core.m._bieten_is_over(this.#p)) === 1;
  }
  /** The totals, seat by seat. */
  get scores() {
    const c = this.#core;
    return c.ints32(this.#check(c.m._bieten_scores(this.#p, c.ints, c.intsCap)));
  }
  /** The winning seats, ascending; [] until the game is over. */
  get winners() {
    const c = this.#core;
    return c.ints32(this.#check(c.m._bieten_winners(this.#p, c.ints, c.intsCap)));
  }
  /** The Bummerl's seats, ascending; [] until the game is over. */
  get bummerl() {
    const c = this.#core;
    return c.ints32(this.#check(c.m._bieten_bummerl(this.#p, c.ints, c.intsCap)));
  }
  /** Every seat's cards of the current hand as text, in ascending card id: Python's game.hands. */
  get hands() {
    const c = this.#core;
    const out = [];
    for (let seat = 0, n = this.players; seat < n; ++seat) {
      const ids = c.ints32(this.#check(c.m._bieten_hand(this.#p, seat, 0, c.ints, c.intsCap)));
      out.push(ids.map((card) => c.text(c.m._bieten_card_text(card))));
    }
    return out;
  }
  /** The legal action ids, ascending: Python's game.legal_action_ids(). */
  legalActionIds() {
    const c = this.#core;
    const n = c.m._bieten_legal_actions(this.#ptr || this.#p, c.ints, c.intsCap);
    return c.ints32(n < NO_SEAT ? this.#check(n) : n);
  }
  /** The legal actions as text: Python's [str(a) for a in game.legal_actions()]. */
  legalActions() {
    const texts = this.#texts;
    return this.legalActionIds().map((id) => texts[id]);
  }
  /** Whether the action id is legal now. */
  isLegal(id) {
    return Number.isInteger(id) && id >= -(2 ** 31) && id < 2 ** 31 && this.#core.m._bieten_is_legal(this.#p, id) === 1;
  }
  /** Applies an action given as its text (or its id); an illegal one throws IllegalActionError with
   * Python's message, and the game is unchanged. */
  apply(action) {
    if (typeof action === "number") return this.applyId(action);
    if (typeof action !== "string") throw new TypeError(`apply takes an action's text or id, not ${shown(action)}`);
    const c = this.#core;
    const p = this.#p;
    this.#check(c.withString(action, (text) => c.m._bieten_apply_text(p, text, c.err, ERR_LEN)));
  }
  /** Applies an action by id; an illegal one throws IllegalActionError with Python's message. */
  applyId(id) {
    if (!Number.isInteger(id)) throw new TypeError(`applyId takes an integer action id, not ${shown(id)}`);
    const c = this.#core;
    // ids beyond 32 bits are refused as the engine refuses any id out of range: with the smallest such id
    const clamped = id > 2147483647 ? 2147483647 : id < -2147483648 ? -2147483648 : id;
    const status = c.m._bieten_apply_id(this.#ptr || this.#p, clamped, c.err, ERR_LEN);
    if (status < NO_SEAT) {
      const message = clamped === id ? c.message() : c.message().replace(String(clamped), String(id));
      throw errorFor(status, message);
    }
  }
  /** The text of an action id in this game's notation (R11, S11). */
  actionText(id) {
    const text = this.#texts[id];
    if (text === undefined) throw new RangeError(`no action has id ${id} (0..${this.#texts.length - 1})`);
    return text;
  }
  /** How many events so far. */
  get eventCount() {
    return Number(this.#core.m._bieten_event_count(this.#p));
  }
  /** Every event so far, as plain objects: Python's [e.to_dict() for e in game.events]. */
  events() {
    return JSON.parse(this.#core.owned(this.#core.m._bieten_events_json(this.#p, -1), "events"));
  }
  /** The events as `seat` may see them: Python's [e.to_dict() for e in game.events_for(seat)]. */
  eventsFor(seat) {
    if (!Number.isInteger(seat) || seat < 0 || seat >= this.players) {
      throw new BietenError(`eventsFor: seat must be 0 to ${this.players - 1}, not ${shown(seat)}`);
    }
    return JSON.parse(this.#core.owned(this.#core.m._bieten_events_json(this.#p, seat), "eventsFor"));
  }
  /** What `seat` may see, as the engine's observation vector (Python's game.observation(seat)). */
  observation(seat) {
    const c = this.#core;
    const size = this.#engine._observationSize(this.game);
    const ptr = c.m._malloc(4 * size);
    try {
      const n = this.#check(c.m._bieten_observation(this.#p, seat, ptr, size));
      return new Float32Array(c.heapu8.buffer.slice(ptr, ptr + 4 * n));
    } finally {
      c.m._free(ptr);
    }
  }
  /** The exact solver of a game that has one (docs/solve.md), as Python's solve(game) of that game's
   * package: each legal action's text mapped to the deal's exact value for the seat to act (its game
   * points from this deal minus the opponent's, both seats playing best with both hands known). Where the
   * game or the position has none (another game, four players, a stock still open) it throws BietenError
   * with Python's message, naming the rule (S2.1, S6.4). The game is unchanged. */
  solve() {
    const c = this.#core;
    const m = c.m;
    const p = this.#p;
    const values = m._malloc(4 * c.intsCap);
    if (!values) throw new BietenError("out of memory");
    try {
      const n = m._bieten_solve(p, c.ints, values, c.intsCap, c.err, ERR_LEN);
      // the C ABI prefixes its function's name; the message after it is Python's word for word
      if (n < 0) throw errorFor(n, c.message().replace(/^bieten_solve: /, ""));
      const ids = c.ints32(n);
      const heap = m.HEAP32;
      const out = {};
      for (let i = 0; i < n; ++i) out[this.#texts[ids[i]]] = heap[(values >> 2) + i];
      return out;
    } finally {
      m._free(values);
    }
  }
  /** The game record, byte for byte Python's game.to_json(). */
  toJson() {
    return this.#core.owned(this.#core.m._bieten_to_json(this.#p), "toJson");
  }
  /** The binary record (Python's game.to_bytes()). */
  toBytes() {
    const c = this.#core;
    const size = Number(c.m._bieten_to_bytes(this.#p, 0, 0));
    this.#check(size);
    const ptr = c.m._malloc(size);
    try {
      this.#check(Number(c.m._bieten_to_bytes(this.#p, ptr, size)));
      return c.heapu8.slice(ptr, ptr + size);
    } finally {
      c.m._free(ptr);
    }
  }
  /** An independent copy. */
  clone() {
    const ptr = this.#core.m._bieten_game_clone(this.#p);
    if (!ptr) throw new BietenError("clone: out of memory");
    return new Game(this.#engine, this.#core, ptr, { name: this.game }, this.#texts);
  }
  /** Frees the game now (a dropped game is freed anyway, once collected); using it afterwards throws. */
  free() {
    if (!this.#ptr) return;
    this.#engine._release(this, this.#ptr);
    this.#ptr = 0;
  }
  get freed() {
    return this.#ptr === 0;
  }
  /** @internal the handle, for the agents */
  get _handle() {
    return this.#p;
  }
}

/** A built-in agent (random, heuristic, ismcts[:...], policy) deciding for a seat. */
export class Agent {
  #engine;
  #core;
  #state;
  constructor(engine, core, name, seat, state) {
    this.#engine = engine;
    this.#core = core;
    this.name = name;
    this.seat = seat;
    this.#state = state;
  }
  /** Its generator's state now (a BigInt), advanced by every choice. */
  get state() {
    return this.#state;
  }
  /** The action id it chooses for the seat to act in `game` (its own seat, if it was given one). */
  choose(game) {
    if (!(game instanceof Game)) throw new TypeError("choose takes a Game");
    const current = game.currentPlayer;
    if (this.seat !== null && current !== null && current !== this.seat) {
      throw new BietenError(`the ${this.name} agent of seat ${this.seat} was asked to choose for seat ${current}`);
    }
    const c = this.#core;
    c.writeU64(this.#state);
    const id = c.withString(this.name, (name) => c.m._bieten_agent_action(game._handle, name, c.u64, c.err, ERR_LEN));
    if (id < 0) throw errorFor(id, c.message());
    this.#state = c.readU64();
    return id;
  }
  /** Chooses and applies its action; returns the id. */
  play(game) {
    const id = this.choose(game);
    game.applyId(id);
    return id;
  }
}

/** The engine, instantiated once by load(). */
export class Engine {
  #core;
  #infos;
  #texts = new Map();
  #knobRules = new Map();
  #registry;
  #live = 0;
  #policies = null;
  constructor(module) {
    this.#core = new Core(module);
    const c = this.#core;
    this.version = c.text(module._bieten_version());
    this.abiVersion = module._bieten_abi_version();
    this.#infos = JSON.parse(c.owned(module._bieten_games_json(), "games"));
    /** The registered games' names. */
    this.games = Object.freeze(this.#infos.map((g) => g.name));
    this.#registry = new FinalizationRegistry((ptr) => {
      module._bieten_game_free(ptr);
      this.#live -= 1;
    });
  }
  /** What the registry says of a game: its presets, knobs, rule prefix, sizes, record format. */
  gameInfo(game) {
    return structuredClone(this.#info(game));
  }
  #info(game) {
    const info = this.#infos.find((g) => g.name === game);
    if (!info) {
      throw new RulesError(`unknown game ${shown(game)}; the registered games are ${this.games.join(", ")}`, { code: E_RULES });
    }
    return info;
  }
  // The rule id of a game's rules (R10, S10): what the engine's message for an unknown knob cites.
  #knobRule(info) {
    if (!this.#knobRules.has(info.name)) {
      let rule = null;
      try {
        this.#free(this.#create(info.name, { "": 0 }, 0n));
      } catch (err) {
        rule = err.rule;
      }
      this.#knobRules.set(info.name, rule);
    }
    return this.#knobRules.get(info.name);
  }
  #free(ptr) {
    this.#core.m._bieten_game_free(ptr);
  }
  // Python checks the knobs' types itself (python/bieten/_rules_common.py), with its repr of the value in
  // the message: so does this, in the same order (a preset that is no text; then, when every name is a
  // knob, each knob's type in the table's order). The rest (unknown presets and knobs, values, the
  // combination) is the engine's, whose messages are Python's already.
  #checkKnobs(info, knobs) {
    const rule = this.#knobRule(info);
    if ("preset" in knobs && typeof knobs.preset !== "string") {
      throw new RulesError(`${rule}: unknown preset ${shown(knobs.preset)} (${info.presets.join(", ")})`, { code: E_RULES });
    }
    const names = new Set(info.knobs.map((k) => k.name));
    if (Object.keys(knobs).some((name) => name !== "preset" && !names.has(name))) return;
    for (const { name, type } of info.knobs) {
      if (!(name in knobs)) continue;
      const value = knobs[name];
      const fail = (article) => new RulesError(`${rule}: ${name} must be ${article} ${type}, not ${shown(value)}`, { code: E_RULES });
      if (type === "int") {
        if (!(typeof value === "bigint" || Number.isInteger(value))) throw fail("an");
        if (value < -(2 ** 31) || value >= 2 ** 31) {
          throw new RulesError(`${rule}: ${name} is out of range: ${String(value)}`, { code: E_RULES });
        }
      } else if (type === "bool") {
        if (typeof value !== "boolean") throw fail("a");
      } else if (typeof value !== "string") {
        throw fail("a");
      }
    }
  }
  #actionTexts(info, ptr) {
    let texts = this.#texts.get(info.name);
    if (!texts) {
      const c = this.#core;
      texts = [];
      for (let id = 0; id < info.num_actions; ++id) texts.push(c.text(c.m._bieten_game_action_text(ptr, id)));
      Object.freeze(texts);
      this.#texts.set(info.name, texts);
    }
    return texts;
  }
  #game(ptr) {
    const info = this.#info(this.#core.text(this.#core.m._bieten_game_name(ptr)));
    return new Game(this, this.#core, ptr, info, this.#actionTexts(info, ptr));
  }
  #create(game, knobs, seed) {
    const c = this.#core;
    const ptr = c.withString(game, (name) =>
      c.withString(JSON.stringify(knobs), (json) => c.m._bieten_game_create(name, json, seed, c.err, ERR_LEN)),
    );
    if (!ptr) throw new RulesError(c.message(), { code: E_RULES });
    return ptr;
  }
  /** A game's rules: a preset (`preset`, else the game's default rules) with the knobs changed, as Python's
   * Rules.preset(preset, **knobs). Unknown knobs or bad values throw RulesError. */
  rules(game, knobs = {}) {
    const info = this.#info(game);
    if (knobs === null || typeof knobs !== "object" || Array.isArray(knobs)) {
      throw new RulesError(`rules takes an object of knobs, not ${shown(knobs)}`, { code: E_RULES });
    }
    this.#checkKnobs(info, knobs);
    const plain = {};
    for (const [name, value] of Object.entries(knobs)) plain[name] = typeof value === "bigint" ? Number(value) : value;
    const ptr = this.#create(game, plain, 0n);
    try {
      return new Rules(game, JSON.parse(this.#core.owned(this.#core.m._bieten_rules_json(ptr), "rules")));
    } finally {
      this.#core.m._bieten_game_free(ptr);
    }
  }
  /** A new game of these rules from a seed (a BigInt or a safe integer, 0 <= seed < 2**64; none: drawn). */
  newGame(rules, seed) {
    if (!(rules instanceof Rules)) throw new TypeError("newGame takes Rules from engine.rules(game, knobs)");
    const s = seedOf(seed);
    this.#live += 1; // counted before: #game registers it
    let ptr;
    try {
      ptr = this.#create(rules.game, rules.toDict(), s);
    } catch (err) {
      this.#live -= 1;
      throw err;
    }
    return this.#game(ptr);
  }
  /** A game restored from a record of any registered game (Game.toJson(), Python's to_json()). */
  fromJson(text) {
    if (typeof text !== "string") throw new TypeError(`fromJson takes the record's text, not ${shown(text)}`);
    const c = this.#core;
    const ptr = c.withString(text, (json) => c.m._bieten_game_from_json(json, c.err, ERR_LEN));
    if (!ptr) throw new GameRecordError(c.message(), { code: E_RECORD });
    this.#live += 1;
    return this.#game(ptr);
  }
  /** A game restored from a binary record (Game.toBytes(), Python's to_bytes()). */
  fromBytes(bytes) {
    if (!(bytes instanceof Uint8Array)) throw new TypeError("fromBytes takes a Uint8Array");
    const c = this.#core;
    const data = c.m._malloc(Math.max(1, bytes.length));
    let ptr;
    try {
      c.heapu8.set(bytes, data);
      ptr = c.m._bieten_game_from_bytes(data, bytes.length, c.err, ERR_LEN);
    } finally {
      c.m._free(data);
    }
    if (!ptr) throw new GameRecordError(c.message(), { code: E_RECORD });
    this.#live += 1;
    return this.#game(ptr);
  }
  /** A built-in agent: `random`, `heuristic`, `ismcts` (or `ismcts:<options>`) or `policy` (after
   * `await engine.loadPolicies()`). With `seed` and `seat` its generator starts as Python's
   * bieten.simulate starts that seat's in a game of that seed; `seat` also makes it refuse to choose for
   * another seat. */
  agent(name, options = {}) {
    if (typeof name !== "string") throw new TypeError(`agent takes an agent's name, not ${shown(name)}`);
    const seat = options.seat ?? null;
    if (seat !== null && (!Number.isInteger(seat) || seat < 0 || seat >= 64)) {
      throw new BietenError(`agent: seat must be 0 to 63, not ${shown(seat)}`);
    }
    if (name.toLowerCase() === "policy" && !this.#policies) {
      throw new BietenError(
        "the policy agent's weights are separate files: await engine.loadPolicies() before asking for it",
      );
    }
    const c = this.#core;
    const status = c.m._bieten_agent_state(seedOf(options.seed), seat ?? 0, c.u64);
    if (status < 0) throw errorFor(status, `agent: ${c.m.UTF8ToString(c.m._bieten_status_name(status))}`);
    return new Agent(this, c, name, seat, c.readU64());
  }
  /** Self-play inside the module, with no JavaScript per step: games 0 .. games-1 of these rules, one
   * built-in agent per seat, seeded exactly as Python's bieten.simulate(rules, agents, games, seed) seeds
   * them, so the results are that function's, game for game. On one thread. Per game i: winners[i] a
   * bitmask of the winning seats (bit p: seat p), scores[i * players + p] seat p's total, hands[i] the
   * hands (deals) played. */
  simulate(rules, agents, games, seed = 0) {
    if (!(rules instanceof Rules)) throw new TypeError("simulate takes Rules from engine.rules(game, knobs)");
    if (!Array.isArray(agents) || !agents.every((a) => typeof a === "string")) {
      throw new TypeError("simulate takes the agents' names, one per seat");
    }
    if (!Number.isSafeInteger(games) || games < 0) throw new BietenError(`simulate: games must be 0 or more, not ${shown(games)}`);
    if (agents.some((a) => a.toLowerCase() === "policy") && !this.#policies) {
      throw new BietenError("the policy agent's weights are separate files: await engine.loadPolicies() first");
    }
    const players = rules.toDict().players;
    const c = this.#core;
    const m = c.m;
    const rows = Math.max(1, games);
    const winners = m._malloc(4 * rows);
    const scores = m._malloc(4 * rows * players);
    const hands = m._malloc(4 * rows);
    try {
      const status = c.withString(rules.game, (name) =>
        c.withString(JSON.stringify(rules.toDict()), (json) =>
          c.withString(JSON.stringify(agents), (names) =>
            m._bieten_wasm_simulate(name, json, names, seedOf(seed), BigInt(games), winners, scores, hands, c.err, ERR_LEN),
          ),
        ),
      );
      if (status < 0) throw errorFor(status, c.message());
      // Copied out as typed arrays: no JavaScript object per game (a run of short games would spend as long
      // building them as playing).
      const at = (ptr, n) => new Int32Array(m.HEAP32.buffer, ptr, n).slice();
      return { games, players, winners: at(winners, games), scores: at(scores, games * players), hands: at(hands, games) };
    } finally {
      m._free(winners);
      m._free(scores);
      m._free(hands);
    }
  }
  /** Loads the shipped policies' weights (dist/policies/), which the `policy` agent needs; once. */
  loadPolicies() {
    if (!this.#policies) {
      this.#policies = (async () => {
        const index = JSON.parse(new TextDecoder().decode(await readAsset("policies/index.json")));
        const c = this.#core;
        for (const name of index.policies) {
          const bytes = await readAsset(`policies/${name}.bin`);
          const data = c.m._malloc(bytes.length);
          try {
            c.heapu8.set(bytes, data);
            const status = c.withString(name, (n) => c.m._bieten_wasm_set_policy(n, data, bytes.length));
            if (status !== 0) throw new BietenError(`loadPolicies: ${name}: status ${status}`);
          } finally {
            c.m._free(data);
          }
        }
        return index.policies;
      })();
      this.#policies.catch(() => {
        this.#policies = null;
      });
    }
    return this.#policies;
  }
  /** How many games are alive in the module (made and neither freed nor collected). */
  get liveGames() {
    return this.#live;
  }
  /** The module's memory in bytes (it grows, never shrinks). */
  get memoryBytes() {
    return this.#core.heapu8.length;
  }
  /** @internal */
  _observationSize(game) {
    return this.#info(game).observation_size;
  }
  /** @internal */
  _track(game, ptr) {
    this.#registry.register(game, ptr, game);
  }
  /** @internal */
  _release(game, ptr) {
    this.#registry.unregister(game);
    this.#core.m._bieten_game_free(ptr);
    this.#live -= 1;
  }
}

const isNode = typeof process === "object" && typeof process.versions === "object" && !!process.versions.node;

async function readAsset(name) {
  const url = new URL(`./${name}`, import.meta.url);
  if (isNode && url.protocol === "file:") {
    const { readFile } = await import("node:fs/promises");
    return new Uint8Array(await readFile(url));
  }
  const response = await fetch(url);
  if (!response.ok) throw new BietenError(`could not fetch ${url}: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

let engine = null;

/** Instantiates the engine's module (once) and gives the Engine. `options.wasmBinary` (bytes of
 * bieten-core.wasm) skips reading it from beside this module. */
export function load(options = {}) {
  if (!engine) {
    engine = (async () => {
      const wasmBinary = options.wasmBinary ?? (await readAsset("bieten-core.wasm"));
      const module = await createBietenCore({ wasmBinary });
      return new Engine(module);
    })();
    engine.catch(() => {
      engine = null;
    });
  }
  return engine;
}

export default load;
