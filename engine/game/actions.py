"""What a player does: the typed actions of a hand, and the error for a refused one.

An ``Action`` is data: its text form (``str(action)``) is what records store and what
``Game.parse_action`` reads back, so a record replays through the same checks a typed move
goes through. Contract-step actions carry a ``Meaning`` (ignored by equality) that says what
the action does in neutral terms, so a bot can weigh it without knowing the step's kind.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import overload

from paixing.game.frozen import fast_init
from paixing.hands.play import Play
from paixing.rules.cards import Card


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message is one line a player can read."""


@dataclass(frozen=True)
class Meaning:
    """What a contract-step action does, in words every step kind shares."""

    declares: str | None = None
    """The contract this action makes its player declare (None: it declares nothing)."""
    counters: bool = False
    """The declaration is made against an earlier declarer (a counter-declaration)."""
    level: int | None = None
    """Position of this action on the step's ladder of values (0: the lowest), if it has one."""
    ladder: int = 0
    """How many rungs that ladder has."""
    to: int | None = None
    """The seat a card given goes to, where the step says (cards passed to each other player)."""


@fast_init  # one Action per play read from the legal actions: see paixing.game.frozen
@dataclass(frozen=True)
class Action:
    """What a player does: play cards, pass, declare a contract, call a card, bid a value."""

    kind: str
    """``play``, ``pass``, ``bid`` (a contract id), ``call`` (a partner card), ``value`` or
    ``give`` (a card handed to another player: the return of a tribute) or ``gift`` (a trick given
away to the seat ``value``: ``give_trick``) or ``wish`` (a rank ``card`` with its suit open, or
none: the ``wish`` obligation) or ``announce`` (the call ``call``)."""
    play: Play | None = None
    contract: str | None = None
    card: Card | None = None
    value: int | None = None
    call: str | None = None
    """A call's id (``announce``: ``game.calls``)."""
    meaning: Meaning | None = field(default=None, compare=False, repr=False)
    """What the action does (contract steps); not part of the action's identity."""

    def __str__(self) -> str:
        if self.kind == "play":
            assert self.play is not None
            p = self.play
            return f"{p.notation} = {p.reads_as}" if p.wild_as else p.notation
        if self.kind == "bid":
            return f"bid {self.contract}"
        if self.kind == "call":
            return f"call {self.card}"
        if self.kind == "value":
            return f"bid {self.value}"
        if self.kind == "give":
            return f"give {self.card}"
        if self.kind == "gift":
            return f"gift {self.value}"
        if self.kind == "wish":
            return f"wish {self.card.rank}" if self.card is not None else "wish none"
        if self.kind == "announce":
            return f"announce {self.call}"
        return "pass"


def play_action(play: Play) -> Action:
    """``Action("play", play)``, built for each legal play a player reads: only the two fields
    that differ from their defaults go into the instance (the others read the class defaults
    the dataclass keeps), so it equals, hashes and prints like the other form."""
    action = _new(Action)
    fields = action.__dict__
    fields["kind"] = "play"
    fields["play"] = play
    return action


_new = object.__new__

PASS = Action("pass")
"""Declining: pass a declaration, or do not beat the play on the table."""


class LegalActions(Sequence[Action]):
    """The legal actions of one decision: an action for each legal play (in the order of the
    plays), then the others (a pass, a contract step's actions).

    Why lazily: a random player reads one of the fifty actions a 20-card lead offers, and
    wrapping every play in an ``Action`` (and remembering each one for ``Game.apply``) was a
    tenth of a random hand. So a play's action is made the first time it is read, and the
    same object is returned every time after. ``issued(action)`` says whether this list
    handed out that very object (``Game.apply`` then skips the legality check). It equals
    any list or tuple of the same actions. It holds plays of the player's own hand only."""

    __slots__ = ("_plays", "_rest", "_n", "_made", "_ids")

    def __init__(self, plays: list[Play], rest: Sequence[Action]) -> None:
        self._plays = plays
        self._rest = rest
        self._n = len(plays)
        self._made: dict[int, Action] | None = None
        """Play index → the action made for it (kept: the ids below stay valid); made on the
        first read, like ``_ids`` (most lists are read once or never)."""
        self._ids: set[int] | None = None
        """The ids of the play actions made."""

    def __len__(self) -> int:
        return self._n + len(self._rest)

    @property
    def words(self) -> Sequence[Action]:
        """The actions that are no play (a pass, a decision's words: ``wish 7``, ``gift 2``,
        ``announce …``), without reading the plays."""
        return self._rest

    def _play(self, i: int) -> Action:
        made = self._made
        if made is None:
            made = self._made = {}
            self._ids = set()
        action = made.get(i)
        if action is None:
            action = made[i] = _new(Action)  # play_action, inline: one made for every play read
            fields = action.__dict__
            fields["kind"] = "play"
            fields["play"] = self._plays[i]
            assert self._ids is not None
            self._ids.add(id(action))
        return action

    @overload
    def __getitem__(self, i: int) -> Action: ...

    @overload
    def __getitem__(self, i: slice) -> list[Action]: ...

    def __getitem__(self, i: int | slice) -> Action | list[Action]:
        if type(i) is int and 0 <= i < self._n:  # a play: the usual read, inline
            made = self._made
            if made is not None:
                action = made.get(i)
                if action is not None:
                    return action
            return self._play(i)
        if isinstance(i, slice):
            return [self._item(j) for j in range(*i.indices(len(self)))]
        return self._item(i)

    def _item(self, i: int) -> Action:
        n = self._n
        if i < 0:
            i += n + len(self._rest)
            if i < 0:
                raise IndexError("legal action index out of range")
        if i < n:
            return self._play(i)
        try:
            return self._rest[i - n]
        except IndexError:
            raise IndexError("legal action index out of range") from None

    def __iter__(self) -> Iterator[Action]:
        play = self._play
        for i in range(self._n):
            yield play(i)
        yield from self._rest

    def __contains__(self, value: object) -> bool:
        if value in self._rest:
            return True
        if not isinstance(value, Action) or value.kind != "play" or value.play is None:
            return False
        return value == play_action(value.play) and value.play in self._plays

    def issued(self, action: Action) -> bool:
        """Whether this list handed out this very object (not merely an equal one)."""
        ids = self._ids
        return (ids is not None and id(action) in ids) or any(a is action for a in self._rest)

    @property
    def plays(self) -> list[Play]:
        """The legal plays, in order (the first ``len(plays)`` actions play them)."""
        return self._plays

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalActions | list | tuple):
            return len(self) == len(other) and list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"LegalActions({list(self)!r})"


NO_ACTIONS = LegalActions([], ())
"""No legal action (the hand is over, or not yet issued)."""
