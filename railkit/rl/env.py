"""The PettingZoo AEC environment over railkit's game engines (one class for every game that
has an adapter module here, ``railkit.rl.<game>``)."""

from __future__ import annotations

import importlib
import random
from pathlib import Path
from typing import Any

import numpy as np

from railkit.core.extras import require

require("rl", "railkit.rl (the game environments)")

from gymnasium import spaces  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402

from railkit.core.errors import DataError, IllegalMove  # noqa: E402
from railkit.core.i18n import Message  # noqa: E402
from railkit.games import get_spec, specs  # noqa: E402


def rl_games() -> list[str]:
    """The games with an environment: those whose adapter module (action numbering and
    observation encoding) is ``railkit.rl.<game>``, the game's module name."""
    here = Path(__file__).parent
    return [spec.name for spec in specs() if (here / f"{spec.package}.py").is_file()]


class RailEnv(AECEnv):
    """A railkit game as a PettingZoo AEC environment (see :func:`railkit.rl.env`).

    Attributes
    ----------
    game : railkit.core.Game
        The engine of the episode under way. Learning code should read only
        observations: the engine holds every seat's secrets.
    index : railkit.rl.actions.ActionIndex
        The fixed action numbering.
    layout : railkit.rl.encoding.Layout
        The segments of the observation vector.
    """

    metadata = {"render_modes": ["ansi", "human"], "name": "railkit_v0", "is_parallelizable": False}

    def __init__(self, game: str, players: int = 2, *, rules: Any = None, preset: str | None = None,
                 render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        known = rl_games()
        if game not in known:
            raise DataError("game", "$", "one of " + ", ".join(known), game)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise DataError("render_mode", "$", "None, 'ansi' or 'human'", render_mode)
        self.spec_name = game
        self._spec = spec = get_spec(game)
        if rules is None or isinstance(rules, dict):
            self._rules = spec.make_rules(preset, rules)
        else:  # a rules object of the game
            self._rules = rules
        self._players = int(players)
        self._options = dict(options)
        self.render_mode = render_mode
        template = spec.new_game(self._rules, self._players, seed=0, **self._options)
        self.adapter = importlib.import_module(f"railkit.rl.{spec.package}").Adapter(template)
        self.index = self.adapter.index
        self.layout = self.adapter.layout
        self.possible_agents = [f"player_{i}" for i in range(self._players)]
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        low, high = self.layout.bounds()
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(low, high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (self.index.size,), dtype=np.int8),
        }) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.index.size) for a in self.possible_agents}
        self._seeder = random.Random()
        self.game = None
        self._mask_key: tuple = ()
        self._mask: np.ndarray | None = None

    def __str__(self) -> str:
        return f"railkit_{self.spec_name.replace('-', '_')}_v0"

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ episode
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start a new game. ``seed`` reseeds the sequence of game seeds (each reset
        without a seed plays the next game of that sequence)."""
        if seed is not None:
            self._seeder = random.Random(seed)
        game_seed = self._seeder.randrange(2**31)
        self.game = self._spec.new_game(self._rules, self._players, seed=game_seed, **self._options)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._mask_key = ()
        self.agent_selection = self.possible_agents[self.game.current_player]

    def observe(self, agent: str) -> dict:
        """``{"observation": float32 vector, "action_mask": int8 vector}`` for ``agent``,
        made from ``game.observe(seat)`` alone. The mask is all zeros for a seat that is
        not to move (and once the game is over)."""
        seat = self._seat_of[agent]
        vec = np.zeros(self.layout.size, dtype=np.float32)
        self.adapter.encode(self.game.observe(seat), vec)
        if seat == self.game.current_player:
            mask = self._legal_mask().copy()
        else:
            mask = np.zeros(self.index.size, dtype=np.int8)
        return {"observation": vec, "action_mask": mask}

    def _legal_mask(self) -> np.ndarray:
        g = self.game
        key = (id(g), len(g.log))
        if key != self._mask_key:
            slot_of, _ = self.adapter.slots(g)
            mask = np.zeros(self.index.size, dtype=np.int8)
            idx = self.index.index
            for a in g.legal_actions():
                mask[idx(a, slot_of)] = 1
            self._mask, self._mask_key = mask, key
        return self._mask

    def legal_numbers(self) -> np.ndarray:
        """The action numbers legal for the seat to move."""
        return np.flatnonzero(self._legal_mask())

    def action_of(self, number: Any):
        """The game action that ``number`` names now (its text is ``str(...)``)."""
        _, tid_of = self.adapter.slots(self.game)
        return self.index.action(number, tid_of)

    def number_of(self, action: Any) -> int:
        """The number of a game action (or its text) now."""
        if isinstance(action, str):
            action = self.game.parse_action(action)
        slot_of, _ = self.adapter.slots(self.game)
        return self.index.index(action, slot_of)

    def step(self, action: Any) -> None:
        """Play action number ``action`` for the agent to move.

        Raises
        ------
        IllegalMove
            The number is not legal now: the game's own error (its rule id, reason and
            hint), or ``RL-ACTION-INDEX`` for a number outside the action space (or a
            Station Master slot without a train). Nothing changes.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalMove("RL-ACTION-INDEX", Message("{agent} is to move, so the action cannot be None.",
                                                         agent=agent),
                              Message("Pick a number whose action-mask entry is 1."))
        game = self.game
        move = self.action_of(action)
        number = int(action)
        if not self._legal_mask()[number]:
            err = game.why_illegal(move)
            if err is None:  # the engine takes it but legal_actions() does not list it
                raise RuntimeError(f"{self}: action {number} ({move}) is legal but not in the action mask")
            raise err
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        game.apply(move)
        if game.is_over:
            for a, r in zip(self.possible_agents, self.final_rewards()):
                self.rewards[a] = r
                self.terminations[a] = True
                self.infos[a] = {"scores": self.adapter.final_scores(game)}
            # the dead steps start with the next agent in seat order
            self.agent_selection = self.possible_agents[(self._seat_of[agent] + 1) % len(self.possible_agents)]
        else:
            self.agent_selection = self.possible_agents[game.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def final_rewards(self) -> list[float]:
        """The end-of-game reward of each seat (see :func:`railkit.rl.env`)."""
        scores = self.adapter.final_scores(self.game)
        n = self._players
        if n == 1:  # a solo game: the player against the solo opponent (its score second)
            return [scores[0] - scores[1]]
        return [scores[s] - sum(scores[o] for o in range(n) if o != s) / (n - 1) for s in range(n)]

    # ------------------------------------------------------------------ output
    def render(self) -> str | None:
        """The game as text (``ansi``), or printed (``human``)."""
        if self.game is None:
            return None
        text = str(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release (no window, no process)."""

    # ------------------------------------------------------------------ pickle
    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state["game"] = None if self.game is None else self.game.to_json()
        state["_mask_key"] = ()
        state["_mask"] = None
        return state

    def __setstate__(self, state: dict) -> None:
        saved = state.pop("game")
        self.__dict__.update(state)
        self.game = None if saved is None else self._spec.game_class.from_json(saved, "pickled environment")
