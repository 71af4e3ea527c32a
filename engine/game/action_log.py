"""The actions of a hand as a record writes them, formatted only when read.

A record stores a play as its notation plus, when its cards read several ways, the reading
(``readings.record_text``), which takes a classification of the cards. Working that out for
every play of every simulated hand cost about a tenth of a random hand, though most hands are
never written; so the log keeps the plays and formats each one the first time anyone reads
the texts (a record, a replay check, the terminal).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import overload

from paixing.game.readings import record_text
from paixing.hands.play import Play
from paixing.hands.ruleset import Ruleset


class ActionLog:
    """Every action of the hand in order, read as the texts ``Game.apply`` accepts."""

    __slots__ = ("_rs", "_items", "_texts")

    def __init__(self, rs: Ruleset) -> None:
        self._rs = rs
        self._items: list[str | tuple[Play, str]] = []
        self._texts: list[str] = []

    def use_rules(self, rs: Ruleset) -> None:
        """Read the plays from now on by ``rs`` (the hand's rules once wild ranks are drawn)."""
        self.texts()
        self._rs = rs

    def append(self, text: str) -> None:
        """An action already written as text (a pass, a bid, a call)."""
        self._items.append(text)

    def append_play(self, play: Play, notation: str) -> None:
        """A play, formatted when first read (``notation``: its cards, already written)."""
        self._items.append((play, notation))

    def texts(self) -> list[str]:
        """The texts, formatting whatever was added since the last read."""
        texts = self._texts
        for item in self._items[len(texts) :]:
            texts.append(item if isinstance(item, str) else record_text(self._rs, item[0], item[1]))
        return texts

    def copy(self) -> ActionLog:
        other = ActionLog(self._rs)
        other._items = list(self._items)
        other._texts = list(self._texts)
        return other

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[str]:
        return iter(self.texts())

    @overload
    def __getitem__(self, i: int) -> str: ...

    @overload
    def __getitem__(self, i: slice) -> list[str]: ...

    def __getitem__(self, i: int | slice) -> str | list[str]:
        return self.texts()[i]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ActionLog):
            return self.texts() == other.texts()
        if isinstance(other, list | tuple):
            return self.texts() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"ActionLog({self.texts()!r})"
