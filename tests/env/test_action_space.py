"""The fixed action space numbered without a table (``paixing.env.actions``, ``readings``):
every legal play of every built-in variant has an index that decodes to exactly its key, the
mask is the legal set, the space object stays small, and a few sizes are pinned with the
formula behind them."""

from __future__ import annotations

import math
import os
import random

import pytest
from paixing.env import readings as readings_module
from paixing.env.actions import ActionSpace, action_space
from paixing.game.actions import LegalActions
from paixing.game.state import Game, new_game
from paixing.hands.compile import Ruleset
from paixing.hands.ruleset import TypeInfo
from paixing.hands.tables import RankTables
from paixing.rules.loader import builtin_ids

VARIANTS = builtin_ids()
DEALS = int(os.environ.get("PAIXING_ENV_DEALS", "12"))
"""Deals per variant of the slow round-trip test."""


def _check_decision(space: ActionSpace, game: Game) -> list[int]:
    """Every legal action of this decision: its index decodes to the play's key, its group
    holds it, and the mask (when numpy is there) is exactly the set of indices."""
    legal = game.legal_actions()
    indices = space.indices(legal)
    assert len(indices) == len(legal)
    grouped = space.legal(legal)
    for action, index in zip(legal, indices, strict=True):
        if action.play is not None:
            assert space.key(index) == space.readings.canonical(action.play), str(action)
        else:
            assert space.describe(index) == str(action)
        assert any(a is action for a in grouped[index])
    if _np is not None:
        from paixing.env.encode import Encoder

        mask = Encoder(space).mask(legal)
        assert set(_np.flatnonzero(mask).tolist()) == set(indices)
    return sorted(grouped)


try:
    import numpy as _np
except ImportError:  # the env extra is optional
    _np = None


def _play_out(space: ActionSpace, game: Game, rng: random.Random, decisions: int) -> None:
    """Check ``decisions`` decisions of ``game`` (or all), playing a random index and detail."""
    for _ in range(decisions):
        if game.over:
            return
        _check_decision(space, game)
        legal = sorted(space.legal(game.legal_actions()).items())
        index, group = rng.choice(legal)
        assert space.action_to_play(game, index) == group[0]
        detail = rng.randrange(len(group))
        chosen = space.action_to_play(game, index, detail)
        assert chosen == group[detail]
        game.apply(chosen)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_legal_action_round_trips(variant: str) -> None:
    space = action_space(variant)
    _play_out(space, new_game(variant, 11), random.Random(3), 40)


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_every_legal_action_round_trips_in_many_deals(variant: str) -> None:
    space = action_space(variant)
    rng = random.Random(5)
    for seed in range(DEALS):
        _play_out(space, new_game(variant, 100 + seed), rng, 10_000)


# ---------------------------------------------------------------------------- 掼蛋's levels
@pytest.mark.parametrize("level", ["3", "10", "A"])
def test_guandan_plays_at_every_level_are_in_the_space(level: str) -> None:
    """Before, the space was the level-2 hand's: at another level the level rank moves up the
    order, rank indices change, and plays fell outside ("… is outside guandan's action
    space")."""
    space = action_space("guandan")
    game = new_game("guandan", 4, level=level)
    assert game.level == level
    _play_out(space, game, random.Random(1), 60)


def test_the_same_cards_have_the_same_index_at_every_level() -> None:
    """One deal played at levels 2, 5 and A: each natural play the leader can make at every
    level has one index at all three (ranks are numbered in the base order, whatever rank
    the level moves up)."""
    space = action_space("guandan")
    found = []
    for level in ("2", "5", "A"):
        game = new_game("guandan", 0, level=level)
        legal = game.legal_actions()
        found.append({str(a): i for a, i in zip(legal, space.indices(legal), strict=True) if a.play and not a.play.wild_as})
    common = found[0].keys() & found[1].keys() & found[2].keys()
    assert len(common) > 50
    assert all(found[0][k] == found[1][k] == found[2][k] for k in common)
    pairs = [k for k in sorted(common) if space.describe(found[0][k]).startswith("pair: ") and k[0] in "3456789JQK"]
    assert pairs
    assert all(space.describe(found[0][k]) == f"pair: {k[0]}{k[0]}" for k in pairs)


def test_guandan_tribute_returns_are_actions() -> None:
    """A second hand of a match: the loser gave his highest card; the receiver gives one
    back, each ``give <card>`` an index of the space."""
    space = action_space("guandan")
    match = {"levels": ["5", "2"], "declarers": 0, "previous": [0, 2, 1, 3], "hands": 1}
    game = next(g for seed in range(20)
                if (g := new_game("guandan", seed, hand_number=2, level="5", match=match)).phase == "contract")
    legal = game.legal_actions()
    assert legal and all(str(a).startswith("give ") for a in legal)
    indices = space.indices(legal)
    assert [space.describe(i) for i in indices] == [str(a) for a in legal]
    game.apply(space.action_to_play(game, indices[-1]))
    assert [e.kind for e in game.log].count("tribute_back") == 1
    _play_out(space, game, random.Random(2), 20)


