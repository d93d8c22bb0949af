#include "bindings.hpp"

#include "core/errors.hpp"
#include "core/record.hpp"
#include "games/registry.hpp"

namespace py = pybind11;

namespace bieten::py_bindings {

void register_errors(py::module_& m) {
  // Registered base first: pybind11 tries the most recently registered translator first.
  auto& base = py::register_exception<Error>(m, "BietenError", PyExc_ValueError);
  py::register_exception<CardError>(m, "CardError", base);
  py::register_exception<RulesError>(m, "RulesError", base);
  py::register_exception<SeedError>(m, "SeedError", base);
  py::register_exception<SeatError>(m, "SeatError", base);
  py::register_exception<HandError>(m, "HandError", base);
  auto& record = py::register_exception<RecordError>(m, "GameRecordError", base);
  record.attr("__doc__") = "A game record (Game.from_json) that is malformed, tampered with or inconsistent.";
}

}  // namespace bieten::py_bindings

PYBIND11_MODULE(_core, m) {
  m.doc() = "The C++ core of bieten. Use the bieten package, not this module.";
  using namespace bieten::py_bindings;
  register_errors(m);
  register_registry(m);
  register_cards(m);
  register_agents(m);
  bieten::games::Registered::for_each([&]<typename D>() { D::register_python(m); });
  register_vector_env(m);
}
