// A table played in this browser, with no server round trip (docs/web.md, "Offline"): the engine compiled
// to WebAssembly (bindings/wasm, docs/javascript.md), which `bieten serve` hands out under /wasm/ when it has
// it, and the bots its built-in agents. It answers the table page in the words of the server's socket (the
// welcome, update and error messages of docs/server.md), so the table is the same page, drawn by the same code.
// Names no game: the rules come from the lobby's choices (a kind, its preset, the knobs), the rest from the engine.

const WASM = "/wasm/bieten.mjs";

/** Whether this server hands out the engine for the page (bindings/wasm built beside it). */
export async function offlineAvailable() {
  try {
    const response = await fetch(WASM, { method: "HEAD" });
    return response.ok;
  } catch {
    return false;
  }
}

/** The query of an offline table's address, from the lobby's choices. */
export function offlineQuery({ kind, family, preset, rules, seats, seed }) {
  const query = new URLSearchParams({ offline: kind, family, seats: seats.join(",") });
  if (preset) query.set("preset", preset);
  if (Object.keys(rules).length) query.set("rules", JSON.stringify(rules));
  if (seed) query.set("seed", seed);
  return query;
}

/**
 * A stand-in for the table's WebSocket: send() takes the page's messages (sync, apply), and the page hears
 * welcome, update and error messages as from the server. Bots move one at a time, `delay` ms apart.
 */
export class OfflineSocket extends EventTarget {
  static async open(params, delay = 250) {
    const { load } = await import(WASM);
    const engine = await load();
    if ((params.get("seats") || "").split(",").includes("policy")) await engine.loadPolicies(); // its weights, once
    return new OfflineSocket(engine, params, delay);
  }

  constructor(engine, params, delay) {
    super();
    this.readyState = WebSocket.OPEN;
    this.engine = engine;
    this.delay = delay;
    this.kind = params.get("offline");
    this.family = params.get("family");
    const knobs = JSON.parse(params.get("rules") || "{}");
    knobs.preset = params.get("preset") || this.kind;
    this.rules = engine.rules(this.family, knobs);
    const seed = params.get("seed");
    this.game = engine.newGame(this.rules, seed ? BigInt(seed) : undefined);
    const players = this.game.players;
    const asked = (params.get("seats") || "").split(",").filter(Boolean);
    this.seats = Array.from({ length: players }, (_, seat) => asked[seat] || (seat === 0 ? "human" : "heuristic"));
    this.you = Math.max(0, this.seats.indexOf("human"));
    this.ply = 0;
    this.bots = this.seats.map((kind, seat) =>
      kind === "human" ? null : engine.agent(kind, { seed: this.game.seed, seat }),
    );
    this.timer = null;
    setTimeout(() => {
      this.emit({
        type: "welcome", table: "offline", kind: this.kind, family: this.family, players, seats: this.seats,
        seat: this.you, you: this.you, rules: this.rules.toDict(),
      });
      this.emit(this.update(0));
      this.moveBots();
    }, 0);
  }

  emit(message) {
    this.dispatchEvent(new MessageEvent("message", { data: JSON.stringify(message) }));
  }

  state() {
    const g = this.game;
    return {
      ply: this.ply, hand_number: g.handNumber, current_player: g.currentPlayer, is_over: g.isOver,
      scores: g.scores, winners: g.winners, next: g.eventCount,
    };
  }

  update(since) {
    const g = this.game;
    let legal = null;
    if (g.currentPlayer === this.you) {
      const ids = g.legalActionIds();
      const texts = g.legalActions();
      legal = { ply: this.ply, actions: ids.map((id, i) => ({ id, text: texts[i] })) };
    }
    const events = g.eventsFor(this.you).filter((event) => event.seq >= since);
    return { type: "update", events, state: this.state(), legal };
  }

  send(text) {
    const message = JSON.parse(text);
    if (message.type === "sync") {
      this.emit(this.update(message.since || 0));
    } else if (message.type === "apply") {
      const since = this.game.eventCount;
      try {
        if (this.game.currentPlayer !== this.you || message.ply !== this.ply) throw new Error("not your move");
        this.game.apply(message.action);
        this.ply += 1;
      } catch (err) {
        this.emit({ type: "error", code: "illegal", message: err.message, id: message.id });
        return;
      }
      this.emit(this.update(since));
      this.moveBots();
    }
  }

  /** The bots' moves until a person is to act or the game is over, each shown as it is made. */
  moveBots() {
    clearTimeout(this.timer);
    const seat = this.game.currentPlayer;
    if (seat === null || !this.bots[seat]) return;
    this.timer = setTimeout(() => {
      const since = this.game.eventCount;
      this.bots[seat].play(this.game);
      this.ply += 1;
      this.emit(this.update(since));
      this.moveBots();
    }, this.delay);
  }

  /** The record, byte for byte what Python writes (Game.to_json()). */
  record() {
    return this.game.toJson();
  }

  close() {
    clearTimeout(this.timer);
    this.readyState = WebSocket.CLOSED;
    this.game.free();
  }
}
