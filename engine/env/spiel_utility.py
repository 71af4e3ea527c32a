"""The utility a variant declares to OpenSpiel: zero-sum or not, and the bounds of a hand's
score, both read from the rules (no hand is played).

**Zero-sum.** A hand's score is the sum of its payments: the score row that pays (times the
contract's multipliers), holding rewards and instant wins (``Game._pay``: each other seat
pays the seat) and trick bonuses (the same). Rewards, instant wins, bonuses and the
``per_card`` rows are transfers between seats by construction; a ``winners``, ``declarer`` or
``places`` row is one when its amounts add up to zero over the seats of every side layout
its contract's ``teams`` allow (solo: 1 against n-1; duel: 1 against 1, the others sit out and
score ``bystanders``; partners: 2 against n-2, the called card is never the caller's own;
fixed: the contract's sides; each: every player for himself, the winner collecting from
each loser); a ``margin`` row (a side's points minus the other's) is one when the sides are
of one size. A variant is zero-sum when every row of every contract is.

**Bounds.** The most one seat can win (or lose) in a hand is the largest of: an instant win
(its ``pay`` from each other seat), or the most a score row pays one seat times the largest
multiplier the contract can reach, plus the most holding rewards and trick bonuses. The
largest multiplier is the largest bid, times the conditional factors that can hold together
with the row (春天 with the declarer's win, 反春 with his loss; conditions are compared as
written, so factors exclusive in a subtler way are counted together), times each ``per_play`` factor once per
play of that type the deck can hold at once (one pack with jokers: thirteen four-card bombs and the joker pair, 2¹⁴):
``packed`` takes the smallest such play the remaining deck makes until none is left. A
``per_card`` row counts a loser's cards left at the largest hand a seat can hold (cards
dealt plus the kitty). Where no factor multiplies, the bound is the table's own largest
amount; with ``per_play`` factors it is the true product of the deck's caps, never reached in
play (a hand of fourteen bombs has no spring). The figures per variant are in docs/env.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from paixing.env.readings import largest_hand
from paixing.game.payments import card_value
from paixing.game.steps.draw_wild import candidates
from paixing.game.tricks import capture_value
from paixing.hands.compile import Ruleset, TypeInfo
from paixing.hands.generate import generate
from paixing.hands.view import HandView
from paixing.rules.cards import Card
from paixing.rules.hand_rules import Contract, ScoreRow


@dataclass(frozen=True)
class Utility:
    """What OpenSpiel is told: the lowest and highest return of a seat, and zero-sum."""

    low: int
    high: int
    zero_sum: bool


MATCH = Utility(-1, 1, True)
"""A whole match: +1 for each seat of the side that wins it, -1 for the others."""

_KNOWN: dict[int, tuple[Ruleset, Utility]] = {}


def utility_of(rs: Ruleset, match: bool = False) -> Utility:
    """The declared utility of a hand of ``rs`` (``match``: of a whole match)."""
    if match:
        return MATCH
    known = _KNOWN.get(id(rs))
    if known is None or known[0] is not rs:
        known = _KNOWN[id(rs)] = (rs, _utility(rs))
    return known[1]


def _utility(rs: Ruleset) -> Utility:
    game = rs.variant.game
    assert game is not None
    n = rs.variant.players
    gain, loss = 0, 0
    for event in game.dealt_events:
        if event.effect == "instant_win":
            gain, loss = max(gain, event.pay * (n - 1)), max(loss, event.pay)
    extra_gain, extra_loss = _rewards(rs)
    bonus_gain, bonus_loss = _bonuses(rs)
    for contract in game.contracts:
        for row in contract.score:
            low, high = _row_range(rs, contract, row)
            mult = multiplier_cap(rs, contract, row.when)
            gain = max(gain, high * mult + extra_gain + bonus_gain)
            loss = max(loss, -low * mult + extra_loss + bonus_loss)
    zero = all(_row_zero_sum(rs, c, row) for c in game.contracts for row in c.score)
    return Utility(-loss, gain, zero)


# ---------------------------------------------------------------------- zero-sum
def side_layouts(rs: Ruleset, contract: Contract, when: Sequence[str] = ()) -> list[tuple[int, int, int]]:
    """The (declarer's side, opponents, bystanders) sizes the contract's teams allow (for a
    row whose conditions say ``alone`` or ``not alone``, those its sides can have)."""
    n = rs.variant.players
    if contract.teams == "holders":
        pair, alone = (2, n - 2, 0), (1, n - 1, 0)
        return [alone] if "alone" in when else [pair] if "not alone" in when else [pair, alone]
    if contract.teams == "solo":
        return [(1, n - 1, 0)]
    if contract.teams == "duel":
        return [(1, 1, n - 2)]
    if contract.teams == "partners":
        return [(2, n - 2, 0)]
    if contract.teams == "fixed":
        sides = contract.sides or [list(range(0, n, 2)), list(range(1, n, 2))]
        a, b = len(sides[0]), len(sides[1])
        return [(a, b, n - a - b), (b, a, n - a - b)]
    return [(1, n - 1, 0)]  # each: one winner, every other seat a loser


def _row_zero_sum(rs: Ruleset, contract: Contract, row: ScoreRow) -> bool:
    """Whether the row's payments add up to zero in every side layout of the contract."""
    if contract.teams == "each" and row.kind in ("winners", "per_card"):
        return row.bystanders == 0  # the winner collects what each loser pays
    if row.kind == "per_card":
        return row.bystanders == 0
    if row.kind == "margin":  # each seat: its side's points minus the other's
        return all(mine == theirs and (by == 0 or row.bystanders == 0) for mine, theirs, by in side_layouts(rs, contract, row.when))
    for mine, theirs, by in side_layouts(rs, contract, row.when):
        if row.kind == "winners":
            assert row.winners is not None
            total = row.winners * (mine - theirs)
        elif row.kind == "places":
            assert row.places is not None
            total = sum(row.places)
        else:
            assert row.declarer is not None and row.opponents is not None
            partner = row.partner if row.partner is not None else row.declarer
            total = row.declarer + partner * (mine - 1) + row.opponents * theirs
        if total + row.bystanders * by != 0:
            return False
    return True


# ---------------------------------------------------------------------- bounds
def _row_range(rs: Ruleset, contract: Contract, row: ScoreRow) -> tuple[int, int]:
    """The lowest and highest score the row gives one seat, before the contract's multiplier."""
    n = rs.variant.players
    each = contract.teams == "each"
    if row.kind == "winners":
        assert row.winners is not None
        amounts = [row.winners * (n - 1 if each else 1), -row.winners]
    elif row.kind == "declarer":
        assert row.declarer is not None and row.opponents is not None
        amounts = [row.declarer, row.opponents, row.partner if row.partner is not None else row.declarer]
    elif row.kind == "places":
        assert row.places is not None
        amounts = list(row.places)
    elif row.kind == "margin":
        assert row.margin is not None
        most = _side_points_spread(rs, contract) * row.margin
        amounts = [-most, most]
    else:
        amounts = [_per_card_most(rs, row) * -1, _per_card_most(rs, row) * (n - 1)]
    amounts += [row.bystanders, 0]
    return min(amounts), max(amounts)


def _side_points_spread(rs: Ruleset, contract: Contract) -> int:
    """The most one side's points for a hand can exceed the other's: every positive card point
    (or the largest fixed points of an end) and every call made by one side, against every
    negative card point and every call of the other side failed."""
    game = rs.variant.game
    assert game is not None
    values = [capture_value(game.play, [card]) for card in rs.deck()] if game.play.capture == "points" else []
    fixed = [p for rule in contract.end.rules if rule.points is not None for p in (rule.points.winners, rule.points.losers)]
    high = max([sum(v for v in values if v > 0), *fixed, 0])
    low = min([sum(v for v in values if v < 0), *fixed, 0])
    calls = max((c.points for c in game.calls), default=0) * rs.variant.players
    return high - low + calls


def _per_card_most(rs: Ruleset, row: ScoreRow) -> int:
    """The most one loser pays for his cards left (steps, cap and every loser factor)."""
    most = card_value(row, largest_hand(rs))
    for factor in row.loser_factors:
        most *= factor.factor
    return most


def multiplier_cap(rs: Ruleset, contract: Contract, when: Sequence[str] = ()) -> int:
    """The largest product of the contract's multipliers in a hand where the conditions
    ``when`` hold (a row's): see the module docstring."""
    m = contract.multipliers
    mult = max_bid(rs) if m.bid else 1
    mult *= _best_factors([f.conditions for f in m.when], [f.factor for f in m.when], list(when))
    if m.per_play:
        counts = packed(rs, set(m.per_play))
        for tid, k in counts.items():
            mult *= m.per_play[tid] ** k
    return mult


def _negation(condition: str) -> str:
    text = condition.strip()
    return text[4:].strip() if text.startswith("not ") else f"not {text}"


def _best_factors(conditions: list[list[str]], factors: list[int], given: list[str]) -> int:
    """The largest product of conditional factors that can hold together with ``given``: a
    set is left out when one condition is the plain negation of another (春天 needs
    ``declarer_won``, 反春 ``not declarer_won``)."""
    best = 1
    for chosen in range(1 << len(factors)):
        held = list(given)
        product = 1
        for i, factor in enumerate(factors):
            if chosen >> i & 1:
                held += conditions[i]
                product *= factor
        if product > best and not any(_negation(c) in held for c in held):
            best = product
    return best


def max_bid(rs: Ruleset) -> int:
    """The largest value a step's ladder offers (the auction value multiplies the score)."""
    game = rs.variant.game
    assert game is not None
    values = [1]
    for step in game.steps:
        for body in step.model_dump(exclude_none=True).values():
            if isinstance(body, dict):
                values += [int(v) for v in body.get("values", ())]
    return max(values)


def packed(rs: Ruleset, type_ids: set[str]) -> Counter[str]:
    """How many plays of these types the deck holds at once: the smallest play of any of them
    the remaining cards make, taken out, again until none is left (with drawn wild ranks, in
    the hand where the first ranks a draw may give are wild)."""
    hand_rs = _drawn(rs)
    types = [t for t in hand_rs.playable_types if t.id in type_ids]
    cards: list[Card] = list(hand_rs.deck())
    counts: Counter[str] = Counter()
    while True:
        best = _smallest(hand_rs, cards, types)
        if best is None:
            return counts
        tid, used = best
        counts[tid] += 1
        for card in used:
            cards.remove(card)


def _smallest(rs: Ruleset, cards: list[Card], types: list[TypeInfo]) -> tuple[str, list[Card]] | None:
    view = HandView(rs, cards)
    best: tuple[str, list[Card]] | None = None
    for t in types:
        for play in generate(rs, view, t):
            if best is None or len(play.cards) < len(best[1]):
                best = (t.id, list(play.cards))
    return best


def _drawn(rs: Ruleset) -> Ruleset:
    """``rs`` with the first wild ranks its draws may give (``rs`` itself without draws)."""
    game = rs.variant.game
    assert game is not None
    ranks: list[str] = []
    for step in game.steps:
        if step.draw_wild is not None:
            pool = [r for r in candidates(rs, step.draw_wild) if r not in ranks]
            ranks += next(iter(combinations(pool, step.draw_wild.ranks)), ())
    return rs.for_hand(wild_ranks=tuple(ranks)) if ranks else rs


def _rewards(rs: Ruleset) -> tuple[int, int]:
    """The most holding rewards one seat collects, and pays, in a hand: each reward event at
    most as often as the largest hand holds its smallest play (and, per rank, as the deck's
    ranks allow); each other seat pays the seat's rewards."""
    game = rs.variant.game
    assert game is not None
    n, hand = rs.variant.players, largest_hand(rs)
    total = 0
    for event in game.dealt_events:
        if event.effect != "reward":
            continue
        smallest = _smallest_size(rs, event.hand_type)
        if smallest is None:
            continue
        times = hand // smallest if event.per_rank else 1
        total += event.pay * min(times, len(rs.tables.ranks)) if event.per_rank else event.pay
    return total * (n - 1), total * (n - 1)


def _smallest_size(rs: Ruleset, type_id: str) -> int | None:
    t = rs.type_by_id.get(type_id)
    if t is None:
        return None
    sizes = [len(p.cards) for p in generate(rs, HandView(rs, rs.deck()), t)]
    return min(sizes) if sizes else None


def _bonuses(rs: Ruleset) -> tuple[int, int]:
    """The most trick bonuses one seat collects, and pays, in a hand: the largest pay for as
    many plays of the bonus types as the deck holds at once (each other seat pays)."""
    game = rs.variant.game
    assert game is not None
    paid = [b for b in game.bonuses.tricks if b.into == "scores"]
    if not paid:
        return 0, 0
    n = rs.variant.players
    plays = sum(packed(rs, {b.hand_type for b in paid}).values())
    most = max(b.pay for b in paid)
    return plays * most * (n - 1), plays * most
