#include "games/bieten/record.hpp"

#include "games/bieten/actions.hpp"

namespace bieten {

void write_rules(json::Writer& w, const Rules& r) {
  w.begin_object();
  w.key("players").integer(r.players);
  w.key("hand_size").integer(r.hand_size);
  w.key("target").integer(r.target);
  w.key("wild").string(wild_name(r.wild));
  w.key("weli_point").boolean(r.weli_point);
  w.key("ties").string(ties_name(r.ties));
  w.key("overbid").string(overbid_name(r.overbid));
  w.key("cut_steal").boolean(r.cut_steal);
  w.key("show_top_card").boolean(r.show_top_card);
  w.key("reraise").boolean(r.reraise);
  w.end_object();
}

void write_card_or_null(json::Writer& w, Card c) {
  if (c == kNoCard) {
    w.null();
  } else {
    w.string(card_text(c));
  }
}

void write_cards(json::Writer& w, CardSet s) {
  w.begin_array();
  for (; s; s &= s - 1) w.string(card_text(lowest(s)));
  w.end_array();
}

std::string record_json(const Game& g) {
  const int players = g.rules().players;
  std::string out;
  json::Writer w(out);
  w.begin_object();
  w.key("format").string(kRecordFormat);
  w.key("version").integer(kRecordVersion);
  w.key("rules");
  write_rules(w, g.rules());
  w.key("seed").unsigned_integer(g.seed());
  w.key("dealer").integer(g.first_dealer());
  w.key("deal");
  if (g.given_deal()) {
    w.begin_array();
    for (int p = 0; p < players; ++p) write_cards(w, g.given_deal()->hands[p]);
    w.end_array();
  } else {
    w.null();
  }
  w.key("top_card");
  write_card_or_null(w, g.given_deal() ? g.given_deal()->top_card : kNoCard);
  w.key("actions").begin_array();
  for (const ActionId a : g.history()) w.string(canonical_action_text(a));
  w.end_array();
  w.key("hand_number").unsigned_integer(g.hand_number());
  w.key("scores").begin_array();
  for (int p = 0; p < players; ++p) w.integer(g.scores()[p]);
  w.end_array();
  w.key("hands").begin_array();
  for (int p = 0; p < players; ++p) write_cards(w, g.dealt()[p]);
  w.end_array();
  w.end_object();
  return out;
}

}  // namespace bieten
