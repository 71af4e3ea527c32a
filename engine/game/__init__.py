"""The game layer: one hand as a state machine (deal, contract steps, tricks), its settlement,
its typed events, its record and what each seat may observe. Built on the hand-type layer;
knows nothing of bots, the CLI or the terminal."""

from paixing.game.actions import PASS, Action, IllegalAction
from paixing.game.state import Game, new_game

__all__ = ["PASS", "Action", "Game", "IllegalAction", "new_game"]
