// Bieten at a table of `bieten serve` (docs/web.md): how its events (docs/events.md) change what a
// seat knows, and what the table's info box shows. Served as /api/games/bieten/page.js; its wording
// is page.json's, beside this file (m.page). `m` is the page's TableModel (static/model.js).

/** What a new hand starts with, beside what every game tracks. */
export function reset(m) {
  m.bids = []; // [{figure, bidder, answers: [[seat, answer]], settled}]
  m.topCard = null;
}

/** Takes in one event; returns its log line (a list of parts) or null. */
export function apply(m, e) {
  const words = m.page;
  const figure = (f) => words.figures[f] || f;
  const who = m.name(e.seat);
  const card = { card: e.card };
  switch (e.type) {
    case "card_seen":
      return e.seat === m.you ? m.say("card_seen_you", { card }) : m.say("card_seen", { who });
    case "card_stolen":
      return e.seat === m.you ? m.say("card_stolen_you", { card }) : m.say("card_stolen", { who });
    case "card_left":
      return e.seat === m.you ? m.say("card_left_you", { card }) : m.say("card_left", { who });
    case "hand_dealt": {
      m.newHand();
      m.dealer = e.dealer;
      m.forehand = e.forehand;
      const size = (e.hands.find((h) => h) || []).length;
      m.counts = e.hands.map((h) => (h ? h.length : size));
      m.hand = [...(e.hands[m.you] || [])];
      return m.say("hand_dealt", { hand: e.hand + 1, dealer: m.name(e.dealer), forehand: e.forehand });
    }
    case "top_card_shown":
      m.topCard = e.card;
      return m.say("top_card_shown", { card });
    case "card_played":
      return m.played(e);
    case "trick_won":
      m.trickWinner = e.seat;
      m.taken[e.seat] += 1;
      return m.say("trick_won", { who, trick: e.trick + 1 });
    case "bid_opened":
      m.bids.push({ figure: e.figure, bidder: e.seat, answers: [], settled: null });
      return m.say("bid_opened", { who, figure: figure(e.figure) });
    case "answered": {
      const bid = m.bids[m.bids.length - 1];
      if (bid) bid.answers.push([e.seat, e.answer]);
      return m.say("answered", { who, answer: e.answer, figure: figure(e.figure) });
    }
    case "turn_passed":
      return m.say("turn_passed", { who });
    case "bid_settled": {
      const bid = m.bids[m.bids.length - 1];
      if (bid) bid.settled = e;
      const vars = { figure: figure(e.figure), outcome: words.settled_outcomes[e.outcome] || e.outcome };
      return e.by === null ? m.say("bid_settled", vars) : m.say("bid_settled_by", { ...vars, by: m.name(e.by) });
    }
    case "figure_credited":
      return m.say("figure_credited", {
        who, points: e.points, figure: figure(e.figure), reason: e.reason.replace("_", " "),
      });
    case "credit_void": {
      // the Weli point (R6.6) is a credit of its own, not a figure's
      const weli = e.figure === "weli";
      const why = weli && e.reason === "unheld" ? words.voids.unheld_weli : words.voids[e.reason] || e.reason;
      const vars = { figure: figure(e.figure), credit: e.credit.replaceAll("_", " "), points: e.points, why };
      const line = m.text(words.log[weli ? "credit_void_weli" : "credit_void"], vars);
      return e.seat === null ? [line] : m.say("would_have_had", { line, who });
    }
    case "hand_scored":
      return m.say("hand_scored", { hand: e.hand + 1, points: e.points.join(" / +"), scores: e.scores.join(" – ") });
    case "game_over":
      return m.gameOver(e, [e.winner]);
    default:
      return [e.type];
  }
}

/** The rows of the table's info box below "Game": the face-up card and the bids of this hand. */
export function info(m) {
  const labels = m.page.labels;
  const rows = [];
  if (m.topCard) rows.push({ label: labels.face_up, parts: [{ card: m.topCard }] });
  if (!m.bids.length) rows.push({ label: labels.bids, parts: [labels.no_bids] });
  m.bids.forEach((bid, i) => {
    let text = m.text(labels.bid, { figure: m.page.figures[bid.figure] || bid.figure, bidder: m.name(bid.bidder) });
    if (bid.settled) {
      const vars = {
        outcome: m.page.outcomes[bid.settled.outcome] || bid.settled.outcome,
        stake: bid.settled.stake,
        by: m.name(bid.settled.by),
      };
      text += m.text(bid.settled.by === null ? labels.settled : labels.settled_by, vars);
    } else {
      const answers = bid.answers.map(([seat, answer]) => m.text(labels.answer, { who: m.name(seat), answer }));
      text += answers.join(", ") || labels.open;
    }
    rows.push({ label: i === 0 ? labels.bids : "", parts: [text], testid: "bid" });
  });
  return rows;
}

/** A seat's badges beside "dealer": none in Bieten. */
export function badges() {
  return [];
}
