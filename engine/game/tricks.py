"""Trick play, the part of ``Game`` after the contract: legal plays, applying a play or a pass,
closing tricks (captures and trick bonuses), going out and who leads next.

A base class of ``Game`` rather than a separate object because every step reads and writes the
same hand state; ``Game`` supplies ``_hand_over`` and ``_settle``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from paixing.game.actions import PASS, Action, IllegalAction, LegalActions
from paixing.game.events import LEADS, PASSES, Bonus, Out, PartnerRevealed, Played, Trick
from paixing.game.hand_params import HandRules
from paixing.game.obligations import Turn
from paixing.hands.compile import Ruleset
from paixing.hands.moves import legal_plays
from paixing.hands.play import Play
from paixing.hands.view import HandView
from paixing.rules.cards import Card, format_cards
from paixing.rules.hand_rules import GameRules, TrickBonus

_PASS_ONLY = (PASS,)


class TrickPlay(HandRules):
    """The trick-playing half of a hand's state machine."""

    rules: GameRules
    n: int
    hand_views: dict[int, tuple[Ruleset, HandView]]
    passed: set[int]
    plays_made: list[int]
    type_counts: Counter[str]
    tricks: int
    played_bonuses: list[TrickBonus]
    """The ``when: played`` trick bonuses, in list order (paid as the play is made)."""

    def _hand_over(self) -> bool:
        raise NotImplementedError

    def _settle(self) -> None:
        raise NotImplementedError

    def _next_seat(self, seat: int) -> int:
        for i in range(1, self.n + 1):
            s = (seat + i) % self.n
            if s in self.active and self.hands[s]:
                return s
        return seat

    def _play_actions(self) -> LegalActions:
        target = self.last[1] if self.last is not None else None
        plays = legal_plays(self.rs, self._hand_view(self.turn), target)
        can_pass = target is not None
        if self.obligations is not None:
            plays, can_pass = self.obligations.apply(self._turn_state(), plays, can_pass)
        return LegalActions(plays, _PASS_ONLY if can_pass else ())

    def _hand_view(self, seat: int) -> HandView:
        """The view of ``seat``'s hand for the move generator, kept while the hand and the rules
        stay the same (the counts, runs and sorted cards it caches are the hand's alone). The
        view's own copy of the cards says which hand it was made for."""
        hand = self.hands[seat]
        rs = self.rs
        kept = self.hand_views.get(seat)
        if kept is not None and kept[0] is rs and kept[1].cards == hand:
            return kept[1]
        view = HandView(rs, hand)
        self.hand_views[seat] = (rs, view)
        return view

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
        nxt = self._next_seat(seat)
        return Turn(
            hand=self.hands[seat],
            target=self.last[1] if self.last is not None else None,
            first_play=not any(self.plays_made),
            next_left=len(self.hands[nxt]) if nxt != seat else 99,
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
        self.trick.append((seat, None))
        passed = self.passed
        passed.add(seat)
        self.log.append(PASSES[seat])
        assert self.last is not None
        if self._waiting(self.last[0], passed):
            self.turn = self._next_seat(seat)
        else:
            self._close_trick()

    def _waiting(self, skip: int, passed: set[int]) -> bool:
        """Whether a seat in play other than ``skip`` has not passed (a loop, not a list: it
        runs after every play and pass)."""
        hands = self.hands
        for s in self.active:  # noqa: SIM110 - a plain loop: no generator per play and pass
            if hands[s] and s != skip and s not in passed:
                return True
        return False

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
        self.passed = set()
        self.plays_made[seat] += 1
        type_id = play.type.id
        self.type_counts[type_id] += 1
        self.log.append(Played(seat, notation, type_id, play.reads_as if play.wild_as else None))
        if self.played_bonuses:
            self._played_bonus(seat, play)
        called = self.called
        if called is not None and self.seats.partner == seat and not self.seats.partner_known and called in cards:
            self.seats.partner_known = True
            self.record(PartnerRevealed(seat))
        if not hand:
            self.finish.append(seat)
            self.record(Out(seat, len(self.finish)))
            if self._hand_over():
                self._close_trick(ending=True)
                self._settle()
                return
        if self._waiting(seat, self.passed):
            self.turn = self._next_seat(seat)
        else:
            self._close_trick()

    def _value(self, cards: Sequence[Card]) -> int:
        """What ``cards`` are worth as a capture (cards counted, points, or nothing)."""
        play_rules = self.rules.play
        if play_rules.capture == "cards":
            return len(cards)
        if play_rules.capture == "points":
            return sum(play_rules.points.get(c.rank, 0) for c in cards)
        return 0

    def _close_trick(self, ending: bool = False) -> None:
        assert self.last is not None
        winner, play = self.last
        value = 0
        if self.rules.play.capture != "none":  # else the cards are worth nothing: not listed
            value = self._value([c for _, p in self.trick if p is not None for c in p.cards])
        self.captured[winner] += value
        self.tricks += 1
        self.record(Trick(winner, value))
        self._trick_bonus(winner, play, ending)
        self.trick = []
        self.last = None
        self.passed = set()
        if ending:
            return
        self.turn = winner if self.hands[winner] else self._lead_after_out(winner)
        self.record(LEADS[self.turn])

    def _trick_bonus(self, winner: int, play: Play, ending: bool) -> None:
        """The first trick bonus the winning play earns, paid by each other player."""
        bonuses = self.rules.bonuses
        c = self.contract
        assert c is not None
        if not bonuses.tricks or (ending and not bonuses.on_hand_ending_play):
            return
        if bonuses.contracts is not None and c.id not in bonuses.contracts:
            return
        for bonus in bonuses.tricks:
            if bonus.when != "won" or play.type.id != bonus.hand_type:
                continue
            if bonus.ranks is not None and not all(self.rs.ranks[r] in bonus.ranks for r, _ in play.groups):
                continue
            self._pay_bonus(winner, play, bonus.pay, bonus.into)
            return

    def _played_bonus(self, seat: int, play: Play) -> None:
        """The first ``when: played`` bonus a play earns, paid at once by each other player."""
        c = self.contract
        assert c is not None
        if self.rules.bonuses.contracts is not None and c.id not in self.rules.bonuses.contracts:
            return
        for bonus in self.played_bonuses:
            if play.type.id != bonus.hand_type:
                continue
            if bonus.ranks is not None and not all(self.rs.ranks[r] in bonus.ranks for r, _ in play.groups):
                continue
            self._pay_bonus(seat, play, bonus.pay, bonus.into)
            return

    def _pay_bonus(self, seat: int, play: Play, pay: int, into: str = "scores") -> None:
        """Each other player pays ``seat``; or, ``into: captures``, ``pay`` joins his captures."""
        if into == "captures":
            self.captured[seat] += pay
        else:
            for s in range(self.n):
                self.scores[s] += pay * (self.n - 1) if s == seat else -pay
        self.record(Bonus(seat, play.type.id, pay))

    def _lead_after_out(self, winner: int) -> int:
        if self.rules.play.lead_after_out == "partner_if_revealed" and self.seats.partner_known:
            side = self.seats.side(winner)
            mates = [s for s in self.active if s != winner and self.seats.side(s) == side and self.hands[s]]
            if len(mates) == 1 and self._team_size(side) == 2:
                return mates[0]
        return self._next_seat(winner)

    def _team_size(self, side: int) -> int:
        return sum(1 for s in self.active if self.seats.side(s) == side)
