"""The game layer: one hand as a state machine (deal, contract steps, tricks), its settlement
and its record. Built on the hand-type layer; knows nothing of bots, the CLI or the terminal."""

from paixing.game.state import PASS, Action, Game, IllegalAction, new_game

__all__ = ["PASS", "Action", "Game", "IllegalAction", "new_game"]
