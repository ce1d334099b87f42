"""Bots for each game: railkit.agents.<game>.AGENTS maps a name to an Agent class."""

from railkit.core.compiled import load as _load_compiled

_load_compiled(__name__)  # the mypyc-compiled Steam Rollers and Ticket to Ride bots when they are current, else the source
