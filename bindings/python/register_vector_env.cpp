// The batched environment (docs/vector_env.md) as bieten._core.<Prefix>VectorEnv for every registered
// game (csrc/games/registry.hpp; the prefix is the descriptor's kClassPrefix): the C++ loop of
// csrc/core/vector_env.hpp, its buffers shared with NumPy as read-only views (made once), step() run
// with the GIL released.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/policy.hpp"
#include "core/policy_blobs.hpp"
#include "core/vector_env.hpp"
#include "games/registry.hpp"
#include "bindings.hpp"

namespace py = pybind11;

namespace bieten::py_bindings {

namespace {

template <typename T>
struct PyVectorEnv {
  std::unique_ptr<vec::VectorEnv<T>> env;
  std::atomic<bool> busy{false};
};

// Refuses a second call while one runs in another Python thread (the GIL is released inside).
class BusyGuard {
 public:
  explicit BusyGuard(std::atomic<bool>& flag) : flag_(flag) {
    if (flag_.exchange(true)) throw Error("VectorEnv: reset() or step() is already running in another thread");
  }
  ~BusyGuard() { flag_ = false; }
  BusyGuard(const BusyGuard&) = delete;
  BusyGuard& operator=(const BusyGuard&) = delete;

 private:
  std::atomic<bool>& flag_;
};

template <typename V>
py::array view(py::handle owner, V* data, std::vector<py::ssize_t> shape) {
  py::array out(py::dtype::of<V>(), shape, data, owner);
  out.attr("flags").attr("writeable") = false;
  return out;
}

template <typename T>
void bind_vector_env(py::module_& m, const char* name, const char* doc) {
  using Env = PyVectorEnv<T>;
  py::class_<Env>(m, name, doc)
      .def(py::init([](const typename T::Rules& rules, int num_envs, std::uint64_t seed, int threads, bool observations,
                       const std::string& reward, const std::vector<std::string>& opponents, int learner_seat,
                       const std::string& observation_dtype) {
             vec::VectorEnvConfig config;
             config.num_envs = num_envs;
             config.seed = seed;
             config.threads = threads;
             config.observations = observations;
             if (reward == "points") {
               config.reward = vec::RewardMode::kPoints;
             } else if (reward == "win") {
               config.reward = vec::RewardMode::kWin;
             } else {
               throw Error("reward must be 'points' or 'win', not '" + reward + "'");
             }
             if (observation_dtype == "uint8") {
               config.compact = true;
             } else if (observation_dtype != "float32") {
               throw Error("observation_dtype must be 'float32' or 'uint8', not '" + observation_dtype + "'");
             }
             config.opponents = opponents;
             config.learner_seat = learner_seat;
             auto out = std::make_unique<Env>();
             out->env = std::make_unique<vec::VectorEnv<T>>(rules, config);
             return out;
           }),
           py::arg("rules"), py::arg("num_envs"), py::arg("seed"), py::arg("threads") = 1,
           py::arg("observations") = true, py::arg("reward") = "points",
           py::arg("opponents") = std::vector<std::string>{}, py::arg("learner_seat") = 0,
           py::arg("observation_dtype") = "float32")
      .def_property_readonly("num_envs", [](const Env& e) { return e.env->num_envs(); })
      .def_property_readonly("players", [](const Env& e) { return e.env->players(); })
      .def_property_readonly("observation_size", [](const Env& e) { return e.env->observation_size(); })
      .def_property_readonly("num_actions", [](const Env&) { return T::kNumActions; })
      .def_property_readonly("single_agent", [](const Env& e) { return e.env->single_agent(); })
      .def_property_readonly("started", [](const Env& e) { return e.env->started(); })
      .def_property_readonly("seed", [](const Env& e) { return e.env->config().seed; })
      .def_property_readonly("threads", [](const Env& e) { return e.env->config().threads; })
      .def("buffers", [](py::object self) {
        auto& v = *self.cast<Env&>().env;
        const py::ssize_t n = v.num_envs(), p = v.players(), o = v.observation_size(), a = T::kNumActions;
        py::dict out;
        const bool compact = v.config().compact;
        out["observations"] = compact ? view(self, v.observations_u8(), {n, o}) : view(self, v.observations(), {n, o});
        out["masks"] = view(self, v.masks(), {n, a});
        out["seats"] = view(self, v.seats(), {n});
        out["rewards"] = view(self, v.rewards(), {n, p});
        out["terminated"] = view(self, v.terminated(), {n});
        out["final_observations"] =
            compact ? view(self, v.final_observations_u8(), {n, o}) : view(self, v.final_observations(), {n, o});
        out["observation_divisors"] = view(self, v.observation_divisors(), {static_cast<py::ssize_t>(T::kObservationSize)});
        out["final_seats"] = view(self, v.final_seats(), {n});
        out["final_scores"] = view(self, v.final_scores(), {n, p});
        out["final_winners"] = view(self, v.final_winners(), {n, p});
        out["learner_seats"] = view(self, v.learner_seats(), {n});
        out["learner_rewards"] = view(self, v.learner_rewards(), {n});
        out["episodes"] = view(self, v.episodes(), {n});
        out["game_seeds"] = view(self, v.game_seeds(), {n});
        return out;
      }, "Read-only NumPy views of the buffers that reset() and step() write (the same arrays every call).")
      .def("reset", [](Env& e, std::optional<std::uint64_t> seed) {
        BusyGuard guard(e.busy);
        py::gil_scoped_release release;
        e.env->reset(seed ? &*seed : nullptr);
      }, py::arg("seed") = py::none())
      .def("step", [](Env& e, const py::array& actions) {
        const char kind = actions.dtype().kind();
        if (kind != 'i' && kind != 'u') {
          throw Error("actions must be an integer array, not dtype " + std::string(py::str(actions.dtype())));
        }
        if (actions.ndim() != 1 || actions.shape(0) != e.env->num_envs()) {
          const std::string shape = py::str(actions.attr("shape"));
          throw Error("actions must have shape (" + std::to_string(e.env->num_envs()) + ",), not " + shape);
        }
        // No copy for a C-contiguous int64 array; one conversion otherwise.
        auto ids = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(actions);
        if (!ids) throw py::error_already_set();
        BusyGuard guard(e.busy);
        py::gil_scoped_release release;
        e.env->step(ids.data());
      }, py::arg("actions"))
      .def_static("game_seed", [](std::uint64_t seed, std::uint64_t env, std::uint64_t episode) {
        return vec::game_seed(seed, env, episode);
      }, py::arg("seed"), py::arg("env"), py::arg("episode"),
         "The game seed of episode `episode` of env `env` of a VectorEnv with seed `seed`.");
}

// The learned policy's forward pass (core/policy.hpp) over a blob given as bytes, for tests and for
// checking an exported network against the trainer's: the game's tag and sizes.
struct PolicyShape {
  std::uint32_t tag;
  int inputs, outputs;
};
PolicyShape policy_shape(const std::string& game) {
  PolicyShape shape{};
  const bool found = games::Registered::visit(game, [&]<typename D>() {
    shape = {D::kPolicyTag, kObservationSizeOf<typename D::Game>, D::Game::kNumActions};
  });
  if (!found) throw Error("policy: game must be " + games::registered_names() + ", not '" + game + "'");
  return shape;
}

void register_policy(py::module_& m) {
  m.def("policy_outputs", [](const py::bytes& blob, const std::string& game,
                              const py::array_t<float, py::array::c_style | py::array::forcecast>& observation) {
    const PolicyShape shape = policy_shape(game);
    const std::string_view bytes = blob;
    const PolicyNet net = load_policy(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size(), shape.tag,
                                      shape.inputs, shape.outputs, "given");
    if (observation.ndim() != 1 || observation.shape(0) != shape.inputs) {
      throw Error("policy: the observation must have shape (" + std::to_string(shape.inputs) + ",)");
    }
    PolicyWorkspace workspace;
    const float* y = policy_outputs(net, observation.data(), workspace);
    return py::array_t<float>(shape.outputs, y);
  }, py::arg("blob"), py::arg("game"), py::arg("observation"),
     "The outputs of the policy network `blob` (docs/agents.md, \"policy\") for one observation of `game`.");
  m.def("policy_blob", [](const std::string& name) {
    const PolicyBlob blob = embedded_policy(name);
    if (blob.size == 0) return py::bytes();
    return py::bytes(reinterpret_cast<const char*>(blob.data), blob.size);
  }, py::arg("name"), "The weights compiled into the engine for `name` (a registered game's policy); b'' if none.");
}

}  // namespace

void register_vector_env(py::module_& m) {
  register_policy(m);
  games::Registered::for_each([&]<typename D>() {
    // pybind11 keeps the name and doc pointers: each game's strings live as long as the module.
    static const std::string name = std::string(D::kClassPrefix) + "VectorEnv";
    static const std::string doc = "N " + std::string(D::kTitle) + " games stepped together in C++ (docs/vector_env.md).";
    bind_vector_env<vec::GameTraits<D>>(m, name.c_str(), doc.c_str());
  });
}

}  // namespace bieten::py_bindings
