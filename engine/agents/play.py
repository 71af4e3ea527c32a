"""Playing a hand with bots, and seeding them: the one copy that simulate, conformance, the
terminal and the benchmarks share.

A hand of a run is dealt from ``game_seed(seed, index)`` and the bot at each seat is seeded
from ``bot_seed(seed, index, seat)``, so a hand depends only on (seed, index). Each bot is
shown only its seat's observation.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from paixing.agents.bots import Bot, make_bot
from paixing.game.session import Session
from paixing.game.state import Game
from paixing.hands.compile import Ruleset

MAX_ACTIONS = 20_000
"""A hand taking more actions than this is reported as an engine fault, not played forever."""


class HandDidNotEnd(RuntimeError):
    """A hand still going after ``MAX_ACTIONS`` actions."""


def game_seed(seed: int, index: int) -> int:
    """The deal seed of game ``index`` of a run seeded ``seed`` (63 bits)."""
    return _derive("game", seed, index)


def bot_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in game ``index`` of a run seeded ``seed``."""
    return _derive("bot", seed, index, seat)


def _derive(*parts: object) -> int:
    text = "paixing-simulate:" + ":".join(str(p) for p in parts)
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def seated_bots(names: Sequence[str], seed: int, index: int = 0) -> list[Bot]:
    """One bot per seat (``names[seat]``), seeded with ``bot_seed(seed, index, seat)``."""
    return [make_bot(name, bot_seed(seed, index, s)) for s, name in enumerate(names)]


def play_hand(game: Game, bots: Sequence[Bot], max_actions: int = MAX_ACTIONS) -> Game:
    """Let ``bots`` (one per seat) play ``game`` to its end, each seeing only its observation;
    ``HandDidNotEnd`` after ``max_actions`` actions."""
    actions = 0
    while not game.over:
        seat = game.turn
        game.apply(bots[seat].choose(game.observation(seat)))
        actions += 1
        if actions > max_actions:
            raise HandDidNotEnd(f"the hand did not end in {max_actions} actions")
    return game


def play_session(rs: Ruleset, names: Sequence[str], seed: int, index: int, hands: int) -> Session:
    """Session ``index`` of a run: ``hands`` consecutive hands with carried state, hand ``k``
    dealt from ``game_seed(seed, index * hands + k)`` and played by bots seeded likewise."""
    session = Session.start(rs)
    for k in range(hands):
        number = index * hands + k
        game = session.next_game(game_seed(seed, number))
        play_hand(game, seated_bots(names, seed, number))
        session.finish(game)
    return session
