// bieten.Card and bieten.CardSet (RULES R1): thin value types over a card id and a uint64 mask.
#include <pybind11/operators.h>
#include <pybind11/stl.h>

#include <string>

#include "games/bieten/cards.hpp"
#include "core/errors.hpp"
#include "bindings.hpp"
#include "py_input.hpp"

namespace py = pybind11;

namespace bieten::py_bindings {

namespace {

struct PyCard {
  Card id;
};

struct PyCardSet {
  CardSet mask;
};

// Checked as a Python integer, so that ids of any size are refused, not wrapped or overflowed.
Card card_from_id(const py::int_& id) {
  if (id < py::int_(0) || id >= py::int_(kDeckSize)) {
    throw CardError("R1.4: card id must be 0 to 32, not " + std::string(py::str(id)));
  }
  return id.cast<Card>();
}

CardSet mask_from_int(const py::int_& value) {
  // Checked in Python integers so that negative or huge values are refused, not wrapped.
  if (value < py::int_(0) || value > py::int_(kFullDeck)) {
    throw CardError("R1.4: a card set mask must be 0 to 2**33 - 1, not " + std::string(py::str(value)));
  }
  return value.cast<CardSet>();
}

// A card from a Card, its text or its id.
Card to_card(const py::handle& h) {
  if (py::isinstance<PyCard>(h)) return h.cast<PyCard>().id;
  if (py::isinstance<py::str>(h)) return parse_card(utf8_text(h));
  if (is_integer(h)) return card_from_id(index_of<CardError>(h, "R1.4: a card id"));  // NumPy integers too
  throw CardError("R1.5: expected a Card, card text or card id, not " + std::string(py::repr(h)));
}

CardSet to_mask(const py::handle& h) {
  if (py::isinstance<PyCardSet>(h)) return h.cast<PyCardSet>().mask;
  if (py::isinstance<py::str>(h)) return parse_cards(utf8_text(h));
  if (py::isinstance<py::int_>(h) && !py::isinstance<py::bool_>(h)) return mask_from_int(h.cast<py::int_>());
  if (!py::hasattr(h, "__iter__")) {
    throw CardError("R1.4: expected cards (a CardSet, card texts, ids or a mask), not " + std::string(py::repr(h)));
  }
  CardSet mask = 0;
  py::iterator items;
  try {
    items = py::iter(h);
  } catch (const py::error_already_set&) {  // e.g. a 0-d NumPy array
    throw CardError("R1.4: expected cards (a CardSet, card texts, ids or a mask), not " + std::string(py::repr(h)));
  }
  for (const py::handle item : items) mask |= bit(to_card(item));
  return mask;
}

py::list cards_of(CardSet mask) {
  py::list out;
  for (; mask; mask &= mask - 1) out.append(PyCard{lowest(mask)});
  return out;
}

}  // namespace

void register_cards(py::module_& m) {
  py::class_<PyCard>(m, "Card", R"doc(A card (R1): from its text (R1.5, case-insensitive; W or Weli for S6) or id (R1.4).

>>> from bieten import Card
>>> card = Card("h10")
>>> card, str(card), card.id, card.suit, card.rank
(Card('H10'), 'H10', 4, 'H', '10')
>>> Card("Weli") == Card.from_id(32)
True
>>> Card("X9")
Traceback (most recent call last):
...
bieten._core.CardError: R1.5: 'X9' is not a card (suit H, L, S or E, then A, K, O, U, 10, 9, 8 or 7; or S6/W/Weli)
)doc")
      .def(py::init([](const py::object& value) { return PyCard{to_card(value)}; }), py::arg("card"))
      .def_static("from_id", [](const py::object& id) {
        if (!py::isinstance<py::int_>(id) || py::isinstance<py::bool_>(id))
          throw CardError("R1.4: a card id is an int 0 to 32, not " + std::string(py::repr(id)));
        return PyCard{card_from_id(id.cast<py::int_>())};
      }, py::arg("id"))
      .def_property_readonly("id", [](const PyCard& c) { return static_cast<int>(c.id); })
      .def_property_readonly("suit", [](const PyCard& c) { return std::string(1, "HLSE"[suit_of(c.id)]); })
      .def_property_readonly("rank", [](const PyCard& c) { return c.id == kWeli ? std::string("6") : card_text(c.id).substr(1); })
      .def_property_readonly("suit_index", [](const PyCard& c) { return suit_of(c.id); })
      .def_property_readonly("rank_index", [](const PyCard& c) { return rank_of(c.id); })
      .def_property_readonly("is_weli", [](const PyCard& c) { return c.id == kWeli; })
      .def("__str__", [](const PyCard& c) { return card_text(c.id); })
      .def("__repr__", [](const PyCard& c) { return "Card('" + card_text(c.id) + "')"; })
      .def("__int__", [](const PyCard& c) { return static_cast<int>(c.id); })
      .def("__index__", [](const PyCard& c) { return static_cast<int>(c.id); })
      .def("__hash__", [](const PyCard& c) { return static_cast<int>(c.id); })
      .def("__eq__", [](const PyCard& a, const py::object& b) {
        return py::isinstance<PyCard>(b) && b.cast<PyCard>().id == a.id;
      })
      .def("__lt__", [](const PyCard& a, const PyCard& b) { return a.id < b.id; })
      .def("__le__", [](const PyCard& a, const PyCard& b) { return a.id <= b.id; })
      .def("__gt__", [](const PyCard& a, const PyCard& b) { return a.id > b.id; })
      .def("__ge__", [](const PyCard& a, const PyCard& b) { return a.id >= b.id; })
      .def(py::pickle([](const PyCard& c) { return static_cast<int>(c.id); },
                      [](int id) { return PyCard{card_from_id(id)}; }));

  py::class_<PyCardSet>(m, "CardSet", R"doc(An immutable set of cards: a uint64 bitmask with bit id set per card (R1.4).

Made from card texts, Cards, ids or a mask; set operators take any of those too. Iteration and
text follow the canonical deck order, ascending id: Hearts, Leaves, Bells, Acorns, each suit from
its Sow (A) down to the 7, then the Weli.

>>> from bieten import CardSet
>>> hand = CardSet("E7 HA LK")
>>> hand, len(hand), "HA" in hand, int(hand)
(CardSet('HA LK E7'), 3, True, 2147484161)
>>> [str(c) for c in hand | "S6"]
['HA', 'LK', 'E7', 'S6']
>>> hand - CardSet.suit("H"), hand <= CardSet.deck()
(CardSet('LK E7'), True)
)doc")
      .def(py::init([]() { return PyCardSet{0}; }))
      .def(py::init([](const py::object& cards) { return PyCardSet{to_mask(cards)}; }), py::arg("cards"))
      .def_static("from_mask", [](const py::object& mask) {
        if (!py::isinstance<py::int_>(mask) || py::isinstance<py::bool_>(mask))
          throw CardError("R1.4: a card set mask is an int 0 to 2**33 - 1, not " + std::string(py::repr(mask)));
        return PyCardSet{mask_from_int(mask.cast<py::int_>())};
      }, py::arg("mask"))
      .def_static("deck", []() { return PyCardSet{kFullDeck}; })
      .def_static("suit", [](const py::object& letter_obj) {
        if (!py::isinstance<py::str>(letter_obj)) throw CardError("R1.1: a suit is a letter H, L, S or E");
        const std::string letter = utf8_text(letter_obj);
        Card probe = 0;
        if (!try_parse_card(letter + "A", probe)) throw CardError("R1.1: '" + letter + "' is not a suit (H, L, S, E)");
        CardSet s = suit_cards(suit_of(probe));
        if (suit_of(probe) == kBells) s |= bit(kWeli);  // R1.3 the Weli is a Bells card
        return PyCardSet{s};
      }, py::arg("letter"))
      .def_property_readonly("mask", [](const PyCardSet& s) { return s.mask; })
      .def("__int__", [](const PyCardSet& s) { return s.mask; })
      .def("__index__", [](const PyCardSet& s) { return s.mask; })
      .def("__len__", [](const PyCardSet& s) { return count(s.mask); })
      .def("__bool__", [](const PyCardSet& s) { return s.mask != 0; })
      .def("__contains__", [](const PyCardSet& s, const py::handle& card) {
        Card c = 0;
        if (py::isinstance<PyCard>(card)) c = card.cast<PyCard>().id;
        else if (py::isinstance<py::str>(card)) { if (!try_parse_card(utf8_text(card), c)) return false; }
        else if (py::isinstance<py::int_>(card) && !py::isinstance<py::bool_>(card)) {
          const py::int_ id = card.cast<py::int_>();
          if (id < py::int_(0) || id >= py::int_(kDeckSize)) return false;
          c = id.cast<Card>();
        } else return false;
        return (s.mask & bit(c)) != 0;
      })
      .def("__iter__", [](const PyCardSet& s) { return py::iter(cards_of(s.mask)); })
      .def("cards", [](const PyCardSet& s) { return cards_of(s.mask); })
      .def("__str__", [](const PyCardSet& s) { return cards_text(s.mask); })
      .def("__repr__", [](const PyCardSet& s) { return "CardSet('" + cards_text(s.mask) + "')"; })
      .def("__hash__", [](const PyCardSet& s) { return py::hash(py::int_(s.mask)); })
      .def("__eq__", [](const PyCardSet& a, const py::object& b) {
        return py::isinstance<PyCardSet>(b) && b.cast<PyCardSet>().mask == a.mask;
      })
      .def("__or__", [](const PyCardSet& a, const py::object& b) { return PyCardSet{a.mask | to_mask(b)}; })
      .def("__ror__", [](const PyCardSet& a, const py::object& b) { return PyCardSet{a.mask | to_mask(b)}; })
      .def("__and__", [](const PyCardSet& a, const py::object& b) { return PyCardSet{a.mask & to_mask(b)}; })
      .def("__rand__", [](const PyCardSet& a, const py::object& b) { return PyCardSet{a.mask & to_mask(b)}; })
      .def("__xor__", [](const PyCardSet& a, const py::object& b) { return PyCardSet{a.mask ^ to_mask(b)}; })
      .def("__rxor__", [](const PyCardSet& a, const py::object& b) { return PyCardSet{a.mask ^ to_mask(b)}; })
      .def("__sub__", [](const PyCardSet& a, const py::object& b) { return PyCardSet{a.mask & ~to_mask(b)}; })
      .def("__rsub__", [](const PyCardSet& a, const py::object& b) { return PyCardSet{to_mask(b) & ~a.mask}; })
      .def("__invert__", [](const PyCardSet& a) { return PyCardSet{kFullDeck & ~a.mask}; })
      .def("__le__", [](const PyCardSet& a, const py::object& other) { const CardSet b = to_mask(other); return (a.mask & ~b) == 0; })
      .def("__ge__", [](const PyCardSet& a, const py::object& other) { const CardSet b = to_mask(other); return (b & ~a.mask) == 0; })
      .def("__lt__", [](const PyCardSet& a, const py::object& other) { const CardSet b = to_mask(other); return a.mask != b && (a.mask & ~b) == 0; })
      .def("__gt__", [](const PyCardSet& a, const py::object& other) { const CardSet b = to_mask(other); return a.mask != b && (b & ~a.mask) == 0; })
      .def("isdisjoint", [](const PyCardSet& a, const py::object& b) { return (a.mask & to_mask(b)) == 0; })
      .def(py::pickle([](const PyCardSet& s) { return s.mask; },
                      [](CardSet mask) { return PyCardSet{mask & kFullDeck}; }));
}

}  // namespace bieten::py_bindings
