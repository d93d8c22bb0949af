// The JavaScript surface (docs/javascript.md, the conformance surface's "JavaScript"): names, values and
// refusals, in Node's test runner. tests/test_wasm.py runs this folder after building dist/, and compares
// whole games with Python (tools/trace.mjs); this file checks what needs no Python.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

import {
  load,
  ActionError,
  BietenError,
  GameRecordError,
  IllegalActionError,
  Rules,
  RulesError,
  SeedError,
} from "../dist/bieten.mjs";

const engine = await load();
// The second registered game, by the registry's order: this package names no game but the first.
const second = engine.games[1];
const secondPresets = () => engine.gameInfo(second).presets;

test("load() makes the engine once; it lists the registered games", async () => {
  assert.equal(await load(), engine);
  assert.equal(engine.games[0], "bieten");
  assert.ok(engine.games.length >= 2);
  assert.match(engine.version, /^\d+\.\d+\.\d+/);
  assert.equal(engine.abiVersion, 2);
});

test("rules(game, {preset, ...knobs}) are Python's Rules.preset (R10, S10)", () => {
  const rules = engine.rules("bieten", { preset: "tyrol", players: 3 });
  assert.ok(rules instanceof Rules);
  assert.equal(rules.game, "bieten");
  assert.deepEqual(rules.toDict(), {
    players: 3, hand_size: 3, target: 11, wild: "none", weli_point: true, ties: "suit_priority",
    overbid: "strict", cut_steal: false, show_top_card: false, reraise: true,
  });
  for (const preset of secondPresets()) {
    const r = engine.rules(second, { preset });
    assert.equal(r.game, second);
    assert.ok(Number.isInteger(r.toDict().players));
  }
  assert.ok(engine.rules("bieten").equals(engine.rules("bieten", { preset: "tyrol" })));
  // toDict is a copy: changing it changes nothing
  const d = rules.toDict();
  d.players = 5;
  assert.equal(rules.toDict().players, 3);
});

test("bad knobs throw RulesError with Python's message (R10, S10)", () => {
  const refused = (game, knobs) => assert.throws(() => engine.rules(game, knobs), RulesError);
  refused("bieten", { players: 7 });
  assert.throws(() => engine.rules("bieten", { players: 7 }), { message: "R10/R2.1: players must be 2 to 5, not 7", rule: "R10/R2.1" });
  assert.throws(() => engine.rules("bieten", { preset: "nope" }), {
    message: "R10: unknown preset 'nope' (tyrol, bavaria, welibieten, spitzbieten, south_tyrol)",
  });
  assert.throws(() => engine.rules("bieten", { wild: 3 }), { message: "R10: wild must be a str, not 3" });
  refused(second, { players: 3 });
  assert.throws(() => engine.rules("skat"), {
    message: `unknown game 'skat'; the registered games are ${engine.games.join(", ")}`,
  });
  assert.throws(() => engine.rules("bieten", [1]), RulesError);
});

test("newGame takes BigInt or safe-integer seeds 0 <= seed < 2**64 (R3.2)", () => {
  const rules = engine.rules("bieten", { players: 2 });
  const a = engine.newGame(rules, 7n);
  const b = engine.newGame(rules, 7);
  assert.equal(a.seed, 7n);
  assert.deepEqual(a.hands, b.hands);
  assert.deepEqual(a.hands, [["HK", "L9", "EU"], ["H10", "H7", "EO"]]); // Python's bieten.make doctest
  const top = engine.newGame(rules, 2n ** 64n - 1n);
  assert.equal(top.seed, 2n ** 64n - 1n);
  for (const bad of [-1, 2n ** 64n, 1.5, "7", -1n, Number.MAX_SAFE_INTEGER + 1]) {
    assert.throws(() => engine.newGame(rules, bad), SeedError, `seed ${String(bad)}`);
  }
  assert.throws(() => engine.newGame(rules, -1), { message: "R3.2: seed must be an integer 0 <= seed < 2**64, not -1", rule: "R3.2" });
  assert.throws(() => engine.newGame(rules, 2n ** 64n), {
    message: "R3.2: seed must be an integer 0 <= seed < 2**64, not 18446744073709551616",
  });
  assert.throws(() => engine.newGame(rules, "x"), { message: "R3.2: seed must be an integer 0 <= seed < 2**64, not 'x'" });
  assert.equal(typeof engine.newGame(rules).seed, "bigint"); // none: drawn, and recorded
  assert.throws(() => engine.newGame({ game: "bieten" }, 1n), TypeError);
});

test("a game's state, actions and events are the engine's (R4, R7, R11)", () => {
  const game = engine.newGame(engine.rules("bieten", { preset: "tyrol", players: 3 }), 7n);
  assert.equal(game.currentPlayer, 1);
  assert.equal(game.isOver, false);
  assert.deepEqual(game.scores, [0, 0, 0]);
  assert.deepEqual(game.legalActions().slice(0, 5), ["play H7", "play EO", "play E9", "bid red", "bid spiel"]);
  assert.deepEqual(game.legalActionIds().slice(0, 5), [7, 26, 29, 129, 133]);
  assert.equal(game.legalActions().length, game.legalActionIds().length);
  const events = game.events();
  assert.equal(events[0].type, "hand_dealt");
  game.apply("bid red");
  assert.equal(game.events().at(-1).type, "bid_opened");
  game.applyId(game.legalActionIds()[0]);
  assert.equal(game.eventCount, game.events().length);
});

