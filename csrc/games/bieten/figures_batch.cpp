#include "games/bieten/figures_batch.hpp"

#include <cstring>

#include "games/bieten/figures.hpp"

// GCC's vector extensions and target pragmas on x86-64: the same kernel is compiled for AVX2 and for
// AVX-512 and chosen at run time, so the build needs no -mavx flag and the wheel runs on every x86-64
// CPU. Other compilers and CPUs take the portable path.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define BIETEN_BATCH_X86 1
#include <immintrin.h>
#else
#define BIETEN_BATCH_X86 0
#endif

namespace bieten {

namespace detail {
// The portable path, one deal at a time (figures.cpp).
void evaluate_rows_portable(const CardSet* masks, std::size_t deals, const Rules& rules, std::int8_t* out);
}  // namespace detail

std::string_view batch_isa_name(BatchIsa isa) {
  switch (isa) {
    case BatchIsa::kAvx2: return "avx2";
    case BatchIsa::kAvx512: return "avx512";
    default: return "portable";
  }
}

std::optional<BatchIsa> batch_isa_named(std::string_view name) {
  for (BatchIsa isa : {BatchIsa::kPortable, BatchIsa::kAvx2, BatchIsa::kAvx512}) {
    if (batch_isa_name(isa) == name) return isa;
  }
  return std::nullopt;
}

bool batch_isa_supported(BatchIsa isa) {
#if BIETEN_BATCH_X86
  __builtin_cpu_init();  // idempotent; needed if called before the library's constructors ran
#endif
  switch (isa) {
    case BatchIsa::kPortable: return true;
#if BIETEN_BATCH_X86
    case BatchIsa::kAvx2: return __builtin_cpu_supports("avx2");
    case BatchIsa::kAvx512:
      return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
             __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw");
#endif
    default: return false;
  }
}

BatchIsa best_batch_isa() {
  if (batch_isa_supported(BatchIsa::kAvx512)) return BatchIsa::kAvx512;
  if (batch_isa_supported(BatchIsa::kAvx2)) return BatchIsa::kAvx2;
  return BatchIsa::kPortable;
}

#if BIETEN_BATCH_X86
// The kernel (figures_batch_kernel.inc) is compiled twice, for AVX2 (4 deals a register) and for
// AVX-512 (8), each under its instruction set's target options, and picked at run time.
namespace {

#pragma GCC push_options
#pragma GCC target("avx2")
namespace avx2 {
typedef long long V __attribute__((vector_size(32)));
inline constexpr int W = 4;
#include "games/bieten/figures_batch_kernel.inc"
}  // namespace avx2
#pragma GCC pop_options

#pragma GCC push_options
#pragma GCC target("avx512f,avx512dq,avx512vl,avx512bw")
namespace avx512 {
typedef long long V __attribute__((vector_size(64)));
inline constexpr int W = 8;
#include "games/bieten/figures_batch_kernel.inc"
}  // namespace avx512
#pragma GCC pop_options

}  // namespace
#endif

void evaluate_rows_with(BatchIsa isa, const CardSet* masks, std::size_t deals, const Rules& rules,
                        std::int8_t* out) {
  std::size_t done = 0;
#if BIETEN_BATCH_X86
  if (!batch_isa_supported(isa)) isa = BatchIsa::kPortable;  // never an instruction this CPU lacks
  if (isa == BatchIsa::kAvx512) done = avx512::evaluate_vector_rows(masks, deals, rules, out);
  if (isa == BatchIsa::kAvx2) done = avx2::evaluate_vector_rows(masks, deals, rules, out);
#else
  (void)isa;
#endif
  detail::evaluate_rows_portable(masks + done * rules.players, deals - done, rules, out + done * kEvalColumns);
}

}  // namespace bieten
