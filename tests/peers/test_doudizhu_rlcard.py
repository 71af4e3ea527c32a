"""``doudizhu-rlcard`` against RLCard 1.2.0 (``rlcard.games.doudizhu``) as an oracle.

Three parts:

1. the 301 recorded peer cases of ``tests/data/doudizhu-rlcard.jsonl`` (one test each);
2. live RLCard on random seeded states: free leads (``DoudizhuJudger.playable_cards_from_hand``)
   and responses (``utils.get_gt_cards``) for 20-, 17- and small hands; the number of states is
   ``PAIXING_ORACLE_STATES`` (default 2000 leads and as many responses), the seed
   ``PAIXING_ORACLE_SEED``; a larger run on other seeds is marked ``slow`` (``-m slow``, sized by
   ``PAIXING_ORACLE_SLOW_STATES``);
3. RLCard's whole action space (``CARD_TYPE``, 27,471 plays): each must read as exactly one
   play of the matching type, and ``beats`` must order them as RLCard's (type, weight) does.

Plays are compared as RLCard-style strings: tokens sorted low to high in the order
``3 4 5 6 7 8 9 T J Q K A 2 BJ RJ`` and concatenated (``"333444BJ"``, ``"BJRJ"``).
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter, defaultdict
from collections.abc import Iterable
from types import SimpleNamespace
from typing import TypedDict

import paixing
import pytest
from paixing.hands.examples import plays_against

from tests.helpers import DATA

pytest.importorskip("rlcard")

from rlcard.games.base import Card as RLCard  # noqa: E402
from rlcard.games.doudizhu.judger import DoudizhuJudger  # noqa: E402
from rlcard.games.doudizhu.utils import CARD_TYPE, TYPE_CARD, get_gt_cards  # noqa: E402


class Case(TypedDict):
    """One recorded state (see /work/shared/peer-cases/README.md); other fields unused."""

    id: str
    kind: str
    hand: list[str]
    last_play: list[str] | None
    legal: list[str]


CASES_FILE = DATA / "doudizhu-rlcard.jsonl"
CASES: list[Case] = [json.loads(line) for line in CASES_FILE.read_text("utf-8").splitlines() if line.strip()]

RL_CHARS = "3456789TJQKA2BR"
"""RLCard's one-character ranks, low to high (``B``/``R``: black and red joker)."""
CHAR_ORDER = {c: i for i, c in enumerate(RL_CHARS)}
TOKENS = ("3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2", "BJ", "RJ")
CHAR_TO_TOKEN = dict(zip(RL_CHARS, TOKENS, strict=True))
ENGINE_TO_TOKEN = {"10": "T"}
TOKEN_ORDER = {t: i for i, t in enumerate(TOKENS)}
DECK = "".join(c * 4 for c in RL_CHARS[:13]) + "BR"
"""The 54-card pack in RLCard's characters."""

STATES = int(os.environ.get("PAIXING_ORACLE_STATES", "2000"))
SLOW_STATES = int(os.environ.get("PAIXING_ORACLE_SLOW_STATES") or os.environ.get("PAIXING_ORACLE_STATES") or 50000)
"""The ``slow`` run: PAIXING_ORACLE_SLOW_STATES, else PAIXING_ORACLE_STATES when set (so CI's
``PAIXING_ORACLE_STATES=300 pytest -m slow`` stays small), else 50,000 per direction."""
SEED = int(os.environ.get("PAIXING_ORACLE_SEED", "20240611"))

KIND_SHARE = {"20": 0.3, "17": 0.3, "rich": 0.2, "small": 0.2}
"""How the states of each direction are split over hands: 20 or 17 random cards, 20 cards
stacked with a plane, a four or jokers ("rich"), or 1-12 random cards."""


@pytest.fixture(scope="module")
def rs() -> paixing.Ruleset:
    return paixing.ruleset("doudizhu-rlcard")


# ---------------------------------------------------------------------------------- notation
def play_string(cards: Iterable[paixing.Card]) -> str:
    """An engine play as an RLCard-style string: tokens sorted low to high, concatenated."""
    toks = [ENGINE_TO_TOKEN.get(c.rank, c.rank) for c in cards]
    return "".join(sorted(toks, key=TOKEN_ORDER.__getitem__))


def rl_to_string(rl: str) -> str:
    """RLCard's one-character cards (``"333BR"``) in the comparison notation (``"333BJRJ"``)."""
    return "".join(CHAR_TO_TOKEN[c] for c in sorted(rl, key=CHAR_ORDER.__getitem__))


