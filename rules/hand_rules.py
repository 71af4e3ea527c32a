"""The rule language for whole hands: deal, dealer, dealt-hand events, contracts, play, scoring.

These are the parts of a variant that turn hand types into a game. Like the rest of the
language they are data: the engine's state machine reads them and has no game's name in it.
Every docstring here is the rulebook's explanation of the key.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal, get_args

from pydantic import Field, model_validator

from .base import MAX_PLAYERS, Model, OneOf, Text
from .match import MatchRules, Tribute
from .obligations import Obligation
from .scoring import (
    Bonuses,
    Call,
    Contract,
    End,
    EndRule,
    Factor,
    Multipliers,
    ScoreRow,
    Transfer,
    TrickBonus,
)
from .shapes import RankName

__all__ = [
    "Bonuses", "Call", "Contract", "End", "EndRule", "Factor", "Multipliers", "MatchRules", "ScoreRow", "Transfer", "TrickBonus", "Tribute",
]


class Deal(Model):
    """How the cards are dealt."""

    cards_each: int | None = Field(None, ge=1, le=500)
    """Cards dealt to each seat; absent: the deck less the kitty, split evenly."""
    kitty: int = Field(0, ge=0, le=500)
    """Cards set aside face down (底牌), taken by the auction winner where there is one."""
    direction: Literal["counter_clockwise", "clockwise"] = "counter_clockwise"
    """Direction of deal and play. Seats are numbered in playing order, so this is only said."""
    stock: bool = False
    """With true, every card not dealt stays face down as a stock (牌堆) that players draw from
    during the hand (``play.draw``); ``kitty`` must then be 0. Its order is hidden from every
    seat (an observation tells only how many cards it holds); the game record keeps it, so the
    hand replays."""

    def kitty_size(self, deck: int, players: int) -> int:
        """Cards set aside: ``kitty``, or with ``stock`` every card not dealt."""
        if not self.stock:
            return self.kitty
        return deck - (self.cards_each or deck // players) * players
    uneven: bool = False
    """With true (and no ``cards_each``), every card but the kitty is dealt, one at a time in
    turn from the first seat: some seats get one card more than the others (53 cards to four
    players: 14, 13, 13, 13). False (default): every seat gets as many, the rest stays undealt."""


class Dealer(Model):
    """Who is 庄家 (the dealer, who speaks and usually leads first)."""

    first_hand: Literal["holder", "random_card", "random_seat"] = "random_seat"
    """``holder``: whoever is dealt ``card``; ``random_card``: a random card is turned during the
    deal and its receiver deals; ``random_seat``: a seat drawn at random."""
    card: str | None = None
    """The card for ``holder`` (e.g. ``7S``)."""
    later_hands: Literal["same", "previous_first_out"] = "same"
    """In a session of several hands: the same rule, or the previous hand's first player out."""


class DealtEvent(Model):
    """Something settled from the dealt hands before bidding: an instant win (天牌) or a reward
    for holding a combination, win or lose, played or not."""

    id: str
    """Identifier."""
    name: Text
    """Name in both languages."""
    hand_type: str
    """The hand type that triggers it."""
    match: Literal["whole_hand", "contains"] = "contains"
    """``whole_hand``: the whole dealt hand reads as the type (十三烂); ``contains``: some cards of
    the hand form a play of the type (滚龙, 天炸, 8喜)."""
    effect: Literal["instant_win", "reward"]
    """``instant_win``: the hand ends at once and is scored by this event alone (no bidding, no
    play, no other scores); ``reward``: a payment, then the hand goes on."""
    pay: int = Field(ge=0)
    """Each other player pays the holder this much (per rank with ``per_rank``)."""
    per_rank: bool = False
    """A reward counted once per rank that triggers it."""
    not_with: list[str] = []
    """Events that take precedence rank by rank: a rank counted for one of these is not counted
    here (an 8喜 pays as 8喜 only, not also as 7喜)."""
    tie: Literal["larger_play", "turn_order"] = "turn_order"
    """When several players hold the same instant win: the larger play of the type wins (ties
    then by turn order), or the first in turn order from the dealer."""


class SoloBid(Model):
    """Each player in turn, from the dealer, may declare a solo contract (包牌, 硬牌)."""

    contract: str
    """The contract a declaration makes."""
    counter: str | None = None
    """The contract a counter-declaration (反包) makes; absent: no counter-bid."""
    counter_by: Literal["next_player", "any_later"] = "next_player"
    """Who may counter: only the declarer's next player (下家), or every later player who has not
    spoken, in turn (the first to counter takes it)."""


