"""The conformance suite: what every variant file must satisfy, runnable on a user's own file.

``paixing check FILE`` and the test suite run the same checks: the file loads; its examples
hold; the move generator agrees with brute force on small hands; ``beats`` is a strict order
(irreflexive, asymmetric, transitive) on the plays it generates; random games end, conserve
cards, score to zero and replay from their records. ``paixing check`` adds that the rulebook
renders in both languages (``paixing.rulebook.check_rulebook``: the rulebook sits above this
layer, since its "differs from the parent" section reads ``paixing.conformance.diff``).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from paixing.agents.play import HandDidNotEnd, game_seed, play_hand, seated_bots
from paixing.game.events import Kitty, Played
from paixing.game.records import replay
from paixing.game.state import new_game
from paixing.hands.cache import ruleset
from paixing.hands.classify import classify
from paixing.hands.compile import Ruleset
from paixing.hands.examples import run_examples
from paixing.hands.moves import answering, legal_plays
from paixing.hands.play import Play, also_beats, beats
from paixing.rules.cards import Card, format_cards, parse_cards
from paixing.rules.loader import VariantError


@dataclass
class Check:
    """One check's verdict: a name, pass/fail, and what went wrong (each problem one line)."""

    name: str
    ok: bool = True
    problems: list[str] = field(default_factory=list)
    detail: str = ""

    def fail(self, problem: str) -> None:
        self.ok = False
        if len(self.problems) < 10:
            self.problems.append(problem)


@dataclass(frozen=True)
class Size:
    """How hard to look: hands for the brute-force comparison, games to play."""

    hands: int = 40
    hand_size: int = 7
    games: int = 30
    seed: int = 0


SMALL = Size()


def _sub_multisets(hand: Iterable[Card]) -> Iterator[tuple[Card, ...]]:
    items = sorted(Counter(hand).items(), key=lambda kv: (kv[0].rank, kv[0].suit or ""))
    for pick in itertools.product(*(range(n + 1) for _, n in items)):
        sub = tuple(card for (card, _), k in zip(items, pick, strict=True) for _ in range(k))
        if sub:
            yield sub


def _small_hand(rs: Ruleset, rng: random.Random, size: int) -> list[Card]:
    """A small hand biased to a few adjacent ranks (plus wild cards now and then), so that
    groups, chains and wild readings occur."""
    deck = rs.deck()
    if rng.random() < 0.3:
        return rng.sample(deck, size)
    lo = rng.randrange(max(1, len(rs.ranks) - 3))
    near = {rs.ranks[i] for i in range(lo, min(len(rs.ranks), lo + 3))}
    pool = [c for c in deck if c.rank in near or (rs.is_wild(c) and rng.random() < 0.5)]
    return rng.sample(pool, min(size, len(pool)))


def _offered_readings(rs: Ruleset, cards: tuple[Card, ...], whole_hand: bool) -> list[Play]:
    """The readings of ``cards`` that legal_plays may offer: playable types, and a
    ``last_play_only`` type only when the cards are the whole hand."""
    return [p for p in classify(rs, cards) if p.type.playable and (whole_hand or not p.type.last_only)]


def check_generator(rs: Ruleset, size: Size) -> Check:
    """legal_plays equals brute force (every sub-multiset classified, filtered by beats)."""
    check = Check("legal plays = brute force")
    rng = random.Random(size.seed)
    for i in range(size.hands):
        hand = _small_hand(rs, rng, size.hand_size)
        readings = {sub: _offered_readings(rs, sub, len(sub) == len(hand)) for sub in _sub_multisets(hand)}
        targets: list[Play | None] = [None]
        other = _small_hand(rs, rng, size.hand_size)
        pool = [p for p in legal_plays(rs, other)]
        if pool:
            targets.append(rng.choice(pool))
        apart = apart_by_brute_force(rs, hand, itertools.chain.from_iterable(readings.values()))
        for target in targets:
            context = {p.identity for rs_ in readings.values() for p in answering(rs, rs_, target)}
            want = {class_identity(rs, r, apart) for rs_ in readings.values() for r in answering(rs, rs_, target)
                    if target is None or beats(r, target)}
            got_plays = legal_plays(rs, hand, target)
            got = [class_identity(rs, p, apart) for p in got_plays]
            if len(got) != len(set(got)):
                check.fail(f"hand {format_cards(rs.sort_cards(hand))}: a play is listed twice")
            if set(got) != want:
                missing = len(want - set(got))
                extra = len(set(got) - want)
                on = f" on {target.notation}" if target else ""
                check.fail(f"hand {format_cards(rs.sort_cards(hand))}{on}: {missing} plays missing, {extra} extra")
            for p in got_plays:
                if p.identity not in context:
                    check.fail(f"{p.notation} is generated as {p.type.id} but does not read so")
        check.detail = f"{i + 1} hands"
    return check


