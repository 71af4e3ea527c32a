"""Concrete disagreements between two variants: card sets that classify differently, pairs of
plays where ``beats`` differs, hands whose legal plays differ, and whole hands that score
differently.

Each finder returns ``Case``s, shortest first; ``types`` names every hand type either side
read (what the grouping looks at), ``parts`` for a whole hand the part of the score that
differs (``row``: the contract's score row; ``bonus``: trick bonuses).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from paixing.game.records import replay
from paixing.game.settle import settle
from paixing.hands.classify import classify
from paixing.hands.compile import Ruleset
from paixing.hands.moves import legal_plays
from paixing.hands.play import Play, beats
from paixing.hands.view import UnknownCard, check_in_deck
from paixing.rules.cards import Card, format_cards

from ..vectors.answers import score_record
from ..vectors.hands import hand_cases

NOT_DEALT = "(not dealt)"
"""What a variant says of cards its deck does not hold."""


@dataclass
class Case:
    """One concrete difference."""

    kind: str
    """``classify``, ``beats``, ``moves`` or ``score``."""
    question: dict[str, Any]
    a: Any
    b: Any
    types: list[str] = field(default_factory=list)
    wild: bool = False
    parts: list[str] = field(default_factory=list)
    contract: str = ""
    size: int = 0

    def to_json(self) -> dict[str, Any]:
        out = {"kind": self.kind, **self.question, "a": self.a, "b": self.b}
        if self.contract:
            out["contract"] = self.contract
        return out


def _text(rs: Ruleset, cards: Sequence[Card]) -> str:
    return format_cards(rs.sort_cards(list(cards)))


def _dealt(rs: Ruleset, cards: Sequence[Card]) -> bool:
    try:
        check_in_deck(rs, cards)
    except UnknownCard:
        return False
    return True


def _readings(rs: Ruleset, cards: Sequence[Card]) -> list[Play] | None:
    return classify(rs, list(cards)) if _dealt(rs, cards) else None


def _shown(plays: list[Play] | None) -> list[str] | str:
    if plays is None:
        return NOT_DEALT
    return sorted(p.type.id + (f" as {p.reads_as}" if p.wild_as else "") for p in plays)


def classify_cases(a: Ruleset, b: Ruleset, pool: Sequence[tuple[Card, ...]]) -> list[Case]:
    """Card sets whose readings differ (a deck that lacks a card reads ``(not dealt)``)."""
    out: list[Case] = []
    for cards in pool:
        ra, rb = _readings(a, cards), _readings(b, cards)
        sa, sb = _shown(ra), _shown(rb)
        if sa != sb:
            types = sorted({p.type.id for p in (ra or []) + (rb or [])})
            wild = any(a.is_wild(c) or b.is_wild(c) for c in cards) or ra is None or rb is None
            out.append(Case("classify", {"cards": _text(a if ra is not None else b, cards)}, sa, sb, types, wild, size=len(cards)))
    return out


def _verdict(x: list[Play], y: list[Play]) -> bool:
    return any(all(beats(p, q) for q in y) for p in x)


def beats_cases(a: Ruleset, b: Ruleset, pool: Sequence[tuple[Card, ...]], limit: int) -> list[Case]:
    """Pairs of plays (plays in both variants) where one beats the other in one variant only;
    pairs of plays that classify differently are left to ``classify_cases``."""
    plays: list[tuple[tuple[Card, ...], list[Play], list[Play]]] = []
    for cards in pool:
        ra, rb = _readings(a, cards), _readings(b, cards)
        if ra and rb and _shown(ra) == _shown(rb):
            pa, pb = [p for p in ra if p.type.playable], [p for p in rb if p.type.playable]
            if pa and pb:
                plays.append((cards, pa, pb))
    out: list[Case] = []
    for x_cards, xa, xb in plays:
        for y_cards, ya, yb in plays:
            va, vb = _verdict(xa, ya), _verdict(xb, yb)
            if va != vb:
                types = sorted({p.type.id for p in xa + ya})
                wild = any(a.is_wild(c) for c in x_cards + y_cards)
                question = {"play": _text(a, x_cards), "target": _text(a, y_cards)}
                out.append(Case("beats", question, va, vb, types, wild, size=len(x_cards) + len(y_cards)))
                if len(out) >= limit:
                    return sorted(out, key=lambda c: c.size)
    return sorted(out, key=lambda c: c.size)


def _moves(rs: Ruleset, cards: Sequence[Card]) -> list[str]:
    return sorted(f"{p.type.id} {p.notation}" + (f" as {p.reads_as}" if p.wild_as else "") for p in legal_plays(rs, list(cards)))


def moves_cases(a: Ruleset, b: Ruleset, pool: Sequence[tuple[Card, ...]]) -> list[Case]:
    """Hands (dealt in both variants) whose legal plays on a free lead differ; only the plays
    that differ are shown."""
    out: list[Case] = []
    for cards in pool:
        if not (_dealt(a, cards) and _dealt(b, cards)):
            continue
        ma, mb = _moves(a, cards), _moves(b, cards)
        if ma != mb:
            only_a = [m for m in ma if m not in mb]
            only_b = [m for m in mb if m not in ma]
            types = sorted({m.split()[0] for m in only_a + only_b})
            wild = any(a.is_wild(c) for c in cards)
            out.append(Case("moves", {"hand": _text(a, cards)}, only_a, only_b, types, wild, size=len(cards)))
    return out


def _scored(rs: Ruleset, case: dict[str, Any]) -> tuple[list[int], list[Any], list[int]] | None:
    """The scores, the trick bonuses and the contract's own scores (``settle``'s) when ``rs``
    replays a whole-hand case (None when the hand is not legal there)."""
    outcome = replay(score_record(rs, case), scripted=True)
    game = outcome.game
    if not outcome.ok or game is None or game.contract is None:
        return None
    bonuses = [e.to_json() for e in game.log if e.kind == "bonus"]
    return outcome.scores, bonuses, settle(game.contract, game.facts(), game.rules.calls).scores


def score_cases(a: Ruleset, b: Ruleset, seed: int, max_games: int) -> list[Case]:
    """Whole hands (one per score row of either variant) that both replay and score
    differently, fewest actions first."""
    out: list[Case] = []
    seen: set[str] = set()
    for rs in (a, b):
        for case in hand_cases(rs, seed, max_games).cases:
            key = repr((case["deal"], case["actions"]))
            if key in seen:
                continue
            seen.add(key)
            sa, sb = _scored(a, case), _scored(b, case)
            if sa is None or sb is None or sa[0] == sb[0]:
                continue
            parts = (["bonus"] if sa[1] != sb[1] else []) + (["row"] if sa[2] != sb[2] else [])
            question: dict[str, Any] = {k: case[k] for k in ("dealer", "deal", "kitty", "actions", "seed") if k in case}
            out.append(Case("score", question, sa[0], sb[0], parts=parts, contract=case["rule"]["contract"], size=len(case["actions"])))
    return sorted(out, key=lambda c: c.size)