def rl_to_notation(rl: str) -> str:
    """RLCard's one-character cards as paixing card notation (``"3 3 3 BJ RJ"``)."""
    return " ".join(CHAR_TO_TOKEN[c] for c in rl)


def rl_sorted(cards: Iterable[str]) -> str:
    """One-character cards in RLCard's hand order (its judger needs a sorted hand)."""
    return "".join(sorted(cards, key=CHAR_ORDER.__getitem__))


# ---------------------------------------------------------------------------------- the two sides
def rlcard_lead(hand: str) -> set[str]:
    return {rl_to_string(p) for p in DoudizhuJudger.playable_cards_from_hand(hand)}


def rlcard_response(hand: str, target: str) -> set[str]:
    """``get_gt_cards`` with stand-ins for RLCard's players; ``pass`` dropped."""
    current = [RLCard(c + "J", "") if c in "BR" else RLCard("S", c) for c in hand]
    player = SimpleNamespace(current_hand=current)
    greater = SimpleNamespace(played_cards=target)
    return {rl_to_string(p) for p in get_gt_cards(player, greater) if p != "pass"}


def ours(rs: paixing.Ruleset, hand: str, target: str | None) -> set[str]:
    """Our legal plays; on a response, those that beat every reading of the target."""
    last = rl_to_notation(target) if target is not None else None
    return {play_string(p.cards) for p in plays_against(rs, rl_to_notation(hand), last)}


def describe(hand: str, target: str | None, want: set[str], got: set[str]) -> str:
    missing = sorted(want - got, key=lambda s: (len(s), s))
    extra = sorted(got - want, key=lambda s: (len(s), s))
    last = rl_to_string(target) if target is not None else "(free lead)"
    return f"hand {rl_to_string(hand)} on {last}: missing {missing}, extra {extra}"


# ---------------------------------------------------------------------------------- 1. recorded cases
@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_recorded_case(rs: paixing.Ruleset, case: Case) -> None:
    hand = " ".join(case["hand"])
    last = case["last_play"]
    last_str = " ".join(last) if last is not None else None
    got = {play_string(p.cards) for p in plays_against(rs, hand, last_str)}
    want = set(case["legal"])
    assert got == want, (
        f"{case['id']}: hand {hand} on {last_str or '(free lead)'}: "
        f"missing {sorted(want - got)}, extra {sorted(got - want)}"
    )


def test_recorded_cases_cover_both_directions() -> None:
    kinds = Counter(c["kind"] for c in CASES)
    assert len(CASES) == 301
    assert set(kinds) == {"lead17", "lead20", "resp17", "resp20"}


# ---------------------------------------------------------------------------------- 2. live RLCard
def rl_type(play: str) -> str:
    """RLCard's type of a play in its action space (``trio_solo_chain_2``, ``bomb``…)."""
    return CARD_TYPE[0][play][0][0]


def deal(rng: random.Random, size_kind: str, pool: str) -> str:
    """A sorted random hand from ``pool``; "rich" hands are 20 cards stacked with kicker
    trouble: two to four consecutive trios, often a four of a kind, often jokers."""
    if size_kind == "small":
        n = rng.randint(1, 12)
    elif size_kind == "rich":
        left = list(pool)
        picked: list[str] = []

        def take(card: str, n: int) -> None:
            for _ in range(min(n, left.count(card))):
                left.remove(card)
                picked.append(card)

        k = rng.randint(2, 4)
        start = rng.randint(0, 12 - k)
        for c in RL_CHARS[start : start + k]:
            take(c, 3)
        if rng.random() < 0.6:
            take(rng.choice(RL_CHARS[:13]), 4)
        for joker in "BR":
            if rng.random() < 0.5:
                take(joker, 1)
        picked += rng.sample(left, max(0, min(20 - len(picked), len(left))))
        return rl_sorted(picked)
    else:
        n = int(size_kind)
    return rl_sorted(rng.sample(pool, min(n, len(pool))))


def fits(cards: str, have: Counter[str]) -> bool:
    return all(have[c] >= n for c, n in Counter(cards).items())


def random_of_type(rng: random.Random, rl_t: str, have: Counter[str], below: int | None = None) -> str | None:
    """A uniform play of RLCard type ``rl_t`` (of weight under ``below`` if given) that
    ``have`` holds; None after 30 misses."""
    by_weight = TYPE_CARD[rl_t]
    weights = [w for w in by_weight if below is None or int(w) < below] or list(by_weight)
    for _ in range(30):
        cards = rng.choice(by_weight[rng.choice(weights)])
        if fits(cards, have):
            return cards
    return None