test("an illegal action throws IllegalActionError with Python's message, the game unchanged (R9, R11)", () => {
  const game = engine.newGame(engine.rules("bieten", { preset: "tyrol", players: 3 }), 7n);
  const before = game.toJson();
  const refuses = (f, cls, message, rule) => {
    assert.throws(f, (e) => e instanceof cls && e.message === message && e.rule === rule);
    assert.equal(game.toJson(), before);
  };
  refuses(() => game.apply("play HA"), IllegalActionError, "R4.1: seat 1 does not hold HA unplayed", "R4.1");
  refuses(() => game.applyId(0), IllegalActionError, "R4.1: seat 1 does not hold HA unplayed", "R4.1");
  refuses(() => game.applyId(139), IllegalActionError, "R3.7: only the cutter steals or leaves, before the deal is completed", "R3.7");
  refuses(() => game.applyId(140), IllegalActionError, "R11: action id 140 is not in 0..139", "R11");
  refuses(() => game.applyId(-1), IllegalActionError, "R11: action id -1 is not in 0..139", "R11");
  refuses(() => game.applyId(2 ** 40), IllegalActionError, "R11: action id 1099511627776 is not in 0..139", "R11");
  refuses(() => game.apply(""), ActionError, "R11: '' is not an action: it is empty", "R11");
  refuses(() => game.apply("xyz"), ActionError,
    "R11: 'xyz' is not an action: actions are play, bid, good, hold, three, pass, steal and leave", "R11");
  assert.ok(new ActionError("x") instanceof IllegalActionError);
  assert.ok(new IllegalActionError("x") instanceof BietenError);
  assert.ok(new BietenError("x") instanceof Error);
  assert.throws(() => game.applyId(1.5), TypeError);
  assert.throws(() => game.apply({}), TypeError);
  assert.equal(game.toJson(), before);
});

test("a record restores a game that continues identically; a bad record throws GameRecordError", () => {
  for (const [name, knobs] of [["bieten", { preset: "welibieten", players: 4 }], [second, { preset: secondPresets().at(-1) }]]) {
    const game = engine.newGame(engine.rules(name, knobs), 11n);
    for (let i = 0; i < 10 && !game.isOver; ++i) game.applyId(game.legalActionIds()[0]);
    const copy = engine.fromJson(game.toJson());
    assert.equal(copy.game, name);
    assert.equal(copy.toJson(), game.toJson());
    while (!game.isOver) {
      const id = game.legalActionIds().at(-1);
      game.applyId(id);
      copy.applyId(id);
    }
    assert.equal(copy.toJson(), game.toJson());
    assert.deepEqual(copy.events(), game.events());
    assert.deepEqual(engine.fromBytes(game.toBytes()).toJson(), game.toJson());
  }
  assert.throws(() => engine.fromJson("{"), (e) => e instanceof GameRecordError && e.message.startsWith("from_json: "));
  assert.throws(() => engine.fromJson("[]"), GameRecordError);
  assert.throws(() => engine.fromJson(42), TypeError);
});

test("the built-in agents choose for a seat; policy needs its weights, loaded on demand", async () => {
  const rules = engine.rules(second, { preset: secondPresets().at(-1) });
  const game = engine.newGame(rules, 3n);
  for (const name of ["random", "heuristic", "ismcts:50"]) {
    const agent = engine.agent(name, { seed: 3n, seat: game.currentPlayer });
    const id = agent.choose(game);
    assert.ok(game.legalActionIds().includes(id), name);
  }
  assert.throws(() => engine.agent("nobody").choose(game), BietenError);
  const other = engine.agent("random", { seat: (game.currentPlayer + 1) % game.players });
  assert.throws(() => other.choose(game), BietenError);
  const policies = await engine.loadPolicies();
  assert.ok(policies.includes("bieten") && policies.length >= engine.games.length, String(policies));
  assert.equal(await engine.loadPolicies(), policies); // once
  const policy = engine.agent("policy", { seat: game.currentPlayer });
  assert.ok(game.legalActionIds().includes(policy.choose(game)));
  // the same agent with the same seed chooses the same
  const a = engine.agent("heuristic", { seed: 9n, seat: game.currentPlayer });
  const b = engine.agent("heuristic", { seed: 9n, seat: game.currentPlayer });
  assert.equal(a.choose(game), b.choose(game));
  assert.equal(a.state, b.state);
});

test("free() frees a game now; using it afterwards throws", () => {
  const live = engine.liveGames;
  const game = engine.newGame(engine.rules("bieten"), 1n);
  assert.equal(engine.liveGames, live + 1);
  game.free();
  assert.equal(engine.liveGames, live);
  assert.equal(game.freed, true);
  game.free(); // twice is harmless
  assert.throws(() => game.legalActionIds(), /freed/);
  assert.throws(() => game.applyId(0), /freed/);
});

test("simulate plays whole games inside WebAssembly", () => {
  const rules = engine.rules("bieten", { preset: "tyrol", players: 3 });
  const r = engine.simulate(rules, ["random", "random", "heuristic"], 3, 5);
  assert.equal(r.games, 3);
  assert.equal(r.players, 3);
  assert.equal(r.scores.length, 9);
  assert.ok(r.winners.every((mask) => mask > 0 && mask < 8));
  assert.ok(r.hands.every((h) => h >= 1));
  assert.deepEqual(engine.simulate(rules, ["random", "random", "heuristic"], 3, 5), r);
  assert.throws(() => engine.simulate(rules, ["random"], 1, 0), BietenError);
});

test("the module is at most 400 KB gzipped, without the policies' weights", () => {
  const wasm = readFileSync(new URL("../dist/bieten-core.wasm", import.meta.url));
  const gzipped = gzipSync(wasm, { level: 9 }).length;
  assert.ok(gzipped <= 400 * 1024, `${gzipped} bytes gzipped`);
});
