"""Play obligations: constraints a legal play must meet beyond beating the play on the table.

``beats`` and the hand types say which plays *may* be made; an obligation says which of them a
player *must* choose from: the first play of the hand holds a named card (♠3 leads), a player
who can beat may not pass (有大必压), a player whose next player is nearly out plays his highest
single (报单/报双). Each kind is one field of ``Obligation`` here and one module of
``paixing.game.obligations`` there (a test checks the keys agree). Every docstring is the
rulebook's explanation of the key.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from .base import Model, OneOf


class FirstPlay(Model):
    """The first play of the hand must contain a named card, and that card's holder leads it."""

    card: str
    """The card (e.g. ``3S`` for ♠3, ``3D`` for ♦3)."""
    hands: Literal["every", "first"] = "every"
    """``every`` hand, or only the ``first`` hand of a session (later hands are led by whoever
    the dealer rule names, e.g. the previous hand's winner)."""


class MustBeat(Model):
    """Must beat when able (有大必压): passing is not allowed while a legal play beats the play
    on the table."""


class Warn(Model):
    """The warning rule (报单/报双): when the next player holds few cards, a play of a listed hand
    type must be the highest play of that type the player can make."""

    next_left: int = Field(1, ge=1)
    """The rule holds while the next player still in holds this many cards or fewer."""
    hand_types: list[str] = Field(min_length=1)
    """The hand types it constrains (``[single]``; ``[single, pair]`` to cover pairs too)."""


class SuitLock(Model):
    """縛り (a suit lock): once ``after`` plays in a row in a trick were made in the same suits,
    every later play of that trick must be made in those suits. A wild card fits any suit; a
    play holding one does not start a lock; the answer to a play of wild cards alone (a lone
    joker, which has no suit) is not bound."""

    after: int = Field(2, ge=2, le=10)
    """How many plays in a row (passes between them do not count) in the same suits lock the
    trick."""


class Wish(Model):
    """A wish (Tichu's Mah Jong): the player who plays ``card`` may name a rank at once
    (``wish <rank>``, or ``wish none``). From then on, the player to act who can make a legal play
    holding a natural card of that rank must make one (a bomb included; on a lead too), until a
    card of the rank is played, which fulfils the wish. A player who cannot may play as usual."""

    card: str
    """The card whose play lets its player wish (``MJ``)."""
    ranks: list[str] = Field(min_length=1)
    """The ranks that may be wished (``["2", "3", …, A]``)."""


class Obligation(OneOf):
    """One play obligation; exactly one kind."""

    one_of_error: ClassVar[str] = "an obligation needs exactly one of"

    first_play: FirstPlay | None = None
    """The first play holds a named card; its holder leads."""
    must_beat: MustBeat | None = None
    """No pass while a beating play exists."""
    warn: Warn | None = None
    """The highest play of a type when the next player is nearly out."""
    suit_lock: SuitLock | None = None
    """Plays in the suits of a trick locked by consecutive plays in the same suits (縛り)."""
    wish: Wish | None = None
    """A rank named by the player of a card, which the next players able to play it must play."""



OBLIGATION_KINDS: tuple[str, ...] = tuple(Obligation.model_fields)
"""Every obligation kind, in the order of ``Obligation``'s fields (the engine's registry has
exactly these keys)."""
