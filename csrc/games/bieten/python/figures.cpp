// Figure evaluation (RULES R6): one deal, and NumPy batches with the GIL released.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "games/bieten/figures.hpp"
#include "games/bieten/figures_batch.hpp"
#include "bindings.hpp"
#include "games/bieten/python/register.hpp"

namespace py = pybind11;

namespace bieten::py_bindings {

void register_figures(py::module_& m) {
  m.def(
      "evaluate",
      [](const std::vector<CardSet>& hands, const Rules& rules) {
        if (static_cast<int>(hands.size()) != rules.players) {
          throw HandError("R2.1: expected one hand per seat (" + std::to_string(rules.players) + "), got " +
                          std::to_string(hands.size()));
        }
        validate_hands(hands.data(), rules);
        const Winners w = evaluate_natural(hands.data(), rules);
        return std::vector<int>(w.begin(), w.end());
      },
      py::arg("hands"), py::arg("rules"),
      "Winners (seat or -1) of red, green, gleich, hanger, weli for complete natural hands.");
  m.def(
      "evaluate_batch",
      [](const py::array& masks_in, const Rules& rules, bool validate, const std::optional<std::string>& isa) {
        if (masks_in.ndim() != 2 || masks_in.shape(1) != rules.players) {
          std::string message = "R2.1: masks must have shape (deals, ";
          message += std::to_string(rules.players);
          message += "), not (";
          for (py::ssize_t i = 0; i < masks_in.ndim(); ++i) {
            if (i) message += ", ";
            message += std::to_string(masks_in.shape(i));
          }
          message += masks_in.ndim() == 1 ? ",)" : ")";
          throw HandError(message);
        }
        const char kind = masks_in.dtype().kind();
        if (kind != 'u' && kind != 'i') {
          throw HandError("R1.4: masks must be an integer array (uint64 card masks), not dtype " +
                          std::string(py::str(masks_in.dtype())));
        }
        BatchIsa path = best_batch_isa();
        if (isa) {
          const auto named = batch_isa_named(*isa);
          if (!named || !batch_isa_supported(*named)) {
            throw py::value_error("evaluate_batch: no path '" + *isa + "' on this CPU (it runs " +
                                  std::string(batch_isa_name(best_batch_isa())) + ")");
          }
          path = *named;
        }
        auto masks = py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast>::ensure(masks_in);
        const auto deals = static_cast<std::size_t>(masks.shape(0));
        py::array_t<std::int8_t> out({deals, static_cast<std::size_t>(kEvalColumns)});
        const std::uint64_t* in = masks.data();
        std::int8_t* dst = out.mutable_data();
        {
          py::gil_scoped_release release;
          evaluate_batch(in, deals, rules, dst, validate, path);
        }
        return out;
      },
      py::arg("masks"), py::arg("rules"), py::arg("validate") = true, py::arg("isa") = py::none(),
      "Winners for many deals: uint64 masks (deals, players) in, int8 (deals, 5) out, -1 = nobody. "
      "isa: 'avx512', 'avx2' or 'portable' (default: the widest this CPU runs).");
  m.def(
      "batch_isas",
      [] {
        std::vector<std::string> names;
        for (BatchIsa isa : {BatchIsa::kAvx512, BatchIsa::kAvx2, BatchIsa::kPortable}) {
          if (batch_isa_supported(isa)) names.emplace_back(batch_isa_name(isa));
        }
        return names;
      },
      "The paths of evaluate_batch this CPU runs, the one it uses first.");
}

}  // namespace bieten::py_bindings
