# Toy Tricks (rules.md, T1-T8), a game built only for the tests: its descriptor, sources and tests,
# relative to this folder, for the root CMakeLists.txt's loop over the registered games.
set(BIETEN_GAME_DESCRIPTOR bieten::toy_tricks::Descriptor)
set(BIETEN_GAME_SOURCES
  game.cpp
  agents.cpp
  record.cpp
  instantiate.cpp
)
set(BIETEN_GAME_PYTHON_SOURCES
  python/module.cpp
)
# Its own C++ tests (doctest): ctest's toy_tricks.
set(BIETEN_GAME_TESTS
  test_rules.cpp
)
