// The games of this server, as its registry gives them (GET /api/games, docs/server.md): each game's
// kinds, presets and wording (its page.json) and its page module (its page.js: how its events change
// what a seat sees), loaded once, before any module that imports this one runs. The page names no
// game: whatever it shows of one comes from here.

import { CARD_MARKS, CARD_NAMES } from "./cards.js";

/** {list, byName: {name: {game, module}}, byKind: {kind: {game, kind}}, ruleId, error}. */
export const GAMES = { list: [], byName: {}, byKind: {}, ruleId: /$^/, error: null };

try {
  const response = await fetch("/api/games");
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  const { games } = await response.json();
  const modules = await Promise.all(games.map((game) => import(game.script)));
  games.forEach((game, i) => {
    GAMES.byName[game.name] = { game, module: modules[i] };
    Object.assign(CARD_NAMES, game.page.card_names || {});
    Object.assign(CARD_MARKS, game.page.card_marks || {});
    for (const kind of game.kinds) GAMES.byKind[kind.name] = { game, kind };
  });
  GAMES.list = games;
  // a rule id of any game's book: its prefix, then numbers ("R7.4", "S6.7")
  const prefixes = games.map((game) => game.rule_prefix).join("");
  GAMES.ruleId = new RegExp(`\\b([${prefixes}]\\d+(?:\\.\\d+)*)\\b`);
} catch (err) {
  GAMES.error = err;
}

/** The games' titles, as the page's header and title name them ("A · B"). */
export function titles() {
  return GAMES.list.map((game) => game.title).join(" · ");
}
