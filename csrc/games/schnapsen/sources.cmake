# Bauernschnapsen and Schnapsen (docs/rules/schnapsen.md, S1-S12): its sources, relative to this folder,
# for the root CMakeLists.txt's loop over BIETEN_GAMES.
# BIETEN_GAME_SOURCES: the rules engine (the core library); BIETEN_GAME_PYTHON_SOURCES: its part of the
# pybind11 module bieten._core (python/module.cpp defines its descriptor's register_python);
# BIETEN_GAME_C_SOURCES: its own exports of the C ABI, beside the game-neutral ones.
# BIETEN_GAME_DESCRIPTOR: its descriptor (descriptor.hpp), for the registry's generated list.
set(BIETEN_GAME_DESCRIPTOR bieten::schnapsen::Descriptor)
set(BIETEN_GAME_SOURCES
  rules.cpp
  actions.cpp
  deal.cpp
  events.cpp
  game.cpp
  observation.cpp
  agents.cpp
  ismcts.cpp
  expert.cpp
  sampler.cpp
  solver.cpp
  simulate.cpp
  record.cpp
  instantiate.cpp
)
set(BIETEN_GAME_PYTHON_SOURCES
  python/module.cpp
  python/game.cpp
  python/simulate.cpp
)
set(BIETEN_GAME_C_SOURCES
  c_abi.cpp
)
# Its shipped policies (the descriptor's kPolicies), compiled in from <name>.bin of this folder of the repository.
set(BIETEN_GAME_POLICY_DIR python/bieten/schnapsen/policies)
set(BIETEN_GAME_POLICIES bauernschnapsen schnapsen)
