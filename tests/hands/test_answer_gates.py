"""The response gates of ``legal_plays`` (see ``paixing.hands.moves``): types the count vector
rules out are not asked, types that can never beat the target are not in its plan, and a
play of the target's rung whose class matches and that has no feature to match is checked by
its key alone. The sets themselves are guarded by test_lazy_plays.py (a response is the lead
filtered by ``beats``) and the brute-force properties; these pin the plans and the edges of
each gate (a wild card filling a named rank, four wild cards, a run of natural groups)."""

from __future__ import annotations

from paixing.hands import Play, beats, legal_plays, ruleset
from paixing.hands.moves import BEATS, KEY_ONLY, answer_plan
from paixing.rules.cards import parse_cards


def _play(variant: str, cards: str, type_id: str) -> Play:
    rs = ruleset(variant)
    (play,) = [p for p in legal_plays(rs, parse_cards(cards)) if p.type_id == type_id and len(p) == len(parse_cards(cards))]
    return play


def _checks(variant: str, target_cards: str, type_id: str) -> dict[str, int]:
    rs = ruleset(variant)
    return {t.id: check for t, _, _, _, check, *_ in answer_plan(rs, _play(variant, target_cards, type_id))}


def test_a_type_that_can_never_beat_its_target_is_not_asked() -> None:
    # mixed 5-10-Ks never beat each other (no key): only the higher rungs answer one
    plan = _checks("chibi-dagun", "5S 10H KD", "za510k")
    assert "za510k" not in plan and "single" not in plan
    assert plan["zheng510k"] == 0 and plan["bomb"] == 0
    # a bomb answers a bomb by its key (length, top) alone; the higher rungs unchecked
    plan = _checks("chibi-dagun", "5555", "bomb")
    assert plan["bomb"] == KEY_ONLY and plan["joker_bomb"] == 0 and "zheng510k" not in plan
    # a one-suit 5-10-K by its suit alone too
    assert _checks("chibi-dagun", "5S 10S KS", "zheng510k")["zheng510k"] == KEY_ONLY
    # a bomb whose rung depends on its length (six cards and more sit above the one-suit straights)
    assert _checks("guandan", "4S", "single")["bomb"] == BEATS


def test_the_named_ranks_gate_lets_a_wild_card_fill_one_rank() -> None:
    rs = ruleset("chibi-dagun")
    single = _play("chibi-dagun", "3D", "single")
    # the joker stands for the 5: mixed when the naturals' suits differ, one-suit when they agree
    assert [(p.type_id, p.notation) for p in legal_plays(rs, parse_cards("10S KH BJ"), single)][-1] == ("za510k", "10S KH BJ")
    assert [(p.type_id, p.reads_as) for p in legal_plays(rs, parse_cards("10S KS BJ"), single)][-1] == ("zheng510k", "5S 10S KS")
    assert not {"za510k", "zheng510k"} & {p.type_id for p in legal_plays(rs, parse_cards("10S KH 9D"), single)}
    # two ranks missing: one joker may fill only one of them
    assert not {"za510k", "zheng510k"} & {p.type_id for p in legal_plays(rs, parse_cards("KH BJ RJ"), single)}


def test_four_wild_cards_gate_the_heaven_bomb() -> None:
    rs = ruleset("chibi-dagun")
    bomb = _play("chibi-dagun", "AAAA", "bomb")
    assert [p.type_id for p in legal_plays(rs, parse_cards("BJ BJ RJ RJ"), bomb)] == ["tianzha"]
    assert "tianzha" not in {p.type_id for p in legal_plays(rs, parse_cards("BJ BJ RJ 7S"), bomb)}


def test_natural_adjacent_bombs_are_found_past_the_run_gate() -> None:
    rs = ruleset("chibi-dagun")
    single = _play("chibi-dagun", "3D", "single")
    adjacent = legal_plays(rs, parse_cards("6S 6H 6D 6C 7S 7H 7D 7C"), single)
    assert [p.notation for p in adjacent if p.type_id == "yaobai"] == ["6D 6C 6H 6S 7D 7C 7H 7S"]
    apart = legal_plays(rs, parse_cards("6S 6H 6D 6C 8S 8H 8D 8C"), single)
    assert not [p for p in apart if p.type_id == "yaobai"]
    # the gate never changes a set: every answer beats, and the lead holds each one
    lead = legal_plays(rs, parse_cards("6S 6H 6D 6C 7S 7H 7D 7C"))
    assert list(adjacent) == [p for p in lead if beats(p, single)]
