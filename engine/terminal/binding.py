"""The play obligations that bind the player to act, found from his observation alone, so the
terminal says them before he plays instead of refusing a play (``You lead: play anything``
then ``66`` refused because the first play must hold 3♦).

An obligation rule (``paixing.game.obligations``) narrows the plays the move generator finds;
one *binds* now when it takes a play or the pass away from the player's options. The turn the
rules read is built from the ``Observation`` (his hand, the play to beat, whether a play has
been made, the next player's cards left: all his to know), never from the game's other hands.
"""

from __future__ import annotations

from paixing.game.events import Played
from paixing.game.obligations import Turn
from paixing.game.obligations.wish import open_wish
from paixing.game.observation import Observation
from paixing.game.state import Game
from paixing.hands.moves import legal_plays


def binding(game: Game, seat: int) -> list[str]:
    """The messages of the rules that narrow ``seat``'s options now (empty off his turn, out
    of trick play, asked out of turn, or when no rule takes anything away)."""
    rules = game.obligations
    if rules is None or game.phase != "play" or game.turn != seat or game.window is not None:
        return []  # asked out of turn: no obligation binds
    obs = game.observation(seat)
    turn = turn_of(obs)
    plays = legal_plays(obs.rs, list(obs.hand), turn.target)
    can_pass = turn.target is not None
    found: list[str] = []
    for rule in rules.rules:
        kept, pass_ok = rule.restrict(turn, plays, can_pass)
        if len(kept) != len(plays) or pass_ok != can_pass:
            found.append(rule.message)
        plays, can_pass = kept, pass_ok
    return found


def turn_of(obs: Observation) -> Turn:
    """What the obligations read about the observing seat, from its observation."""
    n = len(obs.cards_left)
    after = [(obs.seat + i) % n for i in range(1, n)]
    still_in = [s for s in after if s in obs.active and obs.cards_left[s] > 0]
    return Turn(
        hand=obs.hand,
        target=obs.last[1] if obs.last is not None else None,
        first_play=not any(isinstance(e, Played) for e in obs.history),
        next_left=obs.cards_left[still_in[0]] if still_in else 99,
        wish=open_wish(obs.history),
    )