class CallCard(Model):
    """If no contract was made, the dealer calls a card he does not hold; its holder is his
    hidden partner until that card is played."""

    contract: str
    """The contract this makes."""
    picks_partner: ClassVar[bool] = True
    """This step names the declarer's partner (a ``teams: partners`` contract needs such a step)."""


class ShownCard(Model):
    """The dealer shows a card; whoever holds its twin is his hidden partner (明鸡 when played).
    Needs two packs."""

    contract: str
    """The contract this makes (later steps may replace it)."""
    picks_partner: ClassVar[bool] = True
    """This step names the declarer's partner (see ``CallCard``)."""
    first_hand: Literal["random_own_card", "first_dealt"] = "random_own_card"
    """First hand: a random card of the dealer's, or the first card dealt to him."""
    later_hands: Literal["random_own_card", "first_dealt"] = "first_dealt"
    """Later hands of a session."""
    unmatched: Literal["keep", "next_dealt_with_twin_elsewhere"] = "next_dealt_with_twin_elsewhere"
    """When the shown card has no twin in another hand (the dealer holds both copies, or the
    twin was not dealt): ``keep`` shows it all the same (no partner: the dealer plays alone);
    ``next_dealt_with_twin_elsewhere`` shows instead the next card dealt to him, walking on from
    after the last copy, whose twin another player holds."""


class HeldCards(Model):
    """Sides made by who holds named cards (红十): the holder of the first card declares, the
    holder of the second is his partner, and the two play against the rest; a player dealt both
    plays alone against all the others. Nobody is told who holds them: a holder's side becomes
    public when he plays (or shows) one of the cards, and every side once both are public. No
    player acts."""

    cards: list[str] = Field(min_length=2, max_length=2)
    """The two cards (one copy of each in the deck), such as ``[10H, 10D]``."""
    contract: str
    """The contract this makes (``teams: holders``)."""
    picks_partner: ClassVar[bool] = True
    """The holder of the second card is the declarer's partner (see ``CallCard``): a play
    tells these cards apart from the other cards of their rank."""


class ShowCards(Model):
    """Before play, each holder of a ``held_cards`` card, in turn from the dealer, may show the
    ones he holds (亮): his side becomes public and the contract becomes ``contract`` (same
    sides; its multipliers say what showing is worth)."""

    contract: str
    """The contract a show makes (``teams: holders``)."""


class Auction(Model):
    """A bidding auction for one declarer (叫分): in turn from the dealer, each may bid a higher
    value or pass; the top value ends it at once."""

    contract: str
    """The contract the winner plays."""
    values: list[Annotated[int, Field(ge=1, le=1000)]] = Field([1, 2, 3], min_length=1, max_length=100)
    """Allowed bids, low to high."""
    all_pass: Literal["redeal", "dealer"] = "redeal"
    """If nobody bids: deal again, or the dealer plays at the lowest value."""
    kitty_to_winner: bool = True
    """The winner takes the kitty into his hand."""


class DrawWild(Model):
    """Wild ranks drawn at random when this step is reached (翻癞子), shown to every player:
    from then on every card of a drawn rank is wild for the rest of the hand (the variant says
    ``wildcards: {cards: [drawn]}``). Each rank is equally likely, as when a card is turned
    from a pack until it is not a joker. No player acts."""

    ranks: int = Field(1, ge=1, le=4)
    """How many ranks this step draws, each different from the others and from ranks drawn by
    earlier steps of the hand."""
    among: list[RankName] = []
    """The ranks that may be drawn; empty: every rank of ``ranks.order`` that a wild card may
    stand for (not the jokers, not ``wildcards.never_as``)."""
    name: Text | None = None
    """What players call the rank this step draws (天癞子, 地癞子), for the rulebook and the
    terminal."""


class PassCards(Model):
    """Cards passed after the deal, all at once in effect (Tichu: one to each other player):
    each player in turn from the dealer chooses one card for each seat of ``to``, one decision
    at a time (``give <card>``), seen by nobody else; when every player has chosen, the cards
    change hands."""

    to: list[Annotated[int, Field(ge=1, le=MAX_PLAYERS - 1)]] = Field(default=[1, 2, 3], min_length=1)
    """The receivers of a player's cards, in the order he chooses them, by their place after
    him in playing order (1: the next player, 2: the one after …); each once."""
    leader_card: str | None = None
    """After the exchange, the holder of this card leads the first trick (``MJ``); absent: the
    contract's leader."""


