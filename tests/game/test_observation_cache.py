"""The observation's caches (per-seat history and contract-to-kitty parts) never go stale: at
every decision of whole hands, each seat's observation equals one built from scratch."""

from __future__ import annotations

import pytest
from paixing.agents.bots import GreedyBot, RandomBot
from paixing.game import new_game
from paixing.game.events import Deal, Event
from paixing.game.observation import hidden_deal
from paixing.game.state import Game
from paixing.rules.loader import builtin_ids


def _fresh_history(game: Game, seat: int) -> tuple[Event, ...]:
    return tuple(hidden_deal(e, seat) if isinstance(e, Deal) else e for e in game.log)


@pytest.mark.parametrize("variant", [v for v in builtin_ids() if v in {"banzipao", "chibi-dagun", "doudizhu", "guizhou-banzipao"}])
@pytest.mark.parametrize("bot", [RandomBot, GreedyBot])
def test_cached_observation_equals_a_fresh_one(variant: str, bot: type) -> None:
    for seed in range(3):
        game = new_game(variant, seed)
        bots = [bot(seed * 10 + s) for s in range(game.n)]
        while not game.over:
            for seat in range(game.n):
                cached = game.observation(seat)
                assert cached.history == _fresh_history(game, seat)
                game.views.forget()
                assert game.observation(seat) == cached
            game.apply(bots[game.turn].choose(game.observation(game.turn)))
        final = game.observation(0)
        assert final.history == _fresh_history(game, 0) and final.phase == "over"


def test_a_clone_keeps_its_own_views() -> None:
    game = new_game("doudizhu", 4)
    bots = [RandomBot(s) for s in range(game.n)]
    for _ in range(10):
        game.apply(bots[game.turn].choose(game.observation(game.turn)))
    twin = game.clone()
    seen = game.observation(0)
    twin.apply(bots[twin.turn].choose(twin.observation(twin.turn)))
    assert twin.observation(0).history != seen.history
    assert game.observation(0) == seen


def test_a_seat_asked_again_with_the_same_hand_reuses_its_view_and_a_changed_hand_gets_a_new_one() -> None:
    game = new_game("doudizhu", 4)
    bots = [RandomBot(s) for s in range(game.n)]
    while game.phase != "play":
        game.apply(bots[game.turn].choose(game.observation(game.turn)))
    seat = game.turn
    view = game._hand_view(seat)
    assert game._hand_view(seat) is view
    twin = game.clone()
    assert twin._hand_view(seat) is view  # a clone shares the views of unchanged hands
    # the same number of cards, one of them another (a tribute swaps cards so): a new view
    game.hands[seat][0] = game.hands[(seat + 1) % game.n][0]
    fresh = game._hand_view(seat)
    assert fresh is not view and sorted(fresh.cards) == sorted(game.hands[seat])
    assert twin._hand_view(seat) is view


def test_every_seat_a_variant_may_have_has_its_pass_and_lead_event() -> None:
    """Trick play appends the pass and lead events made once per seat (events.PASSES, LEADS):
    they must cover the most players the rule language allows."""
    from paixing.game.events import LEADS, MAX_SEATS, PASSES, Lead, Pass
    from paixing.rules.models import Variant

    bound = next(m.le for m in Variant.model_fields["players"].metadata if hasattr(m, "le"))
    assert MAX_SEATS == bound == len(PASSES) == len(LEADS)
    assert PASSES[5] == Pass(5) and LEADS[7] == Lead(7)
