// The page of `bieten serve`: a lobby that lists the open tables and creates tables, and the table of
// one seat, kept up to date over a WebSocket (docs/web.md). No framework: plain DOM, text always set
// with textContent.

import { cardElement, miniCard, sortCards, suitLabel } from "./cards.js";
import { GAMES, titles } from "./games.js";
import { count, explainAction, TableModel } from "./model.js";
import { OfflineSocket, offlineAvailable, offlineQuery } from "./offline.js";

const $ = (selector, root = document) => root.querySelector(selector);

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

/** The parts of a log line (strings, {card}, {suit}) as DOM nodes. */
function renderParts(parts) {
  return parts.map((part) => {
    if (typeof part === "string") return document.createTextNode(part);
    if (part.card !== undefined) return miniCard(part.card);
    if (part.suit !== undefined) return suitLabel(part.suit);
    return document.createTextNode(String(part));
  });
}

function setStatus(text, kind = "") {
  const status = $("[data-testid=status]");
  status.textContent = text;
  status.dataset.kind = kind;
}

/** A text as nodes in which each rule id ("R7.4", "S6.7") is a link to its page on this server. */
function withRuleLinks(text) {
  return text.split(GAMES.ruleId).map((part, i) =>
    i % 2 === 1 ? ruleLink(part) : document.createTextNode(part),
  );
}

function ruleLink(id) {
  // a new tab: following a rule must not leave the table
  return el("a", { href: `/rules/${id}`, target: "_blank", rel: "noopener", class: "rule", text: id });
}

/** Shows what is wrong with a table link, and the way back to the lobby, instead of an empty table. */
function showBadLink(code, table) {
  const box = $("[data-testid=bad-link]");
  $("#table").hidden = true;
  if (code === "unknown_table") {
    $("h1", box).textContent = "No such table";
    $(".why", box).textContent =
      `This server has no table "${table}". It may have ended and expired, or the link is not complete.`;
  } else {
    $("h1", box).textContent = "This seat link is not valid";
    $(".why", box).textContent =
      "Its seat and token do not match a person's seat at this table. Check that the whole link was " +
      "copied, or ask whoever created the table for your seat's link.";
  }
  box.hidden = false;
  setStatus(code === "unknown_table" ? "No such table" : "This seat link is not valid", "error");
}

/**
 * A table link without a seat ("/?table=<id>"): instead of "not valid", the table as the server
 * shows it to anyone (its game, seats, moves and scores) and a button for each seat nobody holds.
 */
async function showSeatless(table) {
  $("#table").hidden = true;
  const box = $("[data-testid=bad-link]");
  let shown;
  let lobby;
  try {
    [shown, lobby] = await Promise.all([api(`/api/tables/${encodeURIComponent(table)}`), api("/api/lobby")]);
  } catch {
    showBadLink("unknown_table", table);
    return;
  }
  const listed = lobby.tables.find((t) => t.table === table);
  const open = listed ? listed.open_seats : [];
  const kind = GAMES.byKind[shown.kind] ? GAMES.byKind[shown.kind].kind.label : shown.kind;
  const state = shown.state;
  const scores = state.scores.map((score, seat) => `seat ${seat} (${shown.seats[seat]}): ${score}`).join(" · ");
  const played = state.is_over ? "the game is over" : `${state.ply} moves played`;
  $("h1", box).textContent = open.length ? "Take a seat at this table" : "This link has no seat";
  $(".why", box).textContent =
    `${kind}: ${played}; scores ${scores}. ` +
    (open.length
      ? "Take a free seat to play, or ask whoever created the table for your seat's link."
      : "Every seat is taken: a seat link (with its seat and token) is needed to play here.");
  const joins = el("p", { class: "joins", dataset: { testid: "seatless-joins" } });
  for (const seat of open) {
    joins.append(
      el("button", {
        type: "button",
        class: "primary join",
        dataset: { testid: "join", seat: String(seat) },
        text: `Take seat ${seat}`,
        onclick: async () => {
          try {
            const taken = await api(`/api/tables/${encodeURIComponent(table)}/join`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ seat }),
            });
            box.hidden = true;
            enterTable(taken.link);
          } catch (err) {
            $(".why", box).textContent = err.message;
          }
        },
      }),
    );
  }
  $("[data-testid=seatless-joins]", box)?.remove();
  $(".why", box).after(joins);
  box.hidden = false;
  setStatus(open.length ? "Take a seat" : "No seat in this link", "ok");
}

