"""Reinforcement learning: PettingZoo environments over railkit's three games.

Install the optional extra first: ``pip install railkit[rl]`` (PettingZoo and Gymnasium).

>>> import railkit.rl
>>> env = railkit.rl.env("ticket-to-ride", players=2, map="teaching-small")
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> env.agent_selection, obs["observation"].shape, int(obs["action_mask"].sum())
('player_0', (183,), 4)
>>> n = int(env.legal_numbers()[0]); str(env.action_of(n))
'keep tickets 1,2'
>>> env.step(n)
>>> env.agent_selection
'player_1'

What an agent gets
------------------
* **Agents** ``player_0`` .. ``player_{n-1}``, one per seat; the one to move is
  ``env.agent_selection`` (the same agent may move several times in a row, e.g. Ticket to
  Ride's second card or Steam Rollers' second die in solo play).
* **Observation** ``{"observation": float32 vector, "action_mask": int8 vector}``. The vector
  is made from ``game.observe(seat)`` only, so it holds no other seat's secrets; its
  segments (in relative seat order: the observing seat first) are listed by
  ``env.layout.describe()`` and in each game's module: :mod:`railkit.rl.ticket_to_ride`,
  :mod:`railkit.rl.steam_rollers`, :mod:`railkit.rl.station_master`.
* **Action mask** 1 for every legal action of the seat to move, 0 elsewhere (all 0 for a
  seat that is not to move). Where the rules leave a seat nothing else, its mask holds the
  game's explicit pass (``pass``, ``draft D pass``, ``skip``), so the mask of the seat to
  move is never all zeros.
* **Actions** one ``Discrete(N)`` space per game setup (game, map or sheet or card list,
  rules, players): the numbering is fixed for that setup and explained in
  :mod:`railkit.rl.actions`. ``env.action_of(number)`` gives the game's action,
  ``env.number_of("draw deck")`` the number. An action the mask rules out raises
  :class:`~railkit.core.errors.IllegalMove` (the game's own rule id and reason, or
  ``RL-ACTION-INDEX`` for a number that names no action now) and changes nothing: an episode never ends
  because of a bad action.
* **Rewards** 0 until the game ends; then, for every seat, its final score minus the mean
  final score of the other seats (with 2 players: the score difference; the rewards of a
  game add up to 0). Solo Steam Rollers: the player's score minus Olivia's.
  ``infos[agent]["scores"]`` holds the final scores (solo: the player's, then Olivia's).
* **Episodes** end only with the game (every railkit game ends: Ticket to Ride after a round
  of passes at the latest, Steam Rollers after ``max_rounds``, Station Master when the
  cards run out); there is no truncation.
* **Seeds** ``reset(seed=s)`` seeds a sequence of game seeds; later resets without a seed
  play the next games of the sequence.
"""

from __future__ import annotations

from typing import Any

from railkit.rl.env import RailEnv, rl_games

#: the games with an environment (see :func:`railkit.rl.env.rl_games`)
GAMES = tuple(rl_games())


def env(game: str, players: int = 2, **options: Any) -> RailEnv:
    """A PettingZoo AEC environment for ``game``.

    Parameters
    ----------
    game : str
        ``"ticket-to-ride"``, ``"steam-rollers"`` or ``"station-master"``.
    players : int
        Seats (agents). Steam Rollers with 1 player is solo play against Olivia.
    **options
        ``rules`` (a dict of rule settings or the game's rules object), ``preset`` (a
        named preset), ``render_mode`` (``"ansi"`` or ``"human"``), and the game's own
        options: ``map`` (Ticket to Ride), ``sheet`` and ``difficulty`` (Steam Rollers).

    Returns
    -------
    RailEnv
        Call ``reset(seed=...)`` before use.

    Examples
    --------
    >>> e = env("steam-rollers", players=1, difficulty="clerk")
    >>> e.possible_agents, int(e.action_space("player_0").n)
    (['player_0'], 84561)
    """
    return RailEnv(game, players, **options)


__all__ = ["GAMES", "RailEnv", "env"]
