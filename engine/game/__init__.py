"""The game layer: one hand as a state machine (deal, contract steps, tricks), its settlement,
its typed events, its record and what each seat may observe. Built on the hand-type layer;
knows nothing of bots, the CLI or the terminal.

The names below are imported on first use (``paixing.rules.lazy``): ``paixing moves`` reads a
variant's play obligations (``paixing.game.obligations``) without loading the game itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

from paixing.rules.lazy import lazy_exports

if TYPE_CHECKING:
    from paixing.game.actions import PASS, Action, IllegalAction
    from paixing.game.state import Game, new_game

__all__ = ["PASS", "Action", "Game", "IllegalAction", "new_game"]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {"paixing.game.actions": ("PASS", "Action", "IllegalAction"), "paixing.game.state": ("Game", "new_game")},
)
