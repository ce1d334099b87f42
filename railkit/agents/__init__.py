"""Bots for each game: railkit.agents.<game>.AGENTS maps a name to an Agent class."""
