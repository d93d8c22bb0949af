// Bauernschnapsen and Schnapsen at a table of `bieten serve` (docs/web.md): how their events
// (docs/schnapsen_events.md) change what a seat knows, what the table's info box shows and the seats'
// badges. Served as /api/games/schnapsen/page.js; its wording is page.json's, beside this file
// (m.page). `m` is the page's TableModel (static/model.js).

/** What a new deal starts with, beside what every game tracks. */
export function reset(m) {
  m.trump = null;
  m.trumpCard = null;
  m.stock = 0;
  m.closed = false;
  m.contract = null; // {contract, declarer, trump}
  m.called = null;
  m.partner = null;
  m.doubles = [];
  m.words = []; // the bidding's words [{seat, bid}]
  m.melds = [];
}

/** Takes in one event; returns its log line (a list of parts) or null. */
export function apply(m, e) {
  const who = m.name(e.seat);
  const card = { card: e.card };
  switch (e.type) {
    case "deal_started":
      m.newHand();
      m.dealer = e.dealer;
      m.forehand = e.forehand;
      m.stock = 20;
      return m.say("deal_started", { hand: e.hand + 1, dealer: e.dealer, forehand: e.forehand });
    case "cut_chosen":
      return m.say("cut_chosen", { who, choice: e.choice });
    case "cards_dealt":
      m.addToHand(e.seat, e.cards);
      m.stock -= e.cards.length;
      return null;
    case "trump_card_turned":
      m.trumpCard = e.card;
      m.trump = e.card[0];
      return m.say("trump_card_turned", { card });
    case "trump_chosen":
      m.trump = e.suit;
      return e.turned
        ? m.say("trump_turned", { who, card: { card: e.turned }, suit: { suit: e.suit } })
        : m.say("trump_chosen", { who, suit: { suit: e.suit } });
    case "cards_revealed":
      if (e.seat === m.you) {
        for (const shown of e.cards) {
          const i = m.hand.indexOf(null);
          if (i >= 0 && shown) m.hand[i] = shown;
        }
        return m.say("cards_revealed", { first: { card: e.cards[0] }, second: { card: e.cards[1] } });
      }
      return null;
    case "bid":
      m.words.push({ seat: e.seat, bid: e.bid });
      return m.say("bid", { who, bid: e.bid });
    case "contract_settled":
      m.contract = e;
      if (e.trump) m.trump = e.trump;
      return m.players === 2 ? null : m.say("contract_settled", { contract: e.contract, declarer: m.name(e.declarer) });
    case "card_called":
      m.called = e.card;
      return m.say("card_called", { who, card });
    case "doubled":
      m.doubles.push(e);
      return m.say("doubled", { who, word: e.word });
    case "exchanged":
      if (e.seat === m.you && m.hand.includes(e.unter)) {
        m.hand.splice(m.hand.indexOf(e.unter), 1, e.taken);
      }
      m.trumpCard = e.unter;
      return m.say("exchanged", { who, unter: { card: e.unter }, taken: { card: e.taken } });
    case "closed":
      m.closed = true;
      return m.say("closed", { who });
    case "melded":
      m.melds.push(e);
      return m.say("melded", { who, suit: { suit: e.suit }, points: e.points });
    case "marriage_credited":
      m.taken[e.seat] += e.points;
      return m.say("marriage_credited", { points: e.points, side: m.names(e.side) });
    case "claimed":
      return m.say(e.correct ? "claimed_correct" : "claimed_wrong", { who, points: e.points });
    case "card_played":
      return m.played(e);
    case "partner_revealed":
      m.partner = e.seat;
      return m.say("partner_revealed", { seat: e.seat });
    case "trick_won":
      m.trickWinner = e.seat;
      m.taken[e.seat] += e.points;
      return m.say("trick_won", { who, trick: e.trick + 1, points: e.points });
    case "card_drawn":
      m.addToHand(e.seat, [e.card]);
      m.stock = Math.max(0, m.stock - 1);
      if (e.face_up) m.trumpCard = null;
      return e.seat === m.you && e.card ? m.say("card_drawn_you", { card }) : null;
    case "deal_scored":
      return m.say("deal_scored", {
        hand: e.hand + 1,
        side: e.side,
        points: e.points,
        end: m.page.ends[e.end] || e.end,
        scores: e.scores.join(" – "),
      });
    case "game_over":
      return m.gameOver(e, e.winners);
    default:
      return [e.type];
  }
}

/** The rows of the table's info box below "Game": trump, the stock, the contract or the bidding, the
 * called card and the doubles. */
export function info(m) {
  const labels = m.page.labels;
  const rows = [];
  const word = (w) => m.text(labels.word, { who: m.name(w.seat), word: w.bid || w.word });
  if (m.trump) rows.push({ label: labels.trump, parts: [{ suit: m.trump }] });
  if (m.trumpCard && m.players === 2) rows.push({ label: labels.trump_card, parts: [{ card: m.trumpCard }] });
  if (m.players === 2) {
    const cards = m.counted(m.stock, labels.stock_cards);
    rows.push({ label: labels.stock, parts: [m.closed ? m.text(labels.stock_closed, { cards }) : cards] });
  }
  if (m.contract) {
    const { contract, declarer } = m.contract;
    const text = m.players > 2 ? m.text(labels.contract_by, { contract, declarer: m.name(declarer) }) : contract;
    rows.push({ label: labels.contract, parts: [text] });
  } else if (m.words.length) {
    rows.push({ label: labels.bidding, parts: [m.words.map(word).join(", ")] });
  }
  if (m.called) rows.push({ label: labels.called, parts: [{ card: m.called }] });
  if (m.doubles.length) rows.push({ label: labels.doubles, parts: [m.doubles.map(word).join(", ")] });
  return rows;
}

/** A seat's badges beside "dealer": the declarer, the partner, and the teams of fixed partners. */
export function badges(m, seat) {
  const labels = m.page.labels;
  const shown = [];
  if (m.contract && m.players > 2 && seat === m.contract.declarer) shown.push(labels.declarer);
  if (m.partner === seat) shown.push(labels.partner);
  if (m.players === 4 && m.rules.partners === "fixed") {
    shown.push(seat % 2 === m.you % 2 ? labels.your_team : labels.their_team);
  }
  return shown;
}
