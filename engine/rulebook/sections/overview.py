"""The opening sections: the overview table, the cards and the deal, ranks and suits, and the
wild cards — what a player needs before the first hand type is named."""

from __future__ import annotations

from typing import Any

from paixing.rules.cards import EXTRAS, SPECIALS, Card, parse_cards
from paixing.rules.models import Kickers

from ..faces import C, Rich, T, cards_of, rank_cards, suit_face
from .pen import Pen


def overview(pen: Pen) -> list[tuple[str, Rich]]:
    """Id, players and the parent a variant extends."""
    v, parent = pen.v, pen.f.parent
    rows: list[tuple[str, Rich]] = [
        (pen.s("ov.id"), [T(v.id)]),
        (pen.s("ov.players"), [T(pen.s("ov.players_n", n=v.players))]),
    ]
    if parent is not None:
        label = f"{pen.tr(parent.name)} ({parent.id})"
        rows.append((pen.s("ov.extends"), [T(pen.s("ov.extends_v", parent=label))]))
    return rows


def deck(pen: Pen) -> list[tuple[str, Rich]]:
    """The deck, then (when the variant has a game) the deal and the dealer."""
    d = pen.v.deck
    rows: list[tuple[str, Rich]] = [
        (pen.s("deck.packs"), [T(pen.s("deck.packs_v", n=d.packs))]),
        (pen.s("deck.jokers"), [T(pen.s("deck.jokers_yes" if d.jokers else "deck.jokers_no"))]),
    ]
    if d.remove:
        rows.append((pen.s("deck.remove"), [C(cards_of(pen.rs, " ".join(d.remove)))]))
    if d.extra:
        rows.append((pen.s("deck.extra"), [T(pen.join([f"{n} × {pen.s(f'card.{name}')} {name}" for name, n in d.extra.items()]))]))
    rows.append((pen.s("deck.total"), [T(str(len(pen.rs.deck())))]))
    if pen.v.game is not None:
        rows += _deal(pen)
    return rows


