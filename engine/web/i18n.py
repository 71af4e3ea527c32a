"""The web pages' interface words in Chinese and English, and which language a request wants.

Every word a page shows that is not in a variant file comes from ``STRINGS`` (one table, so a
missing translation is one test away: ``tests/web/test_pages.py`` checks both columns are
filled). A template reads them through ``t("key")``; ``tf("key", n=3)`` fills ``{n}`` slots.

The language of a request is, in order: ``?lang=zh|en`` (the switch in the header; the page
then remembers it in the ``lang`` cookie), the ``lang`` cookie, the browser's
``Accept-Language`` (Chinese when it starts with ``zh``), else Chinese. Both page modules
(``pages`` and the tables' pages) call ``pick_lang`` so that one switch governs the whole site.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

LANGS: tuple[str, ...] = ("zh", "en")
COOKIE = "lang"

STRINGS: dict[str, tuple[str, str]] = {
    # the frame: header, footer, language switch
    "site.name": ("牌型", "paixing"),
    "site.tagline": ("出牌类游戏的规则，写成一个 YAML 文件", "Climbing card games, each one YAML file"),
    "nav.gallery": ("玩法", "Gallery"),
    "nav.editor": ("编辑器", "Editor"),
    "nav.records": ("牌局记录", "Records"),
    "nav.lang": ("English", "中文"),
    "nav.lang_title": ("Switch to English", "切换到中文"),
    "footer.text": ("paixing：规则即数据。每条规则书中的例子在显示时都经过引擎验证。",
                    "paixing: the YAML is the game. Every example in a rulebook is checked by the engine as it is shown."),
    # gallery
    "gallery.title": ("选一种玩法", "Pick a game"),
    "gallery.lead": ("每一种玩法都是一个规则文件：读规则书、和机器人打一局，或者开一桌等朋友来。",
                     "Every game here is one rule file: read its rulebook, play a hand against bots, or open a table for friends."),
    "gallery.builtin": ("内置玩法", "Built-in games"),
    "gallery.user": ("我的玩法", "My variants"),
    "gallery.user_none": ("还没有自己的玩法。在编辑器里从任意一种玩法出发，改几条规则，保存即可。",
                          "No variants of your own yet. Start from any game in the editor, change a rule or two, and save."),
    "gallery.user_off": ("服务器没有指定 --variants 文件夹：自己的玩法无法保存。",
                         "The server was started without a --variants folder: variants of your own cannot be saved."),
    "gallery.broken": ("这个文件有问题，无法加载", "This file has problems and does not load"),
    "card.players": ("{n} 人", "{n} players"),
    "card.deck": ("{packs} 副牌", "{packs} pack(s)"),
    "card.jokers": ("带大小王", "with jokers"),
    "card.no_jokers": ("无大小王", "no jokers"),
    "card.family": ("系列：{name}", "Family: {name}"),
    "card.extends": ("基于 {name}", "Based on {name}"),
    "card.types": ("{n} 种牌型", "{n} hand types"),
    "act.book": ("规则书", "Rulebook"),
    "act.bots": ("和机器人打", "Play vs bots"),
    "act.table": ("开一桌", "Open a table"),
    "act.edit": ("改编", "Remix"),
    "act.open_book": ("单独打开规则书", "Open the book on its own"),
    # open-a-table form
    "table.title": ("开一桌：{name}", "Open a table: {name}"),
    "table.seat": ("座位 {n}", "Seat {n}"),
    "table.human": ("真人", "Person"),
    "table.bot": ("机器人：{name}", "Bot: {name}"),
    "table.open": ("开桌", "Open"),
    "table.cancel": ("取消", "Cancel"),
    "table.opening": ("正在开桌……", "Opening the table…"),
    "table.failed": ("开桌失败：{why}", "Could not open the table: {why}"),
    # book
    "book.title": ("{name} · 规则书", "{name} · Rulebook"),
    "book.frame": ("规则书", "Rulebook"),
    # editor
    "editor.title": ("规则编辑器", "Rule editor"),
    "editor.start": ("从哪里开始", "Start from"),
    "editor.copy_of": ("复制 {name}", "A copy of {name}"),
    "editor.extend": ("新玩法：继承 {name}", "New variant extending {name}"),
    "editor.start_go": ("开始", "Start"),
    "editor.mode_extend": ("继承它，只写改动", "extend it: write only the changes"),
    "editor.mode_copy": ("复制全文", "copy the whole file"),
    "editor.mode": ("方式", "How"),
    "editor.saving": ("正在保存……", "Saving…"),
    "editor.diffing": ("正在比较……", "Comparing…"),
    "editor.changed": ("改动的规则（{n}）", "Changed rules ({n})"),
    "editor.cases": ("具体差异", "Concrete differences"),
    "editor.no_case": ("（在小牌组中没有找到实例）", "(no case found in small hands)"),
    "editor.parent_vs": ("{a} 对比 {b}", "{a} against {b}"),
    "editor.file": ("文件名", "File name"),
    "editor.file_hint": ("小写字母、数字和连字符，如 my-rules；也是玩法的 id",
                         "lower-case letters, digits and hyphens, e.g. my-rules; it is also the variant's id"),
    "editor.save": ("保存", "Save"),
    "editor.download": ("下载 YAML", "Download YAML"),
    "editor.try": ("试打一局", "Try a hand"),
    "editor.tab_book": ("规则书预览", "Rulebook preview"),
    "editor.tab_diff": ("与原版的差异", "Differences from the parent"),
    "editor.tab_problems": ("问题", "Problems"),
    "editor.checking": ("正在检查……", "Checking…"),
    "editor.ok": ("没有问题：{types} 种牌型，{examples} 个例子全部成立",
                  "No problems: {types} hand types, all {examples} examples hold"),
    "editor.problems": ("{n} 个问题", "{n} problem(s)"),
    "editor.no_parent": ("这个玩法没有原版可比较。", "This variant has no parent to compare with."),
    "editor.same": ("与原版没有实际差异。", "No concrete differences from the parent."),
    "editor.saved": ("已保存为 {file}", "Saved as {file}"),
    "editor.no_folder": ("服务器没有 --variants 文件夹，只能下载。",
                         "The server has no --variants folder: download instead."),
    "editor.fix_first": ("先改正问题再保存。", "Fix the problems before saving."),
    "editor.overwrite": ("{file} 已存在，要覆盖吗？", "{file} exists: replace it?"),
    # the table page and the record viewer (table.js reads them as w.<key>, w.roles, w.ev)
    "tbl.you": ("你", "You"),
    "tbl.seat": ("座位", "Seat"),
    "tbl.bot": ("机器人", "bot"),
    "tbl.bot_greedy": ("贪心", "greedy"),
    "tbl.bot_random": ("随机", "random"),
    "tbl.bot_search": ("搜索", "search"),
    "tbl.called": ("朋友牌", "Called card"),
    "tbl.stockLeft": ("牌堆剩", "left in the stock"),
    "tbl.noWish": ("不许愿", "makes no wish"),
    "tbl.noWishButton": ("不许愿", "No wish"),
    "tbl.wishFor": ("许愿", "Wish for"),
    "tbl.giftTo": ("这墩送给", "Give the trick to"),
    "tbl.giveTo": ("传一张牌给", "Give a card to"),
    "tbl.yourWindow": ("你可以抢出炸弹，或者不要", "You may bomb out of turn, or pass"),
    "tbl.callMade": ("成功", "made"),
    "tbl.callFailed": ("失败", "failed"),
    "tbl.orderBack": ("再革命：大小恢复", "puts the rank order back"),
    "tbl.turn": ("轮到", "Turn"),
    "tbl.yourTurn": ("轮到你了", "Your turn"),
    "tbl.wait": ("等待", "Waiting"),
    "tbl.play": ("出牌", "Play"),
    "tbl.pass": ("不要", "Pass"),
    "tbl.hint": ("提示", "Hint"),
    "tbl.clear": ("清除", "Clear"),
    "tbl.toBeat": ("要压的牌", "To beat"),
    "tbl.lead": ("你先出", "You lead"),
    "tbl.cardsLeft": ("张", "cards"),
    "tbl.level": ("级牌", "Level"),
    "tbl.wild": ("癞子", "Wild"),
    "tbl.contract": ("合约", "Contract"),
    "tbl.declarer": ("庄家", "Declarer"),
    "tbl.partner": ("同伴", "Partner"),
    "tbl.points": ("得分", "Points"),
    "tbl.result": ("结算", "Result"),
    "tbl.next": ("下一局", "Next hand"),
    "tbl.waitingNext": ("等其他人…", "Waiting for the others…"),
    "tbl.score": ("得分", "Score"),
    "tbl.role": ("角色", "Role"),
    "tbl.place": ("名次", "Place"),
    "tbl.captured": ("得牌", "Captured"),
    "tbl.after": ("转移后", "After transfers"),
    "tbl.reason": ("结果", "Result"),
    "tbl.row": ("计分", "Score row"),
    "tbl.mult": ("倍数", "Multiplier"),
    "tbl.join": ("坐下", "Sit here"),
    "tbl.copy": ("邀请链接", "Invite link"),
    "tbl.log": ("记录", "Log"),
    "tbl.connected": ("在线", "online"),
    "tbl.away": ("离线", "away"),
    "tbl.reads": ("读作", "Reads as"),
    "tbl.spectator": ("你在旁观", "You are watching"),
    "tbl.record": ("查看记录", "View the record"),
    "tbl.finished": ("牌局结束", "The table is over"),
    "tbl.hand": ("第{n}局", "Hand {n}"),
    "tbl.timer": ("剩余", "Time left"),
    "tbl.winners": ("赢家", "Winners"),
    "tbl.first": ("第一步", "First"),
    "tbl.prev": ("上一步", "Back"),
    "tbl.nextStep": ("下一步", "Step"),
    "tbl.nextTrick": ("下一墩", "Next trick"),
    "tbl.last": ("最后", "End"),
    "role.declarer": ("庄家", "declarer"),
    "role.partner": ("同伴", "partner"),
    "role.opponent": ("对手", "opponent"),
    "role.bystander": ("旁观", "sits out"),
    # a log event by its kind (every kind of paixing.game.events.EVENTS has one: tests/web/test_pages.py)
    "ev.deal": ("发牌", "deal"),
    "ev.redeal": ("重新发牌", "redeal"),
    "ev.bid": ("叫", "bids"),
    "ev.pass": ("不要", "passes"),
    "ev.contract": ("定约", "contract"),
    "ev.kitty": ("亮底牌", "takes the kitty"),
    "ev.lead": ("领出", "leads"),
    "ev.play": ("出", "plays"),
    "ev.out": ("出完", "is out"),
    "ev.trick": ("赢得一墩", "wins the trick"),
    "ev.call": ("叫牌", "calls"),
    "ev.shown_card": ("亮牌", "shows"),
    "ev.partner_revealed": ("同伴现身", "partner revealed"),
    "ev.tribute": ("进贡", "tribute"),
    "ev.tribute_back": ("还贡", "returns"),
    "ev.tribute_resisted": ("抗贡", "tribute resisted"),
    "ev.end": ("本局结束", "hand over"),
    "ev.bonus": ("奖励", "bonus"),
    "ev.factor": ("加倍", "factor"),
    "ev.reward": ("报喜", "reward"),
    "ev.wilds_drawn": ("翻出癞子", "wild ranks drawn"),
    "ev.instant_win": ("直接获胜", "instant win"),
    "ev.order_flip": ("革命：大小颠倒", "reverses the rank order"),
    "ev.trick_effect": ("本墩结束", "ends the trick"),
    "ev.draw": ("摸牌", "draws"),
    "ev.side_public": ("亮明身份", "shows whose side he is on"),
    "ev.cards_passed": ("换牌完成", "cards passed"),
    "ev.trick_given": ("把这一墩送给", "gives the trick to"),
    "ev.wished": ("许愿", "wishes for"),
    "ev.wish_met": ("满足了许愿", "plays the wished"),
    "ev.dealt_rest": ("发完其余的牌", "the rest of the deal"),
    "ev.announced": ("叫了", "calls"),
    "ev.call_scored": ("叫牌结算", "call scored"),
    "ev.out_of_turn": ("抢先出牌（不按顺序）", "plays out of turn"),
    "ev.declined": ("不抢出", "does not play out of turn"),
    # the same events when the subject is the reader ("You pass", not "You passes"): English only differs
    "mine.bid": ("叫", "bid"),
    "mine.pass": ("不要", "pass"),
    "mine.kitty": ("亮底牌", "take the kitty"),
    "mine.lead": ("领出", "lead"),
    "mine.play": ("出", "play"),
    "mine.out": ("出完", "are out"),
    "mine.trick": ("赢得一墩", "win the trick"),
    "mine.call": ("叫牌", "call"),
    "mine.shown_card": ("亮牌", "show"),
    "mine.tribute_back": ("还贡", "return"),
    "mine.order_flip": ("革命：大小颠倒", "reverse the rank order"),
    "mine.trick_effect": ("本墩结束", "end the trick"),
    "mine.draw": ("摸牌", "draw"),
    "mine.side_public": ("亮明身份", "show whose side you are on"),
    "mine.trick_given": ("把这一墩送给", "give the trick to"),
    "mine.wished": ("许愿", "wish for"),
    "mine.wish_met": ("满足了许愿", "play the wished"),
    "mine.announced": ("叫了", "call"),
    "mine.out_of_turn": ("抢先出牌（不按顺序）", "play out of turn"),
    "mine.declined": ("不抢出", "do not play out of turn"),
    # errors (pages and the JSON API)
    "err.not_found": ("找不到这个页面。", "No such page."),
    "err.unknown_variant": ("没有叫 {id} 的玩法。", "No variant named {id}."),
    "err.back": ("回到玩法列表", "Back to the gallery"),
}


def pick_lang(query: Mapping[str, str], cookies: Mapping[str, str], accept: str | None) -> str:
    """The interface language of a request (the module docstring gives the order)."""
    for wanted in (query.get("lang"), cookies.get(COOKIE)):
        if wanted is not None and wanted in LANGS:
            return wanted
    return "zh" if (accept or "zh").strip().lower().startswith("zh") else "en"


def word(key: str, lang: str) -> str:
    """One interface string; an unknown key is a programming error (KeyError), never shown."""
    zh, en = STRINGS[key]
    return zh if lang == "zh" else en


def translator(lang: str) -> Callable[..., str]:
    """``t(key, **slots)`` for templates: the string in ``lang`` with its ``{slots}`` filled."""

    def t(key: str, **slots: object) -> str:
        text = word(key, lang)
        return text.format(**slots) if slots else text

    return t


def catalogue(lang: str) -> dict[str, str]:
    """Every string in ``lang``, for the pages' scripts (one JSON object in the page)."""
    return {key: word(key, lang) for key in STRINGS}
