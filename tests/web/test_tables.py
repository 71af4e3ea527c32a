"""The referee: whole hands played by seated clients through ``Table.act``; every message to a
seat is checked, frame by frame, to hold no card that seat may not see; refused actions
change nothing; a table rebuilt from its stored actions is the same table."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from paixing.agents.bots import make_bot
from paixing.game.entry import record_text
from paixing.game.events import (
    Call,
    Kitty,
    Played,
    ShownCard,
    SidePublic,
    Tribute,
    TributeResisted,
    TributeReturned,
)
from paixing.game.state import Game
from paixing.rules.cards import CardError, parse_cards
from paixing.web.protocol import Act, Next, Read
from paixing.web.store import Store
from paixing.web.tables import Client, Table, TableError, TableManager, parse_seats, resolve_variant

from tests.web.conftest import settings_for

READINGS = frozenset({"as", "reads_as"})
"""Keys whose value says what wild cards stand for (``3S 4S 2H`` read as ``3S 4S 5S``): a
reading of a play everyone sees, which names no card anyone holds."""


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in READINGS:
                yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


@functools.lru_cache(maxsize=100_000)
def named(s: str) -> frozenset[str]:
    """The specific cards (with a suit, or jokers) a string names, if it is card notation."""
    try:
        cards = parse_cards(s)
    except (CardError, ValueError):
        return frozenset()
    return frozenset(str(c) for c in cards if c.suit is not None or c.is_joker)


def cards_in(message: dict[str, Any]) -> set[str]:
    """Every specific card any string of the message names."""
    found: set[str] = set()
    for s in strings(message):
        found |= named(s)
    return found


def secret(game: Game, seat: int | None) -> set[str]:
    """The cards ``seat`` may not see now: those in the others' hands and in a hidden kitty,
    less every card it has seen somewhere (its own cards; cards played, shown, given as
    tribute or named in public). With two packs, a card seen once hides nothing of its
    twin: the state's own hand and the log's hidden deals are checked exactly beside this."""
    hidden: set[str] = set()
    for s, hand in enumerate(game.hands):
        if s != seat:
            hidden.update(str(c) for c in hand)
    seen = {str(c) for c in game.rs.tables.wild_cards}  # named by the rules
    if seat is not None:
        seen.update(str(c) for c in game.hands[seat])
        seen.update(str(c) for c in game.dealt[seat])
    kitty_shown = False
    for e in game.log:
        if isinstance(e, Played | Kitty | TributeResisted | SidePublic):  # 抗贡 shows the jokers it holds; 亮 its cards
            seen.update(str(c) for c in parse_cards(e.cards))
            kitty_shown = kitty_shown or isinstance(e, Kitty)
        elif isinstance(e, Call | ShownCard | Tribute | TributeReturned):
            seen.add(e.card)
    if not kitty_shown:
        hidden.update(str(c) for c in game.kitty)
    return hidden - seen


def drain(client: Client) -> list[dict[str, Any]]:
    out = []
    while not client.queue.empty():
        m = client.queue.get_nowait()
        if m is not None:
            out.append(m)
    return out


def check_frames(table: Table, clients: dict[int | None, Client]) -> int:
    """Every queued message of every client: no secret card; a state's hand is its own."""
    frames = 0
    for seat, client in clients.items():
        hidden = secret(table.game, seat)
        for m in drain(client):
            frames += 1
            # the contract step's options (a card to call: any card not held) are the seat's
            # legal actions, exactly as its Observation lists them; everything else is scanned
            leaked = cards_in({k: v for k, v in m.items() if k != "legal"}) & hidden
            where = sorted(k for k, v in m.items() if k != "legal" and cards_in({k: v}) & leaked)
            assert not leaked, f"seat {seat} was sent {sorted(leaked)} in a {m['type']} message ({where}): {m}"
            if m["type"] == "state":
                obs = table.game.observation(0 if seat is None else seat)
                words = obs.legal if obs.phase == "contract" else [a for a in obs.legal if a.kind not in ("play", "pass")]
                legal = [record_text(table.game.rs, a) for a in words] if obs.phase != "over" else []
                assert [a["action"] for a in m["legal"]] == (legal if seat is not None else [])
                own = [] if seat is None else [str(c) for c in table.game.rs.sort_cards(tuple(table.game.hands[seat]))]
                assert [c["card"] for c in m["hand"]] == own
                deals = [e for e in m["log"] if e["event"] == "deal"]
                assert all(h is None for e in deals for k, h in enumerate(e["hands"]) if k != seat)
                assert "seed" not in m
    return frames


