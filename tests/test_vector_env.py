"""bieten.VectorEnv (docs/vector_env.md): the batched C++ loop against the per-game Python API."""

from __future__ import annotations

import doctest
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import bieten
from bieten import _core, _vector, schnapsen

ROOT = Path(__file__).resolve().parents[1]
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

GAMES: list[tuple[str, Any]] = [
    ("bieten", bieten.Rules(players=3, target=5)),
    ("bieten", bieten.Rules.preset("spitzbieten", players=4, cut_steal=True, target=4)),
    ("schnapsen", schnapsen.Rules.preset("schnapsen", target=3)),
    ("schnapsen", schnapsen.Rules.preset("bauernschnapsen_called", target=3)),
]
IDS = ["bieten3", "spitzbieten4", "schnapsen2", "bauern_called"]


def random_actions(masks: npt.NDArray[np.bool_], rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """A uniformly random legal id per row."""
    noise = rng.random(masks.shape)
    return np.asarray(np.argmax(np.where(masks, noise, -1.0), axis=1), dtype=np.int64)


def new_game(env: bieten.VectorEnv, seed: int) -> Any:
    if env.game == "bieten":
        return bieten.Game(env.rules, seed, record=False)  # type: ignore[arg-type]
    return schnapsen.Game(env.rules, seed, record=False)  # type: ignore[arg-type]


def winners_of(game: Any, players: int) -> list[bool]:
    if hasattr(game, "winners"):
        return [p in game.winners for p in range(players)]
    return [p == game.winner for p in range(players)]


@pytest.mark.parametrize(("game", "rules"), GAMES, ids=IDS)
def test_shapes_and_dtypes(game: str, rules: Any) -> None:
    env = bieten.VectorEnv(game, rules, num_envs=5, seed=3)
    obs, masks, seats = env.reset()
    size = bieten.OBSERVATION_SIZE if game == "bieten" else schnapsen.OBSERVATION_SIZE
    actions = bieten.NUM_ACTIONS if game == "bieten" else schnapsen.NUM_ACTIONS
    assert obs.shape == (5, size) and obs.dtype == np.float32
    assert masks.shape == (5, actions) and masks.dtype == np.bool_
    assert seats.shape == (5,) and seats.dtype == np.int32
    obs2, masks2, seats2, rewards, terminated = env.step(random_actions(masks, np.random.default_rng(0)))
    assert obs2 is obs and masks2 is masks and seats2 is seats  # views of the same buffers
    assert rewards.shape == (5, rules.players) and rewards.dtype == np.float32
    assert terminated.shape == (5,) and terminated.dtype == np.bool_
    assert not obs.flags.writeable
    copied = bieten.VectorEnv(game, rules, num_envs=5, seed=3, copy=True)
    first = copied.reset()[0]
    assert first is not copied.reset()[0] and first.flags.writeable


@pytest.mark.parametrize(("game", "rules"), GAMES, ids=IDS)
def test_every_step_matches_the_python_games(game: str, rules: Any) -> None:
    """Masks, observations, seats, rewards, final observations and auto-resets equal those of Python
    Games made from the envs' game seeds and given the same actions."""
    n = 6
    env = bieten.VectorEnv(game, rules, num_envs=n, seed=11)
    obs, masks, seats = env.reset()
    games = [new_game(env, int(env.game_seeds[i])) for i in range(n)]
    for i in range(n):
        assert int(env.game_seeds[i]) == bieten.VectorEnv.game_seed(11, i, 0)
    rng = np.random.default_rng(5)
    totals = np.zeros((n, rules.players))
    finished = 0
    for _ in range(400):
        for i, g in enumerate(games):
            assert seats[i] == g.current_player
            assert np.array_equal(masks[i], g.legal_action_mask())
            assert np.array_equal(obs[i], g.observation(g.current_player))
        actions = random_actions(masks, rng)
        before = [list(g.scores) for g in games]
        obs, masks, seats, rewards, terminated = env.step(actions)
        for i, g in enumerate(games):
            actor = g.current_player
            g.apply_id(int(actions[i]))
            gained = [a - b for a, b in zip(g.scores, before[i], strict=True)]
            assert rewards[i].tolist() == gained
            assert env.learner_rewards[i] == gained[actor]
            totals[i] += rewards[i]
            assert bool(terminated[i]) == g.is_over
            if g.is_over:
                finished += 1
                assert env.final_seats[i] == actor
                assert np.array_equal(env.final_observations[i], g.observation(actor))
                assert env.final_scores[i].tolist() == list(g.scores)
                assert totals[i].tolist() == list(g.scores)  # rewards sum to the final scores
                assert env.final_winners[i].tolist() == winners_of(g, rules.players)
                totals[i] = 0
                episode = int(env.episodes[i])
                assert int(env.game_seeds[i]) == bieten.VectorEnv.game_seed(11, i, episode)
                games[i] = new_game(env, int(env.game_seeds[i]))
    assert finished >= 1


@pytest.mark.parametrize(("game", "rules"), GAMES, ids=IDS)
def test_uint8_observations_are_the_float_rows_times_their_divisors(game: str, rules: Any) -> None:
    """The compact form (docs/observation.md, docs/schnapsen.md): every 0/1 value as a byte, every
    fraction as its numerator; float row == uint8 row / observation_divisors, exactly, at every step
    and in final_observations, with the single-agent view's opponents too."""
    kwargs: dict[str, Any] = {"num_envs": 16, "seed": 5, "opponents": "random", "learner_seat": "rotate"}
    floats = bieten.VectorEnv(game, rules, **kwargs)
    compact = bieten.VectorEnv(game, rules, observation_dtype="uint8", **kwargs)
    divisors = compact.observation_divisors
    target = float(rules.target)
    fractions = sorted(set(divisors[divisors != 1].tolist()))
    assert fractions == ([target] if game == "bieten" else sorted({5.0, 10.0, 120.0, target}))
    obs, masks, _ = floats.reset()
    small, small_masks, _ = compact.reset()
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(150):
        assert small.dtype == np.uint8 and small.shape == obs.shape
        assert np.array_equal(small.astype(np.float32) / divisors, obs)
        assert np.array_equal(small_masks, masks)
        actions = random_actions(masks, rng)
        obs, masks, _, _, done = floats.step(actions)
        small, small_masks, *_ = compact.step(actions)
        ended += int(done.sum())
        final = compact.final_observations[done].astype(np.float32) / divisors
        assert np.array_equal(final, floats.final_observations[done])
    assert ended > 0
    with pytest.raises(
        bieten.BietenError, match="observation_dtype must be 'float32' or 'uint8', not 'int8'"
    ):
        bieten.VectorEnv(game, rules, observation_dtype="int8")  # type: ignore[arg-type]


@pytest.mark.parametrize(("game", "rules"), [GAMES[0], GAMES[2]], ids=[IDS[0], IDS[2]])
def test_an_illegal_action_names_the_env_and_rule_and_changes_nothing(game: str, rules: Any) -> None:
    env = bieten.VectorEnv(game, rules, num_envs=4, seed=2, threads=2)
    twin = bieten.VectorEnv(game, rules, num_envs=4, seed=2)
    _, masks, _ = env.reset()
    twin.reset()
    good = random_actions(masks, np.random.default_rng(0))
    bad = good.copy()
    bad[2] = int(np.argmin(masks[2]))  # an id that is not legal there
    bad[3] = int(np.argmin(masks[3]))
    before = [b.copy() for b in (env.observations, env.masks, env.seats, env.rewards)]
    rule = "R" if game == "bieten" else "S"
    with pytest.raises(bieten.IllegalActionError, match=rf"^env 2: {rule}\d"):
        env.step(bad)
    after = [env.observations, env.masks, env.seats, env.rewards]
    assert all(np.array_equal(a, b) for a, b in zip(before, after, strict=True))
    with pytest.raises(bieten.IllegalActionError, match=rf"env 1: {rule}11: action id 999 is not in 0\.\."):
        env.step(np.array([good[0], 999, good[2], good[3]]))
    with pytest.raises(bieten.IllegalActionError, match=r"env 0: .*action id -1 is not"):
        env.step(np.full(4, -1))
    # Nothing moved: the env goes on exactly as its twin that never saw the refused batches.
    env.step(good)
    twin.step(good)
    assert np.array_equal(env.observations, twin.observations)
    assert np.array_equal(env.masks, twin.masks)


def test_bad_arguments_raise_value_errors() -> None:
    rules = bieten.Rules(players=2)
    bad: list[dict[str, Any]] = [
        {"game": "chess"},
        {"game": "bieten", "rules": schnapsen.Rules()},
        {"game": "schnapsen", "rules": rules},
        {"game": "bauernschnapsen", "rules": schnapsen.Rules()},
        {"num_envs": 0},
        {"num_envs": 1.5},
        {"num_envs": True},
        {"threads": 0},
        {"seed": -1},
        {"seed": 2**64},
        {"reward": "money"},
        {"opponents": "alphazero"},
        {"opponents": "external"},
        {"opponents": ["random", "random"]},
        {"opponents": 3},
        {"opponents": "random", "learner_seat": 2},
        {"opponents": "random", "learner_seat": "left"},
        {"learner_seat": 1},
    ]
    for kwargs in bad:
        kwargs.setdefault("rules", rules if kwargs.get("game", "bieten") == "bieten" else None)
        with pytest.raises(ValueError):
            bieten.VectorEnv(**kwargs)
    env = bieten.VectorEnv("bieten", rules, num_envs=3)
    with pytest.raises(bieten.BietenError, match="reset"):
        env.step(np.zeros(3, dtype=np.int64))
    _, masks, _ = env.reset()
    with pytest.raises(bieten.BietenError, match=r"shape \(3,\)"):
        env.step(np.zeros(4, dtype=np.int64))
    with pytest.raises(bieten.BietenError, match="integer"):
        env.step(masks.argmax(axis=1).astype(np.float64))
    with pytest.raises(bieten.SeedError):
        env.reset(seed=-3)
    env.step(masks.argmax(axis=1).astype(np.uint8))  # any integer dtype


def test_reset_with_a_seed_restarts_the_episodes() -> None:
    env = bieten.VectorEnv("bieten", num_envs=3, seed=5)
    first = env.reset()[0].copy()
    env.reset()
    assert env.episodes.tolist() == [1, 1, 1]
    env.reset(seed=5)
    assert env.episodes.tolist() == [0, 0, 0] and np.array_equal(env.observations, first)
    assert env.seed == 5


def test_win_rewards_and_no_observations() -> None:
    rules = bieten.Rules(players=2, target=3)
    env = bieten.VectorEnv("bieten", rules, num_envs=8, seed=1, reward="win", observations=False)
    obs, masks, _ = env.reset()
    assert obs.shape == (8, 0) and env.final_observations.shape == (8, 0)
    rng = np.random.default_rng(2)
    ended = 0
    for _ in range(300):
        _, masks, _, rewards, terminated = env.step(random_actions(masks, rng))
        assert not rewards[~terminated].any()
        assert np.array_equal(rewards[terminated], env.final_winners[terminated].astype(np.float32))
        ended += int(terminated.sum())
    assert ended > 0


@pytest.mark.parametrize("learner_seat", [0, 2, "rotate"])
def test_opponents_present_a_single_agent_view(learner_seat: Any) -> None:
    """The learner is always to act; the opponents' moves replay with the core's agents seeded as
    docs/agents.md says."""
    rules = bieten.Rules(players=3, target=4)
    n = 5
    env = bieten.VectorEnv(
        "bieten", rules, num_envs=n, seed=8, opponents=["random", "heuristic"], learner_seat=learner_seat
    )
    obs, masks, seats = env.reset()

    def start(i: int) -> tuple[Any, dict[int, Any]]:
        seed = int(env.game_seeds[i])
        game = bieten.Game(rules, seed, record=False)
        learner = int(env.learner_seats[i])
        if learner_seat == "rotate":
            assert learner == (i + int(env.episodes[i])) % 3
        else:
            assert learner == learner_seat
        agents = {
            (learner + 1) % 3: _core.CoreAgent("random", _core.agent_state(seed, (learner + 1) % 3)),
            (learner + 2) % 3: _core.CoreAgent("heuristic", _core.agent_state(seed, (learner + 2) % 3)),
        }
        advance(game, agents, learner)
        return game, agents

    def advance(game: Any, agents: dict[int, Any], learner: int) -> None:
        while not game.is_over and game.current_player != learner:
            game.apply_id(agents[game.current_player].act(game))

    state = [start(i) for i in range(n)]
    rng = np.random.default_rng(3)
    ended = 0
    for _ in range(250):
        assert np.array_equal(seats, env.learner_seats)
        for i, (g, _) in enumerate(state):
            assert np.array_equal(masks[i], g.legal_action_mask())
            assert np.array_equal(obs[i], g.observation(int(seats[i])))
        actions = random_actions(masks, rng)
        learners = env.learner_seats.copy()
        before = [list(g.scores) for g, _ in state]
        obs, masks, seats, rewards, terminated = env.step(actions)
        for i, (g, agents) in enumerate(state):
            g.apply_id(int(actions[i]))
            advance(g, agents, int(learners[i]))
            gained = [a - b for a, b in zip(g.scores, before[i], strict=True)]
            assert rewards[i].tolist() == gained
            assert env.learner_rewards[i] == gained[learners[i]]
            assert bool(terminated[i]) == g.is_over
            if g.is_over:
                ended += 1
                assert env.final_seats[i] == learners[i]
                state[i] = start(i)
    assert ended > 0


@pytest.mark.parametrize(
    ("game", "rules", "name"),
    [
        ("bieten", bieten.Rules(players=2, target=3), "ismcts:24"),
        ("schnapsen", schnapsen.Rules.preset("schnapsen", target=2), "ismcts:24:rollout=random"),
    ],
    ids=["bieten", "schnapsen"],
)
def test_ismcts_opponents_replay_the_core_agent_and_repeat_for_any_thread_count(
    game: str, rules: Any, name: str
) -> None:
    """opponents="ismcts:N": the search plays the other seat inside step with the generator
    docs/agents.md gives that seat, so a CoreAgent of the same name replays every move; an
    iteration budget makes the run the same on any number of threads."""
    envs = [bieten.VectorEnv(game, rules, num_envs=6, seed=11, threads=t, opponents=name) for t in (1, 2)]
    obs, masks, seats = envs[0].reset()
    envs[1].reset()

    def start(i: int) -> tuple[Any, Any]:
        seed = int(envs[0].game_seeds[i])
        g = new_game(envs[0], seed)
        agent_class = _core.CoreAgent if game == "bieten" else _core.schnapsen.CoreAgent
        agent = agent_class(name, _core.agent_state(seed, 1))
        while not g.is_over and g.current_player != 0:
            g.apply_id(agent.act(g))
        return g, agent

    state = [start(i) for i in range(6)]
    rng = np.random.default_rng(5)
    ended = 0
    for _ in range(40):
        for i, (g, _) in enumerate(state):
            assert np.array_equal(masks[i], g.legal_action_mask())
            assert np.array_equal(obs[i], g.observation(0))
        actions = random_actions(masks, rng)
        obs, masks, seats, _, terminated = envs[0].step(actions)
        envs[1].step(actions)
        assert np.array_equal(obs, envs[1].observations) and np.array_equal(masks, envs[1].masks)
        assert (seats == 0).all()
        for i, (g, agent) in enumerate(state):
            g.apply_id(int(actions[i]))
            while not g.is_over and g.current_player != 0:
                g.apply_id(agent.act(g))
            assert bool(terminated[i]) == g.is_over
            if g.is_over:
                ended += 1
                state[i] = start(i)
    assert ended > 0


def test_a_wall_clock_search_is_refused_as_opponent() -> None:
    """A time budget gives different moves from run to run, and VectorEnv promises the same results
    for a seed on any thread count: iterations only."""
    with pytest.raises(bieten.BietenError, match=r"'ismcts:8ms' searches for a wall-clock time.*ismcts:400"):
        bieten.VectorEnv("bieten", bieten.Rules(players=2), num_envs=2, opponents="ismcts:8ms")
    with pytest.raises(bieten.BietenError, match=r"^opponents: bad agent 'ismcts:banana': the iterations"):
        bieten.VectorEnv("schnapsen", num_envs=2, opponents="ismcts:banana")


def test_gymnasium_vector_api() -> None:
    gymnasium = pytest.importorskip("gymnasium")
    from bieten.env.vector import GymVectorEnv

    envs = GymVectorEnv("bieten", bieten.Rules(players=2, target=3), num_envs=4, seed=1, opponents="random")
    assert isinstance(envs, gymnasium.vector.VectorEnv)
    assert envs.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.SAME_STEP
    obs, infos = envs.reset(seed=3)
    assert envs.observation_space.contains(obs)
    assert envs.action_space.shape == (4,)
    rng = np.random.default_rng(0)
    seen_final = False
    wrapped = gymnasium.wrappers.vector.RecordEpisodeStatistics(envs)
    obs, _ = wrapped.reset(seed=3)
    for _ in range(300):
        actions = random_actions(obs["action_mask"].astype(bool), rng)
        obs, rewards, terminations, truncations, infos = wrapped.step(actions)
        assert envs.observation_space.contains(obs)
        assert rewards.shape == (4,) and not truncations.any()
        if terminations.any():
            seen_final = True
            assert np.array_equal(infos["_final_obs"], terminations)
            assert "episode" in infos
    assert seen_final
    with pytest.raises(bieten.BietenError):
        GymVectorEnv("bieten", num_envs=2)


def test_gymnasium_checks_that_apply_to_a_vector_env() -> None:
    """Gymnasium 1.x has no checker for vector envs; its single-env checks that carry over: the
    passive observation check, and reset-seed and step determinism (data_equivalence)."""
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import data_equivalence
    from gymnasium.utils.passive_env_checker import check_obs

    from bieten.env.vector import GymVectorEnv

    def trace(seed: int) -> list[Any]:
        envs = GymVectorEnv("schnapsen", num_envs=5, seed=0, opponents="heuristic", copy=True)
        obs, infos = envs.reset(seed=seed)
        check_obs(obs, envs.observation_space, "reset")
        out: list[Any] = [obs, infos]
        for _ in range(40):
            step = envs.step(obs["action_mask"].argmax(axis=1))
            check_obs(step[0], envs.observation_space, "step")
            out.append(step)
            obs = step[0]
        return out

    assert data_equivalence(trace(7), trace(7), exact=True)
    assert not data_equivalence(trace(7)[0], trace(8)[0])


def test_parallel_view() -> None:
    pytest.importorskip("gymnasium")
    from bieten.env.vector import ParallelVectorEnv

    par = ParallelVectorEnv("schnapsen", num_envs=6, seed=2)
    observations, infos = par.reset()
    assert par.possible_agents == ["player_0", "player_1"]
    rng = np.random.default_rng(1)
    for _ in range(60):
        actions = {
            a: random_actions(observations[a]["action_mask"].astype(bool) | ~infos[a]["to_act"][:, None], rng)
            for a in par.possible_agents
        }
        for agent in par.possible_agents:
            idle = ~infos[agent]["to_act"]
            assert not observations[agent]["action_mask"][idle].any()
            assert not observations[agent]["observation"][idle].any()
        observations, rewards, _, _, infos = par.step(actions)
        assert set(rewards) == set(par.possible_agents)
    with pytest.raises(bieten.BietenError, match="missing"):
        par.step({})


def test_docs_and_docstrings_run_as_written() -> None:
    result = doctest.testfile(str(ROOT / "docs" / "vector_env.md"), module_relative=False, optionflags=FLAGS)
    assert result.attempted >= 8 and result.failed == 0
    assert doctest.testmod(_vector, optionflags=FLAGS).failed == 0
    pytest.importorskip("gymnasium")
    from bieten.env import vector

    assert doctest.testmod(vector, optionflags=FLAGS).failed == 0