def pick_target(rng: random.Random, hand: str, rest: str) -> str:
    """A target from RLCard's action space that the other players could hold (from ``rest``).

    A mix, so that every type comes up and often has an answer: a play of a random type of the
    whole action space; a play just below one the hand can make (so planes with wings and
    four-with-two get real answers); a uniform lead of another random hand; or a lead of
    another hand drawn type-first.
    """
    r = rng.random()
    have = Counter(rest)
    found = None
    if r < 0.15:
        found = random_of_type(rng, rng.choice(list(TYPE_CARD)), have)
    elif r < 0.45:
        mine = family_first(rng, sorted(DoudizhuJudger.playable_cards_from_hand(hand)))
        rl_t, weight = CARD_TYPE[0][mine][0]
        found = random_of_type(rng, rl_t, have, int(weight))
    if found is not None:
        return found
    other = deal(rng, rng.choice(["20", "17", "small"]), rest)
    leads = sorted(DoudizhuJudger.playable_cards_from_hand(other))
    if r < 0.6:
        return rng.choice(leads)
    return family_first(rng, leads)


def family(rl_t: str) -> str:
    """A type without its length: ``trio_solo_chain_3`` → ``trio_solo_chain``."""
    return rl_t.rstrip("0123456789").rstrip("_")


def family_first(rng: random.Random, plays: list[str]) -> str:
    """One of ``plays``, drawn by family, then type (length), then play: rare kinds come up."""
    tree: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for p in plays:
        t = rl_type(p)
        tree[family(t)][t].append(p)
    by_type = tree[rng.choice(sorted(tree))]
    return rng.choice(by_type[rng.choice(sorted(by_type))])


def remove(pool: str, cards: str) -> str:
    left = list(pool)
    for c in cards:
        left.remove(c)
    return "".join(left)


def run_states(rs: paixing.Ruleset, direction: str, size_kind: str, n: int, seed: int) -> tuple[int, list[str]]:
    """Compare ``n`` seeded states; return (states checked, mismatch descriptions)."""
    rng = random.Random(f"{seed}-{direction}-{size_kind}")
    bad: list[str] = []
    for _ in range(n):
        hand = deal(rng, size_kind, DECK)
        if direction == "lead":
            target = None
            want = rlcard_lead(hand)
        else:
            target = pick_target(rng, hand, remove(DECK, hand))
            want = rlcard_response(hand, target)
        got = ours(rs, hand, target)
        if got != want:
            bad.append(describe(hand, target, want, got))
    return n, bad


def state_count(total: int, size_kind: str) -> int:
    return max(1, round(total * KIND_SHARE[size_kind]))


def check_states(rs: paixing.Ruleset, direction: str, size_kind: str, total: int, seed: int) -> None:
    n, bad = run_states(rs, direction, size_kind, state_count(total, size_kind), seed)
    shown = "\n  ".join(bad[:8])
    assert not bad, f"{len(bad)} of {n} {direction} states ({size_kind} cards) differ from RLCard:\n  {shown}"


@pytest.mark.parametrize("size_kind", list(KIND_SHARE))
@pytest.mark.parametrize("direction", ["lead", "response"])
def test_live_rlcard(rs: paixing.Ruleset, direction: str, size_kind: str) -> None:
    check_states(rs, direction, size_kind, STATES, SEED)


@pytest.mark.slow
@pytest.mark.parametrize("size_kind", list(KIND_SHARE))
@pytest.mark.parametrize("direction", ["lead", "response"])
def test_live_rlcard_large(rs: paixing.Ruleset, direction: str, size_kind: str) -> None:
    check_states(rs, direction, size_kind, SLOW_STATES, SEED + 1)


def test_responses_see_every_target_family(rs: paixing.Ruleset) -> None:
    """The target picker reaches every RLCard type family, so responses test them all."""
    rng = random.Random(SEED)
    seen = set()
    for _ in range(600):
        hand = deal(rng, "17", DECK)
        seen.add(family(rl_type(pick_target(rng, hand, remove(DECK, hand)))))
    assert seen >= {
        "solo", "pair", "trio", "trio_solo", "trio_pair", "solo_chain", "pair_chain", "trio_chain",
        "trio_solo_chain", "trio_pair_chain", "four_two_solo", "four_two_pair", "bomb", "rocket",
    }


# ---------------------------------------------------------------------------------- 3. action space
RL_TO_OURS = {
    "solo": "single", "pair": "pair", "trio": "trio", "trio_solo": "trio_single",
    "trio_pair": "trio_pair", "four_two_solo": "four_two_singles", "four_two_pair": "four_two_pairs",
    "bomb": "bomb", "rocket": "rocket", "solo_chain": "straight", "pair_chain": "pair_chain",
    "trio_chain": "plane", "trio_solo_chain": "plane_singles", "trio_pair_chain": "plane_pairs",
}