def seat_all(manager: TableManager, variant: str) -> tuple[Table, dict[int | None, Client]]:
    n = resolve_variant(variant, manager.settings).variant.players
    table, _ = manager.create(variant, ["human"] * n, "en", "test")
    for _ in range(n - 1):
        manager.join(table.code)
    clients: dict[int | None, Client] = {s: Client(s, _nothing, 1000.0) for s in range(n)}
    clients[None] = Client(None, _nothing, 1000.0)
    table.clients.update(clients.values())
    return table, clients


async def _nothing(message: dict[str, Any]) -> None:
    return None


async def play_hands(table: Table, clients: dict[int | None, Client], hands: int) -> tuple[int, list[str]]:
    """Every seat plays the greedy bot's choice (from its own observation) through ``act``,
    reading its selection first; ``hands`` hands, each frame checked. (frames, actions)."""
    frames = 0
    done: list[str] = []
    bot = make_bot("greedy", 0)
    for k in range(hands):
        while not table.game.over:
            seat = table.game.turn
            action = bot.choose(table.game.observation(seat))
            text = record_text(table.game.rs, action)
            if action.play is not None:
                await table.handle(clients[seat], Read(type="read", cards=[str(c) for c in action.play.cards]))
            await table.handle(clients[seat], Act(type="act", action=text, seq=table.seq))
            done.append(text)
            frames += check_frames(table, clients)
        if table.finished or k == hands - 1:
            break
        for seat in table.humans:
            await table.handle(clients[seat], Next(type="next"))
            frames += check_frames(table, clients)
    return frames, done


@pytest.fixture
def manager(tmp_path: Path) -> Iterator[TableManager]:
    settings = settings_for(tmp_path)
    store = Store(settings.database_url())
    m = TableManager(settings, store)
    yield m
    m.pool.shutdown()
    store.close()


@pytest.mark.parametrize(("variant", "hands"), [
    ("banzipao", 1), ("doudizhu", 1), ("hongshi", 1), ("tichu", 1),
    pytest.param("guandan", 2, marks=pytest.mark.slow),  # two hands: the second opens with a tribute
])
def test_no_message_holds_a_card_its_seat_may_not_see(manager: TableManager, variant: str, hands: int) -> None:
    async def run() -> None:
        table, clients = seat_all(manager, variant)
        frames, actions = await play_hands(table, clients, hands)
        assert frames > 50 and table.game.over
        if variant == "guandan":  # the second hand began with a tribute, shown to all
            assert any(isinstance(e, Tribute | TributeResisted) for e in table.game.log)
        stored = manager.store.actions_of(table.code)
        assert [a.text for a in stored] == actions
        assert manager.store.count_records() == hands

    asyncio.run(run())


def test_refused_actions_change_nothing(manager: TableManager) -> None:
    async def run() -> None:
        table, clients = seat_all(manager, "banzipao")
        turn = table.game.turn
        other = (turn + 1) % 4
        drain_all = lambda: {s: drain(c) for s, c in clients.items()}  # noqa: E731
        drain_all()
        before = (table.seq, len(table.game.log))
        await table.handle(clients[other], Act(type="act", action="pass"))
        await table.handle(clients[None], Act(type="act", action="pass"))
        await table.handle(clients[turn], Act(type="act", action="3S"))
        await table.handle(clients[turn], Act(type="act", action="pass", seq=99))
        got = drain_all()
        assert [m["code"] for m in got[other]] == ["not_your_turn"]
        assert got[other][0]["message"] == f"it is seat {turn}'s turn, not yours (seat {other})"
        assert [m["code"] for m in got[None]] == ["spectator"]
        assert [m["code"] for m in got[turn]] == ["illegal", "stale"]
        assert got[turn][0]["message"].startswith("3S: ")
        assert got[turn][1]["message"] == "the table has moved on (state 0, you acted on 99)"
        assert (table.seq, len(table.game.log)) == before
        assert manager.store.actions_of(table.code) == []

    asyncio.run(run())


def test_reading_tells_how_cards_read_and_why_not(manager: TableManager) -> None:
    async def run() -> None:
        table, clients = seat_all(manager, "banzipao")
        bot = make_bot("greedy", 0)
        for _ in range(20):
            if table.game.phase != "contract":
                break
            action = bot.choose(table.game.observation(table.game.turn))
            await table.handle(clients[table.game.turn], Act(type="act", action=record_text(table.game.rs, action)))
        assert table.game.phase == "play"
        seat = table.game.turn
        hand = table.game.hands[seat]
        one = table.reading(seat, [str(hand[0])])
        assert one["ok"] and one["readings"][0]["type"] == "single" and one["action"] == str(hand[0])
        other = table.reading((seat + 1) % 4, [str(table.game.hands[(seat + 1) % 4][0])])
        assert other["error"] == "not your turn" and not other["ok"]
        foreign = next(str(c) for c in table.game.hands[(seat + 1) % 4] if c not in hand)
        refused = table.reading(seat, [foreign])
        assert not refused["ok"] and refused["error"]

    asyncio.run(run())


