"""The cards and the deal: packs and jokers, how many cards each seat gets, who deals, the rank
and suit order and the wild cards.
"""

from __future__ import annotations

from .base import Phrase

PHRASES: dict[str, Phrase] = {
    # cards and deal --------------------------------------------------------------------
    "deck.packs": ("牌的副数", "Packs"),
    "deck.packs_v": ("{n}副（每副52张）", "{n} × 52 cards"),
    "deck.jokers": ("大小王", "Jokers"),
    "deck.jokers_yes": ("保留（每副小王、大王各一张）", "kept (one small and one big joker per pack)"),
    "deck.jokers_no": ("去掉", "taken out"),
    "deck.remove": ("每副去掉的牌", "Taken out of every pack"),
    "deck.total": ("总张数", "Cards in play"),
    "deck.extra": ("另加的牌", "Cards added"),
    "card.FL": ("花牌", "flower card"),
    "card.MJ": ("麻将（1）", "Mah Jong (the 1)"),
    "card.DOG": ("狗", "Dog"),
    "card.PH": ("凤凰", "Phoenix"),
    "card.DR": ("龙", "Dragon"),
    "wild.half_above": (
        "单独出一张癞子（单张）时，它比所压的单张大半级：能压住那张牌，但比它大一级的牌就能压住它；不能压{single_only}。领出时它算比{rank}大半级。",
        "A wild card played alone as a single reads half a rank above the single it beats: it beats that card, and any higher rank beats it; it never beats {single_only}. Led, it is half a rank above {rank}.",
    ),
    "ranks.single_only": ("{cards}只能单张出，不能组成对子、连牌或带牌。", "{cards}: played only as a single card, never in a pair, a chain or as a kicker."),
    "deal.each": ("每家张数", "Cards dealt to each seat"),
    "deal.each_default": ("{n}（去掉底牌后平分）", "{n} (the deck less the kitty, split evenly)"),
    "deal.each_uneven": ("{n}或{more}（全部发完，一次一张，前{k}家多一张）", "{n} or {more} (every card dealt one at a time: the first {k} seat(s) get one more)"),
    "deal.kitty": ("底牌", "Kitty (face down)"),
    "deal.stock": ("牌堆（背面朝上，供摸牌）", "Stock (face down, to draw from)"),
    "deal.stock_v": ("其余 {n} 张；谁也不知道其顺序，只知道还剩几张", "the other {n} cards; nobody knows their order, only how many are left"),
    "deal.direction": ("发牌与出牌方向", "Direction of deal and play"),
    "deal.counter_clockwise": ("逆时针", "counter-clockwise"),
    "deal.clockwise": ("顺时针", "clockwise"),
    "dealer.first": ("第一局的庄家", "Dealer of the first hand"),
    "dealer.later": ("以后各局的庄家", "Dealer of later hands"),
    "dealer.holder": ("拿到 ", "the player dealt "),
    "dealer.holder_after": (" 的玩家", ""),
    "dealer.random_card": ("发牌时随机翻开一张牌，拿到这张牌的玩家", "a card is turned at random during the deal; its receiver deals"),
    "dealer.random_seat": ("随机选定的一家", "a seat drawn at random"),
    "dealer.same": ("与第一局相同", "the same rule as the first hand"),
    "dealer.previous_first_out": ("上一局最先出完牌的玩家", "the previous hand's first player out"),
    "dealer.role": (
        "庄家最先说话，通常也最先出牌。",
        "The dealer speaks first in the contract phase and usually leads first.",
    ),
    "legend.text": (
        "点数从小到大写作 3 4 5 6 7 8 9 10 J Q K A 2；花色 ♠ 黑桃、♥ 红桃、♣ 梅花、♦ 方片（红桃、方片为红色）；★BJ 为小王，★RJ 为大王；只写点数不写花色的牌表示花色不限。",
        "Ranks are written 3 4 5 6 7 8 9 10 J Q K A 2; suits ♠ spades, ♥ hearts, ♣ clubs, ♦ diamonds (hearts and diamonds in red); ★BJ is the small joker and ★RJ the big joker; a rank with no suit means any card of that rank.",
    ),
    "legend.text_no_jokers": (
        "点数从小到大写作 3 4 5 6 7 8 9 10 J Q K A 2；花色 ♠ 黑桃、♥ 红桃、♣ 梅花、♦ 方片（红桃、方片为红色）；只写点数不写花色的牌表示花色不限。",
        "Ranks are written 3 4 5 6 7 8 9 10 J Q K A 2; suits ♠ spades, ♥ hearts, ♣ clubs, ♦ diamonds (hearts and diamonds in red); a rank with no suit means any card of that rank.",
    ),
    "legend.input_no_jokers": (
        "在命令行里输入牌时写作 7S、10H、TD 或只写点数（55667788）。",
        "On the command line cards are typed 7S, 10H, TD, or ranks only (55667788).",
    ),
    "legend.wild": (
        "例子里牌后的 * 表示这张牌在该例的那一手里是癞子（HTML 版另加金色边框）。",
        "In the examples a card followed by * is wild in that example's hand (outlined in gold in the HTML book).",
    ),
    "legend.input": (
        "在命令行里输入牌时写作 7S、10H、TD、BJ、RJ 或只写点数（55667788）。",
        "On the command line cards are typed 7S, 10H, TD, BJ, RJ, or ranks only (55667788).",
    ),
    # ranks -----------------------------------------------------------------------------
    "ranks.order": ("点数大小（小 → 大）", "Rank order (low → high)"),
    "ranks.sequence": ("可以相连的点数（按连牌顺序）", "Ranks that chain (in sequence order)"),
    "ranks.never": ("不参与连牌", "Never in a chain"),
    "ranks.no_wrap": ("连牌不能绕圈。", "Sequences do not wrap around."),
    "ranks.both_ends": (
        "{rank} 可以接在连牌的两头，但一手连牌里只能有一张{rank}，连牌不能绕圈。",
        "{rank} may start or end a sequence, but no chain holds it twice; sequences do not wrap around.",
    ),
    "ranks.windows_top": ("这些连牌比同样长度的其他连牌都大（从小到大）：{chains}。", "These chains rank above every other chain of their length (low to high): {chains}."),
    "ranks.windows_bottom": ("这些连牌比同样长度的其他连牌都小（从小到大）：{chains}。", "These chains rank below every other chain of their length (low to high): {chains}."),
    "wild.never_as": ("癞子不能当作这些点数", "Wild cards never stand for these ranks"),
    "ranks.suits": ("花色大小（小 → 大）", "Suit order (low → high)"),
    "ranks.suits_used": ("只用于按花色比较的牌型：{types}。", "Used only by the hand types that compare by suit: {types}."),
    # wild cards ------------------------------------------------------------------------
    "wild.cards": ("癞子", "Wild cards"),
    "wild.stand": (
        "癞子可以当任何天然点数（在要求同花色的组合里也当所需的花色），在连牌中可以代替一整组。",
        "A wild card stands for any natural rank (and, in a one-suit set, the needed suit); it may fill a whole group of a chain.",
    ),
    "wild.alone": (
        "只用癞子出牌时，癞子算作 {rank}：一张是单张 {rank}，两张是一对 {rank}，依此类推。",
        "Played with other wild cards only, wild cards count as {rank}: one is a single {rank}, two a pair of {rank}s, and so on.",
    ),
    "wild.exclusive": ("例外：正好是 ", "Exception: exactly "),
    "wild.exclusive_after": ("（牌型「{type}」）时只算这个牌型。", " (the hand type “{type}”) read only as that type."),
    "wild.mixed": (
        "癞子与天然牌一起出时，所有可能的读法都算（见「出牌的大小」）。",
        "Played with natural cards, they read in every way the shapes allow (see “How plays compare”).",
    ),
    "wild.kickers.no": ("癞子不能当带牌。", "Wild cards are never kickers."),
    "wild.kickers.complete": (
        "癞子可以和一张天然牌配成带的对子，但不能单独作带牌。",
        "A wild card may complete a kicker pair beside one natural card, but wild cards alone are never a kicker.",
    ),
    "wild.kickers.any": ("癞子也可以当带牌，单独或和天然牌一起。", "Wild cards may be kickers too, alone or beside natural cards."),
    "wild.kickers.in": ("{types}：{rule}。", "{types}: {rule}."),
    "wild.level_heart": ("级牌的红桃", "the hearts of the level rank"),
    "wild.drawn": ("开局翻出的点数的所有牌", "every card of the rank(s) drawn when the hand starts"),
    "wild.natural": (
        "天然牌做的癞子也可以当它本身出；只用癞子出牌时，它们算作自己的点数（纯癞子）。",
        "A natural card that is wild may also be played as itself; played with other wild cards only, wild cards read as their own rank (纯癞子).",
    ),
    "ranks.order_level": ("点数大小（小 → 大，级牌为 {rank} 时）", "Rank order (low → high) at level {rank}"),
    "ranks.level_moves": (
        "级牌换成别的点数时，那个点数升到 {rank} 在上表中的位置，{rank} 回到它本来的位置：{place}。",
        "When the level is another rank, that rank takes the place {rank} has above, and {rank} goes back to its own place: {place}.",
    ),
    "ranks.place_lowest": ("最小", "the lowest rank"),
    "ranks.place_between": ("在 {lo} 和 {hi} 之间", "between {lo} and {hi}"),
    "ranks.level": (
        "级牌：{rank}（每手可以不同）。级牌比其他点数都大，只小于王；在连牌里仍按本来的位置。",
        "Level rank: {rank} (it may change from hand to hand). The level rank ranks above every other rank, below the jokers only; in sequences it keeps its own place.",
    ),
}
