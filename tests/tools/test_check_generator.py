"""``paixing check``'s brute-force comparison counts plays as the generator does: where suits
can matter later, only the cards a play must tell apart make two plays differ
(``hands.suited.apart``), so a check that named every card set failed on 掼蛋 ("hand KD KD KH
AH 2D 2D 2C: 6 plays missing") while the generator was right."""

from __future__ import annotations

import pytest
from paixing.conformance.suite import Size, check_generator
from paixing.hands.cache import ruleset


@pytest.mark.parametrize("variant", ["guandan", "chibi-dagun", "hongshi"])
def test_the_brute_force_check_passes_where_cards_stand_in_for_each_other(variant: str) -> None:
    check = check_generator(ruleset(variant), Size(hands=12))
    assert check.problems == [] and check.ok
    assert check.detail == "12 hands"


def test_the_check_still_finds_a_missing_play(monkeypatch: pytest.MonkeyPatch) -> None:
    """A generator that drops a play is still caught (the fold does not hide it)."""
    import paixing.conformance.suite as suite

    real = suite.legal_plays
    monkeypatch.setattr(suite, "legal_plays", lambda rs, hand, target=None: real(rs, hand, target)[1:])
    check = check_generator(ruleset("guandan"), Size(hands=2))
    assert not check.ok and check.problems[0].endswith("1 plays missing, 0 extra")
