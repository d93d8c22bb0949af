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
# What the Python package carries of it, in bieten/toy_tricks/: its rulebook (it has no Python package;
# python/bieten/_generic.py makes its classes from the registry).
set(BIETEN_GAME_PACKAGE_DATA
  rules.md
)
# Its own C++ tests (doctest): ctest's toy_tricks.
set(BIETEN_GAME_TESTS
  test_rules.cpp
)
