#!/usr/bin/env node
// Random games through the JavaScript surface, written as JSON Lines for Python to replay and compare
// (tests/test_wasm.py): `node tools/trace.mjs GAMES [FIRST]` plays games FIRST .. FIRST+GAMES-1 of every
// registered game, one process for all of them. Game i of a game takes preset i mod the presets (Bieten
// also a player count), some of its yes/no knobs turned over, a seed (small, large or 2**64 - 1), and random
// legal actions chosen by a generator seeded from i, applied by id or by text. It writes per game: the
// knobs, the rules' toDict(), the actions, a digest of the legal ids and texts before each action (SHA-256
// over "id,id,...|text|text;" per step), the refusals it provoked (illegal ids and texts, with the error's
// class, message and rule), a snapshot at a random step (events, each seat's view of them and observation,
// record, hands, legal texts), after which it
// goes on with engine.fromJson(record) instead, and the end (events, record, scores, winners).
import { createHash } from "node:crypto";

import { load, RulesError } from "../dist/bieten.mjs";

const count = Number(process.argv[2] ?? 100);
const first = Number(process.argv[3] ?? 0);
const engine = await load();

// mulberry32: a small generator of 32-bit values, seeded by the game's index.
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

const BAD_TEXTS = ["", "bid", "play", "play XX", "bid nothing", "pass pass", "PLAY", " play HA", "play  HA", "meld",
  "trump Q", "call", "knock knock", "🂡", "play HA as", "bid red red"];

function knobsFor(name, i, next) {
  const info = engine.gameInfo(name);
  const preset = info.presets[i % info.presets.length];
  const base = engine.rules(name, { preset }).toDict();
  const knobs = { preset };
  if (name === "bieten") knobs.players = 2 + (Math.floor(i / info.presets.length) % 4);
  for (const knob of info.knobs) {
    if (knob.type === "bool" && next() % 4 === 0) knobs[knob.name] = !base[knob.name];
  }
  try {
    return [knobs, engine.rules(name, knobs)];
  } catch (err) {
    if (!(err instanceof RulesError)) throw err;
    const plain = { preset, ...(name === "bieten" ? { players: knobs.players } : {}) };
    try {
      return [plain, engine.rules(name, plain)];
    } catch {
      return [{ preset }, engine.rules(name, { preset })];
    }
  }
}

function seedFor(i, next) {
  if (i % 97 === 13) return 2n ** 64n - 1n;
  if (i % 3 === 0) return BigInt(i);
  return (BigInt(next()) << 32n) | BigInt(next());
}

function refusal(err) {
  return { error: err.name, message: err.message, rule: err.rule };
}

function trace(name, i) {
  const next = generator(i * 2654435761 + name.length);
  const [knobs, rules] = knobsFor(name, i, next);
  const seed = seedFor(i, next);
  let game = engine.newGame(rules, seed);
  const numActions = engine.gameInfo(name).num_actions;
  const digest = createHash("sha256");
  const actions = [];
  const refusals = [];
  let snapshot = null;
  const snapAt = next() % 60;
  for (let step = 0; !game.isOver; ++step) {
    const ids = game.legalActionIds();
    const texts = game.legalActions();
    digest.update(`${ids.join(",")}|${texts.join("|")};`);
    if (step === snapAt) {
      const seats = [...Array(game.players).keys()];
      snapshot = { step, events: game.events(), record: game.toJson(), hands: game.hands, legal: texts,
        current: game.currentPlayer, scores: game.scores, views: seats.map((seat) => game.eventsFor(seat)),
        observations: seats.map((seat) => Array.from(game.observation(seat))) };
      const copy = engine.fromJson(snapshot.record);
      game.free();
      game = copy;
    }
    if (next() % 8 === 0) { // an illegal id (R9/S9), or one out of range (R11/S11)
      const legal = new Set(ids);
      let id = next() % (numActions + 4) - 2;
      while (legal.has(id)) id = (id + 1) % numActions;
      try {
        game.applyId(id);
        throw new Error(`${name} game ${i}: id ${id} was applied though not legal`);
      } catch (err) {
        if (!err.rule) throw err;
        refusals.push({ step, id, ...refusal(err) });
      }
    }
    if (next() % 25 === 0) { // a text that is no action, or an illegal action's text
      const text = next() % 2 ? BAD_TEXTS[next() % BAD_TEXTS.length] : game.actionText(next() % numActions);
      let applied = false;
      try {
        game.apply(text);
        applied = true; // a text the engine reads as a legal action (e.g. in other spacing): Python must too
      } catch (err) {
        if (!err.rule) throw err;
        refusals.push({ step, text, ...refusal(err) });
      }
      if (applied) {
        actions.push(text);
        continue;
      }
    }
    const k = next() % ids.length;
    if (next() % 3 === 0) game.apply(texts[k]);
    else game.applyId(ids[k]);
    actions.push(ids[k]);
  }
  const out = {
    game: name, index: i, knobs, rules: rules.toDict(), seed: seed.toString(), actions, digest: digest.digest("hex"),
    refusals, snapshot, events: game.events(), record: game.toJson(), scores: game.scores, winners: game.winners,
    current: game.currentPlayer,
  };
  game.free();
  return out;
}

const lines = [];
for (const name of engine.games) {
  for (let i = first; i < first + count; ++i) {
    lines.push(JSON.stringify(trace(name, i)));
    if (lines.length >= 200) {
      process.stdout.write(`${lines.join("\n")}\n`);
      lines.length = 0;
    }
  }
}
if (lines.length) process.stdout.write(`${lines.join("\n")}\n`);
