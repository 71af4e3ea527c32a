"""What every section of a book writes with: the variant's facts, the book's language, and the
small ways of saying things (a phrase, a type's or contract's name, a list, a probability) that
several sections share. Sections are functions of a ``Pen``, so each one reads only what it
says and none needs the others' state."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from paixing.rules.hand_rules import GameRules
from paixing.rules.models import Text

from ..odds import format_prob
from ..phrases import listing, say, tr
from ..shown import Facts


class Pen:
    """A variant's ``Facts`` resolved to one language."""

    def __init__(self, f: Facts, lang: str) -> None:
        self.f = f
        self.rs = f.rs
        self.v = f.rs.variant
        self.lang = lang

    @property
    def other_lang(self) -> str:
        """The language the book is not in (for the alternative title and names)."""
        return "en" if self.lang == "zh" else "zh"

    @property
    def game(self) -> GameRules:
        """The variant's game rules; only the game sections ask, after checking there are some."""
        assert self.v.game is not None
        return self.v.game

    def s(self, key: str, **kw: Any) -> str:
        """The phrase ``key`` in the book's language."""
        return say(self.lang, key, **kw)

    def tr(self, text: Text | None) -> str:
        """A variant's ``{zh, en}`` text in the book's language."""
        return tr(text, self.lang)

    def join(self, items: Iterable[str]) -> str:
        """Items as one list."""
        return listing(self.lang, items)

    def name(self, type_id: str) -> str:
        """A hand type's name."""
        return tr(self.rs.type_by_id[type_id].name, self.lang)

    def names(self, type_ids: Iterable[str]) -> str:
        """Hand types' names as one list."""
        return self.join(self.name(t) for t in type_ids)

    def contract_name(self, cid: str) -> str:
        """A contract's name (its id when the variant has no such contract)."""
        for c in self.game.contracts:
            if c.id == cid:
                return tr(c.name, self.lang)
        return cid

    def event_name(self, eid: str) -> str:
        """A dealt-hand event's name (its id when the variant has no such event)."""
        for e in self.game.dealt_events:
            if e.id == eid:
                return tr(e.name, self.lang)
        return eid

    def paren(self, text: str) -> str:
        """``text`` in the language's parentheses."""
        return f"（{text}）" if self.lang == "zh" else f" ({text})"

    def probability(self, p: float, exact: bool) -> str:
        """``p`` with "about 1 in N"; an estimate is marked ≈."""
        text = format_prob(p) if exact else "≈ " + format_prob(p)
        if p > 0:
            text += self.paren(self.s("odds.one_in", n=f"{round(1 / p):,}"))
        return text

    @staticmethod
    def signed(n: int) -> str:
        """A score with its sign (+3, -2, 0)."""
        return f"+{n}" if n > 0 else str(n)
