// The core's templates over this game, instantiated once here (core/vector_env_impl.hpp): every other
// file links to these.
#include "core/vector_env_impl.hpp"
#include "games/bieten/descriptor.hpp"

template struct bieten::vec::GameTraits<bieten::Descriptor>;
template class bieten::vec::VectorEnv<bieten::vec::GameTraits<bieten::Descriptor>>;