async function api(path, options = {}) {
  const response = await fetch(path, options);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body.message || `${response.status} ${response.statusText}`);
  return body;
}

// -- the lobby -----------------------------------------------------------------------------------

/** A seat nobody holds yet, listed in the lobby for anyone to take (POST /api/tables/<id>/join). */
const OPEN_SEAT = "open";
/** The largest seed (R3.2): 2**64 - 1, as a BigInt (a Number cannot hold it exactly). */
const MAX_SEED = 2n ** 64n - 1n;
/** How often the lobby asks the server for its open tables while it is shown (milliseconds). */
const OPEN_REFRESH_MS = 5000;

/** Leaves the lobby for the table of a seat link ("/?table=…&seat=…#token=…"). */
function enterTable(link) {
  history.pushState(null, "", link);
  $("#lobby").hidden = true;
  openTable(seatParams());
}

/**
 * The table, seat and token of this page's address. The token is after "#" (a browser never sends
 * it, so no server log sees it); an older link's "&token=" is moved there.
 */
function seatParams() {
  const params = new URLSearchParams(location.search);
  const fragment = new URLSearchParams(location.hash.slice(1));
  const token = fragment.get("token") || params.get("token") || "";
  if (params.has("token")) {
    params.delete("token");
    history.replaceState(null, "", `${location.pathname}?${params}#${new URLSearchParams({ token })}`);
  }
  params.set("token", token);
  return params;
}

/** The lobby's list of open tables: each with its game, seats and a button for each free seat. */
class OpenTables {
  constructor() {
    this.box = $("[data-testid=open-tables]");
    this.timer = null;
    this.joining = false;
    $("[data-testid=open-refresh]").addEventListener("click", () => this.refresh());
  }

  start() {
    this.refresh();
    this.timer = setInterval(() => this.refresh(), OPEN_REFRESH_MS);
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
  }

  show(kind, text) {
    const node = $(`[data-testid=open-${kind}]`);
    node.textContent = text;
    node.hidden = !text;
  }

  async refresh() {
    let listed;
    try {
      listed = await api("/api/lobby");
    } catch (err) {
      this.show("error", `Cannot list the open tables: ${err.message}`);
      return;
    }
    if (this.joining) return; // the list is about to be left; do not redraw under the click
    this.show("error", "");
    const list = $("[data-testid=open-list]");
    list.replaceChildren(...listed.tables.map((table) => this.row(table)));
    $("[data-testid=open-empty]").hidden = listed.tables.length > 0;
  }

  row(table) {
    const open = new Set(table.open_seats);
    const seats = table.seats.map((what, seat) => `${seat}: ${open.has(seat) ? OPEN_SEAT : what}`).join(" · ");
    const played = table.ply === 0 ? "not started" : `${table.ply} moves played`;
    const joins = table.open_seats.map((seat) =>
      el("button", {
        type: "button",
        class: "primary join",
        dataset: { testid: "join", table: table.table, seat: String(seat) },
        text: `Take seat ${seat}`,
        onclick: () => this.join(table.table, seat),
      }),
    );
    return el(
      "li",
      { class: "open-table", dataset: { testid: "open-table", table: table.table } },
      el(
        "span",
        { class: "what" },
        el("strong", { text: GAMES.byKind[table.kind] ? GAMES.byKind[table.kind].kind.label : table.kind }),
        el("small", { text: `Seats ${seats} · ${played}` }),
      ),
      el("span", { class: "joins" }, ...joins),
    );
  }

  async join(table, seat) {
    if (this.joining) return;
    this.joining = true;
    for (const button of this.box.querySelectorAll("[data-testid=join]")) button.disabled = true;
    try {
      const taken = await api(`/api/tables/${encodeURIComponent(table)}/join`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ seat }),
      });
      this.stop();
      enterTable(taken.link);
    } catch (err) {
      // someone else took the seat first (409 no_open_seat), or the game ended: say so, list anew
      this.joining = false;
      this.show("error", err.message);
      await this.refresh();
      this.show("error", err.message);
    }
  }
}

