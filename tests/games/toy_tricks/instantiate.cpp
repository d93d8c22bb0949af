// The core's templates over this game, instantiated once here (core/vector_env_impl.hpp).
#include "core/vector_env_impl.hpp"
#include "games/toy_tricks/descriptor.hpp"

template struct bieten::vec::GameTraits<bieten::toy_tricks::Descriptor>;
template class bieten::vec::VectorEnv<bieten::vec::GameTraits<bieten::toy_tricks::Descriptor>>;
