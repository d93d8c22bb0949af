// Types of the engine's JavaScript package (dist/bieten.mjs): docs/javascript.md. Texts, ids, events and
// records are exactly the Python package's.

/** A knob's value, as Python's rules.to_dict() writes it. */
export type KnobValue = string | number | boolean | null;

/** Knobs as Python takes them: `preset` names a preset of the game, the rest change its values. */
export interface Knobs {
  preset?: string;
  [knob: string]: KnobValue | undefined;
}

/** An event, as Python's event.to_dict() gives it: `type` names it, the rest depend on the game. */
export interface GameEvent {
  type: string;
  [field: string]: unknown;
}

/** Every error the engine raises. `rule` is the rule id its message cites first ("R7.4", "S6.3"), or null. */
export class BietenError extends Error {
  readonly rule: string | null;
  /** The C ABI's status code (docs/c_abi.md), or null. */
  readonly code: number | null;
}
/** An action the rules refuse (R9, S9): the game is unchanged. Python's IllegalActionError. */
export class IllegalActionError extends BietenError {}
/** Text that is no action at all (R11, S11). */
export class ActionError extends IllegalActionError {}
/** Rules refused (R10, S10): an unknown knob or preset, a bad value. */
export class RulesError extends BietenError {}
/** A seed that is no integer 0 <= seed < 2**64 (R3.2). */
export class SeedError extends BietenError {}
/** A record that is malformed, tampered with or refused by the rules. */
export class GameRecordError extends BietenError {}

/** A game's rules, made by engine.rules(game, knobs). */
export class Rules {
  private constructor();
  /** The registered game these rules are for. */
  readonly game: string;
  /** Every knob: Python's rules.to_dict(). */
  toDict(): Record<string, KnobValue>;
  toJSON(): Record<string, KnobValue>;
  equals(other: unknown): boolean;
}

/** A seed: a BigInt or a safe integer, 0 <= seed < 2**64. */
export type Seed = bigint | number;

/** A game of any registered game, played inside WebAssembly. */
export class Game {
  private constructor();
  readonly game: string;
  readonly rules: Rules;
  readonly seed: bigint;
  readonly players: number;
  readonly handNumber: number;
  readonly dealer: number;
  /** The seat to act, or null once the game is over. */
  readonly currentPlayer: number | null;
  readonly isOver: boolean;
  /** Each seat's total. */
  readonly scores: number[];
  /** The winning seats, ascending; [] until the game is over. */
  readonly winners: number[];
  /** The Bummerl's seats; [] until the game is over. */
  readonly bummerl: number[];
  /** Each seat's cards of the current hand (deal), as Python's game.hands. */
  readonly hands: string[][];
  /** How many events so far. */
  readonly eventCount: number;
  /** True once free() was called. */
  readonly freed: boolean;
  /** Python's [str(a) for a in game.legal_actions()]. */
  legalActions(): string[];
  /** Python's game.legal_action_ids(), ascending. */
  legalActionIds(): number[];
  isLegal(id: number): boolean;
  /** Applies an action's text (or id); throws IllegalActionError with Python's message, the game unchanged. */
  apply(action: string | number): void;
  /** Applies an action by id; throws IllegalActionError with Python's message, the game unchanged. */
  applyId(id: number): void;
  /** An action id's text in this game's notation. */
  actionText(id: number): string;
  /** Python's [e.to_dict() for e in game.events]. */
  events(): GameEvent[];
  /** Python's [e.to_dict() for e in game.events_for(seat)]. */
  eventsFor(seat: number): GameEvent[];
  /** Python's game.observation(seat). */
  observation(seat: number): Float32Array;
  /**
   * The exact solver of a game that has one, as Python's solve(game) of that game's package (docs/solve.md):
   * each legal action's text mapped to the deal's exact value for the seat to act. Elsewhere (another game,
   * four players, a stock still open) it throws BietenError with Python's message, naming the rule.
   */
  solve(): Record<string, number>;
  /** The record, byte for byte Python's game.to_json(). */
  toJson(): string;
  /** The binary record, Python's game.to_bytes(). */
  toBytes(): Uint8Array;
  /** An independent copy. */
  clone(): Game;
  /** Frees it now; a dropped game is freed anyway once collected. */
  free(): void;
}

export interface AgentOptions {
  /** With `seat`: the agent's generator starts as Python's bieten.simulate starts that seat's in a game of this seed. */
  seed?: Seed;
  /** The seat it plays: it refuses to choose for another. */
  seat?: number;
}

/** A built-in agent deciding for a seat: random, heuristic, ismcts (ismcts:<options>) or policy. */
export class Agent {
  private constructor();
  readonly name: string;
  readonly seat: number | null;
  /** Its generator's state, advanced by every choice. */
  readonly state: bigint;
  /** The action id it chooses for the seat to act (not applied). */
  choose(game: Game): number;
  /** Chooses and applies; returns the id. */
  play(game: Game): number;
}

/** The registry's description of a game. */
export interface GameInfo {
  name: string;
  title: string;
  presets: string[];
  num_actions: number;
  observation_size: number;
  [field: string]: unknown;
}

export interface SimulationResult {
  games: number;
  players: number;
  /** Per game: a bitmask of the winning seats (bit p: seat p). */
  winners: Int32Array;
  /** Per game, row by row: scores[game * players + seat] is that seat's total. */
  scores: Int32Array;
  /** Per game: the hands (deals) played. */
  hands: Int32Array;
}

/** The engine, made once by load(). */
export class Engine {
  private constructor();
  /** The engine's version, e.g. "0.1.0". */
  readonly version: string;
  readonly abiVersion: number;
  /** The registered games' names. */
  readonly games: readonly string[];
  /** How many games are alive in the module (neither freed nor collected). */
  readonly liveGames: number;
  /** The module's memory in bytes. */
  readonly memoryBytes: number;
  gameInfo(game: string): GameInfo;
  /** A game's rules: a preset (or the game's default rules) with knobs changed, as Python's. */
  rules(game: string, knobs?: Knobs): Rules;
  /** A new game of these rules; seed: 0 <= seed < 2**64 (none: drawn at random). */
  newGame(rules: Rules, seed?: Seed): Game;
  /** A game restored from a record (Python's to_json()), continuing identically. */
  fromJson(text: string): Game;
  /** A game restored from a binary record (Python's to_bytes()). */
  fromBytes(bytes: Uint8Array): Game;
  /** A built-in agent; `policy` needs `await engine.loadPolicies()` first. */
  agent(name: string, options?: AgentOptions): Agent;
  /** Loads the policy agent's weights (separate files beside the module); once. */
  loadPolicies(): Promise<string[]>;
  /** Self-play inside WebAssembly, one built-in agent per seat, seeded as Python's bieten.simulate. */
  simulate(rules: Rules, agents: string[], games: number, seed?: Seed): SimulationResult;
}

export interface LoadOptions {
  /** The bytes of bieten-core.wasm, instead of reading them from beside the module. */
  wasmBinary?: ArrayBuffer | Uint8Array;
}

/** Instantiates the engine (once; later calls give the same Engine). */
export function load(options?: LoadOptions): Promise<Engine>;
export default load;
