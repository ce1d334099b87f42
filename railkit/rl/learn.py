"""A tiny learning agent for the gym, in numpy only: a linear softmax policy trained with
REINFORCE (Williams 1992) against a fixed opponent.

The policy scores every action number ``a`` as ``theta[a] + W[a] @ x``, where ``x`` is the
observation vector divided by its upper bounds (so every entry lies in [-1, 1]); it picks
among the legal numbers (the action mask) with probabilities ``softmax`` of those scores.
All weights start at zero, so the untrained policy is the uniform random player. After each
game the weights move along ``(G - b) * sum_t grad log pi(a_t | x_t)``, with ``G`` the game's
reward (score difference, scaled) and ``b`` a running mean of past rewards.

>>> import railkit.rl
>>> from railkit.rl.learn import SoftmaxPolicy, train
>>> env = railkit.rl.env("ticket-to-ride", players=2, map="teaching-small")
>>> policy = SoftmaxPolicy.for_env(env, seed=0)
>>> curve = train(env, policy, episodes=20, eval_every=10, eval_games=4, seed=0)
>>> list(curve.columns)[:4], len(curve)
(['episodes', 'games', 'reward', 'reward_lo'], 3)
"""

from __future__ import annotations

import math

import numpy as np


class SoftmaxPolicy:
    """A linear softmax policy over action numbers (see the module text).

    Parameters
    ----------
    n_actions, n_obs : int
        Sizes of the action space and of the observation vector.
    scale : array
        Per-entry divisor of the observation (its upper bounds; zeros count as 1).
    seed : int
        Seeds the policy's own random choices.
    lr : float
        Learning rate of the REINFORCE step.
    """

    def __init__(self, n_actions: int, n_obs: int, scale: np.ndarray, seed: int = 0, lr: float = 0.005) -> None:
        self.theta = np.zeros(n_actions)
        self.W = np.zeros((n_actions, n_obs))
        s = np.abs(np.asarray(scale, dtype=float))
        self.scale = np.where(s > 0, s, 1.0)
        self.rng = np.random.default_rng(seed)
        self.lr = lr
        self.baseline = 0.0
        self.games = 0

    @classmethod
    def for_env(cls, env, seed: int = 0, lr: float = 0.005) -> "SoftmaxPolicy":
        """A fresh (uniform) policy sized for ``env``."""
        space = env.observation_space(env.possible_agents[0])["observation"]
        scale = np.maximum(np.abs(space.low), np.abs(space.high))
        return cls(env.index.size, env.layout.size, scale, seed, lr)

    def probabilities(self, obs: dict) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(legal numbers, their probabilities, the scaled observation)."""
        legal = np.flatnonzero(obs["action_mask"])
        x = obs["observation"] / self.scale
        z = self.theta[legal] + self.W[legal] @ x
        z -= z.max()
        p = np.exp(z)
        p /= p.sum()
        return legal, p, x

    def act(self, obs: dict, trace: list | None = None) -> int:
        """A number drawn from the policy; with ``trace``, what the update needs is kept."""
        legal, p, x = self.probabilities(obs)
        k = int(self.rng.choice(len(legal), p=p))
        if trace is not None:
            trace.append((legal, p, x, k))
        return int(legal[k])

    def update(self, trace: list, reward: float) -> None:
        """One REINFORCE step for a game played along ``trace`` that earned ``reward``."""
        self.games += 1
        advantage = reward - self.baseline
        self.baseline += (reward - self.baseline) / min(self.games, 100)
        step = self.lr * advantage
        for legal, p, x, k in trace:
            g = -p
            g[k] += 1.0  # d log pi / d score, for each legal number
            self.theta[legal] += step * g
            self.W[legal] += step * np.outer(g, x)


def play_game(env, policy: SoftmaxPolicy, opponent_rng: np.random.Generator, seed: int,
              learner: str = "player_0", trace: list | None = None) -> float:
    """One game: ``learner`` follows ``policy``, every other seat plays uniformly at random
    among its legal numbers. Returns the learner's reward (its final score difference)."""
    env.reset(seed=seed)
    reward = 0.0
    for agent in env.agent_iter():
        obs, r, term, trunc, _ = env.last()
        if agent == learner:
            reward += r
        if term or trunc:
            env.step(None)
            continue
        if agent == learner:
            env.step(policy.act(obs, trace))
        else:
            env.step(int(opponent_rng.choice(np.flatnonzero(obs["action_mask"]))))
    return reward


def evaluate(env, policy: SoftmaxPolicy, games: int, seed: int) -> dict:
    """Mean reward and win rate of ``policy`` against the random player over ``games``
    fixed games (seeds ``seed``, ``seed + 1``, ...), each with a 95 % interval.

    The policy's own random draws come from a generator seeded by ``seed`` too, so two
    evaluations of the same weights agree exactly."""
    saved = policy.rng
    policy.rng = np.random.default_rng(seed)
    opp = np.random.default_rng(seed + 1)
    rewards = np.array([play_game(env, policy, opp, seed + i) for i in range(games)])
    policy.rng = saved
    wins = int((rewards > 0).sum())
    mean = float(rewards.mean())
    half = 1.96 * float(rewards.std(ddof=1)) / math.sqrt(games) if games > 1 else float("nan")
    lo, hi = _wilson(wins, games)
    return {"games": games, "reward": mean, "reward_lo": mean - half, "reward_hi": mean + half,
            "win_rate": wins / games, "win_rate_lo": lo, "win_rate_hi": hi}


def _wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion ``k / n``."""
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def train(env, policy: SoftmaxPolicy, episodes: int, *, eval_every: int = 100, eval_games: int = 100,
          seed: int = 0, reward_scale: float = 20.0):
    """Train ``policy`` as ``player_0`` against the random player for ``episodes`` games,
    evaluating it before training and every ``eval_every`` games.

    Training games use seeds from ``seed + 1_000_000`` on, evaluation games always the same
    seeds from ``seed`` on. Rewards are divided by ``reward_scale`` for the update.

    Returns
    -------
    pandas.DataFrame
        One row per evaluation: ``episodes`` (games trained so far) and the columns of
        :func:`evaluate`.
    """
    import pandas as pd

    opp = np.random.default_rng(seed + 2)
    rows = [{"episodes": 0, **evaluate(env, policy, eval_games, seed)}]
    for ep in range(1, episodes + 1):
        trace: list = []
        reward = play_game(env, policy, opp, seed + 1_000_000 + ep, trace=trace)
        policy.update(trace, reward / reward_scale)
        if ep % eval_every == 0:
            rows.append({"episodes": ep, **evaluate(env, policy, eval_games, seed)})
    return pd.DataFrame(rows)
