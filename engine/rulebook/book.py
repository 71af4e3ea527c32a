"""The book as data: ``Book`` turns a variant's ``Facts`` into what the templates render.

Everything is resolved to one language here (sections, tables, sentences, rich text with
cards); every sentence comes from the phrase tables or the variant file, every verdict from the
engine, so the templates only lay the data out. Each section is written by its own module in
``sections``; this module only says which sections a variant's book has and puts them together.
"""

from __future__ import annotations

from typing import Any

from .phrases import P, tr
from .sections.contracts import contracts
from .sections.differs import differs
from .sections.events import appendix, events
from .sections.examples import examples
from .sections.hand_types import hand_types
from .sections.ladder import ladder
from .sections.match import match
from .sections.overview import deck, overview, ranks, wilds
from .sections.pen import Pen
from .sections.play import play
from .sections.scoring import ending


def contents(pen: Pen) -> list[tuple[str, str]]:
    """The sections this variant's book has, in order, as ``(id, title)``: wild cards only
    with wild cards, the game sections only with a game, notes only with notes, the
    differences only for a variant that extends another."""
    v = pen.v
    ids = ["overview", "cards", "ranks"]
    if pen.rs.has_wilds:
        ids.append("wilds")
    ids += ["types", "compare"]
    if v.game is not None:
        ids += (["events"] if v.game.dealt_events else []) + ["contracts", "play", "end"]
        ids += ["match"] if v.game.session is not None else []
    ids.append("examples")
    if v.notes:
        ids.append("notes")
    if appendix(pen):
        ids.append("appendix")
    out = [(sid, pen.s(f"h.{sid}")) for sid in ids]
    if pen.f.parent is not None:
        out.append(("differs", pen.s("h.differs", parent=pen.tr(pen.f.parent.name))))
    return out


def _titles(pen: Pen, prefix: str) -> dict[str, str]:
    """Every phrase under ``prefix`` that needs no argument (headings, table headers), by the
    rest of its key: the templates' ``t.*`` and ``th.*``."""
    return {key.split(".", 1)[1]: pen.s(key) for key in P if key.startswith(prefix) and "{" not in P[key][0]}


class Book(Pen):
    """Builds the language-resolved data the templates render: ``Book(facts, lang).build()``."""

    def build(self) -> dict[str, Any]:
        """Everything one book says, keyed as the templates read it."""
        v, no_game = self.v, self.v.game is None
        return {
            "lang": self.lang,
            "colon": self.s("w.colon"),
            "html_lang": "zh-Hans" if self.lang == "zh" else "en",
            "id": v.id,
            "title": self.tr(v.name),
            "alt_title": tr(v.name, self.other_lang),
            "t": _titles(self, "h."),
            "th": _titles(self, "th."),
            "sections": [{"id": sid, "title": title} for sid, title in contents(self)],
            "source": self.s("ov.source", file=self.f.source),
            "description": self.tr(v.description),
            "overview": overview(self),
            # a deck without jokers gets no word about them (the game removed them)
            "legend": ([self.s("legend.text"), self.s("legend.input")] if v.deck.jokers
            else [self.s("legend.text_no_jokers"), self.s("legend.input_no_jokers")])
            + ([self.s("legend.wild")] if self.rs.has_wilds else []),
            "deck": deck(self),
            "dealer_role": "" if no_game else self.s("dealer.role"),
            "no_game": self.s("ov.no_game") if no_game else "",
            "ranks": ranks(self),
            "wilds": wilds(self),
            "types": hand_types(self),
            "ladder": ladder(self),
            "events": events(self),
            "contracts": contracts(self),
            "play": play(self),
            "ending": ending(self),
            "match": match(self),
            "examples": examples(self),
            "notes": [{"id": n.id, "text": self.tr(n.text)} for n in v.notes],
            "appendix": appendix(self),
            "differs": differs(self),
        }
