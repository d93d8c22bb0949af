// The one main of the C++ test executables (doctest). It takes the suites' own options before
// doctest's: `--quick` plays fewer games, `--long` ten times more (see test_scale.hpp); everything
// else goes to doctest (e.g. `-tc="R3.6*"`, `-sf=*test_deal.cpp`, `-s`).
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstring>
#include <vector>

#include "test_scale.hpp"

namespace bieten_test {
Scale g_scale = Scale::kNormal;
}  // namespace bieten_test

int main(int argc, char** argv) {
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    if (i > 0 && std::strcmp(argv[i], "--quick") == 0) {
      bieten_test::g_scale = bieten_test::Scale::kQuick;
    } else if (i > 0 && std::strcmp(argv[i], "--long") == 0) {
      bieten_test::g_scale = bieten_test::Scale::kLong;
    } else {
      rest.push_back(argv[i]);
    }
  }
  doctest::Context context(static_cast<int>(rest.size()), rest.data());
  return context.run();
}