def apart_by_brute_force(rs: Ruleset, hand: Sequence[Card], plays: Iterable[Play]) -> set[Card] | None:
    """The cards of ``hand`` a play must tell apart from the others of their rank, found by
    brute force from ``plays``, every reading of every part of the hand (None: every card): where a type
    of any ranks compares suits, or a contract step may name a card, every card; else the
    cards some suit-reading play reads the suit of (a one-suit type: its own cards; a mixed-suit
    or suit-compared type: every card of its ranks). The generator finds the same cards its own
    way (``hands.suited.apart``) and lists one play per set of cards that differ elsewhere."""
    if rs.suits_anywhere or rs.marks_cards:
        return None
    is_wild = rs.tables.is_wild
    live: set[Card] = set()
    for r in plays:
        if r.type.index not in rs.suit_types:
            continue
        if r.type.suits == "same":
            live.update(c for c in r.cards if not is_wild(c))
        else:
            ranks = {c.rank for c in r.cards if not is_wild(c)}
            live.update(c for c in hand if c.rank in ranks and not is_wild(c))
    return live


def class_identity(rs: Ruleset, play: Play, apart: set[Card] | None) -> tuple[object, ...]:
    """A play's identity with the cards not ``apart`` named by their rank alone (wild cards
    that stand in for each other as "wild"): plays equal here are one play to the generator."""
    if not play.type.every_set:
        return play.identity
    keys = []
    for c in play.cards:
        if rs.tables.is_wild(c):
            keys.append(str(c) if apart is None or not rs.wilds_alike else "wild")
        else:
            keys.append(str(c) if apart is None or c in apart else f"rank {c.rank}")
    return (*play.reading, tuple(sorted(keys)))


def _stepped(play: Play, target: Play) -> bool:
    """Whether ``play`` beats ``target`` within their class under a ``compare.step``."""
    return bool(play.type.step) and play.rung == target.rung and play.type.cls == target.type.cls


