// A whole game in TypeScript: every seat a built-in agent, the record at the end. `tsc --noEmit -p
// test/tsconfig.json` checks it against index.d.ts (tests/test_wasm.py), so the types are the surface.
import { load, IllegalActionError, type Engine, type Game } from "bieten";

async function main(): Promise<void> {
  const engine: Engine = await load();
  const rules = engine.rules(engine.games[0], { preset: "tyrol", players: 3 });
  const game: Game = engine.newGame(rules, 7n);
  const agents = [0, 1, 2].map((seat) => engine.agent(seat === 0 ? "heuristic" : "random", { seed: 7n, seat }));
  try {
    game.apply("play XX");
  } catch (err) {
    if (err instanceof IllegalActionError) console.log(err.rule, err.message);
  }
  while (!game.isOver) {
    const seat: number | null = game.currentPlayer;
    if (seat === null) break;
    const id: number = agents[seat].choose(game);
    const texts: string[] = game.legalActions();
    const ids: number[] = game.legalActionIds();
    game.apply(texts[ids.indexOf(id)]);
  }
  const scores: number[] = game.scores;
  console.log(scores, game.winners, game.events().length, game.toJson().length);
  const again = engine.fromJson(game.toJson());
  console.log(again.toJson() === game.toJson(), rules.toDict().players);
  again.free();
  game.free();
}

void main();
