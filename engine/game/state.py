"""One hand as a state machine: deal → dealt-hand events → contract steps → tricks → settlement.

Everything is read from the variant's ``game:`` section; the seed makes the hand reproducible
(shuffle, random dealer, shown card, redeals). ``legal_actions()`` lists what the player to act
may do, ``apply()`` checks an action and changes nothing when it is refused.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations, islice, product
from typing import Any

from paixing.game.dealt import instant_winner, rewards
from paixing.game.ends import hand_over
from paixing.game.facts import HandFacts
from paixing.game.settle import Settlement, settle
from paixing.hands.cache import ruleset
from paixing.hands.classify import classify
from paixing.hands.compile import Ruleset
from paixing.hands.moves import legal_plays
from paixing.hands.play import Play, beats
from paixing.hands.view import UnknownCard, check_in_deck
from paixing.rules.cards import Card, CardError, format_cards, parse_cards
from paixing.rules.hand_rules import Contract, GameRules


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message is one line a player can read."""


@dataclass(frozen=True)
class Action:
    """What a player does: play cards, pass, declare a contract, call a card, bid a value."""

    kind: str
    """``play``, ``pass``, ``bid`` (a contract id), ``call`` (a partner card) or ``value``."""
    play: Play | None = None
    contract: str | None = None
    card: Card | None = None
    value: int | None = None

    def __str__(self) -> str:
        if self.kind == "play":
            assert self.play is not None
            p = self.play
            return f"{p.notation} = {p.reads_as}" if p.wild_as else p.notation
        if self.kind == "bid":
            return f"bid {self.contract}"
        if self.kind == "call":
            return f"call {self.card}"
        if self.kind == "value":
            return f"bid {self.value}"
        return "pass"


PASS = Action("pass")


@dataclass
class Seats:
    """Who plays with whom once the contract is made."""

    declarer: int = -1
    partner: int = -1
    opponents: list[int] = field(default_factory=list)
    bystanders: list[int] = field(default_factory=list)
    partner_known: bool = False

    def side(self, seat: int) -> int:
        """0 for the declarer's side, 1 for the opponents, -1 for a bystander."""
        if seat == self.declarer or seat == self.partner:
            return 0
        if seat in self.opponents:
            return 1
        return -1