def check_order(rs: Ruleset, size: Size) -> Check:
    """beats is irreflexive, asymmetric and transitive on generated plays. A type's
    ``compare.also_beats`` (a chop: four of a kind on a 2) is an edge of its own that does not
    chain (three pairs beat a 2 that beats an ace, and not the ace), and neither does an answer
    a type's ``compare.step`` allows (a 6 on a 5, a 5 on a 4, and not the 6 on the 4), so
    transitivity is asked of the other edges only; and two ``also_beats`` edges may answer each
    other (the lone joker beats the ♠3, the ♠3 alone beats the lone joker), so asymmetry too."""
    check = Check("beats is a strict order")
    rng = random.Random(size.seed + 1)
    plays: list[Play] = []
    for _ in range(max(4, size.hands // 4)):
        plays.extend(legal_plays(rs, rng.sample(rs.deck(), min(12, len(rs.deck())))))
    sample = rng.sample(plays, min(len(plays), 150))
    table = {(i, j): beats(a, b) for i, a in enumerate(sample) for j, b in enumerate(sample)}
    plain = {ij for ij, won in table.items() if won and not also_beats(sample[ij[0]], sample[ij[1]]) and not _stepped(sample[ij[0]], sample[ij[1]])}
    n = len(sample)
    for i in range(n):
        if table[i, i]:
            check.fail(f"{sample[i].notation} beats itself")
        for j in range(n):
            if table[i, j] and table[j, i] and ((i, j) in plain or (j, i) in plain):
                check.fail(f"{sample[i].notation} and {sample[j].notation} beat each other")
            if (i, j) not in plain:
                continue
            for k in range(n):
                if (j, k) in plain and not table[i, k]:
                    a, b, c = sample[i], sample[j], sample[k]
                    check.fail(f"{a.notation} beats {b.notation} beats {c.notation}, but not {a.notation} over {c.notation}")
    check.detail = f"{n} plays, {n * n} pairs"
    return check


def check_games(rs: Ruleset, size: Size) -> Check:
    """Random games end, conserve cards, score to zero and replay from their records.

    Game ``i`` is dealt and played exactly as ``paixing simulate FILE --seed S --bots random``
    plays its game ``i`` (``game_seed``, ``seated_bots``: the one copy in
    ``paixing.agents.play``), so a failure can be replayed and its record written with
    ``simulate --out``."""
    check = Check("random games")
    if rs.variant.game is None:
        check.detail = "no game: section (hand types only)"
        return check
    deck = Counter(rs.deck())
    names = ["random"] * rs.variant.players
    for i in range(size.games):
        game = new_game(rs, game_seed(size.seed, i))
        where = f"game {i} (deal seed {game.seed})"
        try:
            play_hand(game, seated_bots(names, size.seed, i))
        except HandDidNotEnd as exc:
            check.fail(f"{where}: {exc}")
            continue
        played = Counter(c for e in game.log if isinstance(e, Played) for c in parse_cards(e.cards))
        left = Counter(c for h in game.hands for c in h)
        kitty_taken = any(isinstance(e, Kitty) for e in game.log)
        held = played + left + (Counter() if kitty_taken else Counter(game.kitty))
        if held != deck:
            check.fail(f"{where}: cards not conserved ({sum(held.values())} of {sum(deck.values())})")
        if sum(game.scores) != 0:
            check.fail(f"{where}: scores {game.scores} do not sum to zero")
        again = replay(game.to_record(), rs)
        if not again.ok:
            check.fail(f"{where}: the record does not replay: {again.error}")
    check.detail = f"{size.games} games"
    return check


def check_examples(rs: Ruleset) -> Check:
    check = Check("examples")
    outcomes = run_examples(rs)
    for o in outcomes:
        if not o.ok:
            check.fail(o.describe())
    check.detail = f"{len(outcomes)} examples"
    return check


CHECKS: list[tuple[str, Callable[[Ruleset, Size], Check]]] = [
    ("examples", lambda rs, size: check_examples(rs)),
    ("generator", check_generator),
    ("order", check_order),
    ("games", check_games),
]


def run_checks(
    ref: str | Path,
    size: Size = SMALL,
    progress: Callable[[str], None] | None = None,
    more: Sequence[tuple[str, Callable[[str], Check]]] = (),
) -> list[Check]:
    """Every check on one variant file (or built-in id); a file that does not load is one
    failed check with its problems. ``more`` adds checks of the file from layers above this
    one (``paixing check`` adds the rulebook's, ``paixing.rulebook.check_rulebook``): each is
    called with the reference as a string."""
    load = Check("loads and validates")
    try:
        rs = ruleset(ref)
    except VariantError as exc:
        for p in exc.problems:
            load.fail(p)
        return [load]
    load.detail = f"{len(rs.types)} hand types"
    results = [load]
    steps: list[tuple[str, Callable[[], Check]]] = [(name, partial(fn, rs, size)) for name, fn in CHECKS]
    steps += [(name, partial(fn, str(ref))) for name, fn in more]
    for name, step in steps:
        if progress:
            progress(name)
        try:
            results.append(step())
        except Exception as exc:  # report, never crash: the user's file is under test
            failed = Check(name)
            failed.fail(f"crashed: {type(exc).__name__}: {exc}")
            results.append(failed)
    return results
