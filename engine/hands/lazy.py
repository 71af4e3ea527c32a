"""Legal plays made when read: a list whose natural plays stay flat tuples until someone asks.

Why: a 20-card lead offers some eighty plays, and building a ``Play`` object for each was a
quarter of ``legal_plays``; a random player reads one of them, and a game wraps only the one
it plays. So the natural generators (no wild card, no suit, cards picked from the hand) return
*raw* plays, one flat tuple ``(type, groups, naturals)`` each, and ``PlayList`` turns an entry
into a ``Play`` the first time it is read (by index, by iteration, by any comparison), keeping
the object so every later read returns the same one.

``PlayList`` is a ``list`` subclass so that every consumer that takes a list (``==`` against a
list, ``random.choice``, slicing, ``+``) keeps working. It is a plain class outside the
compiled set (mypyc does not compile subclasses of ``list``); it only calls into ``Play``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, SupportsIndex

from paixing.hands.play import Groups, Naturals, Play
from paixing.hands.ruleset import TypeInfo
from paixing.hands.view import HandView

Raw = tuple[TypeInfo, Groups, Naturals] | tuple[TypeInfo, Groups, Naturals, tuple[int, ...]]
"""A play not yet made: (type, core groups, natural cards used), its cards to be picked from the
hand of the list it sits in; a fourth entry, when there is one, says what each wild card stands
for (a wild chain grown under the wild-card budget: no suit)."""

Item = Play | Raw
"""What a shape's generator returns: made plays, or raw ones (``Raw``)."""


def make(item: Item, hv: HandView) -> Play:
    """The play ``item`` stands for (``item`` itself when it is one)."""
    if type(item) is tuple:
        return Play(item[0], None, item[1], item[2], item[3] if len(item) > 3 else (), -1, hv)
    return item  # type: ignore[return-value]


def made(items: Iterable[Item], hv: HandView) -> list[Play]:
    """Every item made into a ``Play`` (for the callers that read plays, not raw entries)."""
    return [Play(x[0], None, x[1], x[2], x[3] if len(x) > 3 else (), -1, hv) if type(x) is tuple else x for x in items]  # type: ignore[misc]


def item_len(item: Item) -> int:
    """The number of cards of a play or raw play."""
    if type(item) is tuple:
        return sum([n for _, n in item[2]]) + (len(item[3]) if len(item) > 3 else 0)
    return len(item)


def play_list(hv: HandView) -> PlayList:
    """An empty list for the plays of ``hv`` (built without a Python ``__init__``: a response
    is a few microseconds, and an interpreted constructor call is a tenth of one)."""
    out = PlayList()
    out._hand = hv
    return out


class PlayList(list[Any]):
    """Plays of one hand, each made on its first read (see the module's docstring).

    Holds the hand view its raw entries pick their cards from until every entry is made."""

    __slots__ = ("_hand",)
    _hand: HandView | None

    def _make_all(self) -> None:
        hv = self._hand
        if hv is None:
            return
        list.__setitem__(self, slice(None), made(list.__iter__(self), hv))
        self._hand = None

    def __getitem__(self, i: Any) -> Any:
        if self._hand is None:
            return list.__getitem__(self, i)
        if isinstance(i, slice):
            self._make_all()
            return list.__getitem__(self, i)
        x = list.__getitem__(self, i)
        if type(x) is tuple:
            x = make(x, self._hand)
            list.__setitem__(self, i, x)
        return x

    def __iter__(self) -> Iterator[Play]:
        self._make_all()
        return list.__iter__(self)

    def __reversed__(self) -> Iterator[Play]:
        self._make_all()
        return list.__reversed__(self)

    def __contains__(self, x: object) -> bool:
        self._make_all()
        return list.__contains__(self, x)

    def _made_with(self, other: object) -> None:
        # list's C code reads the other list's items directly: make both.
        self._make_all()
        if isinstance(other, PlayList):
            other._make_all()

    def __eq__(self, other: object) -> bool:
        self._made_with(other)
        return list.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        self._made_with(other)
        return list.__ne__(self, other)

    __hash__ = None

    def __add__(self, other: Any) -> Any:
        self._made_with(other)
        return list.__add__(self, other)

    def __radd__(self, other: Any) -> Any:
        self._make_all()
        return list(other) + list(list.__iter__(self))

    def __mul__(self, n: SupportsIndex) -> Any:
        self._make_all()
        return list.__mul__(self, n)

    __rmul__ = __mul__

    def __repr__(self) -> str:
        self._make_all()
        return list.__repr__(self)

    def __reduce_ex__(self, protocol: SupportsIndex) -> Any:
        self._make_all()
        return (list, (list(list.__iter__(self)),))

    def copy(self) -> list[Play]:
        self._make_all()
        return list(list.__iter__(self))

    def index(self, *args: Any) -> int:
        self._make_all()
        return list.index(self, *args)

    def count(self, x: Any) -> int:
        self._make_all()
        return list.count(self, x)

    def remove(self, x: Any) -> None:
        self._make_all()
        list.remove(self, x)

    def pop(self, i: SupportsIndex = -1) -> Any:
        self._make_all()
        return list.pop(self, i)

    def sort(self, *args: Any, **kw: Any) -> None:
        self._make_all()
        list.sort(self, *args, **kw)