def our_type_name(rl: str) -> str:
    family = rl.rstrip("0123456789").rstrip("_")
    return RL_TO_OURS[family]


def test_action_space_reads_as_rlcard(rs: paixing.Ruleset) -> None:
    """Every play of RLCard's action space has exactly one reading, of the matching type.

    So a response target from RLCard is never ambiguous here: beating "every reading" and
    beating "the reading" are the same question (unlike plain ``doudizhu``, where 333444555666
    is also two planes with wings).
    """
    bad = []
    for play, types in CARD_TYPE[0].items():
        readings = [p for p in paixing.classify(rs, paixing.parse_cards(rl_to_notation(play))) if p.type.playable]
        want = sorted({our_type_name(t) for t, _ in types})
        got = sorted(p.type_id for p in readings)
        if got != want:
            bad.append(f"{rl_to_string(play)}: RLCard {types}, ours {got}")
    assert not bad, f"{len(bad)} plays differ:\n  " + "\n  ".join(bad[:10])


def test_beats_orders_action_space_like_rlcard(rs: paixing.Ruleset) -> None:
    """``beats`` on representatives of each RLCard (type, weight) agrees with RLCard's rule:
    same type and higher weight, or a bomb on a non-bomb, or the rocket on anything."""
    rng = random.Random(SEED)
    reps: list[tuple[str, int, paixing.Play]] = []
    for rl_t, by_weight in TYPE_CARD.items():
        for weight, plays in by_weight.items():
            for cards in rng.sample(plays, min(2, len(plays))):
                (reading,) = paixing.classify(rs, paixing.parse_cards(rl_to_notation(cards)))
                reps.append((rl_t, int(weight), reading))

    def rlcard_beats(a: tuple[str, int, paixing.Play], b: tuple[str, int, paixing.Play]) -> bool:
        if b[0] == "rocket":
            return False
        if a[0] == "rocket":
            return True
        if a[0] == "bomb" and b[0] != "bomb":
            return True
        return a[0] == b[0] and a[1] > b[1]

    bad = [
        f"{a[2]} ({a[0]} {a[1]}) vs {b[2]} ({b[0]} {b[1]}): RLCard {rlcard_beats(a, b)}"
        for a in reps
        for b in reps
        if paixing.beats(a[2], b[2]) != rlcard_beats(a, b)
    ]
    assert not bad, f"{len(bad)} pairs differ:\n  " + "\n  ".join(bad[:10])


def test_multi_reading_targets_in_plain_doudizhu() -> None:
    """Where RLCard and "beat every reading" part ways: plain ``doudizhu`` (wings may hold an
    adjacent trio) reads each four-trio plane (333444555666 … 999TTTJJJQQQ) three ways: a plane,
    or a three-trio plane with either end trio as wings. RLCard's table has the plane only.

    Against the plane reading, our answer is RLCard's exactly (other planes of four, bombs,
    rocket). Against the bare cards (``plays_against``: beat every reading) nothing but a bomb
    or the rocket answers, since no play beats both plane and plane-with-wings readings.
    """
    plain = paixing.ruleset("doudizhu")
    multi = {}
    for rl_t, by_weight in TYPE_CARD.items():
        if family(rl_t) in ("trio_solo_chain", "trio_pair_chain"):
            continue  # 24,761 plays, none ambiguous (checked once over the whole table)
        for plays in by_weight.values():
            for cards in plays:
                readings = [p for p in paixing.classify(plain, paixing.parse_cards(rl_to_notation(cards))) if p.type.playable]
                if len(readings) > 1:
                    multi[cards] = readings
    assert sorted(multi) == sorted(TYPE_CARD["trio_chain_4"][w][0] for w in TYPE_CARD["trio_chain_4"])
    rng = random.Random(SEED)
    for target, readings in sorted(multi.items()):
        (plane,) = [p for p in readings if p.type_id == "plane"]
        for _ in range(20):
            hand = deal(rng, "rich", remove(DECK, target))
            cards = paixing.parse_cards(rl_to_notation(hand))
            want = rlcard_response(hand, target)
            got = {play_string(p.cards) for p in paixing.legal_plays(plain, cards, plane)}
            assert got == want, describe(hand, target, want, got)
            every = {play_string(p.cards) for p in plays_against(plain, rl_to_notation(hand), rl_to_notation(target))}
            assert every == {p for p in want if len(p) == 4 and len(set(p)) == 1 or p == "BJRJ"}, describe(hand, target, want, every)