def test_rebuilt_table_is_the_same(manager: TableManager, tmp_path: Path) -> None:
    async def run() -> None:
        table, clients = seat_all(manager, "guandan")
        bot = make_bot("greedy", 0)
        for _ in range(40):
            action = bot.choose(table.game.observation(table.game.turn))
            await table.handle(clients[table.game.turn], Act(type="act", action=record_text(table.game.rs, action)))
        again = TableManager(manager.settings, Store(manager.settings.database_url()))
        assert again.restore() == 1
        copy = again.tables[table.code]
        assert copy.game.to_record()["actions"] == table.game.to_record()["actions"]
        assert copy.game.observation(2).hand == table.game.observation(2).hand
        assert copy.seq == table.seq == 40
        assert copy.seat_of(None) is None
        again.pool.shutdown()

    asyncio.run(run())


@pytest.mark.parametrize(("seats", "message"), [
    (["human"] * 3, "this variant seats 4 players; 3 seats were given"),
    (["human", "bot:gredy", "human", "human"], "seat 1: 'bot:gredy' is not human, bot:greedy, bot:random, bot:search or bot:search:BUDGET"),
    (["human", "bot:greedy:5", "human", "human"], "seat 1: bot 'greedy' takes no budget (got 'greedy:5')"),
    (["human", "bot:search:xyz", "human", "human"], "seat 1: bad search budget 'xyz': give rollouts (search:200) or a time (search:50ms, search:2s)"),
])
def test_bad_seats(seats: list[str], message: str) -> None:
    with pytest.raises(TableError, match="^" + __import__("re").escape(message) + "$"):
        parse_seats(seats, 4)


def test_unknown_variant(tmp_path: Path) -> None:
    with pytest.raises(TableError, match="^unknown variant 'nope'$"):
        resolve_variant("nope", settings_for(tmp_path))
    with pytest.raises(TableError, match=r"^unknown variant '\.\./etc/passwd'$"):
        resolve_variant("../etc/passwd", settings_for(tmp_path))


def test_bots_move_off_the_loop_and_finish_the_hand(manager: TableManager) -> None:
    async def run() -> None:
        table, _ = manager.create("banzipao", ["bot:greedy", "bot:random", "bot:search:8", "bot:greedy"], "zh", "t")
        manager.wake_bots(table)
        for _ in range(600):
            if table.game.over:
                break
            await asyncio.sleep(0.01)
        assert table.game.over and table.finished
        assert manager.store.table(table.code).status == "finished"

    asyncio.run(run())


def test_a_table_of_bots_only_plays_its_match_on(manager: TableManager) -> None:
    """Nobody can send ``next`` at a table of bots only: it deals the next hand of its match
    itself (the first hand's record stored), so people can watch a match of bots."""
    async def run() -> None:
        table, token = manager.create("guandan", ["bot:greedy"] * 4, "zh", "t")
        assert token is None
        manager.wake_bots(table)
        for _ in range(3000):
            if table.hand_index >= 1:
                break
            await asyncio.sleep(0.01)
        assert table.hand_index == 1 and not table.finished
        assert manager.store.count_records() == 1
        manager.close(table, "enough")

    asyncio.run(run())


def test_limits(tmp_path: Path) -> None:
    settings = settings_for(tmp_path, open_tables=2, tables_per_client=1)
    m = TableManager(settings, Store(settings.database_url()))
    m.create("banzipao", ["human"] * 4, "zh", "a")
    with pytest.raises(TableError, match="^you have 1 open tables, the limit per client$"):
        m.create("banzipao", ["human"] * 4, "zh", "a")
    m.create("banzipao", ["human"] * 4, "zh", "b")
    with pytest.raises(TableError, match="^the server has 2 open tables, its limit: try again later$"):
        m.create("banzipao", ["human"] * 4, "zh", "c")
    m.pool.shutdown()


def test_idle_tables_close(tmp_path: Path) -> None:
    settings = settings_for(tmp_path, idle_seconds=0.0)
    m = TableManager(settings, Store(settings.database_url()))
    table, _ = m.create("banzipao", ["human"] * 4, "zh", "a")
    client = Client(0, _nothing, 10.0)
    table.clients.add(client)
    assert m.close_idle() == [table.code]
    assert drain(client) == [{"type": "error", "code": "closed", "message": "the table was idle too long and is closed"}]
    assert m.store.table(table.code).status == "closed" and m.get(table.code) is None
    m.pool.shutdown()
