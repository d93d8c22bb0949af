// Memory (docs/javascript.md "Memory"): a game lives in the module's memory until it is freed, by free() or,
// once dropped, by the FinalizationRegistry after the garbage collector has collected it. 100,000 games in
// one process, half freed and half dropped: the module's memory stops growing after the first ones, and the
// live games go back to none. (The collector is asked to run, as it would under pressure.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

import { load } from "../dist/bieten.mjs";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc");
const engine = await load();
const settle = async () => {
  for (let i = 0; i < 4; ++i) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
};

test("100,000 games, freed or dropped, leave the module's memory flat", async () => {
  const rules = engine.games.map((name) => engine.rules(name));
  const games = 100_000;
  const checkpoints = [];
  let x = 7;
  for (let i = 0; i < games; ++i) {
    const game = engine.newGame(rules[i % rules.length], BigInt(i));
    for (let step = 0; step < 12 && !game.isOver; ++step) {
      const ids = game.legalActionIds();
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      game.applyId(ids[x % ids.length]);
    }
    if (i % 2 === 0) game.free(); // the other half is dropped
    if ((i + 1) % 10_000 === 0) {
      await settle();
      checkpoints.push({ games: i + 1, memory: engine.memoryBytes, live: engine.liveGames });
    }
  }
  await settle();
  assert.equal(engine.liveGames, 0, JSON.stringify(checkpoints));
  // Flat: from the second checkpoint on, the memory never grows again.
  const settled = checkpoints[1].memory;
  assert.ok(checkpoints.slice(1).every((c) => c.memory === settled), JSON.stringify(checkpoints));
  assert.ok(settled < 64 * 1024 * 1024, JSON.stringify(checkpoints));
});
