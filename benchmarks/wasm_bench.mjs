// The JavaScript side of benchmarks/wasm.py (issue 38): one measurement per process, its result as JSON.
//   node benchmarks/wasm_bench.mjs load               -> {"ms": load()'s time in this fresh process}
//   node benchmarks/wasm_bench.mjs step GAME KNOBS N  -> the per-call loop over N games
//   node benchmarks/wasm_bench.mjs simulate GAME KNOBS N -> engine.simulate of N random games
// The loop is Python's in wasm.py exactly: game i has seed i, and each step takes ids[x % ids.length] with
// x the 32-bit LCG x = x * 1103515245 + 12345 (mod 2**32) from x = 1, so both play the same games.
const t0 = performance.now();
const { load } = await import("../bindings/wasm/dist/bieten.mjs");
const engine = await load();
const loadMs = performance.now() - t0;
const [what, game, knobsText, countText] = process.argv.slice(2);

function loop(rules, games) {
  let x = 1;
  let steps = 0;
  for (let i = 0; i < games; ++i) {
    const g = engine.newGame(rules, i);
    while (!g.isOver) {
      const ids = g.legalActionIds();
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      g.applyId(ids[x % ids.length]);
      ++steps;
    }
    g.free();
  }
  return steps;
}

if (what === "load") {
  console.log(JSON.stringify({ ms: loadMs }));
} else {
  const rules = engine.rules(game, JSON.parse(knobsText));
  const n = Number(countText);
  if (what === "step") {
    // The first pass is timed too (cold): V8 compiles the module at once with its baseline compiler, then the
    // hot functions again with its optimising one; after a second pass the third is the steady state.
    const first = performance.now();
    loop(rules, n);
    const cold = (performance.now() - first) / 1000;
    loop(rules, n);
    const start = performance.now();
    const steps = loop(rules, n);
    console.log(JSON.stringify({ steps, seconds: (performance.now() - start) / 1000, cold }));
  } else {
    const agents = Array(rules.toDict().players).fill("random");
    engine.simulate(rules, agents, n, 1); // warm-up, twice (see above)
    engine.simulate(rules, agents, n, 2);
    const start = performance.now();
    const r = engine.simulate(rules, agents, n, 12345);
    const hands = r.hands.reduce((a, b) => a + b, 0);
    console.log(JSON.stringify({ games: n, hands, seconds: (performance.now() - start) / 1000 }));
  }
}
