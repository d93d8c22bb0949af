// Batch evaluation of natural deals (R6) with vector instructions chosen at run time.
//
// evaluate_batch judges many deals of complete natural hands; on x86-64 it runs W deals at once in
// the lanes of one vector register (AVX2: 4, AVX-512: 8), picked once per call from what the CPU
// runs, and the portable one-deal-at-a-time loop elsewhere and for the last deals of a batch. Every
// path gives the same winners on every deal (tests/cpp/test_figures.cpp compares them).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "games/bieten/cards.hpp"
#include "games/bieten/rules.hpp"

namespace bieten {

enum class BatchIsa : std::uint8_t { kPortable, kAvx2, kAvx512 };

std::string_view batch_isa_name(BatchIsa isa);

// The path named "portable", "avx2" or "avx512"; nullopt for any other name.
std::optional<BatchIsa> batch_isa_named(std::string_view name);

// The widest path this CPU runs (kPortable off x86-64).
BatchIsa best_batch_isa();

// Whether this CPU runs `isa`'s path.
bool batch_isa_supported(BatchIsa isa);

// evaluate_batch's work without the validation, on the path the caller picks (the portable one if
// this CPU does not run it): `deals` rows of rules.players masks in, deals x 5 winners out (kNobody = -1).
void evaluate_rows_with(BatchIsa isa, const CardSet* masks, std::size_t deals, const Rules& rules,
                        std::int8_t* out);

}  // namespace bieten
