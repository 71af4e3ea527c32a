"""One hand as a state machine: deal → dealt-hand events → contract steps → tricks → settlement.

Everything is read from the variant's ``game:`` section; the seed makes the hand reproducible
(shuffle, random dealer, shown card, redeals). ``legal_actions()`` lists what the player to act
may do, ``apply()`` checks an action and changes nothing when it is refused. Contract steps
are run by the step registry (``paixing.game.steps``), trick play by ``tricks.TrickPlay``
(``Game``'s chain is ``Table`` ← ``HandRules`` ← ``TrickPlay``: single inheritance, which the
compiled core compiles), typed input by ``entry``; ``observation(seat)`` is what one sees.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from paixing.game import entry, steps
from paixing.game.action_log import ActionLog
from paixing.game.actions import NO_ACTIONS, PASS, Action, IllegalAction, LegalActions, Meaning
from paixing.game.clone import clone
from paixing.game.dealt import instant_winner, rewards
from paixing.game.ends import hand_over
from paixing.game.events import (
    ContractMade,
    Deal,
    End,
    Event,
    Factor,
    InstantWin,
    Lead,
    Redeal,
    Reward,
)
from paixing.game.facts import HandFacts
from paixing.game.match import hand_level, start_state
from paixing.game.obligations import compile_rules
from paixing.game.observation import Observation
from paixing.game.record_format import game_record
from paixing.game.seat_views import MOVE_EVENTS, PublicViews, observe
from paixing.game.seats import Seats, roles_of
from paixing.game.settle import Settlement, settle
from paixing.game.steps import DONE, HANDLED, StepRunner
from paixing.game.teams import build_seats
from paixing.game.tricks import TrickPlay
from paixing.hands.cache import ruleset
from paixing.hands.compile import Ruleset
from paixing.hands.play import Play
from paixing.hands.view import HandView, check_in_deck
from paixing.rules.cards import Card, format_cards, parse_cards
from paixing.rules.hand_rules import Contract, GameRules, ScoreRow

__all__ = ["PASS", "Action", "Game", "IllegalAction", "Meaning", "Seats", "new_game"]

class Game(TrickPlay):
    """A hand of a variant. Build with ``new_game``."""

    def __init__(
        self,
        rs: Ruleset | None = None,
        seed: int = 0,
        hands: Sequence[Sequence[Card]] | None = None,
        kitty: Sequence[Card] = (),
        dealer: int | None = None,
        hand_number: int = 1,
        previous_first_out: int | None = None,
        level: str | None = None,
        match: dict[str, Any] | None = None,
        wild_ranks: Sequence[str] | None = None,
    ) -> None:
        if rs is None:  # an empty shell, which ``clone`` fills (a compiled Game is made only so)
            return
        if rs.variant.game is None:
            raise ValueError(f"{rs.id} defines hand types only, no game (it has no 'game:' section)")
        self.rules: GameRules = rs.variant.game
        self.match = match
        """The match state this hand was dealt with (``match.MatchState`` JSON), None alone."""
        self.match_state = start_state(self.rules.session, match)
        self._set_hand_params(rs, level if level is not None else hand_level(self.rules.session, self.match_state), wild_ranks)
        self.played_bonuses = [b for b in self.rules.bonuses.tricks if b.when == "played"]
        self.n = rs.variant.players
        self.seed = seed
        self.rng = random.Random(seed)
        self.hand_number = hand_number
        self.obligations = compile_rules(self.rs, hand_number)
        self.previous_first_out = previous_first_out
        self.fixed_deal = hands is not None
        self.log: list[Event] = []
        self.actions = ActionLog(self.rs)
        self.scores = [0] * self.n
        self.phase = "deal"
        self.turn = -1
        self.result: Settlement | None = None
        self.redeals = 0
        self._given_dealer = dealer
        self._issued: LegalActions = NO_ACTIONS
        """The actions last handed out: one of them, the very object, needs no check in ``apply``."""
        self.views = PublicViews(self.n)
        """Each seat's view of the log, and the cached parts of its observation."""
        self.hand_views: dict[int, tuple[Ruleset, HandView]] = {}
        """Per seat: the rules and the view its last plays came from (its cards say which hand)."""
        self._reset_hand_state()
        self._deal(hands, kitty)

    def _reset_hand_state(self) -> None:
        """Contract and trick state, empty until those phases begin."""
        self._forget_draws()
        self.contract: Contract | None = None
        self.seats = Seats()
        self.called: Card | None = None
        self.auction_value = 0
        self.step_index = -1
        self.step: StepRunner | None = None
        self.lead_by: int | None = None
        """Who leads the first trick when a step decided it (the tribute), else None."""
        self.active: list[int] = []
        self.finish: list[int] = []
        self.captured = [0] * self.n
        self.trick: list[tuple[int, Play | None]] = []
        self.last: tuple[int, Play] | None = None
        self.passed: set[int] = set()
        self.plays_made = [0] * self.n
        self.type_counts: Counter[str] = Counter()
        self.tricks = 0

    def record(self, event: Event) -> None:
        """Append an event to the log, and show it to the seats' views: they keep parts of the
        observations until an event says those changed (see ``PublicViews.recorded``)."""
        log = self.log
        log.append(event)
        if event.__class__ not in MOVE_EVENTS:  # the most frequent events, which drop nothing
            self.views.recorded(event, log)

    @property
    def deal_marks(self) -> list[int]:
        """Where the log's deal events are (the last one is the deal that was played)."""
        return self.views.deal_marks

    def order_from(self, seat: int) -> list[int]:
        """Every seat in playing order, starting with ``seat``."""
        return [(seat + i) % self.n for i in range(self.n)]

    # ------------------------------------------------------------------ deal and dealer
    def _deal(self, hands: Sequence[Sequence[Card]] | None, kitty: Sequence[Card]) -> None:
        n = self.n
        deck = self.rs.deck()
        turned: int | None = None
        if hands is None:
            self.rng.shuffle(deck)
            kitty_n = self.rules.deal.kitty
            each = self.rules.deal.cards_each or (len(deck) - kitty_n) // n
            dealt = deck[: each * n]
            self.kitty = deck[each * n : each * n + kitty_n]
            self.hands = [dealt[i::n] for i in range(n)]
            if self.rules.dealer.first_hand == "random_card":
                turned = self.rng.randrange(len(dealt)) % n
        else:
            self.hands = [list(h) for h in hands]
            self.kitty = list(kitty)
            if len(self.hands) != n:
                raise ValueError(f"{self.rs.id} deals to {n} seats, not {len(self.hands)}")
            check_in_deck(self.rs, [c for h in self.hands for c in h] + self.kitty)
        self.dealt = [list(h) for h in self.hands]
        self.dealer = self._find_dealer(turned)
        self.record(Deal(self.dealer, tuple(format_cards(self.rs.sort_cards(h)) for h in self.hands)))
        self._dealt_events()

    def _find_dealer(self, turned: int | None) -> int:
        rule = self.rules.dealer
        if self._given_dealer is not None:
            return self._given_dealer
        if self.hand_number > 1 and rule.later_hands == "previous_first_out" and self.previous_first_out is not None:
            return self.previous_first_out
        if rule.first_hand == "holder":
            assert rule.card is not None
            (card,) = parse_cards(rule.card)
            return next((seat for seat, hand in enumerate(self.hands) if card in hand), 0)
        if rule.first_hand == "random_card" and turned is not None:
            return turned
        return self.rng.randrange(self.n)

    def _pay(self, seat: int, amount: int) -> None:
        """Each other player pays ``seat`` ``amount``."""
        for s in range(self.n):
            self.scores[s] += amount * (self.n - 1) if s == seat else -amount

    def _dealt_events(self) -> None:
        won = instant_winner(self.rs, self.hands, self.dealer)
        if won is not None:
            event, seat = won
            self.scores = [0] * self.n
            self._pay(seat, event.pay)
            self.record(InstantWin(event.id, seat))
            self.phase = "over"
            self.result = Settlement(scores=list(self.scores), winners=[seat], reason=event.id)
            self.record(End(tuple(self.scores), (seat,), event.id))
            return
        for event, seat, times in rewards(self.rs, self.hands):
            self._pay(seat, event.pay * times)
            self.record(Reward(event.id, seat, times))
        self.phase = "contract"
        self._reset_hand_state()
        self._next_step()

    # ------------------------------------------------------------------ contract steps
    def _next_step(self) -> None:
        """Start the following steps until one needs a player, then play when none is left."""
        while True:
            self.step_index += 1
            if self.step_index >= len(self.rules.steps):
                self.step = None
                self._start_play()
                return
            self.step = steps.runner(self.rules.steps[self.step_index])
            first = self.step.start(self)
            if first != DONE:
                self.turn = first
                return

    def _contract(self, cid: str) -> Contract:
        return next(c for c in self.rules.contracts if c.id == cid)

    def set_contract(self, cid: str, declarer: int, partner: int = -1, opponent: int = -1) -> None:
        """Make contract ``cid``: the declarer's side and the others (a step calls this)."""
        c = self._contract(cid)
        self.contract = c
        seats = build_seats(c, declarer, partner, opponent, self.order_from(declarer)[1:])
        if c.teams != "partners":
            self.called = None  # a solo contract replaces the called or shown partner card
        self.seats = seats
        self.record(ContractMade(cid, declarer, opponent if opponent >= 0 else None))

    def redeal(self) -> None:
        """Nobody bid: deal again from the same random stream (a step calls this)."""
        self.redeals += 1
        if self.redeals > 100:
            raise RuntimeError("no bid in 100 deals")
        self.record(Redeal())
        self.scores = [0] * self.n
        self._deal(None, ())

    def _apply_contract(self, action: Action) -> None:
        assert self.step is not None
        after = self.step.apply(self, self.turn, action)
        if after == DONE:
            self._next_step()
        elif after != HANDLED:
            self.turn = after

    def _start_play(self) -> None:
        if self.contract is None:
            if self.rules.default_contract is None:
                raise RuntimeError("the contract steps made no contract and there is no default")
            self.set_contract(self.rules.default_contract, declarer=self.dealer)
        c = self.contract
        assert c is not None
        self.phase = "play"
        self.active = [s for s in range(self.n) if s not in self.seats.bystanders]
        self.views.forget()
        leader = {"declarer": self.seats.declarer, "dealer": self.dealer}.get(c.leader)
        if c.leader == "opponent":
            leader = self.seats.opponents[0]
        held = self.obligations.leader(self.hands) if self.obligations is not None else None
        leader = held if held is not None else leader
        leader = self.lead_by if self.lead_by is not None else leader
        assert leader is not None
        self.turn = leader
        self.record(Lead(leader))

    # ------------------------------------------------------------------ the end of the hand
    def facts(self) -> HandFacts:
        """The hand's facts, as end rules and settlement read them."""
        seats = self.seats
        return HandFacts(
            players=self.n,
            declarer=seats.declarer,
            partner=seats.partner,
            sides=tuple(seats.side(s) for s in range(self.n)),
            active=tuple(self.active),
            finish=tuple(self.finish),
            captured=tuple(self.captured),
            hand_values=tuple(self._value(h) for h in self.hands),
            cards_left=tuple(len(h) for h in self.hands),
            plays_made=tuple(self.plays_made),
            type_counts=dict(self.type_counts),
            auction_value=self.auction_value,
        )

    def _hand_over(self) -> bool:
        """Whether the hand has ended (decided only here, by the contract's end rules)."""
        assert self.contract is not None
        return hand_over(self.contract, self.facts())

    def _settle(self) -> None:
        """Settle the contract and end the hand (the one place a hand is settled)."""
        c = self.contract
        assert c is not None
        result = settle(c, self.facts())
        conditional = {f.id for f in c.multipliers.when}
        for name, times in result.multiplier_parts:
            if name in conditional:
                self.record(Factor(name, times))
        for s in range(self.n):
            self.scores[s] += result.scores[s]
        result.scores = list(self.scores)
        self.result = result
        self.phase = "over"
        self.turn = -1
        self.record(End(tuple(self.scores), tuple(result.winners), result.reason))

    # ------------------------------------------------------------------ public API
    @property
    def over(self) -> bool:
        return self.phase == "over"

    def legal_actions(self) -> LegalActions:
        """What the player to act (``turn``) may do now; empty when the hand is over. A play's
        action is made when it is read (see ``LegalActions``)."""
        acts = NO_ACTIONS
        if self.phase == "play":
            acts = self._play_actions()
        elif self.phase == "contract":
            assert self.step is not None
            acts = LegalActions([], self.step.actions(self, self.turn))
        # Actions handed out here need no second check when they come back to apply().
        self._issued = acts
        return acts

    def parse_action(self, text: str) -> Action:
        """Read an action typed by a player: ``pass``, a step's words (``bid <contract|value>``,
        ``call <card>``), or cards (``55 BJ``; add ``= 555`` to choose a reading)."""
        hand = self.hands[self.turn] if self.phase == "play" else None
        return entry.parse_action(self.rs, text, hand, self.last[1] if self.last else None)

    def apply(self, action: Action | str) -> None:
        """Apply the player-to-act's action; ``IllegalAction`` (state unchanged) if not allowed."""
        if isinstance(action, str):
            action = self.parse_action(action)
        if self.phase == "over":
            raise IllegalAction("the hand is over")
        if self.phase == "contract":
            assert self.step is not None
            if not self._issued.issued(action):
                allowed = self.step.actions(self, self.turn)
                if action not in allowed:
                    options = ", ".join(str(a) for a in allowed[:6]) + (" …" if len(allowed) > 6 else "")
                    raise IllegalAction(f"{action} is not allowed now; choose {options}")
            self._issued = NO_ACTIONS
            self.actions.append(str(action))
            self._apply_contract(action)
            return
        if action.kind == "pass":
            if self.last is None:
                raise IllegalAction("you lead: you must play")
            if self.obligations is not None and not self._issued.issued(action):
                self._check_obligations(action)
            self._issued = NO_ACTIONS
            self._apply_pass()
            return
        if action.kind == "play":
            assert action.play is not None
            if not self._issued.issued(action):
                entry.check_play(self.rs, action.play, self.hands[self.turn], self.last[1] if self.last else None)
                self._check_obligations(action)
        else:
            raise IllegalAction(f"{action} is not allowed during play")
        self._issued = NO_ACTIONS
        self._apply_play(action)

    def observation(self, seat: int) -> Observation:
        """Exactly what ``seat`` may know now (``paixing.game.observation``)."""
        return observe(self, seat)  # (a compiled function does not bind as a method)

    def score_row(self) -> ScoreRow | None:
        """The score row that paid the contract (None before the end or without a contract):
        settlement's own choice, not a second copy of its rule."""
        if self.contract is None or self.result is None or self.result.row < 0:
            return None
        return self.contract.score[self.result.row]

    def roles(self) -> list[str | None]:
        """Each seat's role in the contract (all None when there was none)."""
        return roles_of(self.contract, self.seats, self.n)

    def clone(self) -> Game:
        """An independent copy that plays on alone (``paixing.game.clone``)."""
        return clone(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """A clone (OpenSpiel's search deep-copies states): immutable parts are shared."""
        return self.clone()

    def to_record(self) -> dict[str, Any]:
        """The JSON game record: enough to replay and re-score the hand (``record_format.game_record``)."""
        return game_record(self)


def new_game(variant: str | Ruleset, seed: int = 0, **kwargs: Any) -> Game:
    """Deal a hand of ``variant`` (a built-in id, a file or a compiled ruleset) from ``seed``."""
    return Game(ruleset(variant), seed, **kwargs)
