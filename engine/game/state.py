"""One hand as a state machine: deal → dealt-hand events → contract steps → tricks → settlement.

Everything is read from the variant's ``game:`` section; the seed makes the hand reproducible
(shuffle, random dealer, shown card, redeals). ``legal_actions()`` lists what the player to act
may do, ``apply()`` checks an action and changes nothing when it is refused. Contract steps
are run by the step registry (``paixing.game.steps``); trick play's rules are functions of the
values ``Game`` hands them (``tricks``); typed input is read by ``entry``; ``observation(seat)``
is what one seat sees.

``Game`` is the hand's one state class: its fields are declared once, in ``__init__`` (the deal,
the record) and ``_reset_hand_state`` (the contract and trick play), and ``copy`` beside them
lists every one of them again. What is fixed for the whole hand is one ``HandSetup``
(``hand_params``) that copies share. The compiled core compiles this module into a native class.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from paixing.game import entry, steps
from paixing.game.action_log import ActionLog
from paixing.game.actions import NO_ACTIONS, PASS, Action, IllegalAction, LegalActions, Meaning
from paixing.game.dealt import instant_winner, rewards
from paixing.game.effects import gives_away, trick_outcome
from paixing.game.ends import hand_over
from paixing.game.events import (
    LEADS,
    PASSES,
    Announced,
    Bonus,
    CallScored,
    ContractMade,
    Deal,
    DealtRest,
    Declined,
    Drew,
    End,
    Event,
    Factor,
    InstantWin,
    Lead,
    OrderFlipped,
    Out,
    OutOfTurn,
    PartnerRevealed,
    Played,
    Redeal,
    Reward,
    SidePublic,
    Trick,
    TrickEffected,
    TrickGiven,
    WildsDrawn,
    Wished,
    WishMet,
)
from paixing.game.facts import HandFacts
from paixing.game.hand_params import HandSetup
from paixing.game.match import MatchState
from paixing.game.obligations import Obligations, Turn, compile_rules
from paixing.game.obligations.wish import WishRule, holds
from paixing.game.observation import History, Observation
from paixing.game.record_format import game_record
from paixing.game.seat_views import MOVE_EVENTS, PublicViews
from paixing.game.seats import Seats, roles_of
from paixing.game.settle import Settlement, settle
from paixing.game.steps import DONE, HANDLED, StepRunner
from paixing.game.teams import build_seats
from paixing.game.tricks import (
    after_partner,
    capture_value,
    earned_bonus,
    lead_after_out,
    next_in_trick,
    next_seat,
    partner_lead,
    reread,
    waiting,
)
from paixing.game.window import fewer, holds_any, out_of_turn_plays, refusal
from paixing.hands.cache import ruleset
from paixing.hands.compile import Ruleset
from paixing.hands.moves import legal_plays
from paixing.hands.play import Play
from paixing.hands.view import HandView, check_in_deck
from paixing.rules.cards import Card, format_cards, parse_cards
from paixing.rules.hand_rules import Contract, GameRules, ScoreRow

__all__ = ["PASS", "Action", "Game", "HandSetup", "IllegalAction", "Meaning", "Seats", "new_game"]

_PASS_ONLY: tuple[Action, ...] = (PASS,)


class Game:
    """A hand of a variant. Build with ``new_game`` (or ``Game(rs, seed, …)`` from compiled rules).

    A new field of hand state is declared once, with its value before the deal, in ``__init__``
    (or, when a redeal resets it, in ``_reset_hand_state``), and copied in ``copy``;
    ``tests/test_game_copy.py`` fails until it is."""

    def __init__(
        self,
        rs: Ruleset | HandSetup,
        seed: int = 0,
        hands: Sequence[Sequence[Card]] | None = None,
        kitty: Sequence[Card] = (),
        dealer: int | None = None,
        hand_number: int = 1,
        previous_first_out: int | None = None,
        level: str | None = None,
        match: dict[str, Any] | None = None,
        wild_ranks: Sequence[str] | None = None,
        previous_places: Sequence[int] | None = None,
    ) -> None:
        """Deal a hand of ``rs`` from ``seed``, or the ``hands`` and ``kitty`` given (the other
        arguments: ``HandSetup``'s). Given a ``HandSetup`` instead of rules, the hand of that
        setup before its deal, in phase ``deal``: where ``copy`` starts."""
        if isinstance(rs, HandSetup):
            setup = rs
        else:
            setup = HandSetup(rs, seed, fixed_deal=hands is not None, dealer=dealer, hand_number=hand_number,
                              previous_first_out=previous_first_out, level=level, match=match, wild_ranks=wild_ranks,
                              previous_places=previous_places)
        self.setup: HandSetup = setup
        """The hand's fixed part (rules, seats' number, seed, per-hand parameters): shared by copies."""
        # the rules in play
        self.rs: Ruleset = setup.hand_rs
        """The rules in play: the hand's (``setup.hand_rs``), then with the wild ranks drawn."""
        self.obligations: Obligations | None = setup.obligations  # the play obligations of rs
        self.wild_ranks: tuple[str, ...] = ()  # drawn so far
        # the deal
        self.rng = random.Random(setup.seed)
        """The hand's random stream: the shuffles, a random dealer, the shown card, the draws."""
        self.hands: list[list[Card]] = []  # each seat's cards now
        self.dealt: list[list[Card]] = []  # each seat's cards as dealt (the last deal played)
        self.kitty: list[Card] = []  # set aside face down now (a stock: what is left to draw)
        self.kitty_dealt: tuple[Card, ...] = ()  # as set aside (a stock in order): the record's
        self.held_back: list[list[Card]] = []  # dealt after the first cards, in no hand until deal_rest
        self.dealer = -1
        self.redeals = 0
        self.log: list[Event] = []  # the record
        """The hand's events (plays and passes appended directly: no view keeps them, ``MOVE_EVENTS``)."""
        self.views = PublicViews(setup.n)
        """Each seat's view of the log, and the cached parts of its observation."""
        self.actions = ActionLog(setup.hand_rs)
        """Every action of the hand, as a record writes them."""
        self.scores = [0] * setup.n
        self.phase = "deal"
        """``deal``, ``contract``, ``play`` or ``over``."""
        self.turn = -1
        """The seat to act (-1: nobody)."""
        self.result: Settlement | None = None
        # kept between calls
        self.hand_views: dict[int, tuple[Ruleset, HandView]] = {}
        """Per seat: the rules and the view its last plays came from (its cards say which hand)."""
        self._issued: LegalActions = NO_ACTIONS
        """The actions last handed out: one of them, the very object, needs no check in ``apply``."""
        self._reset_hand_state()
        if setup is not rs:
            self._deal(hands, kitty)

    def _reset_hand_state(self) -> None:
        """Contract and trick state, empty until those phases begin (and again after a redeal)."""
        self._forget_draws()
        n = self.setup.n
        self.contract: Contract | None = None
        self.seats = Seats()
        self.called: Card | None = None
        """The called or shown partner card, until a solo contract replaces it."""
        self.markers: tuple[Card, ...] = ()
        """The cards that make hidden sides (``held_cards``) not yet played or shown."""
        self.auction_value = 0
        self.step_index = -1
        self.step: StepRunner | None = None
        """The contract step running (None before and after the steps)."""
        self.lead_by: int | None = None
        """Who leads the first trick when a step decided it (the tribute), else None."""
        self.active: list[int] = []
        """The seats in play (not bystanders), set when play starts."""
        self.finish: list[int] = []
        """The seats out of cards, in the order they went out."""
        self.captured = [0] * n
        self.trick: list[tuple[int, Play | None]] = []
        """The trick so far: each seat's play, or None for a pass."""
        self.last: tuple[int, Play] | None = None
        """The play to beat and its seat (None: the seat to act leads)."""
        self.passed: set[int] = set()
        """The seats that passed since the last play."""
        self.plays_made = [0] * n
        self.type_counts: dict[str, int] = {}
        """Plays made of each hand type."""
        self.tricks = 0
        self.flipped = False
        """The rank order is reversed (``play.order_flip``): ``rs`` was compiled so."""
        self.wish: str | None = None
        """The rank wished and not yet played (a ``wish`` obligation), or None."""
        self.wishing: tuple[int, int] | None = None
        """(the seat that may wish now, the seat to act after him): the decision right after
        the play of a ``wish`` obligation's card, until ``wish <rank>`` or ``wish none``."""
        self.gift: tuple[int, int, bool] | None = None
        """A closed trick to be given away (``trick_effects: give_trick``): (its winner, what it
        captured, whether the hand is over), until the winner names the opponent (``gift``)."""
        self.calls: list[tuple[int, str]] = []
        """The calls made so far (``game.calls``): (caller, call id), in order."""
        self.window: tuple[int, tuple[int, ...]] | None = None
        """A priority window (``play.out_of_turn``): (the seat whose turn it is, the seats asked
        out of turn, ``turn`` the first of them), until each declined or one played."""
        self.window_holds: dict[int, tuple[HandView, bool]] = {}
        """Per seat: the view of its hand and whether that hand holds a play of a
        ``play.out_of_turn`` type at all (kept while the view is the same: ``_holds_out_of_turn``)."""

    def copy(self) -> Game:
        """An independent copy that plays on alone (a search copies the hand at every node):
        every field above, the containers copied; what never changes once made is shared (the
        setup, the rules, the contract, events, plays, settlement and hand views), and so is
        the random stream once play has begun: only the deal and the contract steps draw from
        it (``tests/test_game_copy.py`` checks that trick play never does). Copying its state
        was over half the time of a copy."""
        other = Game(self.setup)
        other.rs = self.rs
        other.obligations = self.obligations
        other.wild_ranks = self.wild_ranks
        if self.phase == "play" or self.phase == "over":
            other.rng = self.rng
        else:
            other.rng.setstate(self.rng.getstate())
        other.hands = [list(h) for h in self.hands]
        other.dealt = [list(h) for h in self.dealt]
        other.kitty = list(self.kitty)
        other.kitty_dealt = self.kitty_dealt  # never changes once dealt
        other.held_back = [list(h) for h in self.held_back]
        other.dealer = self.dealer
        other.redeals = self.redeals
        other.log = list(self.log)
        other.views = self.views.copy()
        other.actions = self.actions.copy()
        other.scores = list(self.scores)
        other.phase = self.phase
        other.turn = self.turn
        other.result = self.result
        other.hand_views = dict(self.hand_views)
        other._issued = NO_ACTIONS  # actions handed out by the original are checked again
        other.contract = self.contract
        other.seats = self.seats.copy()
        other.called = self.called
        other.markers = self.markers
        other.auction_value = self.auction_value
        other.step_index = self.step_index
        other.step = self.step.copy() if self.step is not None else None
        other.lead_by = self.lead_by
        other.active = list(self.active)
        other.finish = list(self.finish)
        other.captured = list(self.captured)
        other.trick = list(self.trick)
        other.last = self.last
        other.passed = set(self.passed)
        other.plays_made = list(self.plays_made)
        other.type_counts = dict(self.type_counts)
        other.tricks = self.tricks
        other.flipped = self.flipped
        other.gift = self.gift
        other.wish = self.wish
        other.wishing = self.wishing
        other.calls = list(self.calls)
        other.window = self.window
        other.window_holds = dict(self.window_holds)
        return other

    def clone(self) -> Game:
        """``copy``, by its older name."""
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """``copy`` (OpenSpiel's search deep-copies states): immutable parts are shared."""
        return self.copy()

    # ------------------------------------------------------------------ the setup's values
    @property
    def rules(self) -> GameRules:
        """The variant's ``game:`` section."""
        return self.setup.rules

    @property
    def n(self) -> int:
        """The number of seats."""
        return self.setup.n

    @property
    def seed(self) -> int:
        return self.setup.seed

    @property
    def hand_number(self) -> int:
        """The hand's number in its match (1 alone)."""
        return self.setup.hand_number

    @property
    def fixed_deal(self) -> bool:
        """Whether the hand was dealt the hands it was given."""
        return self.setup.fixed_deal

    @property
    def previous_first_out(self) -> int | None:
        return self.setup.previous_first_out

    @property
    def previous_places(self) -> tuple[int, ...] | None:
        """The seats of the hand before by place (a session carries them), None alone."""
        return self.setup.previous_places

    @property
    def level(self) -> str | None:
        """The hand's level (a match's level; None: the variant's ``ranks.level``)."""
        return self.setup.level

    @property
    def match(self) -> dict[str, Any] | None:
        """The match state this hand was dealt with (``match.MatchState`` JSON), None alone."""
        return self.setup.match

    @property
    def match_state(self) -> MatchState:
        return self.setup.match_state

    # ------------------------------------------------------------------ the log
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
        n = self.setup.n
        return [(seat + i) % n for i in range(n)]

    # ------------------------------------------------------------------ deal and dealer
    def _deal(self, hands: Sequence[Sequence[Card]] | None, kitty: Sequence[Card]) -> None:
        n = self.setup.n
        rules = self.setup.rules
        deck = self.rs.deck()
        turned: int | None = None
        if hands is None:
            self.rng.shuffle(deck)
            kitty_n = rules.deal.kitty_size(len(deck), n)
            each = rules.deal.cards_each or (len(deck) - kitty_n) // n
            if rules.deal.uneven and rules.deal.cards_each is None:
                each = len(deck) - kitty_n  # every card: some seats get one more
                dealt = deck[:each]
                self.kitty = deck[each:]
            else:
                dealt = deck[: each * n]
                self.kitty = deck[each * n : each * n + kitty_n]
            self.hands = [dealt[i::n] for i in range(n)]
            if rules.dealer.first_hand == "random_card":
                turned = self.rng.randrange(len(dealt)) % n
        else:
            self.hands = [list(h) for h in hands]
            self.kitty = list(kitty)
            if len(self.hands) != n:
                raise ValueError(f"{self.rs.id} deals to {n} seats, not {len(self.hands)}")
            check_in_deck(self.rs, [c for h in self.hands for c in h] + self.kitty)
        self.dealt = [list(h) for h in self.hands]
        self.kitty_dealt = tuple(self.kitty)
        self.dealer = self._find_dealer(turned)
        self._hold_back()
        self.record(Deal(self.dealer, tuple(format_cards(self.rs.sort_cards(h)) for h in self.hands)))
        self._dealt_events()

    def _find_dealer(self, turned: int | None) -> int:
        setup = self.setup
        rule = setup.rules.dealer
        if setup.dealer is not None:
            return setup.dealer
        if setup.hand_number > 1 and rule.later_hands == "previous_first_out" and setup.previous_first_out is not None:
            return setup.previous_first_out
        if rule.first_hand == "holder":
            assert rule.card is not None
            (card,) = parse_cards(rule.card)
            return next((seat for seat, hand in enumerate(self.hands) if card in hand), 0)
        if rule.first_hand == "random_card" and turned is not None:
            return turned
        return self.rng.randrange(self.setup.n)

    def _pay(self, seat: int, amount: int) -> None:
        """Each other player pays ``seat`` ``amount``."""
        n = self.setup.n
        for s in range(n):
            self.scores[s] += amount * (n - 1) if s == seat else -amount

    def _dealt_events(self) -> None:
        won = instant_winner(self.rs, self.hands, self.dealer)
        if won is not None:
            event, seat = won
            self.scores = [0] * self.setup.n
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
        rule_steps = self.setup.rules.steps
        while True:
            self.step_index += 1
            if self.step_index >= len(rule_steps):
                self.step = None
                self._start_play()
                return
            self.step = steps.runner(rule_steps[self.step_index])
            first = self.step.start(self)
            if first != DONE:
                self.turn = first
                return

    def _contract(self, cid: str) -> Contract:
        return next(c for c in self.setup.rules.contracts if c.id == cid)

    def set_contract(self, cid: str, declarer: int, partner: int = -1, opponent: int = -1) -> None:
        """Make contract ``cid``: the declarer's side and the others (a step calls this)."""
        c = self._contract(cid)
        self.contract = c
        seats = build_seats(c, declarer, partner, opponent, self.order_from(declarer)[1:])
        if c.teams != "partners":
            self.called = None  # a solo contract replaces the called or shown partner card
        if seats.hidden and self.seats.hidden:
            seats.public = self.seats.public  # the same secret sides under another contract
        self.seats = seats
        shown = -1 if seats.hidden else declarer  # secret sides: the log names no declarer
        self.record(ContractMade(cid, shown, opponent if opponent >= 0 else None))

    def reveal(self, seat: int, cards: Sequence[Card], shown: bool = False) -> None:
        """``seat`` played or showed ``cards``: any card among them that makes hidden sides
        makes his side public, and every side once none of those cards is left unseen."""
        found = [c for c in cards if c in self.markers]
        if not found:
            return
        self.markers = tuple(c for c in self.markers if c not in found)
        seats = self.seats
        seats.public = seats.public | {seat}
        if not self.markers:
            seats.partner_known = True
        self.record(SidePublic(seat, " ".join(str(c) for c in found), shown))

    def redeal(self) -> None:
        """Nobody bid: deal again from the same random stream (a step calls this)."""
        self.redeals += 1
        if self.redeals > 100:
            raise RuntimeError("no bid in 100 deals")
        self.record(Redeal())
        self.scores = [0] * self.setup.n
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
            if self.setup.rules.default_contract is None:
                raise RuntimeError("the contract steps made no contract and there is no default")
            self.set_contract(self.setup.rules.default_contract, declarer=self.dealer)
        c = self.contract
        assert c is not None
        self.phase = "play"
        self.active = [s for s in range(self.setup.n) if s not in self.seats.bystanders]
        self.views.forget()
        leader = {"declarer": self.seats.declarer, "dealer": self.dealer}.get(c.leader)
        if c.leader == "opponent":
            leader = self.seats.opponents[0]
        held = self.obligations.leader(self.hands) if self.obligations is not None else None
        leader = held if held is not None else leader
        leader = self.lead_by if self.lead_by is not None else leader
        assert leader is not None
        self.turn = leader
        draw = self.setup.rules.play.draw
        if draw is not None and draw.first_lead:
            self._draw(leader, draw.first_lead)
        self.record(Lead(leader))

    def _draw(self, seat: int, n: int) -> None:
        """``seat`` takes up to ``n`` cards from the top of the stock (none once it is empty)."""
        stock = self.kitty
        taken = stock[:n]
        if not taken:
            return
        del stock[: len(taken)]
        self.hands[seat].extend(taken)
        self.record(Drew(seat, len(taken), len(stock)))

    # ------------------------------------------------------------------ calls
    def _hold_back(self) -> None:
        """Keep all but each seat's first ``first_cards`` cards out of the hands until a round of
        calls on the first cards ends (``deal_rest``)."""
        first = self.setup.first_cards
        if first is None:
            self.held_back = []
            return
        self.held_back = [h[first:] for h in self.hands]
        self.hands = [h[:first] for h in self.hands]

    def deal_rest(self) -> None:
        """Hand out the cards held back (a step calls this); each seat sees its own."""
        if not self.held_back:
            return
        rest, self.held_back = self.held_back, []
        for hand, more in zip(self.hands, rest, strict=True):
            hand[:] = self.rs.sort_cards(hand + more)
        self.record(DealtRest(tuple(format_cards(self.rs.sort_cards(h)) for h in rest)))

    def callable(self, seat: int, offered: Sequence[str]) -> list[str]:
        """Which of ``offered`` calls ``seat`` may still make: none once he made one."""
        return [] if any(s == seat for s, _ in self.calls) else list(offered)

    def announce(self, seat: int, call: str) -> None:
        """``seat`` makes the call ``call`` (a step, or ``_apply_call`` in play, calls this)."""
        self.calls.append((seat, call))
        self.record(Announced(seat, call))

    def _call_actions(self) -> list[Action]:
        """The calls the player to act may make at a turn of trick play before his first play."""
        return [Action("announce", call=c) for c in self.callable(self.turn, self.setup.play_calls)]

    def _apply_call(self, action: Action) -> None:
        """A call made at a turn of trick play: recorded; the same player acts again."""
        if self.gift is not None or self.wishing is not None or self.plays_made[self.turn] or action not in self._call_actions():
            offered = " or ".join(str(a) for a in self._call_actions()) if self.gift is None and self.wishing is None else ""
            why = f"call {offered} before your first play" if offered else "you have no call to make now"
            raise IllegalAction(f"{action} is not allowed now: {why}")
        self._issued = NO_ACTIONS
        self.actions.append(str(action))
        assert action.call is not None
        self.announce(self.turn, action.call)

    # ------------------------------------------------------------------ the rules in play
    def _forget_draws(self) -> None:
        """A redeal after a draw: the ranks are drawn again."""
        if self.wild_ranks:
            self.wild_ranks = ()
            self._use_rules(self.setup.hand_rs)

    def _use_rules(self, rs: Ruleset) -> None:
        """Play on with ``rs`` (the hand's rules once wild ranks are drawn)."""
        self.rs = rs
        self.obligations = compile_rules(rs, self.setup.hand_number)
        self.actions.use_rules(rs)

    def draw_wild_ranks(self, candidates: list[str], n: int) -> tuple[str, ...]:
        """Draw ``n`` wild ranks among ``candidates`` (a step calls this), make them wild and
        announce them (the ranks the hand was told, if any: ``HandSetup.announced``)."""
        drawn = self.setup.announced(tuple(self.rng.sample(candidates, n)), len(self.wild_ranks))
        self.wild_ranks += drawn
        self._use_rules(self.setup.rules_with(self.wild_ranks))
        self.record(WildsDrawn(drawn, self.wild_ranks))
        return drawn

    # ------------------------------------------------------------------ trick play
    def _play_actions(self) -> LegalActions:
        target = self.last[1] if self.last is not None else None
        plays = legal_plays(self.rs, self._hand_view(self.turn), target)
        can_pass = target is not None
        if self.obligations is not None:
            plays, can_pass = self.obligations.apply(self._turn_state(), plays, can_pass)
        # a leader who holds no play (only a card never played alone, nothing left to draw) hands the lead on
        rest: tuple[Action, ...] = _PASS_ONLY if can_pass or not plays else ()
        if self.setup.play_calls and not self.plays_made[self.turn]:
            rest = (*rest, *self._call_actions())
        return LegalActions(plays, rest)

    def _hand_view(self, seat: int) -> HandView:
        """The view of ``seat``'s hand for the move generator, kept while the hand and the rules
        stay the same (the counts, runs and sorted cards it caches are the hand's alone). The
        view's own copy of the cards says which hand it was made for."""
        hand = self.hands[seat]
        rs = self.rs
        marked = self._marked() if rs.marks_cards else None
        kept = self.hand_views.get(seat)
        if kept is not None and kept[0] is rs and kept[1].cards == hand and kept[1].marked == marked:
            return kept[1]
        view = HandView(rs, hand)
        view.marked = marked
        self.hand_views[seat] = (rs, view)
        return view

    def _marked(self) -> frozenset[Card]:
        """The called or shown card while its play would still reveal the partner: the one card
        whose copy a play must tell apart from the other cards of its rank (``HandView.marked``)."""
        called = self.called
        if self.markers:
            return frozenset(self.markers)
        if called is None or self.seats.partner_known:
            return frozenset()
        return frozenset((called,))

    def _carry_view(self, seat: int, view: HandView, played: tuple[Card, ...]) -> None:
        """Keep the view of ``seat``'s hand after it played ``played`` from ``view``, carried
        over rather than built again (``HandView.without``)."""
        try:
            self.hand_views[seat] = (self.rs, view.without(played, self.hands[seat]))
        except (KeyError, ValueError):
            del self.hand_views[seat]

    def _turn_state(self) -> Turn:
        """What the play obligations read about the player to act."""
        seat = self.turn
        nxt = next_seat(self.hands, self.active, seat)
        return Turn(
            hand=self.hands[seat],
            target=self.last[1] if self.last is not None else None,
            first_play=not any(self.plays_made),
            next_left=len(self.hands[nxt]) if nxt != seat else 99,
            trick=tuple(p for _, p in self.trick if p is not None),
            wish=self.wish,
        )

    def _check_obligations(self, action: Action) -> None:
        """Refuse a typed action that breaks a play obligation (issued actions meet them)."""
        if self.obligations is None:
            return
        turn = self._turn_state()
        plays = legal_plays(self.rs, turn.hand, turn.target)
        why = self.obligations.refusal(turn, action.play, plays, turn.target is not None)
        if why is not None:
            raise IllegalAction(why)

    def _apply_pass(self) -> None:
        """Apply a checked pass, and add its text to ``actions``."""
        seat = self.turn
        self.actions.append("pass")
        if self.last is None:  # a leader with no play: the next player leads
            self.log.append(PASSES[seat])
            self.turn = next_seat(self.hands, self.active, seat)
            self.record(LEADS[self.turn])
            return
        self.trick.append((seat, None))
        passed = self.passed
        passed.add(seat)
        self.log.append(PASSES[seat])
        assert self.last is not None
        if waiting(self.hands, self.active, self.last[0], passed):
            self.turn = self._next_turn(seat)
        else:
            self._close_trick()

    def _next_turn(self, seat: int) -> int:
        """Who plays after ``seat`` in this trick: the next seat still in, skipping those a
        pass shut out when ``play.pass_locks``."""
        if self.setup.rules.play.pass_locks:
            return next_in_trick(self.hands, self.active, seat, self.passed)
        return next_seat(self.hands, self.active, seat)

    def _apply_play(self, action: Action) -> None:
        """Apply a checked play, and add its text (``readings.record_text``) to ``actions``."""
        seat = self.turn
        play = action.play
        assert play is not None
        # the notation is written once for both the action's text and the event
        notation = format_cards(play.cards)  # Play.notation, one call fewer
        # with its reading where the cards read several ways, so that a record replays this play
        self.actions.append_play(play, notation)
        hand = self.hands[seat]
        cards = play.cards
        kept = self.hand_views.get(seat)
        if kept is not None and (kept[0] is not self.rs or kept[1].cards != hand):
            kept = None
        for card in cards:
            hand.remove(card)
        if kept is not None:
            self._carry_view(seat, kept[1], cards)
        self.trick.append((seat, play))
        self.last = (seat, play)
        if not self.setup.rules.play.pass_locks:
            self.passed = set()
        self.plays_made[seat] += 1
        type_id = play.type.id
        counts = self.type_counts
        counts[type_id] = counts.get(type_id, 0) + 1
        self.log.append(Played(seat, notation, type_id, play.reads_as if play.wild_as else None))
        if type_id in self.setup.flip_types:
            self._flip_order(seat)
        if self.setup.played_bonuses:
            self._played_bonus(seat, play)
        self._revealed_by(seat, cards)
        if not hand and self._out(seat):
            return
        if self.setup.trick_effects and self._trick_effect(seat, play):
            return
        if waiting(self.hands, self.active, seat, self.passed):
            self.turn = self._next_turn(seat)
        else:
            self._close_trick()

    def _revealed_by(self, seat: int, cards: tuple[Card, ...]) -> None:
        """What a play shows of its player's side: the called card (its holder is the hidden
        partner), or a card that marks a side (``teams: holders``)."""
        called = self.called
        if called is not None and self.seats.partner == seat and not self.seats.partner_known and called in cards:
            self.seats.partner_known = True
            self.record(PartnerRevealed(seat))
        if self.markers:
            self.reveal(seat, cards)

    def _out(self, seat: int) -> bool:
        """``seat`` went out; whether that ended the hand (its trick closed, the hand settled
        unless that trick is first given away)."""
        self.finish.append(seat)
        self.record(Out(seat, len(self.finish)))
        if not self._hand_over():
            return False
        self._close_trick(ending=True)
        if self.gift is None:  # else settled once the trick is given away
            self._settle()
        return True

    def _flip_order(self, seat: int) -> None:
        """``seat``'s play reversed the rank order (or put it back): play on with the rules
        compiled so, the play to beat read again under them."""
        self.flipped = not self.flipped
        setup = self.setup
        self._use_rules(setup.hand_rs.for_hand(level=setup.rules_level, wild_ranks=self.wild_ranks, flipped=self.flipped))
        self.record(OrderFlipped(seat, self.flipped))
        if self.last is not None:
            self.last = (self.last[0], reread(self.rs, self.last[1]))

    def _trick_effect(self, seat: int, play: Play) -> bool:
        """Apply the first trick effect ``play`` triggers; whether it ended the trick."""
        beaten = next((p for _, p in reversed(self.trick[:-1]) if p is not None), None)
        found = trick_outcome(self.setup.trick_effects, play, beaten)
        if found is None:
            return False
        self.record(TrickEffected(seat, found[0]))
        mate = partner_lead(self.seats, self.hands, self.active, seat) if found[1] != "close" else None
        if mate is None and found[1] == "partner_next":
            mate = after_partner(self.seats, self.hands, self.active, seat)
        self._close_trick(lead=mate)
        return True

    def _close_trick(self, ending: bool = False, lead: int | None = None) -> None:
        """End the trick, won by the last play; the winner leads next (``lead``: that seat),
        or who ``play.lead_after_out`` says when he is out."""
        assert self.last is not None
        winner, play = self.last
        play_rules = self.setup.rules.play
        value = 0
        if play_rules.capture != "none":  # else the cards are worth nothing: not listed
            value = capture_value(play_rules, [c for _, p in self.trick if p is not None for c in p.cards])
        self.captured[winner] += value
        self.tricks += 1
        self.record(Trick(winner, value))
        self._trick_bonus(winner, play, ending)
        self.trick = []
        self.last = None
        self.passed = set()
        if self.setup.trick_effects and gives_away(self.setup.trick_effects, play):
            self.gift = (winner, value, ending)
            self.turn = winner
            return
        if ending:
            return
        hands = self.hands
        if lead is not None:
            self.turn = lead
        elif hands[winner]:
            self.turn = winner
            if play_rules.draw is not None and play_rules.draw.after_trick:
                self._draw(winner, play_rules.draw.after_trick)
        else:
            self.turn = lead_after_out(play_rules.lead_after_out, self.seats, hands, self.active, winner)
        self.record(LEADS[self.turn])

    def _gift_actions(self) -> LegalActions:
        """The winner of a trick to be given away names one of his opponents."""
        assert self.gift is not None
        side = self.seats.side(self.gift[0])
        return LegalActions([], [Action("gift", value=s) for s in self.active if self.seats.side(s) != side])

    def _apply_gift(self, action: Action) -> None:
        """Give the trick to the seat ``action`` names (checked against ``_gift_actions``); then
        the winner leads (or who leads after him, out), or the hand is settled."""
        if self.gift is None:
            raise IllegalAction(f"{action} is not allowed now: no trick is to be given away")
        if action not in self._gift_actions():
            options = " or ".join(str(a) for a in self._gift_actions())
            raise IllegalAction(f"{action} is not allowed now: give the trick to an opponent ({options})")
        assert self.gift is not None and action.value is not None
        winner, value, ending = self.gift
        self.gift = None
        self._issued = NO_ACTIONS
        self.actions.append(str(action))
        self.captured[winner] -= value
        self.captured[action.value] += value
        self.record(TrickGiven(winner, action.value, value))
        if ending:
            self._settle()
            return
        hands = self.hands
        rule = self.setup.rules.play.lead_after_out
        self.turn = winner if hands[winner] else lead_after_out(rule, self.seats, hands, self.active, winner)
        self.record(LEADS[self.turn])

    def _trick_bonus(self, winner: int, play: Play, ending: bool) -> None:
        """The first trick bonus the winning play earns, paid by each other player."""
        bonuses = self.setup.rules.bonuses
        c = self.contract
        assert c is not None
        if not bonuses.tricks or (ending and not bonuses.on_hand_ending_play):
            return
        if bonuses.contracts is not None and c.id not in bonuses.contracts:
            return
        bonus = earned_bonus(self.setup.won_bonuses, self.rs, play)
        if bonus is not None:
            self._pay_bonus(winner, play, bonus.pay, bonus.into)

    def _played_bonus(self, seat: int, play: Play) -> None:
        """The first ``when: played`` bonus a play earns, paid at once by each other player."""
        c = self.contract
        assert c is not None
        contracts = self.setup.rules.bonuses.contracts
        if contracts is not None and c.id not in contracts:
            return
        bonus = earned_bonus(self.setup.played_bonuses, self.rs, play)
        if bonus is not None:
            self._pay_bonus(seat, play, bonus.pay, bonus.into)

    def _pay_bonus(self, seat: int, play: Play, pay: int, into: str = "scores") -> None:
        """Each other player pays ``seat``; or, ``into: captures``, ``pay`` joins his captures."""
        if into == "captures":
            self.captured[seat] += pay
        else:
            self._pay(seat, pay)
        self.record(Bonus(seat, play.type.id, pay))

    # ------------------------------------------------------------------ the end of the hand
    def facts(self) -> HandFacts:
        """The hand's facts, as end rules and settlement read them."""
        seats = self.seats
        n = self.setup.n
        play_rules = self.setup.rules.play
        return HandFacts(
            players=n,
            declarer=seats.declarer,
            partner=seats.partner,
            sides=tuple(seats.side(s) for s in range(n)),
            active=tuple(self.active),
            finish=tuple(self.finish),
            captured=tuple(self.captured),
            hand_values=tuple(capture_value(play_rules, h) for h in self.hands),
            cards_left=tuple(len(h) for h in self.hands),
            plays_made=tuple(self.plays_made),
            type_counts=dict(self.type_counts),
            auction_value=self.auction_value,
            calls=tuple(self.calls),
        )

    def _hand_over(self) -> bool:
        """Whether the hand has ended (decided only here, by the contract's end rules)."""
        assert self.contract is not None
        return hand_over(self.contract, self.facts())

    def _settle(self) -> None:
        """Settle the contract and end the hand (the one place a hand is settled)."""
        c = self.contract
        assert c is not None
        result = settle(c, self.facts(), self.setup.rules.calls)
        for call in result.facts.get("calls", ()):
            self.record(CallScored(call["seat"], call["id"], call["made"], call["points"]))
        conditional = {f.id for f in c.multipliers.when}
        for name, times in result.multiplier_parts:
            if name in conditional:
                self.record(Factor(name, times))
        for s in range(self.setup.n):
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
            acts = self._gift_actions() if self.gift is not None else self._wish_actions() if self.wishing is not None else self._window_actions() if self.window is not None else self._play_actions()
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
        if self._decision(action):
            return
        if action.kind == "pass":
            if self.last is None and not self._issued.issued(action) and PASS not in self._play_actions():
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
        self._play_and_wish(action)

    def _decision(self, action: Action) -> bool:
        """Apply a decision of trick play that is no play (a trick given away, a wish) when one
        is due or ``action`` is one; whether it was (refused with its reason when not due)."""
        if self.gift is not None or action.kind == "gift":
            self._apply_gift(action)
            return True
        if self.wishing is not None or action.kind == "wish":
            self._apply_wish(action)
            return True
        if self.window is not None:
            self._apply_window(action)
            return True
        if action.kind == "announce":
            self._apply_call(action)
            return True
        return False

    def _wish_rule(self) -> WishRule | None:
        """The hand's ``wish`` obligation, if it has one."""
        rules = self.obligations.rules if self.obligations is not None else ()
        return next((r for r in rules if isinstance(r, WishRule)), None)

    def _play_and_wish(self, action: Action) -> None:
        """Apply a checked play; a play of the wished rank fulfils the wish, and a play of the
        wish's card makes its player's next decision the wish."""
        seat, play, wished = self.turn, action.play, self.wish
        assert play is not None
        self._apply_play(action)
        if self.phase != "play":
            return
        if wished is not None and holds(play, wished):
            self.wish = None
            self.record(WishMet(seat, wished))
        rule = self._wish_rule()
        if rule is not None and rule.triggers(play):
            self.wishing = (seat, self.turn)
            self.turn = seat
        elif self.setup.out_of_turn:
            self._open_window(seat)

    def _wish_actions(self) -> LegalActions:
        """No wish, or one of the ranks the rule lists."""
        rule = self._wish_rule()
        assert rule is not None
        return LegalActions([], [Action("wish"), *(Action("wish", card=Card(r)) for r in rule.ranks)])

    def _apply_wish(self, action: Action) -> None:
        """Name the rank (or none) the ``wishing`` seat chose; the turn goes on."""
        if self.wishing is None:
            raise IllegalAction(f"{action} is not allowed now: only the player of the wish's card wishes, at once")
        if action not in self._wish_actions():
            raise IllegalAction(f"{action} is not allowed now: wish for a rank (wish 7) or make no wish (wish none)")
        seat, after = self.wishing
        self.wishing = None
        self._issued = NO_ACTIONS
        self.actions.append(str(action))
        self.wish = action.card.rank if action.card is not None else None
        self.record(Wished(seat, self.wish))
        self.turn = after
        if self.setup.out_of_turn:
            self._open_window(seat)

    # ------------------------------------------------------------------ out of turn
    def _open_window(self, seat: int) -> None:
        """After ``seat``'s play, if its trick is still open: the priority window, when a seat
        may play out of turn on it (``play.out_of_turn``); ``turn`` is then the first asked."""
        if self.last is None or self.last[0] != seat or self.gift is not None or self.phase != "play":
            return  # the trick closed (or the hand ended): nothing to interrupt
        after = self.turn
        hands = self.hands
        locked = self.passed if self.setup.rules.play.pass_locks else ()
        n = self.setup.n
        asked = []
        for i in range(1, n):
            s = (seat + i) % n
            if s == after or not hands[s] or s not in self.active or s in locked:
                continue
            if self._holds_out_of_turn(s) and self._out_of_turn_plays(s):
                asked.append(s)
        if asked:
            self.window = (after, tuple(asked))
            self.turn = asked[0]

    def _holds_out_of_turn(self, seat: int) -> bool:
        """Whether ``seat``'s hand holds a play of an out-of-turn type at all: the cheap first
        question, answered once per view of the hand (``window.holds_any``), and never again
        for a hand that held none and has only lost cards since (``window.fewer``)."""
        view = self._hand_view(seat)
        kept = self.window_holds.get(seat)
        if kept is not None and (kept[0] is view or (not kept[1] and fewer(view, kept[0]))):
            self.window_holds[seat] = (view, kept[1])
            return kept[1]
        held = holds_any(self.rs, view, self.setup.out_of_turn)
        self.window_holds[seat] = (view, held)
        return held

    def _out_of_turn_plays(self, seat: int) -> list[Play]:
        """The plays of an out-of-turn type with which ``seat`` beats the play to beat."""
        assert self.last is not None
        return out_of_turn_plays(self.rs, self._hand_view(seat), self.last[1], self.setup.out_of_turn)

    def _window_actions(self) -> LegalActions:
        """Asked out of turn: a beating play of an out-of-turn type, or decline (``pass``); no
        play obligation binds a play out of turn."""
        return LegalActions(self._out_of_turn_plays(self.turn), _PASS_ONLY)

    def _apply_window(self, action: Action) -> None:
        """The seat asked out of turn plays (the trick goes on from him, and a window may open
        after his play) or declines: the next seat asked, or the turn as it was."""
        assert self.window is not None and self.last is not None
        seat = self.turn
        if not self._issued.issued(action):
            if action.kind == "play":
                assert action.play is not None
                entry.check_play(self.rs, action.play, self.hands[seat], self.last[1])
            if action not in self._window_actions():
                raise IllegalAction(refusal(self.rs, str(action), self.last[1], self.setup.out_of_turn))
        self._issued = NO_ACTIONS
        after, asked = self.window
        if action.kind == "play":
            self.window = None
            self.record(OutOfTurn(seat))
            self._play_and_wish(action)
            return
        self.actions.append("pass")
        self.record(Declined(seat))
        rest = asked[1:]
        self.window = (after, rest) if rest else None
        self.turn = rest[0] if rest else after

    def observation(self, seat: int) -> Observation:
        """Exactly what ``seat`` may know now (``paixing.game.observation``). Built for every
        decision, so one method with locals and no intermediate lists; the views keep what can
        be kept (``PublicViews``)."""
        views = self.views
        parts = views.parts[seat]
        if parts is None:
            parts = views.parts[seat] = views.seat_parts(self.contract, self.seats, self.active, self.called, self.kitty, seat)
        totals = views.totals
        if totals is None:
            totals = views.totals = (tuple(self.finish), tuple(self.captured), tuple(self.scores))
        # the seat's history: its cached one, extended by the events since (no deal among them)
        log = self.log
        n = len(log)
        history = views.histories[seat]
        upto = views.seen_upto
        if upto[seat] != n:
            history += log[upto[seat] :]
            upto[seat] = n
        phase = self.phase
        turn = self.turn
        hands = self.hands
        contract, declarer, partner, mates, active, role, called, kitty = parts
        return Observation(
            self.rs,
            seat,
            phase,
            self.dealer,
            turn,
            tuple(hands[seat]),
            tuple(map(len, hands)),
            History(history, n),
            contract,
            declarer,
            partner,
            mates,
            active,
            role,
            called,
            kitty,
            tuple(self.trick),
            self.last,
            totals[0],
            totals[1],
            totals[2],
            self.legal_actions() if seat == turn and phase != "over" else NO_ACTIONS,
            len(self.kitty) if self.setup.rules.deal.stock else 0,
            self.window is not None,
        )

    def score_row(self) -> ScoreRow | None:
        """The score row that paid the contract (None before the end or without a contract):
        settlement's own choice, not a second copy of its rule."""
        if self.contract is None or self.result is None or self.result.row < 0:
            return None
        return self.contract.score[self.result.row]

    def roles(self) -> list[str | None]:
        """Each seat's role in the contract (all None when there was none)."""
        return roles_of(self.contract, self.seats, self.setup.n)

    def to_record(self) -> dict[str, Any]:
        """The JSON game record: enough to replay and re-score the hand (``record_format.game_record``)."""
        return game_record(self)


def new_game(variant: str | Ruleset, seed: int = 0, **kwargs: Any) -> Game:
    """Deal a hand of ``variant`` (a built-in id, a file or a compiled ruleset) from ``seed``."""
    return Game(ruleset(variant), seed, **kwargs)