class Game:
    """A hand of a variant. Build with ``new_game``."""

    def __init__(
        self,
        rs: Ruleset,
        seed: int = 0,
        hands: Sequence[Sequence[Card]] | None = None,
        kitty: Sequence[Card] = (),
        dealer: int | None = None,
        hand_number: int = 1,
        previous_first_out: int | None = None,
    ) -> None:
        if rs.variant.game is None:
            raise ValueError(f"{rs.id} defines hand types only, no game (it has no 'game:' section)")
        self.rs = rs
        self.rules: GameRules = rs.variant.game
        self.n = rs.variant.players
        self.seed = seed
        self.rng = random.Random(seed)
        self.hand_number = hand_number
        self.previous_first_out = previous_first_out
        self.fixed_deal = hands is not None
        self.log: list[dict[str, Any]] = []
        self.actions: list[str] = []
        self.scores = [0] * self.n
        self.phase = "deal"
        self.turn = -1
        self.result: Settlement | None = None
        self.redeals = 0
        self._given_dealer = dealer
        self._issued: tuple[int, set[int], list[Action]] = (-1, set(), [])
        self._reset_hand_state()
        self._deal(hands, kitty)

    def _reset_hand_state(self) -> None:
        """Contract and trick state, empty until those phases begin."""
        self.contract: Contract | None = None
        self.seats = Seats()
        self.called: Card | None = None
        self.auction_value = 0
        self.step_index = -1
        self._speakers: list[int] = []
        self._mode = ""
        self._bidder = -1
        self._high = 0
        self._high_seat = -1
        self.active: list[int] = []
        self.finish: list[int] = []
        self.captured = [0] * self.n
        self.trick: list[tuple[int, Play | None]] = []
        self.last: tuple[int, Play] | None = None
        self.passed: set[int] = set()
        self.plays_made = [0] * self.n
        self.type_counts: Counter[str] = Counter()
        self.tricks = 0

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
        self.log.append({"event": "deal", "dealer": self.dealer, "hands": [format_cards(self.rs.sort_cards(h)) for h in self.hands]})
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
            for seat, hand in enumerate(self.hands):
                if card in hand:
                    return seat
            return 0
        if rule.first_hand == "random_card" and turned is not None:
            return turned
        return self.rng.randrange(self.n)

    def _dealt_events(self) -> None:
        won = instant_winner(self.rs, self.hands, self.dealer)
        if won is not None:
            event, seat = won
            pay = event.pay
            scores = [-pay] * self.n
            scores[seat] = pay * (self.n - 1)
            self.log.append({"event": "instant_win", "id": event.id, "seat": seat})
            self.scores = scores
            self.phase = "over"
            self.result = Settlement(scores=list(scores), winners=[seat], reason=event.id)
            self.log.append({"event": "end", "scores": list(scores), "winners": [seat], "reason": event.id})
            return
        for event, seat, times in rewards(self.rs, self.hands):
            amount = event.pay * times
            for s in range(self.n):
                self.scores[s] += amount * (self.n - 1) if s == seat else -amount
            self.log.append({"event": "reward", "id": event.id, "seat": seat, "times": times})
        self._start_contracts()

    # ------------------------------------------------------------------ contracts
    def _start_contracts(self) -> None:
        self.phase = "contract"
        self._reset_hand_state()
        self._next_step()

    def _contract(self, cid: str) -> Contract:
        for c in self.rules.contracts:
            if c.id == cid:
                return c
        raise KeyError(cid)

    def _order_from(self, seat: int) -> list[int]:
        return [(seat + i) % self.n for i in range(self.n)]

    def _next_step(self) -> None:
        self.step_index += 1
        steps = self.rules.steps
        if self.step_index >= len(steps):
            self._start_play()
            return
        step = steps[self.step_index]
        if step.shown_card is not None:
            self._shown_card(step.shown_card.contract)
            self._next_step()
        elif step.call_card is not None:
            if self.contract is not None:
                self._next_step()
                return
            self._mode = "call"
            self._speakers = [self.dealer]
            self.turn = self.dealer
        elif step.solo_bid is not None:
            self._mode = "solo"
            self._speakers = self._order_from(self.dealer)
            self.turn = self._speakers[0]
        elif step.auction is not None:
            self._mode = "auction"
            self._speakers = self._order_from(self.dealer)
            self._high, self._high_seat = 0, -1
            self.turn = self._speakers[0]

    def _shown_card(self, cid: str) -> None:
        step = self.rules.steps[self.step_index].shown_card
        assert step is not None
        own = self.dealt[self.dealer]
        way = step.first_hand if self.hand_number == 1 else step.later_hands
        index = self.rng.randrange(len(own)) if way == "random_own_card" else 0
        card = own[index]
        others = self._order_from(self.dealer)[1:]

        def twin_elsewhere(c: Card) -> bool:
            return own.count(c) == 1 and any(c in self.hands[s] for s in others)

        if step.twin_redraw and not twin_elsewhere(card):
            # He holds both copies (or the twin was not dealt): the call is the next card dealt
            # to him after the second copy whose twin another player holds, walking on.
            start = max(i for i, c in enumerate(own) if c == card)
            for offset in range(1, len(own) + 1):
                candidate = own[(start + offset) % len(own)]
                if twin_elsewhere(candidate):
                    card = candidate
                    break
        self.called = card
        partner = next((s for s in self._order_from(self.dealer)[1:] if card in self.hands[s]), self.dealer)
        self.log.append({"event": "shown_card", "seat": self.dealer, "card": str(card)})
        self._set_contract(cid, declarer=self.dealer, partner=partner)

    def _set_contract(self, cid: str, declarer: int, partner: int = -1, opponent: int = -1) -> None:
        c = self._contract(cid)
        self.contract = c
        seats = Seats(declarer=declarer)
        others = [s for s in self._order_from(declarer)[1:]]
        if c.teams == "solo":
            seats.opponents = others
        elif c.teams == "duel":
            seats.opponents = [opponent]
            seats.bystanders = [s for s in others if s != opponent]
        else:
            seats.partner = partner
            seats.opponents = [s for s in others if s != partner]
        if c.teams != "partners":
            self.called = None  # a solo contract replaces the called or shown partner card
        self.seats = seats
        self.log.append({"event": "contract", "id": cid, "declarer": declarer, **({"opponent": opponent} if opponent >= 0 else {})})

    def _contract_actions(self) -> list[Action]:
        step = self.rules.steps[self.step_index]
        if self._mode == "call":
            own = set(self.hands[self.dealer])
            seen: list[Card] = []
            for c in self.rs.deck():
                if c not in own and c not in seen:
                    seen.append(c)
            return [Action("call", card=c) for c in seen]
        if self._mode == "solo":
            assert step.solo_bid is not None
            return [Action("bid", contract=step.solo_bid.contract), PASS]
        if self._mode == "counter":
            assert step.solo_bid is not None and step.solo_bid.counter is not None
            return [Action("bid", contract=step.solo_bid.counter), PASS]
        assert step.auction is not None
        return [Action("value", value=v) for v in step.auction.values if v > self._high] + [PASS]

    def _apply_contract(self, action: Action) -> None:
        step = self.rules.steps[self.step_index]
        seat = self.turn
        self._speakers.pop(0)
        if self._mode == "call":
            assert step.call_card is not None and action.card is not None
            self.called = action.card
            partner = next(s for s in range(self.n) if action.card in self.hands[s])
            self.log.append({"event": "call", "seat": seat, "card": str(action.card)})
            self._set_contract(step.call_card.contract, declarer=seat, partner=partner)
            self._next_step()
            return
        if self._mode == "solo":
            assert step.solo_bid is not None
            if action.kind == "bid":
                self._bidder = seat
                self._set_contract(step.solo_bid.contract, declarer=seat)
                sb = step.solo_bid
                if sb.counter is None:
                    self._next_step()
                    return
                nxt = (seat + 1) % self.n
                if sb.counter_by == "next_player":
                    self._speakers = [nxt]
                else:
                    self._speakers = [s for s in self._speakers]  # later players who have not spoken
                self._mode = "counter"
                if not self._speakers:
                    self._next_step()
                    return
                self.turn = self._speakers[0]
                return
            self._passed(seat)
            return
        if self._mode == "counter":
            assert step.solo_bid is not None and step.solo_bid.counter is not None
            if action.kind == "bid":
                self._set_contract(step.solo_bid.counter, declarer=seat, opponent=self._bidder)
                self._next_step()
                return
            self._passed(seat)
            return
        # auction
        assert step.auction is not None
        if action.kind == "value":
            assert action.value is not None
            self._high, self._high_seat = action.value, seat
            self.log.append({"event": "bid", "seat": seat, "value": action.value})
        else:
            self.log.append({"event": "pass", "seat": seat})
        if self._high == max(step.auction.values) or not self._speakers:
            if self._high_seat < 0:
                if step.auction.all_pass == "redeal":
                    self._redeal()
                    return
                self._high, self._high_seat = min(step.auction.values), self.dealer
            self.auction_value = self._high
            winner = self._high_seat
            if step.auction.kitty_to_winner and self.kitty:
                self.hands[winner].extend(self.kitty)
                self.log.append({"event": "kitty", "seat": winner, "cards": format_cards(self.rs.sort_cards(self.kitty))})
            self._set_contract(step.auction.contract, declarer=winner)
            self._next_step()
            return
        self.turn = self._speakers[0]

    def _passed(self, seat: int) -> None:
        """A declaration round goes to the next speaker, or on to the next step."""
        self.log.append({"event": "pass", "seat": seat})
        if self._speakers:
            self.turn = self._speakers[0]
        else:
            self._next_step()

    def _redeal(self) -> None:
        self.redeals += 1
        if self.redeals > 100:
            raise RuntimeError("no bid in 100 deals")
        self.log.append({"event": "redeal"})
        self.scores = [0] * self.n
        self._deal(None, ())

    # ------------------------------------------------------------------ play
    def _start_play(self) -> None:
        if self.contract is None:
            if self.rules.default_contract is None:
                raise RuntimeError("the contract steps made no contract and there is no default")
            self._set_contract(self.rules.default_contract, declarer=self.dealer)
        c = self.contract
        assert c is not None
        self.phase = "play"
        self.active = [s for s in range(self.n) if s not in self.seats.bystanders]
        leader = {"declarer": self.seats.declarer, "dealer": self.dealer}.get(c.leader)
        if c.leader == "opponent":
            leader = self.seats.opponents[0]
        assert leader is not None
        self.turn = leader
        self.log.append({"event": "lead", "seat": leader})

    def _in_play(self) -> list[int]:
        return [s for s in self.active if self.hands[s]]

    def _next_seat(self, seat: int) -> int:
        for i in range(1, self.n + 1):
            s = (seat + i) % self.n
            if s in self.active and self.hands[s]:
                return s
        return seat

    def _play_actions(self) -> list[Action]:
        hand = self.hands[self.turn]
        target = self.last[1] if self.last is not None else None
        acts = [Action("play", play=p) for p in legal_plays(self.rs, hand, target)]
        if target is not None:
            acts.append(PASS)
        return acts

    def _apply_play(self, action: Action) -> None:
        seat = self.turn
        if action.kind == "pass":
            self.trick.append((seat, None))
            self.passed.add(seat)
            self.log.append({"event": "pass", "seat": seat})
            assert self.last is not None
            waiting = [s for s in self._in_play() if s != self.last[0] and s not in self.passed]
            if not waiting:
                self._close_trick()
                return
            self.turn = self._next_seat(seat)
            return
        play = action.play
        assert play is not None
        hand = self.hands[seat]
        for card in play.cards:
            hand.remove(card)
        self.trick.append((seat, play))
        self.last = (seat, play)
        self.passed = set()
        self.plays_made[seat] += 1
        self.type_counts[play.type.id] += 1
        entry: dict[str, Any] = {"event": "play", "seat": seat, "cards": play.notation, "type": play.type.id}
        if play.wild_as:
            entry["as"] = play.reads_as
        self.log.append(entry)
        if self.called is not None and self.seats.partner == seat and not self.seats.partner_known and self.called in play.cards:
            self.seats.partner_known = True
            self.log.append({"event": "partner_revealed", "seat": seat})
        if not hand:
            self.finish.append(seat)
            self.log.append({"event": "out", "seat": seat, "place": len(self.finish)})
            if self._hand_over():
                self._close_trick(ending=True)
                self._settle()
                return
        if not [s for s in self._in_play() if s != seat]:
            self._close_trick()
            return
        self.turn = self._next_seat(seat)

    def _hand_over(self) -> bool:
        assert self.contract is not None
        return hand_over(self.contract, self.facts())

    def facts(self) -> HandFacts:
        """The hand's facts as end rules and settlement read them."""
        return HandFacts(
            players=self.n,
            declarer=self.seats.declarer,
            partner=self.seats.partner,
            sides=tuple(self.seats.side(s) for s in range(self.n)),
            active=tuple(self.active),
            finish=tuple(self.finish),
            captured=tuple(self.captured),
            hand_values=tuple(self._value(h) for h in self.hands),
            cards_left=tuple(len(h) for h in self.hands),
            plays_made=tuple(self.plays_made),
            type_counts=dict(self.type_counts),
            auction_value=self.auction_value,
        )

    def _value(self, cards: Sequence[Card]) -> int:
        play_rules = self.rules.play
        if play_rules.capture == "cards":
            return len(cards)
        if play_rules.capture == "points":
            return sum(play_rules.points.get(c.rank, 0) for c in cards)
        return 0

    def _close_trick(self, ending: bool = False) -> None:
        assert self.last is not None
        winner, play = self.last
        cards = [c for _, p in self.trick if p is not None for c in p.cards]
        self.captured[winner] += self._value(cards)
        self.tricks += 1
        self.log.append({"event": "trick", "seat": winner, "captured": self._value(cards)})
        bonuses = self.rules.bonuses
        c = self.contract
        assert c is not None
        if (not ending or bonuses.on_hand_ending_play) and (bonuses.contracts is None or c.id in bonuses.contracts):
            for bonus in bonuses.tricks:
                if play.type.id != bonus.hand_type:
                    continue
                if bonus.ranks is not None and not all(self.rs.ranks[r] in bonus.ranks for r, _ in play.groups):
                    continue
                for s in range(self.n):
                    self.scores[s] += bonus.pay * (self.n - 1) if s == winner else -bonus.pay
                self.log.append({"event": "bonus", "seat": winner, "type": play.type.id, "pay": bonus.pay})
                break
        self.trick = []
        self.last = None
        self.passed = set()
        if ending:
            return
        if self.hands[winner]:
            self.turn = winner
        else:
            self.turn = self._lead_after_out(winner)
        self.log.append({"event": "lead", "seat": self.turn})

    def _lead_after_out(self, winner: int) -> int:
        if self.rules.play.lead_after_out == "partner_if_revealed" and self.seats.partner_known:
            side = self.seats.side(winner)
            mates = [s for s in self.active if s != winner and self.seats.side(s) == side and self.hands[s]]
            if len(mates) == 1 and self._team_size(side) == 2:
                return mates[0]
        return self._next_seat(winner)

    def _team_size(self, side: int) -> int:
        return sum(1 for s in self.active if self.seats.side(s) == side)

    def _settle(self) -> None:
        c = self.contract
        assert c is not None
        result = settle(c, self.facts())
        conditional = {f.id for f in c.multipliers.when}
        for name, _ in result.multiplier_parts:
            if name in conditional:
                self.log.append({"event": name})
        for s in range(self.n):
            self.scores[s] += result.scores[s]
        result.scores = list(self.scores)
        self.result = result
        self.phase = "over"
        self.turn = -1
        self.log.append({"event": "end", "scores": list(self.scores), "winners": result.winners, "reason": result.reason})

    # ------------------------------------------------------------------ public API
    @property
    def over(self) -> bool:
        return self.phase == "over"

    def legal_actions(self) -> list[Action]:
        """What the player to act (``turn``) may do now; empty when the hand is over."""
        acts: list[Action] = []
        if self.phase == "contract":
            acts = self._contract_actions()
        elif self.phase == "play":
            acts = self._play_actions()
        # Actions handed out here need no second check when they come back to apply().
        self._issued = (len(self.actions), {id(a) for a in acts}, acts)
        return acts

    def parse_action(self, text: str) -> Action:
        """Read an action typed by a player: ``pass``, ``bid <contract|value>``, ``call <card>``,
        or cards (``55 BJ``; add ``= 555`` to choose a reading when there are several)."""
        words = text.strip().split()
        if not words:
            raise IllegalAction("empty action: type cards, pass, bid … or call …")
        head = words[0].lower()
        if head in ("pass", "p", "不要", "过"):
            return PASS
        if head in ("bid", "call") and len(words) != 2:
            raise IllegalAction(f"{head} needs one argument: {'bid <contract or value>' if head == 'bid' else 'call <card>'}")
        if head == "bid" and len(words) == 2:
            arg = words[1]
            return Action("value", value=int(arg)) if arg.isdigit() else Action("bid", contract=arg)
        if head == "call" and len(words) == 2:
            try:
                (card,) = parse_cards(words[1])
            except (CardError, ValueError) as exc:
                raise IllegalAction(f"call needs one card: {exc}") from None
            return Action("call", card=card)
        cards_text, _, reading = text.partition("=")
        try:
            cards = parse_cards(cards_text)
        except CardError as exc:
            raise IllegalAction(str(exc)) from None
        return self._play_from_cards(cards, reading.strip())

    def _play_from_cards(self, cards: list[Card], reading: str) -> Action:
        if self.phase != "play":
            raise IllegalAction("it is not the time to play cards")
        winning = self._winning_readings(self._concrete(cards), reading)
        if any(c.suit is None and not c.is_special for c in cards):
            # Rank-only input leaves suits to us; where suits change the reading (a one-suit
            # set), every choice of suits is a candidate and the player must say which.
            seen = {p.identity for p in winning}
            for choice in self._suit_choices(cards):
                try:
                    more = self._winning_readings(choice, reading)
                except IllegalAction:
                    continue
                for p in more:
                    if p.identity not in seen:
                        seen.add(p.identity)
                        winning.append(p)
        if len(winning) > 1:
            options = ", ".join(f"{p.notation} ({p.type.id}{' = ' + p.reads_as if p.wild_as else ''})" for p in winning)
            raise IllegalAction(f"several readings; choose one: {options}")
        return Action("play", play=winning[0])

    def _suit_choices(self, cards: list[Card], limit: int = 64) -> list[list[Card]]:
        """Other concrete cards an open-suit input could mean (only where suits can matter)."""
        if not any(t.suits == "same" or t.suits == "mixed" for t in self.rs.types):
            return []
        fixed = [c for c in cards if c.suit is not None or c.is_special]
        wanted = Counter(c.rank for c in cards if c.suit is None and not c.is_special)
        hand = Counter(self.hands[self.turn])
        for c in fixed:
            hand[c] -= 1
        per_rank: list[list[tuple[Card, ...]]] = []
        for rank, n in wanted.items():
            pool = sorted((c for c in hand.elements() if c.rank == rank), key=self.rs.sort_key)
            per_rank.append(list(dict.fromkeys(combinations(pool, n))))
        return [fixed + [c for group in combo for c in group] for combo in islice(product(*per_rank), limit)]

    def _concrete(self, cards: list[Card]) -> list[Card]:
        hand = list(self.hands[self.turn])
        concrete: list[Card] = []
        for card in cards:
            if card in hand:
                hand.remove(card)
                concrete.append(card)
                continue
            if card.suit is None and not card.is_special:
                match = next((c for c in self.rs.sort_cards(hand) if c.rank == card.rank), None)
                if match is not None:
                    hand.remove(match)
                    concrete.append(match)
                    continue
            raise IllegalAction(f"{card} is not in your hand")
        return concrete

    def _winning_readings(self, concrete: list[Card], reading: str) -> list[Play]:
        try:
            readings = [p for p in classify(self.rs, concrete) if p.type.playable]
        except UnknownCard as exc:
            raise IllegalAction(str(exc)) from None
        if reading:
            want = format_cards(self.rs.sort_cards(parse_cards(reading)))
            readings = [p for p in readings if p.reads_as == want]
        if not readings:
            raise IllegalAction(f"{format_cards(self.rs.sort_cards(concrete))} is not a valid play")
        target = self.last[1] if self.last is not None else None
        winning = [p for p in readings if target is None or beats(p, target)]
        if not winning:
            raise IllegalAction(f"{readings[0].notation} does not beat {target.notation if target else ''}".strip())
        return winning

    def apply(self, action: Action | str) -> None:
        """Apply the player-to-act's action; ``IllegalAction`` (state unchanged) if not allowed."""
        if isinstance(action, str):
            action = self.parse_action(action)
        if self.phase == "over":
            raise IllegalAction("the hand is over")
        if self.phase == "contract":
            allowed = self._contract_actions()
            if action not in allowed:
                options = ", ".join(str(a) for a in allowed[:6]) + (" …" if len(allowed) > 6 else "")
                raise IllegalAction(f"{action} is not allowed now; choose {options}")
            self.actions.append(str(action))
            self._apply_contract(action)
            return
        if action.kind == "pass":
            if self.last is None:
                raise IllegalAction("you lead: you must play")
        elif action.kind == "play":
            assert action.play is not None
            issued = self._issued
            if not (issued[0] == len(self.actions) and id(action) in issued[1]):
                self._check_play(action.play)
        else:
            raise IllegalAction(f"{action} is not allowed during play")
        self.actions.append(str(action))
        self._apply_play(action)

    def _check_play(self, play: Play) -> None:
        have = Counter(self.hands[self.turn])
        need = Counter(play.cards)
        if any(have[c] < n for c, n in need.items()):
            raise IllegalAction(f"{play.notation}: not all these cards are in your hand")
        if play.identity not in {p.identity for p in classify(self.rs, play.cards)}:
            raise IllegalAction(f"{play.notation} is not a {play.type.id}")
        if self.last is not None and not beats(play, self.last[1]):
            raise IllegalAction(f"{play.notation} does not beat {self.last[1].notation}")

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: his own hand, card counts, public plays, and the partner only
        once revealed (or to the partner himself)."""
        seats = self.seats
        partner = seats.partner if (seats.partner_known or seat == seats.partner) and seats.partner >= 0 else None
        return {
            "seat": seat,
            "phase": self.phase,
            "dealer": self.dealer,
            "turn": self.turn,
            "hand": format_cards(self.rs.sort_cards(self.hands[seat])),
            "hand_sizes": [len(h) for h in self.hands],
            "contract": self.contract.id if self.contract else None,
            "declarer": seats.declarer if seats.declarer >= 0 else None,
            "partner": partner,
            "called": str(self.called) if self.called else None,
            "trick": [[s, p.notation if p else "pass"] for s, p in self.trick],
            "finish": list(self.finish),
            "captured": list(self.captured),
            "scores": list(self.scores),
        }

    def to_record(self) -> dict[str, Any]:
        """The JSON game record: enough to replay and re-score the hand."""
        return {
            "variant": self.rs.id,
            "seed": self.seed,
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "deal": [format_cards(h) for h in self.dealt],
            "kitty": format_cards(self.kitty),
            "fixed_deal": self.fixed_deal,
            **({"previous_first_out": self.previous_first_out} if self.previous_first_out is not None else {}),
            "actions": list(self.actions),
            "result": self.result.to_json() if self.result else None,
        }


def new_game(variant: str | Ruleset, seed: int = 0, **kwargs: Any) -> Game:
    """Deal a hand of ``variant`` (a built-in id, a file or a compiled ruleset) from ``seed``."""
    return Game(ruleset(variant), seed, **kwargs)
