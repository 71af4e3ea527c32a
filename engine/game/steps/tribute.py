"""Tribute between hands of a match (进贡/还贡): the losers of the hand before give their
highest card to the winners, who each give one card back of their choice.

The step makes the contract (fixed sides) at once; in the first hand of a match, or when the
places of the hand before are not known, that is all it does. Otherwise, from the places the
match state carries (``Game.match_state.previous``):

- one tribute: the last player gives to the first out (``single_from: last_opponent``: the
  lowest-placed player of the other side gives); with ``double`` and the first two out partners
  (双下), both players of the other side give, the higher card to the first out;
- 抗贡: when the givers hold ``resist_with`` between them, nobody gives; the first out leads;
- each card given is the giver's highest by the hand's single-card order that is not wild
  (``Ruleset.is_wild``: with a level heart made wild it is never given);
- 还贡: each receiver chooses a card to give back (``give <card>``), at most ``back.max_rank``
  in the natural order (``ranks.order``); without one, his lowest;
- the player whose tribute went to the first out leads (``leader: giver``).

With ``exchange`` the step is an exchange by places instead (titles): from the places of the hand
before (``Game.previous_places``, which a session carries; else the match's), each pair's giver
gives his ``cards`` highest cards (wild ones too with ``give_wilds``) to its receiver, who gives
as many back of his choice; the first pair's giver leads (``leader: giver``). Any contract will
do (every player for himself).

Every move is an event (``tribute``, ``tribute_back``, ``tribute_resisted``), so records and
observations show it and a replay re-derives it.
"""

from __future__ import annotations

from collections import Counter
from typing import Protocol, cast

from paixing.game.actions import Action, IllegalAction, Meaning
from paixing.game.events import Tribute, TributeResisted, TributeReturned
from paixing.game.match import MatchState
from paixing.game.seats import Seats
from paixing.game.steps.base import DONE, Name, Say, StepHost, StepRunner
from paixing.rules.cards import Card, CardError, format_cards, parse_cards
from paixing.rules.hand_rules import GameRules
from paixing.rules.match import Tribute as TributeRule


class TributeHost(StepHost, Protocol):
    """What the tribute reads beyond ``StepHost``: the match state, the sides, the leader."""

    seats: Seats
    lead_by: int | None

    @property
    def match_state(self) -> MatchState: ...

    @property
    def previous_places(self) -> tuple[int, ...] | None: ...

    @property
    def level(self) -> str | None: ...


