"""Agents: players that choose an action for a seat of a game."""
