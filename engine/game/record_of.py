"""The JSON record of a finished (or unfinished) hand: what ``Game.to_record`` returns.

A record names its rules three ways, so that ``replay`` reads exactly them: the variant id,
the file the rules were compiled from (``Ruleset.source``; null for a built-in id), and a
digest of the compiled rules over the whole ``extends:`` chain. It keeps the seed, the deal, the
actions, every event of the log (deals, rewards, the shown card and its seat, a kitty …: all a
replay re-derives from the seed and compares), each seat's role (who partnered) and the result.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from paixing.game.events import Event
from paixing.game.settle import Settlement
from paixing.hands.compile import Ruleset
from paixing.rules.cards import Card, format_cards
from paixing.rules.digest import rules_digest


class Recorded(Protocol):
    """What a record is made from (a ``Game``)."""

    rs: Ruleset
    dealer: int
    dealt: list[list[Card]]
    kitty: list[Card]
    wild_ranks: tuple[str, ...]
    log: list[Event]
    result: Settlement | None

    @property
    def seed(self) -> int: ...

    @property
    def hand_number(self) -> int: ...

    @property
    def fixed_deal(self) -> bool: ...

    @property
    def previous_first_out(self) -> int | None: ...

    @property
    def level(self) -> str | None: ...

    @property
    def match(self) -> dict[str, Any] | None: ...

    @property
    def actions(self) -> Iterable[str]: ...

    def roles(self) -> list[str | None]: ...


def game_record(game: Recorded) -> dict[str, Any]:
    """The JSON game record: enough to replay and re-score the hand, and to tell from it alone
    which rules it was played by and who partnered."""
    return {
        "variant": game.rs.id,
        "seed": game.seed,
        "hand_number": game.hand_number,
        "dealer": game.dealer,
        "deal": [format_cards(h) for h in game.dealt],
        "kitty": format_cards(game.kitty),
        "fixed_deal": game.fixed_deal,
        **({"previous_first_out": game.previous_first_out} if game.previous_first_out is not None else {}),
        **({"level": game.level} if game.level is not None else {}),
        # like the deal, told wild ranks are kept only for a fixed deal (a seed draws its own)
        **({"wild_ranks": list(game.wild_ranks)} if game.fixed_deal and game.wild_ranks else {}),
        **({"match": game.match} if game.match is not None else {}),
        "actions": list(game.actions),
        "events": [event.to_json() for event in game.log],
        "result": game.result.to_json() if game.result else None,
        "variant_file": game.rs.source,
        "rules_digest": rules_digest(game.rs.variant),
        "roles": game.roles(),
    }
