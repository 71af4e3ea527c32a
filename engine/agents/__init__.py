"""Agents: players that choose an action for a seat of a game."""

from paixing.agents import search as _search  # noqa: E402,F401  (registers the "search" bot)