# ---------------------------------------------------------------------------- size and shape
def _longest(value: object, seen: set[int]) -> int:
    """The longest container reachable from ``value`` (the rules it points to left out: they
    are the ruleset's, shared with the game)."""
    if id(value) in seen or isinstance(value, Ruleset | TypeInfo | RankTables | LegalActions | str | int | float | bytes):
        return 0
    seen.add(id(value))
    if isinstance(value, dict):
        return max([len(value), *(_longest(v, seen) for v in (*value.keys(), *value.values()))])
    if isinstance(value, list | tuple | set | frozenset):
        return max([len(value), *(_longest(v, seen) for v in value)])
    fields = getattr(value, "__dict__", None) or {k: getattr(value, k) for k in getattr(type(value), "__slots__", ()) if hasattr(value, k)}
    fields = {k: v for k, v in fields.items() if k != "_memo"}  # bounded by MEMO: tested below
    return max([0, *(_longest(v, seen) for v in fields.values())])


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_space_holds_no_table_of_plays(variant: str) -> None:
    """The space keeps one entry per reading (a core: at most 5,371, 锄大地's flushes), never
    one per play: 跑得快 has 89,955 play indices, 天地癞子 292,830, and no container of the
    space is longer than 5,400."""
    space = action_space(variant)
    assert _longest(space, set()) <= 5_400
    assert len(space.readings.blocks) <= 5_371
    if variant in ("paodekuai", "doudizhu-tiandi"):
        assert space.size > 80_000


def test_the_memo_of_play_numbers_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    space = ActionSpace(action_space("doudizhu").rs, ["pass"])  # a space of its own: an empty memo
    monkeypatch.setattr(readings_module, "MEMO", 8)
    game = new_game(space.rs, 2)
    while game.phase != "play":
        game.apply(game.legal_actions()[0])
    assert len(game.legal_actions()) > 8
    space.indices(game.legal_actions())
    assert 0 < len(space.readings._memo) <= 8


def _span(space: ActionSpace, type_id: str, core: str) -> int:
    """The indices of the block of ``type_id`` whose core is ``core`` (e.g. "333")."""
    rs = space.rs
    t = rs.type_by_id[type_id].index
    groups = tuple(sorted((rs.rank_index[r], core.count(r)) for r in dict.fromkeys(core)))
    return space.readings.by_reading[(t, groups, -1)].span


def test_doudizhu_sizes() -> None:
    """A block is (kicker multisets) × (wild cards + 1); 斗地主 has no wild cards. Kickers of
    a trio of 3s: one single of the 14 other ranks (the jokers included). Four with two
    singles: two of 14 ranks, the same rank twice allowed but for the jokers (one of each):
    C(14,2) + 12. Four with two pairs: two distinct ranks of the 12 that hold a pair: C(12,2).
    A plane 333444 with two singles: C(13,2) + 11 (13 other ranks, 11 of them twice)."""
    space = action_space("doudizhu")
    assert _span(space, "trio_single", "333") == 14
    assert _span(space, "four_two_singles", "3333") == math.comb(14, 2) + 12 == 103
    assert _span(space, "four_two_pairs", "3333") == math.comb(12, 2) == 66
    assert _span(space, "plane_singles", "333444") == math.comb(13, 2) + 11 == 89
    assert space.base == 5  # pass, bid 1 … bid 3, and the auction's … values
    assert space.size == 30_388


def test_sizes_without_kickers_are_slots_plus_readings() -> None:
    """板子炮 has no kickers and no wild cards: one index per reading after the contract
    slots (pass, its bids and a ``call <card>`` per card of the deck)."""
    space = action_space("banzipao")
    assert len(space.readings.blocks) == 170
    assert space.size == space.base + 170 == 226
    assert all(b.span == 1 for b in space.readings.blocks)


def test_wild_cards_multiply_a_block() -> None:
    """掼蛋: two wild hearts; a single may be one of them (as itself), so each single's block
    has room for 0 or 1 wild card; a full house (a triple and a pair of any other rank, the
    pair's cards may be wild) for up to 2: its blocks are (14 pair ranks) × 3."""
    space = action_space("guandan")
    assert _span(space, "single", "3") == 2
    assert _span(space, "full_house", "333") == 14 * 3
    assert space.size == 1_215


def test_every_index_names_a_move() -> None:
    space = action_space("doudizhu")
    described = [space.describe(i) for i in range(0, space.size, 997)]
    assert described[0] == "pass"
    assert all(described)
    assert space.describe(space.size - 1) == "rocket"
    assert space.describe(space.size - 2) == "bomb: 2222"
    with pytest.raises(ValueError, match=r"^action 0 is 'pass', not a play$"):
        space.key(0)


def test_docs_sizes_are_the_spaces() -> None:
    """docs/env.md's table of sizes (two variants a row, a comma joining those that share a
    row) says what ``action_space`` builds."""
    from tests.helpers import DOCS

    text = (DOCS / "env.md").read_text(encoding="utf-8")
    table = text[text.index("| variant | size | readings |") :].split("\n\n")[0]
    rows: dict[str, tuple[int, int]] = {}
    for line in table.splitlines()[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        for name, size, readings in (cells[0:3], cells[4:7]):
            for variant in filter(None, name.split(", ")):
                rows[variant] = (int(size.replace(",", "")), int(readings.replace(",", "")))
    assert sorted(rows) == sorted(VARIANTS)
    for variant, (size, readings) in rows.items():
        space = action_space(variant)
        assert (space.size, len(space.readings.blocks)) == (size, readings), variant
