// What one seat knows of its table, built from its event stream (docs/events.md for Bieten,
// docs/schnapsen_events.md for Schnapsen), and a human-readable log line for each event.
// A log line is a list of parts: strings, {card: "HK"} or {suit: "H"}; the page renders them
// with textContent, never as HTML.

const FIGURES = { red: "Red", green: "Green", gleich: "Gleich", hanger: "Hanger", spiel: "Spiel", weli: "Weli" };
const OUTCOMES = {
  conceded: "conceded, 1 point",
  stands: "stands, 2 points",
  raise_conceded: "raise conceded, 2 points",
  stands_three: "stands at three, 3 points",
};
// credit_void (docs/events.md): why nobody receives a credit, with the rule.
const VOIDS = {
  tie: "the best are tied — void (R6.5)",
  unheld: "nobody has it — void (R7.7)",
  game_over: "the game is already won — void (R8.2)",
};
const ENDS = {
  claim: "a correct claim",
  wrong_claim: "a wrong claim",
  last_trick: "the last trick",
  close_failed: "a failed close",
  contract_won: "the contract won",
  contract_lost: "the contract lost",
};

// "1 point", "2 points": a count with its noun in the number it needs.
export function count(n, noun) {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

export class TableModel {
  constructor({ family, players, you, seats, rules }) {
    this.family = family;
    this.players = players;
    this.you = you;
    this.seats = seats || [];
    this.rules = rules || {};
    this.next = 0; // seq of the next event not yet seen
    this.over = null; // the game_over event
    this.newHand();
  }

  newHand() {
    const n = this.players;
    this.hand = []; // my cards (null: a card of mine I may not see yet)
    this.counts = Array(n).fill(0);
    this.taken = Array(n).fill(0); // tricks (Bieten) or card points (Schnapsen) this deal
    this.trick = []; // [{seat, card, as}]
    this.trickWinner = null;
    this.dealer = null;
    this.forehand = null;
    this.bids = []; // Bieten: [{figure, bidder, answers: [[seat, answer]], settled}]
    this.topCard = null;
    this.trump = null;
    this.trumpCard = null;
    this.stock = 0;
    this.closed = false;
    this.contract = null; // Schnapsen: {contract, declarer, trump}
    this.called = null;
    this.partner = null;
    this.doubles = [];
    this.words = []; // Schnapsen bidding words [{seat, bid}]
    this.melds = [];
  }

  name(seat) {
    if (seat === null || seat === undefined) return "nobody";
    return seat === this.you ? "You" : `Seat ${seat}`;
  }

  names(seats) {
    return seats.map((s) => this.name(s)).join(" & ");
  }

  // "Seat 2 deals" / "You deal" / "Seat 1 & Seat 3 score": the verb agrees with who does it.
  does(seats, verb, plural) {
    const list = Array.isArray(seats) ? seats : [seats];
    const one = list.length === 1 && list[0] !== this.you;
    return `${this.names(list)} ${one ? verb : plural}`;
  }

  removeFromHand(seat, card) {
    this.counts[seat] = Math.max(0, this.counts[seat] - 1);
    if (seat !== this.you) return;
    let i = this.hand.indexOf(card);
    if (i < 0) i = this.hand.indexOf(null);
    if (i >= 0) this.hand.splice(i, 1);
  }

  addToHand(seat, cards) {
    this.counts[seat] += cards.length;
    if (seat === this.you) this.hand.push(...cards);
  }

  /** Takes in one event; returns its log line (a list of parts) or null. */
  apply(e) {
    this.next = e.seq + 1;
    const line = this.family === "bieten" ? this.bieten(e) : this.schnapsen(e);
    return line;
  }

  // -- both families ------------------------------------------------------------------------------
  played(e) {
    if (this.trickWinner !== null) {
      this.trick = [];
      this.trickWinner = null;
    }
    this.trick.push({ seat: e.seat, card: e.card, as: e.as || null });
    this.removeFromHand(e.seat, e.card);
    const line = [`${this.name(e.seat)} played `, { card: e.card }];
    if (e.as) line.push(" as ", { card: e.as });
    return line;
  }

  gameOver(e, winners) {
    this.over = e;
    return [`Game over: ${this.does(winners, "wins", "win")}. Final scores ${e.scores.join(" – ")}.`];
  }

  // -- Bieten -------------------------------------------------------------------------------------
  bieten(e) {
    const figure = (f) => FIGURES[f] || f;
    switch (e.type) {
      case "card_seen":
        return e.seat === this.you
          ? ["You see ", { card: e.card }, " when cutting"]
          : [`${this.name(e.seat)} looks at a card when cutting`];
      case "card_stolen":
        return e.seat === this.you ? ["You steal ", { card: e.card }] : [`${this.name(e.seat)} steals the card`];
      case "card_left":
        return e.seat === this.you ? ["You leave ", { card: e.card }] : [`${this.name(e.seat)} leaves the card`];
      case "hand_dealt": {
        this.newHand();
        this.dealer = e.dealer;
        this.forehand = e.forehand;
        const size = (e.hands.find((h) => h) || []).length;
        this.counts = e.hands.map((h) => (h ? h.length : size));
        this.hand = [...(e.hands[this.you] || [])];
        return [`Hand ${e.hand + 1}: ${this.name(e.dealer)} dealt; ${this.does(e.forehand, "leads", "lead")}`];
      }
      case "top_card_shown":
        this.topCard = e.card;
        return ["Face-up card: ", { card: e.card }];
      case "card_played":
        return this.played(e);
      case "trick_won":
        this.trickWinner = e.seat;
        this.taken[e.seat] += 1;
        return [`${this.name(e.seat)} won trick ${e.trick + 1}`];
      case "bid_opened":
        this.bids.push({ figure: e.figure, bidder: e.seat, answers: [], settled: null });
        return [`${this.name(e.seat)} bid ${figure(e.figure)}`];
      case "answered": {
        const bid = this.bids[this.bids.length - 1];
        if (bid) bid.answers.push([e.seat, e.answer]);
        return [`${this.name(e.seat)}: ${e.answer} (${figure(e.figure)})`];
      }
      case "turn_passed":
        return [`${this.name(e.seat)} passed`];
      case "bid_settled": {
        const bid = this.bids[this.bids.length - 1];
        if (bid) bid.settled = e;
        const by = e.by === null ? "" : ` (${this.name(e.by)})`;
        return [`${figure(e.figure)}: ${OUTCOMES[e.outcome] || e.outcome}${by}`];
      }
      case "figure_credited":
        return [`${this.name(e.seat)} scored ${e.points} for ${figure(e.figure)} (${e.reason.replace("_", " ")})`];
      case "credit_void": {
        const credit = `${e.credit.replaceAll("_", " ")}, ${e.points}`;
        const what = e.figure === "weli" ? `Weli point (${e.points})` : `${figure(e.figure)} (${credit})`;
        const unheldWeli = e.figure === "weli" && e.reason === "unheld";
        const why = unheldWeli ? "nobody was dealt the Weli — void (R6.6)" : VOIDS[e.reason] || e.reason;
        const who = e.seat === null ? "" : `. ${this.name(e.seat)} would have had it`;
        return [`${what}: ${why}${who}`];
      }
      case "hand_scored":
        return [`Hand ${e.hand + 1} scored: +${e.points.join(" / +")} → ${e.scores.join(" – ")}`];
      case "game_over":
        return this.gameOver(e, [e.winner]);
      default:
        return [e.type];
    }
  }

  // -- Bauernschnapsen and Schnapsen --------------------------------------------------------------
  schnapsen(e) {
    switch (e.type) {
      case "deal_started":
        this.newHand();
        this.dealer = e.dealer;
        this.forehand = e.forehand;
        this.stock = 20;
        return [
          `Deal ${e.hand + 1}: ${this.does(e.dealer, "deals", "deal")}; ` +
            `${this.does(e.forehand, "is", "are")} forehand`,
        ];
      case "cut_chosen":
        return [`${this.name(e.seat)}: ${e.choice}`];
      case "cards_dealt":
        this.addToHand(e.seat, e.cards);
        this.stock -= e.cards.length;
        return null;
      case "trump_card_turned":
        this.trumpCard = e.card;
        this.trump = e.card[0];
        return ["Trump card: ", { card: e.card }];
      case "trump_chosen":
        this.trump = e.suit;
        return e.turned
          ? [`${this.name(e.seat)} turned `, { card: e.turned }, ": trump ", { suit: e.suit }]
          : [`${this.name(e.seat)} chose trump `, { suit: e.suit }];
      case "cards_revealed":
        if (e.seat === this.you) {
          for (const card of e.cards) {
            const i = this.hand.indexOf(null);
            if (i >= 0 && card) this.hand[i] = card;
          }
          return ["Your last two cards: ", { card: e.cards[0] }, " ", { card: e.cards[1] }];
        }
        return null;
      case "bid":
        this.words.push({ seat: e.seat, bid: e.bid });
        return [`${this.name(e.seat)}: ${e.bid}`];
      case "contract_settled":
        this.contract = e;
        if (e.trump) this.trump = e.trump;
        return this.players === 2 ? null : [`Contract: ${e.contract}, declared by ${this.name(e.declarer)}`];
      case "card_called":
        this.called = e.card;
        return [`${this.name(e.seat)} called `, { card: e.card }];
      case "doubled":
        this.doubles.push(e);
        return [`${this.name(e.seat)}: ${e.word}`];
      case "exchanged":
        if (e.seat === this.you && this.hand.includes(e.unter)) {
          this.hand.splice(this.hand.indexOf(e.unter), 1, e.taken);
        }
        this.trumpCard = e.unter;
        return [`${this.name(e.seat)} exchanged `, { card: e.unter }, " for ", { card: e.taken }];
      case "closed":
        this.closed = true;
        return [`${this.name(e.seat)} closed the stock`];
      case "melded":
        this.melds.push(e);
        return [`${this.name(e.seat)} melded `, { suit: e.suit }, ` (${e.points})`];
      case "marriage_credited":
        this.taken[e.seat] += e.points;
        return [`${e.points} for the marriage to ${this.names(e.side)}`];
      case "claimed":
        return [`${this.name(e.seat)} claimed 66: ${e.correct ? "correct" : "wrong"}, ${count(e.points, "point")}`];
      case "card_played":
        return this.played(e);
      case "partner_revealed":
        this.partner = e.seat;
        return [`${this.does(e.seat, "is", "are")} the partner`];
      case "trick_won":
        this.trickWinner = e.seat;
        this.taken[e.seat] += e.points;
        return [`${this.name(e.seat)} won trick ${e.trick + 1} (${count(e.points, "point")})`];
      case "card_drawn":
        this.addToHand(e.seat, [e.card]);
        this.stock = Math.max(0, this.stock - 1);
        if (e.face_up) this.trumpCard = null;
        return e.seat === this.you && e.card ? ["You drew ", { card: e.card }] : null;
      case "deal_scored": {
        const end = ENDS[e.end] || e.end;
        return [
          `Deal ${e.hand + 1}: ${this.does(e.side, "scores", "score")} ${e.points} by ${end} → ${e.scores.join(" – ")}`,
        ];
      }
      case "game_over":
        return this.gameOver(e, e.winners);
      default:
        return [e.type];
    }
  }
}

// -- what each action does -------------------------------------------------------------------------
// One short sentence per kind of action the page offers (R11, S11), in the page's words, with the
// rules it follows; the page shows it on hover (title) and under the buttons on a tap of "?", each
// rule a link to the server's /rules/<id> (docs/web.md). Keys are the action's first word, or
// "bid red", "play as": explainAction() finds an action's entry.
export const EXPLANATIONS = {
  bieten: {
    play: { text: "Play this card to the trick; follow the suit led if you can.", rules: ["R4.2"] },
    "play as": { text: "Play your wild card as the card named here; it then counts as that card.", rules: ["R5.2"] },
    "bid red": { text: "Bid Red: the highest Hearts card at the end of the hand scores it.", rules: ["R7.1", "R6.1"] },
    "bid green": { text: "Bid Green: the highest Leaves card at the end of the hand scores it.", rules: ["R7.1", "R6.1"] },
    "bid gleich": { text: "Bid Gleich: the best set of cards of one rank scores it.", rules: ["R7.1", "R6.2"] },
    "bid hanger": { text: "Bid Hanger: the best run of one suit in a row scores it.", rules: ["R7.1", "R6.3"] },
    "bid spiel": { text: "Bid Spiel: whoever wins the last trick scores it.", rules: ["R7.1", "R6.4"] },
    good: { text: "Give the bid up: if everyone does, it is conceded; otherwise the next player answers.", rules: ["R7.4", "R7.5"] },
    hold: { text: "Hold against the bid: it stands at 2 (at 3 after a raise) and the cards decide it.", rules: ["R7.4", "R7.5"] },
    three: { text: "Raise the bid to three: the others answer good or hold.", rules: ["R7.5", "R7.6"] },
    pass: { text: "End your turn without opening a bid, or decline to raise again.", rules: ["R7.1", "R7.6"] },
    steal: { text: "Take the card you saw at the cut into your hand, and see the next one.", rules: ["R3.7"] },
    leave: { text: "Leave the card you saw in the pack and stop stealing.", rules: ["R3.7"] },
  },
  schnapsen: {
    play: { text: "Play this card to the trick.", rules: ["S6.3", "S6.4"] },
    cut: { text: "Cut the pack before the deal.", rules: ["S3.3"] },
    knock: { text: "Knock: the pack is not cut, and the cards are dealt five at a time.", rules: ["S3.3"] },
    trump: { text: "Make this suit trump (a suit of your first three cards).", rules: ["S4.1"] },
    turn: { text: "Turn your fourth card face up: its suit is trump.", rules: ["S4.1"] },
    pass: { text: "Pass: no contract, no double, or no retour from you.", rules: ["S5.2", "S5.5"] },
    schnapser: { text: "Announce a Schnapser (6): your side has 66 points after at most three tricks.", rules: ["S5.1"] },
    gang: { text: "Announce a Gang (9), without trump: you alone win all five tricks.", rules: ["S5.1"] },
    bauernschnapser: { text: "Announce a Bauernschnapser (12): you alone win all five tricks, with trump.", rules: ["S5.1"] },
    kontraschnapser: { text: "Announce a Kontraschnapser (12) against forehand: 66 points after at most three tricks.", rules: ["S5.1"] },
    call: { text: "Call this card: whoever holds it is your partner.", rules: ["S5.4"] },
    spritze: { text: "Spritze: double the score of the deal against the declarer.", rules: ["S5.5"] },
    retour: { text: "Retour: double the score again, four times in all.", rules: ["S5.5"] },
    exchange: { text: "Take the trump card for your trump Unter.", rules: ["S6.5"] },
    close: { text: "Close the stock: nobody draws any more, and you must reach 66 with stricter play.", rules: ["S6.7", "S8.3"] },
    meld: { text: "Meld the King and Ober of this suit: 20 points, 40 in trump; then lead one of them.", rules: ["S6.6"] },
    claim: { text: "Claim 66: the deal ends now, and a wrong claim scores for the other side.", rules: ["S7.1", "S8.2"] },
  },
};

/** The key of an action text in EXPLANATIONS: "play as", "bid red", or its first word. */
export function actionKey(text) {
  const words = text.trim().toLowerCase().split(/\s+/);
  if (words[0] === "play" && words[2] === "as") return "play as";
  if (words[0] === "bid") return `bid ${words[1]}`;
  return words[0];
}

/** {key, text, rules} for an action the page offers, or null for one it cannot explain. */
export function explainAction(family, text) {
  const table = EXPLANATIONS[family === "bieten" ? "bieten" : "schnapsen"];
  const key = actionKey(text);
  const entry = Object.hasOwn(table, key) ? table[key] : null;
  return entry ? { key, ...entry } : null;
}