class TributeStep(StepRunner, kind="tribute"):
    """The tribute of one hand: the givers' cards move at once, then each return is asked."""

    usage = {"give": "card"}
    phrases = {
        "step.tribute": (
            "定约为「{contract}」。从一场比赛的第二局起先进贡：上局末游把手中最大的一张牌（癞子除外）交给头游。",
            "The contract is “{contract}”. From the second hand of a match there is a tribute first: the last player out of the hand before gives his highest card (never a wild card) to the first out.",
        ),
        "step.tribute.double": (
            "上局头游、二游同队（双下）时，对方两人都进贡，大的给头游，小的给二游。",
            "When the first two out were partners, both players of the other side give: the higher card to the first out, the lower to the second.",
        ),
        "step.tribute.resist": ("进贡者合计持有 {cards} 时抗贡：不进贡，由头游先出。", "If the givers hold {cards} between them they resist: no tribute, and the first out leads."),
        "step.tribute.back": ("收贡者还一张不大于{rank}的牌给进贡者（自选）。", "Each receiver gives back a card of his choice, {rank} or lower."),
        "step.tribute.back_level": ("级牌比A大，不能作为不大于该点数的牌还。", "The level rank counts above the ace: its cards are not given back under that cap."),
        "step.tribute.back_any": ("收贡者还一张牌给进贡者（自选）。", "Each receiver gives back a card of his choice."),
        "step.tribute.exchange": (
            "定约为「{contract}」。从第二局起，发牌后按上局名次交换牌：",
            "The contract is “{contract}”. From the second hand on, cards are exchanged by the places of the hand before:",
        ),
        "step.tribute.pair": ("{giver}把手中最大的{n}张牌交给{receiver}，{receiver}还给他{n}张自选的牌。", "{giver} gives his {n} highest card(s) to {receiver}, who gives {n} card(s) of his choice back."),
        "step.tribute.wilds": ("王（癞子）也算最大的牌，必须交出。", "A wild card (the joker) counts among the highest cards and must be given."),
        "step.tribute.title": ("{zh}", "{en}"),
        "step.tribute.place_nth": ("第{n}名", "place {n}"),
        "step.tribute.place_from_last": ("倒数第{n}名", "place {n} from last"),
        "step.tribute.leader.giver": ("进贡给头游者先出。", "The player whose tribute went to the first out leads."),
        "step.tribute.leader.first_out": ("上局头游先出。", "The first out of the hand before leads."),
    }
    body: TributeRule

    def __init__(self, body: TributeRule, returns: list[tuple[int, int]] | None = None) -> None:
        super().__init__(body)
        self.returns: list[tuple[int, int]] = list(returns or [])
        """(receiver, giver) still to give a card back, the next first."""

    def start(self, host: StepHost) -> int:
        game = cast(TributeHost, host)
        game.set_contract(self.body.contract, declarer=game.dealer)
        previous = game.previous_places if game.previous_places is not None else game.match_state.previous
        if self.body.exchange:
            return self._exchange(game, previous)
        giving, receiving = givers(self.body, previous, game.seats, game.n)
        if not giving:
            return DONE
        if self.body.resist_with is not None and _holds(game, giving, self.body.resist_with):
            game.record(TributeResisted(tuple(sorted(giving)), self.body.resist_with))
            game.lead_by = receiving[0]
            return DONE
        return self._give(game, _assign(game, giving, receiving), receiving[0])

    def _exchange(self, game: TributeHost, previous: tuple[int, ...]) -> int:
        """``exchange``: each pair by places gives its cards; nothing before the places are
        all known (the first hand)."""
        if len(previous) < game.n:
            return DONE
        moves: list[tuple[int, int, Card]] = []
        for pair in self.body.exchange:
            giver, receiver = _at(previous, pair.giver), _at(previous, pair.receiver)
            moves += [(giver, receiver, c) for c in top_cards(game, game.hands[giver], pair.cards, self.body.give_wilds)]
        return self._give(game, moves, _at(previous, 1))

    def _give(self, game: TributeHost, moves: list[tuple[int, int, Card]], first_out: int) -> int:
        """Move the cards given, one event each; then the first receiver gives back."""
        for giver, receiver, card in moves:
            game.hands[giver].remove(card)
            game.hands[receiver].append(card)
            game.record(Tribute(giver, receiver, str(card)))
        if moves:
            game.lead_by = moves[0][0] if self.body.leader == "giver" else first_out
        if self.body.back is None or not moves:
            return DONE
        self.returns = [(receiver, giver) for giver, receiver, _ in moves]
        return self.returns[0][0]

    def actions(self, host: StepHost, seat: int) -> list[Action]:
        """Each card the receiver may give back (one action per distinct card)."""
        meaning = Meaning()
        return [Action("give", card=c, meaning=meaning) for c in returnable(host, self.body, host.hands[seat])]

    def apply(self, host: StepHost, seat: int, action: Action) -> int:
        if action.kind != "give" or action.card is None:
            raise IllegalAction("give back a card: give <card>")
        if action.card not in returnable(host, self.body, host.hands[seat]):
            raise IllegalAction(f"{action.card} may not be given back")
        receiver, giver = self.returns.pop(0)
        host.hands[receiver].remove(action.card)
        host.hands[giver].append(action.card)
        host.record(TributeReturned(receiver, giver, str(action.card)))
        return self.returns[0][0] if self.returns else DONE

    def copy(self) -> TributeStep:
        return TributeStep(self.body, self.returns)

    @staticmethod
    def parse(head: str, args: list[str]) -> Action | None:
        """``give <card>``."""
        if head != "give" or len(args) != 1:
            return None
        try:
            (card,) = parse_cards(args[0])
        except (CardError, ValueError) as exc:
            raise IllegalAction(f"give needs one card: {exc}") from None
        return Action("give", card=card)

    @staticmethod
    def describe(body: TributeRule, say: Say, name: Name, rules: GameRules) -> str:
        """The rulebook sentence."""
        if body.exchange:
            return _describe_exchange(body, say, name, rules)
        parts = [say("step.tribute", contract=name(body.contract))]
        if body.double:
            parts.append(say("step.tribute.double"))
        if body.resist_with is not None:
            parts.append(say("step.tribute.resist", cards=format_cards(parse_cards(body.resist_with))))
        if body.back is not None:
            parts.append(say("step.tribute.back", rank=body.back.max_rank) if body.back.max_rank else say("step.tribute.back_any"))
            if body.back.max_rank and body.back.level_high:
                parts.append(say("step.tribute.back_level"))
        parts.append(say(f"step.tribute.leader.{body.leader}"))
        return " ".join(parts)