def _deal(pen: Pen) -> list[tuple[str, Rich]]:
    """Cards each, kitty, direction, and who deals the first and the later hands."""
    g = pen.game
    each = str(g.deal.cards_each) if g.deal.cards_each is not None else pen.s("deal.each_default", n=pen.f.cards_each)
    if g.deal.uneven and g.deal.cards_each is None:
        dealt = len(pen.rs.deck()) - g.deal.kitty
        n = pen.v.players
        each = pen.s("deal.each_uneven", n=dealt // n, more=dealt // n + 1, k=dealt % n) if dealt % n else each
    rows: list[tuple[str, Rich]] = [(pen.s("deal.each"), [T(each)])]
    if g.deal.kitty:
        rows.append((pen.s("deal.kitty"), [T(str(g.deal.kitty))]))
    if g.deal.stock:
        n = g.deal.kitty_size(len(pen.rs.deck()), pen.v.players)
        rows.append((pen.s("deal.stock"), [T(pen.s("deal.stock_v", n=n))]))
    rows.append((pen.s("deal.direction"), [T(pen.s(f"deal.{g.deal.direction}"))]))
    first: Rich
    if g.dealer.first_hand == "holder":
        assert g.dealer.card is not None
        first = [T(pen.s("dealer.holder")), C(parse_cards(g.dealer.card)), T(pen.s("dealer.holder_after"))]
    else:
        first = [T(pen.s(f"dealer.{g.dealer.first_hand}"))]
    rows.append((pen.s("dealer.first"), first))
    rows.append((pen.s("dealer.later"), [T(pen.s(f"dealer.{g.dealer.later_hands}"))]))
    return rows


def ranks(pen: Pen) -> dict[str, Any]:
    """Rank order, the ranks that chain, and the suit order when a hand type compares by suit."""
    r = pen.v.ranks
    never = [x for x in r.order if x not in r.sequence]
    by_suit = [t.id for t in pen.rs.types if "suit" in t.key or "suit" in t.same]
    rows: list[tuple[str, Rich]] = [
        # with a level rank, the order a hand at the default level plays by (the engine's own)
        (pen.s("ranks.order_level", rank=r.level), [C(rank_cards(pen.rs.ranks))]) if r.level is not None
        else (pen.s("ranks.order"), [C(rank_cards(r.order))]),
        (pen.s("ranks.sequence"), [C(rank_cards(r.sequence))]),
    ]
    if never:
        rows.append((pen.s("ranks.never"), [C(rank_cards(never))]))
    if by_suit:
        suits: Rich = []
        for i, suit in enumerate(r.suits):
            if i:
                suits.append(T(" < "))
            suits.append({"cards": [suit_face(suit)]})
        rows.append((pen.s("ranks.suits"), suits))
    notes = [pen.s("ranks.both_ends", rank=r.sequence[0]) if pen.rs.tables.wrap else pen.s("ranks.no_wrap")]
    if r.single_only:
        notes.append(pen.s("ranks.single_only", cards=pen.join([f"{pen.s(f'card.{x}')} {x}" if x in EXTRAS else x for x in r.single_only])))
    if r.level is not None:
        notes += [pen.s("ranks.level", rank=r.level), _level_moves(pen, r.level)]
    for where in ("top", "bottom"):
        moved = getattr(r.windows, where)
        if moved:
            notes.append(pen.s(f"ranks.windows_{where}", chains=pen.join(moved)))
    return {
        "rows": rows,
        "notes": notes + ([pen.s("ranks.suits_used", types=pen.names(by_suit))] if by_suit else []),
    }


def _level_moves(pen: Pen, level: str) -> str:
    """Where the default level rank sits when another rank is the level: its own place in
    ``ranks.order`` (read from the engine's order for a hand at another level)."""
    other = next(x for x in pen.v.ranks.sequence if x != level and x in pen.rs.rank_index)
    order = pen.rs.for_hand(level=other).ranks
    i = order.index(level)
    place = pen.s("ranks.place_lowest") if i == 0 else pen.s("ranks.place_between", lo=order[i - 1], hi=order[i + 1])
    return pen.s("ranks.level_moves", rank=level, place=place)


def wilds(pen: Pen) -> list[Rich]:
    """What the wild cards stand for; empty when the variant has none."""
    w = pen.v.wildcards
    if w is None:
        return []
    special = [Card(c) for c in w.cards if c in SPECIALS]
    named = [pen.s(f"wild.{c}") for c in w.cards if c not in SPECIALS]
    lines: list[Rich] = [
        [T(pen.s("wild.cards") + pen.s("w.colon")), *([C(special)] if special else []), *([T(pen.join(named))] if named else [])],
        [T(pen.s("wild.stand"))],
    ]
    if special and w.half_above:
        only = pen.join(pen.v.ranks.single_only) or "—"
        lines.append([T(pen.s("wild.half_above", rank=w.alone_as, single_only=only))])
    elif special:
        lines.append([T(pen.s("wild.alone", rank=w.alone_as))])
    if named:
        lines.append([T(pen.s("wild.natural"))])
    never = [x for x in w.never_as if x in pen.v.ranks.order]
    if never:
        lines.append([T(pen.s("wild.never_as") + pen.s("w.colon")), C(Card(x) for x in never)])
    for t in pen.rs.types:
        if t.exclusive is not None:
            exact = pen.rs.sort_cards(parse_cards(" ".join(t.exclusive)))
            lines.append([T(pen.s("wild.exclusive")), C(exact), T(pen.s("wild.exclusive_after", type=pen.tr(t.name)))])
    lines.append([T(pen.s("wild.mixed"))])
    return lines + [[T(line)] for line in kicker_wilds(pen)]


def kicker_mode(k: Kickers) -> str:
    """What ``kickers.wilds`` lets wild cards do in these kickers: ``complete`` completes a pair
    unit beside a natural card, so with single-card units it allows nothing (``no``)."""
    return "no" if k.wilds == "complete" and k.size == 1 else k.wilds


def kicker_wilds(pen: Pen) -> list[str]:
    """Whether wild cards may be kickers, from each kicker type's ``kickers.wilds``: one sentence
    when every such type says the same, else one per value naming its types."""
    by_mode: dict[str, list[str]] = {}
    for t in pen.rs.types:
        if t.spec.kickers is not None:
            by_mode.setdefault(kicker_mode(t.spec.kickers), []).append(t.id)
    if len(by_mode) == 1:
        return [pen.s(f"wild.kickers.{mode}") for mode in by_mode]
    return [pen.s("wild.kickers.in", types=pen.names(ids), rule=pen.s(f"kick.wilds.{mode}")) for mode, ids in by_mode.items()]