class Announce(Model):
    """A round of calls (``game.calls`` with ``when: announce``): each player in turn from the
    dealer makes one of the calls named (``announce <id>``) or none (``pass``). With
    ``cards_seen`` the round comes right after the first cards of the deal: each player sees
    only his first ``cards_seen`` cards until every player has spoken, then receives the rest
    (so it must be the first step)."""

    calls: list[str] = Field(min_length=1)
    """The calls offered (ids of ``game.calls``), in the order the actions list them."""
    cards_seen: int | None = Field(None, ge=1, le=500)
    """How many of his first dealt cards each player sees while he speaks; absent: his whole
    hand."""


class Step(OneOf):
    """One step of the contract phase; exactly one kind."""

    one_of_error: ClassVar[str] = "a step needs exactly one of"

    solo_bid: SoloBid | None = None
    """Solo declarations with an optional counter."""
    call_card: CallCard | None = None
    """A called partner card."""
    shown_card: ShownCard | None = None
    """A shown partner card."""
    auction: Auction | None = None
    """A value auction."""
    tribute: Tribute | None = None
    """The exchange before a later hand of a match (进贡/还贡); makes the fixed sides' contract."""
    draw_wild: DrawWild | None = None
    """Wild ranks drawn and shown to all."""
    held_cards: HeldCards | None = None
    """Secret sides by who holds named cards."""
    show_cards: ShowCards | None = None
    """The holders of those cards may show them before play."""
    pass_cards: PassCards | None = None
    """Cards passed to other players after the deal (one to each, at once in effect)."""
    announce: Announce | None = None
    """A round of calls, perhaps before the players have seen their whole hands."""


STEP_KINDS: tuple[str, ...] = tuple(Step.model_fields)
"""Every contract-step kind, in the order of ``Step``'s fields (the engine's step registry
has exactly these keys)."""
PARTNER_STEP_KINDS: frozenset[str] = frozenset(
    kind for kind, f in Step.model_fields.items()
    if any(getattr(arg, "picks_partner", False) for arg in get_args(f.annotation))
)
"""The step kinds that name the declarer's partner by a card (``picks_partner``), by name, so
that a stored variant (plain objects, no model classes) answers the same."""


class StockDraw(Model):
    """Drawing from the stock (``deal.stock``) during trick play (干瞪眼: the winner of a trick
    takes the top card of the stock before he leads)."""

    first_lead: int = Field(0, ge=0, le=20)
    """Cards the first leader draws before he leads the first trick (干瞪眼: the dealer's sixth
    card)."""
    after_trick: int = Field(1, ge=0, le=20)
    """Cards the winner of each trick draws before he leads the next, while he still holds cards
    (none after the hand's last trick). When the stock holds fewer, he takes what is left; once
    it is empty nobody draws and play goes on."""
class OrderFlip(Model):
    """An order change during a hand (革命, revolution): a play of a listed hand type reverses
    the rank order at once, for the rest of the hand, until another such play reverses it back.
    Reversed, every comparison by rank runs the other way (singles, groups and sequences alike),
    including the answer to the play that made the change."""

    types: list[str] = Field(min_length=1)
    """The hand types whose plays change the order (their ids)."""
    keep: list[RankName] = ["BJ", "RJ"]
    """Ranks that keep their place when the order is reversed (the jokers stay on top); the
    other ranks of ``ranks.order`` (and of ``ranks.sequence``) are reversed among themselves."""


class EndsTrick(Model):
    """A play holding a card of a listed rank (八切り), or made of listed cards, ends the trick
    at once: its player wins the trick and leads the next one, as if everyone had passed."""

    ranks: list[RankName] = []
    """The ranks (``["8"]``). A play counts when it reads as holding one: a sequence through the
    rank, or a wild card standing for it."""
    cards: list[str] = []
    """Or exactly these cards (``["3S"]``: the ♠3 alone)."""
    on: list[str] = []
    """Only when the play beats a play of one of these hand types (``[joker]``: the ♠3 on a lone
    joker ends the trick, nothing can beat it then); empty: on anything, a lead included."""

    @model_validator(mode="after")
    def _something(self) -> EndsTrick:
        if not self.ranks and not self.cards:
            raise ValueError("ends_trick needs ranks or cards")
        return self


class LeadToPartner(Model):
    """A play made of exactly the listed cards (Tichu's Dog) ends the trick at once, and the
    player's partner leads the next one (the player himself where he has no partner still in)."""

    cards: list[str] = Field(min_length=1)
    """The cards (``["3S"]``)."""
    partner_out: Literal["player", "next_after_partner"] = "player"
    """Who leads when the partner has gone out: the player himself (``player``), or the next
    player still in after the partner in playing order (``next_after_partner``: Tichu's Dog)."""


