"""The observation encoding (``paixing.env.encode``; needs the ``env`` extra): every slice of
the flattened tensor where docs/env.md says, the level and the match state carried, the wild
cards of the hand marked, the mask the legal set."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from paixing.env.actions import action_space  # noqa: E402
from paixing.env.encode import Encoder  # noqa: E402
from paixing.game.match import MatchState  # noqa: E402
from paixing.game.state import new_game  # noqa: E402

from tests.helpers import ROOT  # noqa: E402


def _layout_rows(encoder: Encoder) -> dict[str, tuple[int, int]]:
    return {key: (at, size) for key, at, size, _ in encoder.layout()}


def test_the_tensor_layout_is_the_documented_one() -> None:
    """斗地主: C = 54 distinct cards, n = 3, K = 1 contract, no level (L = 0). The slices follow
    one another in alphabetical order, as gymnasium's Dict and OpenSpiel's tensor have them."""
    encoder = Encoder(action_space("doudizhu"))
    rows = _layout_rows(encoder)
    assert list(rows) == sorted(rows)
    assert rows == {
        "cards_left": (0, 3), "contract": (3, 2), "declarers": (5, 3), "hand": (8, 54), "level": (62, 1),
        "passed": (63, 3), "phase": (66, 3), "played": (69, 162), "roles": (231, 12), "scores": (243, 3),
        "side_levels": (246, 2), "target": (248, 54), "target_seat": (302, 3), "trick": (305, 162), "wild": (467, 54),
    }
    space = encoder.observation_space().spaces
    assert [k for k in space if k != "action_mask"] == list(rows)
    assert all(int(np.prod(space[k].shape)) == size for k, (_, size) in rows.items())


def test_docs_table_has_every_slice() -> None:
    text = (ROOT / "docs" / "env.md").read_text(encoding="utf-8")
    for key, at, size, _ in Encoder(action_space("guandan")).layout():
        assert f"| `{key}` | {at} | {size} |" in text, key


def test_the_arrays_flatten_to_the_layout() -> None:
    encoder = Encoder(action_space("chibi-dagun"))
    game = new_game("chibi-dagun", 3)
    rng = random.Random(0)
    for _ in range(30):
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    obs = encoder.encode(game.observation(game.turn))
    flat = np.concatenate([obs[key].ravel().astype(np.float32) for key, *_ in encoder.layout()])
    for key, at, size, shape in encoder.layout():
        assert obs[key].shape == shape
        assert np.array_equal(flat[at : at + size], obs[key].ravel())
    assert obs["hand"].sum() == len(game.hands[game.turn])
    assert obs["cards_left"][0] == len(game.hands[game.turn])


def test_the_mask_is_the_legal_set() -> None:
    space = action_space("paodekuai")
    encoder = Encoder(space)
    game = new_game("paodekuai", 1)
    obs = game.observation(game.turn)
    arrays = encoder.encode(obs)
    assert set(np.flatnonzero(arrays["action_mask"]).tolist()) == set(space.legal(obs.legal))
    other = (game.turn + 1) % game.n
    assert not encoder.encode(game.observation(other))["action_mask"].any()


@pytest.mark.parametrize("level", ["3", "10", "A"])
def test_guandan_carries_the_level_and_the_match(level: str) -> None:
    """掼蛋 at a level: the hand's level one-hot over the 13 level ranks, the wild cards are
    that rank's hearts, each side's level from the match state (my side first) and whose
    level is played."""
    space = action_space("guandan")
    encoder = Encoder(space)
    match = {"levels": [level, "4"], "declarers": 0, "previous": [], "hands": 1}
    game = new_game("guandan", 2, level=level, match=match)
    state = game.match_state
    for seat in (0, 1):
        obs = encoder.encode(game.observation(seat), match=state)
        ranks = encoder.levels
        assert obs["level"].tolist() == [int(r == level) for r in ranks] + [0]
        wild = [str(c) for c, w in zip(encoder.cards, obs["wild"], strict=True) if w]
        assert wild == [f"{level}H"]
        mine, theirs = (level, "4") if seat == 0 else ("4", level)
        assert obs["side_levels"][0].tolist() == [int(r == mine) for r in ranks] + [0]
        assert obs["side_levels"][1].tolist() == [int(r == theirs) for r in ranks] + [0]
        assert obs["declarers"].tolist() == ([1, 0, 0] if seat == 0 else [0, 1, 0])
    unknown = encoder.encode(game.observation(0))
    assert unknown["side_levels"][:, -1].tolist() == [1, 1]
    assert unknown["declarers"].tolist() == [0, 0, 1]
    assert MatchState().declarers == -1


def test_drawn_wild_ranks_are_marked() -> None:
    """癞子斗地主: the rank drawn after the deal is wild in this hand; its four cards are marked."""
    space = action_space("doudizhu-laizi")
    encoder = Encoder(space)
    game = new_game("doudizhu-laizi", 7)
    while not game.wild_ranks:
        game.apply(game.legal_actions()[0])
    (rank,) = game.wild_ranks
    obs = encoder.encode(game.observation(0))
    assert sorted(str(c) for c, w in zip(encoder.cards, obs["wild"], strict=True) if w) == sorted(f"{rank}{s}" for s in "SHCD")
    assert obs["level"].tolist() == [1]  # no level: the one "none" slot


def test_the_stock_is_counted_where_the_deal_leaves_one() -> None:
    """干瞪眼's stock: how many cards are left to draw (never which), in its own slot; a variant
    without a stock has no such key (its layout stays as it was)."""
    encoder = Encoder(action_space("gandengyan"))
    assert "stock" in dict(_layout_rows(encoder))
    assert "stock" not in _layout_rows(Encoder(action_space("guandan")))
    game = new_game("gandengyan", 1)
    rng = random.Random(1)
    seen = set()
    while not game.over:
        obs = game.observation(game.turn)
        arrays = encoder.encode(obs)
        assert int(arrays["stock"][0]) == len(game.kitty) == obs.stock
        assert encoder.observation_space()["stock"].contains(arrays["stock"])
        seen.add(obs.stock)
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    assert len(seen) > 3  # the stock shrank as the winners drew


def test_calls_the_wish_and_a_window_have_slots_where_the_variant_has_them() -> None:
    """Tichu: each seat's calls (rotated, my row first), the open wish (one-hot over the wish's
    ranks, the last slot none) and whether the seat to act is asked out of turn; read from the
    observation alone, as the game's own state says."""
    encoder = Encoder(action_space("tichu"))
    rows = _layout_rows(encoder)
    assert rows["calls"][1] == 4 * 2 and rows["wish"][1] == 14 and rows["out_of_turn"][1] == 1
    assert not {"calls", "wish", "out_of_turn"} & set(_layout_rows(Encoder(action_space("guandan"))))
    seen = {"window": 0, "wish": 0, "call": 0}
    for seed in (0, 1, 6, 7):  # seeds 6 and 7 open a window in random play
        game = new_game("tichu", seed)
        encoder.reset()
        rng = random.Random(seed)
        while not game.over:
            seat = game.turn
            arrays = encoder.encode(game.observation(seat))
            for s in range(4):
                made = {c for who, c in game.calls if who == s}
                assert [bool(x) for x in arrays["calls"][(s - seat) % 4]] == [c in made for c in ("grand_tichu", "tichu")]
            wish = arrays["wish"]
            assert wish.sum() == 1
            assert int(np.argmax(wish)) == (encoder.wish_ranks.index(game.wish) if game.wish is not None else 13)
            assert int(arrays["out_of_turn"][0]) == (game.window is not None)
            seen["window"] += game.window is not None
            seen["wish"] += game.wish is not None
            seen["call"] += bool(game.calls)
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
    assert all(seen.values()), seen