async function showLobby() {
  $("#lobby").hidden = false;
  const form = $("#create");
  const error = $("[data-testid=lobby-error]");
  const openTables = new OpenTables();
  openTables.start();
  const games = GAMES;
  let kinds;
  try {
    if (games.error) throw games.error;
    kinds = await api("/api/kinds");
  } catch (err) {
    error.textContent = `Cannot reach the server: ${err.message}`;
    error.hidden = false;
    return;
  }
  for (const game of games.list) {
    for (const kind of game.kinds) form.kind.append(el("option", { value: kind.name, text: kind.label }));
  }

  const seatChoices = $("#seat-choices");
  const drawSeats = () => {
    const n = Number(form.players.value);
    const old = [...seatChoices.querySelectorAll("select")].map((s) => s.value);
    seatChoices.replaceChildren();
    for (let seat = 0; seat < n; seat++) {
      const select = el("select", { name: `seat${seat}`, dataset: { testid: `seat-${seat}` } });
      const family = games.byKind[form.kind.value].game.name;
      const policies = kinds.policies || {}; // the server's policy files, each for one game
      const agents = kinds.agents.filter((agent) => !(agent in policies) || policies[agent] === family);
      const choices = ["human", OPEN_SEAT, ...agents];
      for (const kind of choices) {
        const text = kind === OPEN_SEAT ? "open (anyone, from the lobby)" : kind;
        select.append(el("option", { value: kind, text }));
      }
      const fallback = seat === 0 ? "human" : agents.includes("heuristic") ? "heuristic" : agents[0];
      select.value = choices.includes(old[seat]) ? old[seat] : fallback;
      seatChoices.append(el("label", { class: "seat-choice" }, `Seat ${seat}`, select));
    }
  };
  // a game whose preset is chosen apart from its kind (R10) offers its presets, and its player counts
  let shownPresets = null;
  const drawPlayers = () => {
    const { game, kind } = games.byKind[form.kind.value];
    const allowed = kind.players;
    form.players.replaceChildren(...allowed.map((n) => el("option", { value: String(n), text: String(n) })));
    form.players.value = String(allowed.includes(kind.default_players) ? kind.default_players : allowed[0]);
    form.players.disabled = allowed.length < 2;
    $("[data-preset]").hidden = !game.preset_apart;
    if (game.preset_apart && shownPresets !== game.name) {
      const title = $("[data-preset-title]");
      title.textContent = "Regional rules";
      title.title = `The presets of the rules (${game.rule_prefix}10)`;
      form.preset.replaceChildren(...game.presets.map((preset) => el("option", { value: preset, text: preset })));
      shownPresets = game.name;
    }
    drawSeats();
  };
  form.kind.addEventListener("change", drawPlayers);
  form.players.addEventListener("change", drawSeats);
  drawPlayers();

  // A table against bots in this browser, when the server hands out the engine (docs/web.md, "Offline").
  const offlineButton = $("[data-testid=offline]");
  offlineAvailable().then((available) => {
    offlineButton.hidden = !available;
  });
  offlineButton.addEventListener("click", () => {
    error.hidden = true;
    const kind = form.kind.value;
    const { game } = games.byKind[kind];
    const seats = [...seatChoices.querySelectorAll("select")].map((s) => s.value);
    if (seats.filter((s) => s === "human").length !== 1 || seats.some((s) => s === OPEN_SEAT || s.includes(":"))) {
      error.textContent = "Offline, one seat is yours (human) and the others are the engine's bots.";
      error.hidden = false;
      return;
    }
    const rules = {};
    if (game.preset_apart) rules.players = Number(form.players.value);
    if (form.target.value !== "") rules.target = Number(form.target.value);
    const seed = form.seed.value.trim();
    if (seed !== "" && (!/^[0-9]{1,20}$/.test(seed) || BigInt(seed) > MAX_SEED)) {
      error.textContent = `The seed is a whole number from 0 to ${MAX_SEED}, or empty for a random one.`;
      error.hidden = false;
      return;
    }
    const preset = game.preset_apart ? form.preset.value : kind;
    openTables.stop();
    enterTable(`/?${offlineQuery({ kind, family: game.name, preset, rules, seats, seed })}`);
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.hidden = true;
    const kind = form.kind.value;
    const { game } = games.byKind[kind];
    const seats = [...seatChoices.querySelectorAll("select")].map((s) => s.value);
    if (!seats.includes("human") && !seats.includes(OPEN_SEAT)) {
      error.textContent = "Give at least one seat to a person: human (you) or open (anyone, from the lobby).";
      error.hidden = false;
      return;
    }
    const rules = {};
    if (game.preset_apart) rules.players = Number(form.players.value);
    if (form.target.value !== "") rules.target = Number(form.target.value);
    const body = { kind, seats, rules };
    if (game.preset_apart) body.preset = form.preset.value;
    const seed = form.seed.value.trim();
    if (seed !== "") {
      // sent as its digits: a JavaScript number keeps 53 bits, and a seed has 64 (R3.2)
      if (!/^[0-9]{1,20}$/.test(seed) || BigInt(seed) > MAX_SEED) {
        error.textContent = `The seed is a whole number from 0 to ${MAX_SEED}, or empty for a random one.`;
        error.hidden = false;
        return;
      }
      body.seed = seed;
    }
    const create = $("[data-testid=create]");
    create.disabled = true;
    try {
      const table = await api("/api/tables", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const mine = Object.keys(table.links).sort((a, b) => a - b)[0];
      if (mine === undefined) {
        // only open seats for people: the table waits in the list above for whoever takes them
        openTables.show("notice", `Table ${table.table} is open: take a seat in the list above.`);
        await openTables.refresh();
        return;
      }
      sessionStorage.setItem(`bieten-links-${table.table}`, JSON.stringify(table.links));
      openTables.stop();
      enterTable(table.links[mine]);
    } catch (err) {
      error.textContent = err.message;
      error.hidden = false;
    } finally {
      create.disabled = false;
    }
  });
}

// -- the table -----------------------------------------------------------------------------------

class TablePage {
  constructor(table, seat, token) {
    this.table = table;
    this.seat = seat;
    this.token = token;
    this.model = null;
    this.state = null;
    this.legal = null;
    this.pending = false;
    this.socket = null;
    this.retries = 0;
    this.messageId = 0;
    this.fatal = false;
    this.connected = false;
    this.notice = null; // a refused action's message, shown over the table until the next action
    this.explaining = false; // the explanations of the offered actions are open ("?")
  }

  connect() {
    if (this.offline) {
      this.connectOffline();
      return;
    }
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const since = this.model ? this.model.next : 0;
    const query = new URLSearchParams({ seat: String(this.seat), since: String(since) });
    // the token goes as a subprotocol (a header), never in the URL: no log line prints it
    const protocols = ["bieten-table", ...(/^[A-Za-z0-9_-]+$/.test(this.token) ? [`token.${this.token}`] : [])];
    const url = `${scheme}://${location.host}/ws/${encodeURIComponent(this.table)}?${query}`;
    const socket = new WebSocket(url, protocols);
    this.socket = socket;
    setStatus(this.retries ? "Reconnecting…" : "Connecting…", "busy");
    socket.addEventListener("message", (event) => this.onMessage(event.data));
    socket.addEventListener("close", (event) => this.onClose(event));
  }

  /** An offline table (docs/web.md): the engine in this browser answers as the socket would. */
  async connectOffline() {
    setStatus("Loading the engine…", "busy");
    try {
      this.socket = await OfflineSocket.open(this.offline);
    } catch (err) {
      this.fatal = true;
      setStatus(`Cannot play offline: ${err.message}`, "error");
      return;
    }
    this.socket.addEventListener("message", (event) => this.onMessage(event.data));
  }

  onClose(event) {
    this.connected = false;
    this.pending = false;
    this.render();
    if (this.fatal) return;
    if (event.code === 4403 || event.code === 4404) {
      this.fatal = true;
      showBadLink(event.code === 4404 ? "unknown_table" : "bad_token", this.table);
      return;
    }
    this.retries += 1;
    const delay = Math.min(250 * 2 ** this.retries, 5000);
    setStatus("Disconnected; reconnecting…", "error");
    setTimeout(() => this.connect(), delay);
  }

  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  onMessage(data) {
    let msg;
    try {
      msg = JSON.parse(data);
    } catch {
      return;
    }
    if (msg.type === "welcome") {
      this.retries = 0;
      this.connected = true;
      if (!this.model) {
        const { game, module } = GAMES.byName[msg.family];
        this.model = new TableModel({
          game, module, players: msg.players, you: msg.you, seats: msg.seats, rules: msg.rules,
        });
        this.kind = msg.kind;
        this.kindName = GAMES.byKind[msg.kind] ? GAMES.byKind[msg.kind].kind.title : msg.kind;
        document.title = `${this.kindName} · seat ${msg.you}`;
      }
      setStatus(`Seat ${msg.you} · ${this.kindName}`, "ok");
    } else if (msg.type === "update") {
      this.onUpdate(msg);
    } else if (msg.type === "error") {
      this.pending = false;
      if (msg.code === "unknown_table" || msg.code === "bad_token") {
        this.fatal = true;
        showBadLink(msg.code, this.table);
        return;
      } else {
        this.showNotice(msg.message || msg.code);
        if (this.model) this.send({ type: "sync", since: this.model.next }); // fresh state and actions
      }
      this.render();
    }
  }

  onUpdate(msg) {
    if (!this.model) return;
    const log = $("[data-testid=log]");
    for (const event of msg.events) {
      if (event.seq < this.model.next) continue; // seen already (a reconnect or a second update)
      if (event.seq > this.model.next) {
        this.send({ type: "sync", since: this.model.next }); // a gap: ask for what is missing
        break;
      }
      const line = this.model.apply(event);
      if (line) {
        log.append(el("li", { dataset: { seq: String(event.seq), type: event.type } }, ...renderParts(line)));
      }
    }
    log.scrollTop = log.scrollHeight;
    this.state = msg.state;
    this.legal = msg.legal;
    this.pending = false;
    if (!this.fatal && !this.notice) setStatus(`Seat ${this.model.you} · ${this.kindName}`, "ok");
    this.render();
  }

  /** A refused action: its message (rule ids linked) over the table, just above your cards. */
  showNotice(message) {
    this.notice = message;
    const toast = $("[data-testid=toast]");
    $("[data-testid=toast-text]", toast).replaceChildren(
      el("strong", { text: "Refused: " }),
      ...withRuleLinks(message),
    );
    toast.hidden = false;
    setStatus("Move refused", "error");
    toast.scrollIntoView({ block: "nearest" });
  }

  hideNotice() {
    this.notice = null;
    $("[data-testid=toast]").hidden = true;
    if (this.connected && !this.fatal && this.model) setStatus(`Seat ${this.model.you} · ${this.kindName}`, "ok");
  }

  act(text) {
    if (this.pending || !this.legal || !this.connected) return;
    this.pending = true;
    this.hideNotice();
    this.messageId += 1;
    this.send({ type: "apply", action: text, ply: this.legal.ply, id: this.messageId });
    this.render();
  }

  // -- drawing ---------------------------------------------------------------------------------
  render() {
    if (!this.model || !this.state) return;
    this.renderSeats();
    this.renderInfo();
    this.renderTrick();
    this.renderHand();
    this.renderGameOver();
  }

  renderSeats() {
    const m = this.model;
    const bar = $("[data-testid=scores]");
    bar.replaceChildren();
    for (let seat = 0; seat < m.players; seat++) {
      const badges = [];
      if (seat === m.dealer) badges.push("dealer");
      badges.push(...m.module.badges(m, seat));
      const backs = el("span", { class: "backs", "aria-hidden": "true" });
      for (let i = 0; i < Math.min(m.counts[seat], 6); i++) backs.append(el("span", { class: "back-mini" }));
      const taken = m.takenText(seat);
      const item = el(
        "li",
        {
          class: "seat",
          dataset: { seat: String(seat), testid: "seat" },
          "aria-current": this.state.current_player === seat ? "true" : "false",
        },
        el("span", { class: "who", text: seat === m.you ? `You (seat ${seat})` : `Seat ${seat}` }),
        el("span", { class: "kind", text: m.seats[seat] || "" }),
        el("span", { class: "score", dataset: { testid: "score" }, text: String(this.state.scores[seat]) }),
        el("span", { class: "cards" }, backs, el("span", { text: `${count(m.counts[seat], "card")} · ${taken}` })),
        badges.length ? el("span", { class: "badges", text: badges.join(" · ") }) : null,
      );
      if (this.state.winners.includes(seat) && this.state.is_over) {
        item.classList.add("winner");
        item.append(el("span", { class: "winner-badge", dataset: { testid: "winner-badge" }, text: "Winner" }));
      }
      bar.append(item);
    }
  }

  renderInfo() {
    const m = this.model;
    const info = $("[data-testid=contract]");
    info.replaceChildren();
    const row = (label, ...parts) =>
      info.append(el("div", { class: "row" }, el("span", { class: "label", text: label }), ...parts));
    const target = m.rules.target !== undefined ? ` · to ${m.rules.target}` : "";
    const round = m.page.round; // as the log says: "Hand 3" (R3), "Deal 3" (S3)
    row("Game", `${this.kindName}${target} · ${round} ${this.state.hand_number + 1}`);
    for (const { label, parts, testid } of m.module.info(m)) {
      if (testid) row(label, el("span", { text: parts.join(""), dataset: { testid } }));
      else row(label, ...renderParts(parts));
    }
  }

  renderTrick() {
    const m = this.model;
    const trick = $("[data-testid=trick]");
    trick.replaceChildren();
    if (!m.trick.length) {
      trick.append(el("p", { class: "empty", text: "No cards on the table" }));
      return;
    }
    for (const play of m.trick) {
      const card = cardElement(play.card);
      if (m.trickWinner === play.seat) card.classList.add("won");
      const caption = play.as ? `${m.name(play.seat)} · as ${play.as}` : m.name(play.seat);
      trick.append(el("figure", { class: "played" }, card, el("figcaption", { text: caption })));
    }
    if (m.trickWinner !== null) trick.append(el("p", { class: "winner-note", text: `${m.name(m.trickWinner)} won the trick` }));
  }

  renderHand() {
    const m = this.model;
    const actions = this.legal ? this.legal.actions : [];
    const plays = new Map(); // card -> its actions ("play HK", or the wild's "play S6 as HA" ...)
    const others = [];
    for (const action of actions) {
      const match = /^play (\S+)( as \S+)?$/.exec(action.text);
      if (match) {
        if (!plays.has(match[1])) plays.set(match[1], []);
        plays.get(match[1]).push(action.text);
      } else {
        others.push(action.text);
      }
    }
    const hand = $("[data-testid=hand]");
    hand.replaceChildren();
    for (const text of sortCards(m.hand, m.page.rank_order)) {
      const options = plays.get(text) || [];
      let card;
      if (options.length === 1) {
        card = cardElement(text, { onClick: () => this.act(options[0]) });
        card.dataset.testid = "action";
        card.dataset.action = options[0];
        card.setAttribute("aria-label", `${options[0]} (${card.title})`);
        card.title = `${card.title}: ${this.explanation(options[0])}`;
        card.classList.add("playable");
        card.disabled = this.pending || !this.connected;
      } else {
        card = cardElement(text);
        if (options.length > 1) card.classList.add("playable");
      }
      hand.append(card);
    }
    if (!m.hand.length) hand.append(el("p", { class: "empty", text: "No cards in hand" }));

    const bar = $("[data-testid=actions]");
    bar.replaceChildren();
    bar.dataset.ply = this.legal ? String(this.legal.ply) : "";
    const button = (text, label = text) => {
      const b = el("button", { type: "button", class: "action", dataset: { testid: "action", action: text }, text: label });
      b.title = this.explanation(text);
      b.disabled = this.pending || !this.connected;
      b.addEventListener("click", () => this.act(text));
      return b;
    };
    for (const [card, options] of plays) {
      if (options.length < 2) continue;
      const group = el("div", { class: "choose" }, el("span", { text: "Play " }), miniCard(card), el("span", { text: " as:" }));
      for (const text of options) group.append(button(text, text.replace(/^play \S+ as /, "")));
      bar.append(group);
    }
    for (const text of others) bar.append(button(text, this.buttonLabel(text)));
    this.renderExplanations(bar, actions.map((a) => a.text));

    const turn = $("[data-testid=turn]");
    const current = this.state.current_player;
    if (this.state.is_over) turn.textContent = "The game is over";
    else if (this.legal && actions.length) turn.textContent = plays.size && !others.length ? "Your turn: play a card" : "Your turn";
    else turn.textContent = current === null ? "" : `Waiting for ${m.name(current)}…`;
    turn.classList.toggle("mine-now", Boolean(this.legal && actions.length));
  }

  /**
   * An action's button: its text with the first word capitalised and the game's figures named as
   * its rulebook names them (capitalised, as proper names): one convention for every button.
   */
  buttonLabel(text) {
    const names = this.model.page.figures || {};
    const words = text.split(" ").map((word) => names[word] || word);
    words[0] = words[0].charAt(0).toUpperCase() + words[0].slice(1);
    return words.join(" ");
  }

  /** "What it does (R7.4, R7.5)": an action's explanation as the title of its button. */
  explanation(text) {
    const found = explainAction(this.model.family, text);
    return found ? `${found.text} (${found.rules.join(", ")})` : text;
  }

  /** The "?" after the offered actions, and the explanations it opens: one line per kind of action,
   * each with links to its rules (a tap shows what a hover's title shows, on a phone too). */
  renderExplanations(bar, texts) {
    const box = $("[data-testid=explain]");
    box.replaceChildren();
    if (!texts.length) {
      box.hidden = true;
      return;
    }
    const toggle = el("button", {
      type: "button",
      class: "help",
      dataset: { testid: "explain-toggle" },
      "aria-controls": "explain",
      "aria-expanded": String(this.explaining),
      "aria-label": "What do these actions do?",
      title: "What do these actions do?",
      text: "?",
    });
    toggle.addEventListener("click", () => {
      this.explaining = !this.explaining;
      this.render();
    });
    bar.append(toggle);
    const kinds = new Map(); // key -> [explanation, action texts]
    for (const text of texts) {
      const found = explainAction(this.model.family, text);
      if (!found) continue;
      if (!kinds.has(found.key)) kinds.set(found.key, [found, []]);
      kinds.get(found.key)[1].push(text);
    }
    const list = el("ul");
    for (const [key, [found, all]] of kinds) {
      let label = all.join(", ");
      if (key === "play") label = "play a card";
      else if (key === "play as") label = all.map((t) => t.replace(/^play \S+ as /, "as ")).join(", ");
      const links = [];
      found.rules.forEach((id, i) => links.push(i ? ", " : " (", ruleLink(id)));
      links.push(")");
      list.append(
        el("li", { dataset: { testid: "explanation", key } }, el("strong", { text: label }), ` ${found.text}`, ...links),
      );
    }
    box.append(list);
    box.hidden = !this.explaining;
  }

  renderGameOver() {
    const box = $("[data-testid=game-over]");
    if (!this.state.is_over) {
      box.hidden = true;
      return;
    }
    const m = this.model;
    const winners = this.state.winners;
    $("h2", box).textContent = winners.includes(m.you) ? "You win!" : `${m.names(winners)} ${winners.length > 1 ? "win" : "wins"}`;
    $(".final", box).textContent = `Final scores: ${this.state.scores.map((s, i) => `${m.name(i)} ${s}`).join(", ")}`;
    if (this.offline) {
      // the record is the engine's here: Python's game.to_json(), byte for byte
      $("[data-testid=record]", box).href = URL.createObjectURL(new Blob([this.socket.record()], { type: "application/json" }));
    } else {
      $("[data-testid=record]", box).href = `/api/tables/${encodeURIComponent(this.table)}/record`;
    }
    $("[data-testid=record]", box).setAttribute("download", `${this.kind}-${this.table}.json`);
    box.hidden = false;
  }
}

function showLinks(table) {
  const stored = sessionStorage.getItem(`bieten-links-${table}`);
  if (!stored) return;
  const links = JSON.parse(stored);
  const box = $("[data-testid=links]");
  const list = $("ul", box);
  list.replaceChildren();
  for (const [seat, path] of Object.entries(links)) {
    const url = new URL(path, location.href).href;
    const copy = el("button", { type: "button", class: "small", text: "Copy" });
    copy.addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText(url));
    list.append(el("li", {}, el("span", { text: `Seat ${seat}: ` }), el("a", { href: url, text: url }), copy));
  }
  box.hidden = false;
  box.open = Object.keys(links).length > 1;
}

function openTable(params) {
  $("#table").hidden = false;
  const offline = params.get("offline");
  if (!offline) showLinks(params.get("table"));
  const page = offline
    ? new TablePage("offline", 0, "")
    : new TablePage(params.get("table"), Number(params.get("seat")), params.get("token") || "");
  if (offline) page.offline = params;
  window.bietenPage = page; // for debugging in the console
  $("[data-testid=toast-close]").addEventListener("click", () => page.hideNotice());
  if (GAMES.error) setStatus(`Cannot reach the server: ${GAMES.error.message}`, "error");
  else page.connect();
}

document.title = titles() || document.title;
$(".brand").textContent = titles() || $(".brand").textContent;
const params = seatParams();
if (params.get("offline")) openTable(params);
else if (params.get("table") && !params.has("seat")) showSeatless(params.get("table"));
else if (params.get("table")) openTable(params);
else showLobby();
window.addEventListener("popstate", () => location.reload());
window.addEventListener("hashchange", () => location.reload()); // another seat link pasted over this one