class GiveTrick(Model):
    """A trick won by a play made of exactly the listed cards (Tichu's Dragon) is given away:
    when it closes, its winner chooses one of his opponents (one who has gone out included), who
    captures it; the winner still leads the next trick (or, out, whoever leads after him)."""

    cards: list[str] = Field(min_length=1)
    """The cards (``["DR"]``)."""


class TrickEffect(OneOf):
    """Something a play does to its trick beyond having to be beaten; exactly one kind."""

    one_of_error: ClassVar[str] = "a trick effect needs exactly one of"

    ends_trick: EndsTrick | None = None
    """The play ends the trick; its player leads again."""
    lead_to_partner: LeadToPartner | None = None
    """The play ends the trick; the player's partner leads."""
    give_trick: GiveTrick | None = None
    """The trick this play wins is given to an opponent of the winner's choice."""


class OutOfTurn(Model):
    """Plays that may be made out of turn (bombs, say): after each play that leaves its
    trick open, a priority window opens. Each other player still in who holds a play of a
    listed type beating it (the player himself and the one whose turn comes next excepted: the
    latter may play it in his own turn) is asked in turn, from the player's next seat on: he
    plays such a play, which becomes the play to beat (the trick goes on from him, and a new
    window opens), or declines. When every one declines, the turn goes on as it was. Play
    obligations do not bind a player asked out of turn."""

    types: list[str] = Field(min_length=1)
    """The hand types whose plays may be made out of turn (their ids)."""


TRICK_EFFECT_KINDS: tuple[str, ...] = tuple(TrickEffect.model_fields)
"""Every trick effect kind (the engine's ``EFFECTS`` registry has exactly these keys)."""


class PlayRules(Model):
    """How tricks are played."""

    capture: Literal["none", "cards", "points"] = "none"
    """What the trick winner takes: nothing, the cards (counted), or their point values."""
    points: dict[str, int] = {}
    """Point value of a rank (5: 5, 10: 10, K: 10), for ``capture: points``; an extra card of
    the deck counts by its token, ranked or wild (Tichu: ``DR: 25``, ``PH: -25``), and a value
    may be negative."""
    lead_after_out: Literal["next_active", "partner_if_revealed"] = "next_active"
    """Who leads when the trick winner has gone out: the next player still in, or (接风) his
    partner if the partner is known and still in, else the next player still in."""
    pass_locks: bool = False
    """With true, a player who passes takes no further part in the trick: he is skipped until
    it closes, even when someone plays after him (Tiến Lên). False (default): a pass lets the
    turn go by, and he may play again when it comes back after another play."""
    draw: StockDraw | None = None
    """Drawing from the stock (needs ``deal.stock``); absent: nobody draws during play."""
    obligations: list[Obligation] = []
    """Play obligations (first play holds a card, must beat, the warning rule): constraints every
    legal play must meet, applied in list order."""
    order_flip: OrderFlip | None = None
    """Plays that reverse the rank order for the rest of the hand (革命); absent: the order never
    changes."""
    trick_effects: list[TrickEffect] = []
    """What plays do to their trick (an 8 ends it), checked after each play in list order."""
    out_of_turn: OutOfTurn | None = None
    """Plays that may interrupt out of turn, in a priority window after each play (bombs,
    say); absent: a player plays only in his turn."""


class GameRules(Model):
    """Everything about one hand beyond the hand types; absent in a variant that only defines
    plays."""

    deal: Deal = Deal()
    """The deal."""
    dealer: Dealer = Dealer()
    """Who deals."""
    dealt_events: list[DealtEvent] = []
    """Instant wins and holding rewards, checked right after the deal (instant wins in list
    order: the first event anyone holds decides)."""
    steps: list[Step]
    """The contract phase, in order."""
    default_contract: str | None = None
    """The contract played when the steps make none (e.g. none in a variant without bidding)."""
    contracts: list[Contract]
    """Every contract."""
    play: PlayRules = PlayRules()
    """Trick rules."""
    bonuses: Bonuses = Bonuses()
    """Per-trick bonuses."""
    calls: list[Call] = []
    """Calls players may make (announcements scored by whether the caller met them)."""
    session: MatchRules | None = None
    """A match of several hands between fixed sides: levels, running points, the match's end
    (absent: every hand stands alone)."""