def _describe_exchange(body: TributeRule, say: Say, name: Name, rules: GameRules) -> str:
    """The rulebook sentences of an exchange by places (places named by the contract's titles)."""
    contract = next((c for c in rules.contracts if c.id == body.contract), None)
    titles = [say("step.tribute.title", zh=t.zh, en=t.en) for t in contract.titles] if contract is not None else []

    def place(k: int) -> str:
        index = k - 1 if k > 0 else len(titles) + k
        if 0 <= index < len(titles):
            return titles[index]
        return say("step.tribute.place_nth", n=k) if k > 0 else say("step.tribute.place_from_last", n=-k)

    parts = [say("step.tribute.exchange", contract=name(body.contract))]
    parts += [say("step.tribute.pair", giver=place(p.giver), receiver=place(p.receiver), n=p.cards) for p in body.exchange]
    if body.give_wilds:
        parts.append(say("step.tribute.wilds"))
    parts.append(say(f"step.tribute.leader.{body.leader}"))
    return " ".join(parts)


def givers(body: TributeRule, previous: tuple[int, ...], seats: Seats, n: int) -> tuple[list[int], list[int]]:
    """Who gives and who receives, from the places of the hand before (receivers by place);
    nobody when there is no tribute (no hand before, or its last place not known)."""
    if len(previous) < 2:
        return [], []
    first, second = previous[0], previous[1]
    other = [s for s in range(n) if seats.side(s) != seats.side(first)]
    if body.double and seats.side(first) == seats.side(second) and len(other) == 2:
        return other, [first, second]
    if len(previous) < n:
        return [], []
    last = next(s for s in reversed(previous) if s in other) if body.single_from == "last_opponent" else previous[-1]
    return [last], [first]


def _holds(host: StepHost, seats: list[int], cards: str) -> bool:
    """Whether ``seats`` hold ``cards`` between them."""
    need = Counter(parse_cards(cards))
    have = Counter(c for s in seats for c in host.hands[s])
    return all(have[c] >= k for c, k in need.items())


def _at(places: tuple[int, ...], place: int) -> int:
    """The seat at ``place`` (1 the first; -1 the last)."""
    return places[place - 1] if place > 0 else places[place]


def top_cards(host: StepHost, hand: list[Card], k: int, wilds: bool) -> list[Card]:
    """The ``k`` highest cards of ``hand`` in the single-card order, highest first (wild cards
    among them by their own rank with ``wilds``, else never)."""
    rs = host.rs
    top = len(rs.ranks)

    def rank(c: Card) -> int:
        """A natural card's rank index; a wild card's own rank, or above every rank (a joker)."""
        if rs.is_wild(c):
            return rs.rank_index.get(c.rank, top) if wilds else -1
        return rs.card_rank.get(c, -1)

    kept = [c for c in hand if rank(c) >= 0]
    kept.sort(key=lambda c: (rank(c), rs.suit_rank.get(c.suit, -1)), reverse=True)
    return kept[:k]


def highest(host: StepHost, hand: list[Card], wilds: bool = False) -> Card | None:
    """The highest card of ``hand`` in the single-card order that is not wild (``wilds``: wild
    cards too, by their own rank)."""
    rs = host.rs
    natural = [c for c in hand if (wilds or not rs.is_wild(c)) and rs.card_rank.get(c, -1) >= 0]
    if not natural:
        return None
    return max(natural, key=lambda c: (rs.card_rank[c], rs.suit_rank.get(c.suit, -1)))


def _assign(host: StepHost, giving: list[int], receiving: list[int]) -> list[tuple[int, int, Card]]:
    """(giver, receiver, card), the first out's first: with two givers the higher card goes to
    the first out, the lower to the second (equal cards: the giver nearer after the first out in
    playing order gives to him)."""
    rs = host.rs
    order = host.order_from(receiving[0])
    cards = [(g, c) for g in giving if (c := highest(host, host.hands[g])) is not None]
    cards.sort(key=lambda gc: (rs.card_rank[gc[1]], -order.index(gc[0])), reverse=True)
    return [(g, r, c) for (g, c), r in zip(cards, receiving, strict=False)]


def returnable(host: StepHost, body: TributeRule, hand: list[Card]) -> list[Card]:
    """The distinct cards ``hand`` may give back: at most ``back.max_rank`` in the natural
    order (never the level rank's with ``back.level_high``), or the lowest cards when it has
    none."""
    order = host.rs.variant.ranks.order
    back = body.back
    distinct = host.rs.sort_cards(list(dict.fromkeys(hand)))
    if back is None or back.max_rank is None:
        return distinct
    limit = order.index(back.max_rank)
    level = cast(TributeHost, host).level if back.level_high else None
    ranked = [c for c in distinct if c.rank in order]
    fair = [c for c in ranked if c.rank != level] or ranked
    low = [c for c in fair if c.rank != level and order.index(c.rank) <= limit]
    if low:
        return low
    rank = min((order.index(c.rank) for c in fair), default=None)
    return [c for c in fair if order.index(c.rank) == rank] or distinct[:1]
