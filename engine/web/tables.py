"""The referee: every open table, its one authoritative game, its seats, bots and clients.

A ``Table`` holds a ``Session`` (hand after hand; a match's levels and tribute carried) and the
hand in play. Only the server applies actions: a client's ``act`` is checked by the engine
(``Game.apply``; a refused one is an ``error`` to that client and the state is unchanged), then
committed to the store, then every client is sent its own ``state`` (``seatview``). Bots move
in turn after each change; the ``search`` bot thinks in a worker thread, so a slow search
never holds up the event loop or another table.

Reproducible: hand ``k`` of a table is dealt from ``game_seed(seed, k)`` and the bot deciding
action ``i`` of it at ``seat`` is made from ``bot_seed(seed, k * BOT_STRIDE + i, seat)``, so a
table rebuilt after a restart (``TableManager.restore``: the stored actions replayed) goes on
exactly as it would have.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from paixing.agents.bots import BOTS, make_bot
from paixing.agents.play import bot_seed, game_seed
from paixing.game.entry import AmbiguousPlay, record_text
from paixing.game.entry import parse_action as parse_entry
from paixing.game.session import Session
from paixing.game.state import Action, Game, IllegalAction
from paixing.hands.cache import ruleset
from paixing.hands.compile import Ruleset
from paixing.rules.cards import CardError, parse_cards
from paixing.rules.extends import builtin_ids
from paixing.rules.problems import VariantError

from .protocol import MAX_SEATS, MIN_SEATS, Act, Hint, Next, Ping, Read, error
from .seatview import TableFacts, play_json, state_message
from .settings import Settings
from .store import Store, StoredAction, TableRow

CODE_CHARS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Table codes: no 0/O or 1/I to misread."""
CODE_LENGTH = 6
BOT_STRIDE = 100_000
"""Bot seeds: action ``i`` of hand ``k`` is number ``k * BOT_STRIDE + i``."""
HINT_BOT = "greedy"
MAX_HANDS = 1000
MAX_BOT_ACTIONS = 20_000
"""A hand whose bots take more actions than this stops (an engine fault, not a loop)."""
FILE_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,120}$")

Send = Callable[[dict[str, Any]], Awaitable[None]]


class TableError(ValueError):
    """A request the tables refuse; the text is one line for the client."""

    def __init__(self, message: str, code: str = "refused") -> None:
        super().__init__(message)
        self.code = code


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class SeatSpec:
    """One seat: a person (``token_hash`` once taken) or a bot (``bot``, ``budget``)."""

    kind: str
    bot: str | None = None
    budget: str | None = None
    token_hash: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "bot": self.bot, "budget": self.budget, "token_hash": self.token_hash}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatSpec:
        return cls(data["kind"], data.get("bot"), data.get("budget"), data.get("token_hash"))

    @property
    def label(self) -> str | None:
        if self.bot is None:
            return None
        return f"{self.bot}:{self.budget}" if self.budget else self.bot


def parse_seats(entries: list[str], players: int) -> list[SeatSpec]:
    """``human``, ``bot:NAME`` or ``bot:NAME:BUDGET`` per seat; ``TableError`` naming the first
    entry that is none of them, or a count that is not the variant's."""
    if not MIN_SEATS <= players <= MAX_SEATS:
        raise TableError(f"tables seat {MIN_SEATS}–{MAX_SEATS} players; this variant has {players}")
    if len(entries) != players:
        raise TableError(f"this variant seats {players} players; {len(entries)} seats were given")
    out = []
    for i, entry in enumerate(entries):
        parts = entry.strip().split(":")
        if parts == ["human"]:
            out.append(SeatSpec("human"))
            continue
        if parts[0] != "bot" or len(parts) not in (2, 3) or parts[1] not in BOTS:
            known = ", ".join(f"bot:{b}" for b in sorted(BOTS))
            raise TableError(f"seat {i}: {entry!r} is not human, {known} or bot:search:BUDGET")
        budget = parts[2] if len(parts) == 3 else None
        try:
            make_bot(entry.strip()[4:], 0)
        except ValueError as exc:
            raise TableError(f"seat {i}: {exc}") from None
        out.append(SeatSpec("bot", parts[1], budget))
    return out


def resolve_variant(ref: str, settings: Settings) -> Ruleset:
    """A built-in id, or a file name in ``settings.variants_dir`` (``.yaml`` added when
    missing); ``TableError`` with one line for anything else."""
    if ref in builtin_ids():
        rs = ruleset(ref)
    else:
        folder = settings.variants_dir
        if folder is None or not FILE_NAME.fullmatch(ref):
            raise TableError(f"unknown variant {ref!r}")
        path = Path(folder) / (ref if ref.endswith((".yaml", ".yml")) else f"{ref}.yaml")
        if not path.is_file():
            raise TableError(f"unknown variant {ref!r}")
        if path.stat().st_size > settings.limits.max_yaml_bytes:
            raise TableError(f"variant {ref!r} is larger than {settings.limits.max_yaml_bytes} bytes")
        try:
            rs = ruleset(path)
        except VariantError as exc:
            raise TableError(f"variant {ref!r} does not load: {exc.problems[0]}") from None
    if rs.variant.game is None:
        raise TableError(f"{rs.id} defines hand types only, no game (it has no 'game:' section)")
    return rs


@dataclass(eq=False)
class Client:
    """One websocket: the seat it plays (None: a spectator), its outgoing queue, its budget."""

    seat: int | None
    send: Send
    rate: float
    tokens: float = 0.0
    stamp: float = field(default_factory=time.monotonic)
    queue: asyncio.Queue[dict[str, Any] | None] = field(default_factory=lambda: asyncio.Queue(maxsize=256))
    dropped: bool = False
    """Set when the client fell too far behind: its writer closes the socket."""

    def __post_init__(self) -> None:
        self.tokens = 2 * self.rate

    def allow(self) -> bool:
        """A token bucket: ``rate`` messages a second, bursts of twice that."""
        now = time.monotonic()
        self.tokens = min(2 * self.rate, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def post(self, message: dict[str, Any]) -> bool:
        """Queue a message; False when the client is too slow to keep up (it is dropped)."""
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            return False
        return True

    def post_close(self) -> None:
        """Drop the client: its writer stops and closes the socket."""
        self.dropped = True
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)


class Table:
    """One table: the session and hand in play, its seats and its clients."""

    def __init__(self, manager: TableManager, row: TableRow, rs: Ruleset) -> None:
        self.manager = manager
        self.code = row.code
        self.row = row
        self.rs = rs
        self.seats = [SeatSpec.from_json(s) for s in row.seats]
        self.session = Session.start(rs)
        self.hand_index = 0
        self.game: Game = self.session.next_game(game_seed(row.seed, 0))
        self.seq = 0
        self.clients: set[Client] = set()
        self.ready: set[int] = set()
        self.finished = False
        self.closed = False
        self.record_id: int | None = None
        self.lock = asyncio.Lock()
        self.touched = time.monotonic()
        self.deadline: float | None = None
        self.bot_task: asyncio.Task[None] | None = None
        self.timer: asyncio.TimerHandle | None = None

    @property
    def humans(self) -> list[int]:
        return [s for s, spec in enumerate(self.seats) if spec.kind == "human"]

    def seat_of(self, token: str | None) -> int | None:
        if not token:
            return None
        digest = token_hash(token)
        return next((s for s, spec in enumerate(self.seats) if spec.token_hash == digest), None)

    # rebuilding and stepping ---------------------------------------------------------------
    def replay(self, actions: list[StoredAction]) -> None:
        """Rebuild the table from its stored actions (a restart), through the same checks."""
        for stored in actions:
            while stored.hand > self.hand_index:
                if not self.game.over:
                    raise TableError(f"table {self.code}: hand {self.hand_index} was not over when the next began")
                self._deal_next()
            self.game.apply(stored.text)
            self.seq += 1
        if self.game.over:
            self._hand_over(store=True)

    def _deal_next(self) -> None:
        self.hand_index += 1
        self.game = self.session.next_game(game_seed(self.row.seed, self.hand_index))
        self.seq = 0
        self.ready = set()
        self.record_id = None

    def _apply(self, seat: int, action: Action | str) -> str:
        """Apply and commit one action of ``seat``; the text stored. ``IllegalAction`` (nothing
        changed, nothing stored) when the engine refuses it."""
        g = self.game
        if isinstance(action, str):
            action = g.parse_action(action)
        text = record_text(g.rs, action)
        g.apply(action)
        self.manager.store.add_action(self.code, StoredAction(self.hand_index, self.seq, seat, text))
        self.seq += 1
        self.touched = time.monotonic()
        if g.over:
            self._hand_over(store=True)
        return text

    def _hand_over(self, store: bool) -> None:
        """A hand ended: its record stored, the session told; a won match (or a table of bots
        only that plays no match) is finished."""
        g = self.game
        if self.session.hand_number == self.hand_index + 1:
            self.session.finish(g)
        st = self.manager.store
        summary = {"scores": list(g.scores), "seats": [s.label or "human" for s in self.seats],
                   "name": {"zh": self.rs.variant.name.zh, "en": self.rs.variant.name.en}}
        if store:
            self.record_id = st.add_record_once(self.code, "hand", self.rs.id, self.hand_index, summary, g.to_record())
        won = self.session.winner is not None
        if won and store:
            totals = {**summary, "scores": list(self.session.totals), "hands": self.hand_index + 1}
            st.add_record_once(self.code, "match", self.rs.id, self.hand_index, totals,
                               self.session.to_record(self.row.seed))
        game_rules = self.rs.variant.game
        if won or self.hand_index + 1 >= MAX_HANDS or (not self.humans and game_rules is not None and game_rules.session is None):
            self.finished = True
            if store:
                st.set_status(self.code, "finished")

    # the state each client is sent -----------------------------------------------------------
    def facts(self) -> TableFacts:
        connected = {c.seat for c in self.clients if c.seat is not None}
        seats = [{"kind": s.kind, "bot": s.label, "taken": s.token_hash is not None, "connected": i in connected}
                 for i, s in enumerate(self.seats)]
        left = None if self.deadline is None else max(0.0, self.deadline - time.monotonic())
        return TableFacts(self.code, self.seq, self.hand_index + 1, seats, list(self.session.totals),
                          self.session.carried.get("match"), sorted(self.ready), left, self.finished,
                          self.row.lang, self.record_id)

    def state_for(self, seat: int | None, facts: TableFacts | None = None) -> dict[str, Any]:
        return state_message(self.game, seat, facts or self.facts(), self.manager.settings.limits.log_events)

    def broadcast(self) -> None:
        """Every client its own state (built once per seat); a client too slow is dropped."""
        facts = self.facts()
        built: dict[int | None, dict[str, Any]] = {}
        for client in list(self.clients):
            if client.seat not in built:
                built[client.seat] = self.state_for(client.seat, facts)
            if not client.post(built[client.seat]):
                self.clients.discard(client)
                client.post_close()

    # what a client asks ----------------------------------------------------------------------
    async def handle(self, client: Client, message: Act | Read | Hint | Next | Ping) -> None:
        self.touched = time.monotonic()
        if isinstance(message, Ping):
            client.post({"type": "pong"})
        elif isinstance(message, Read):
            client.post(self.reading(client.seat, message.cards))
        elif isinstance(message, Hint):
            client.post(self.hint(client.seat))
        elif isinstance(message, Next):
            await self.next_hand(client)
        else:
            await self.act(client, message)

    async def act(self, client: Client, message: Act) -> None:
        seat = client.seat
        async with self.lock:
            problem = self._act_problem(seat, message)
            if problem is not None:
                client.post(error(problem[1], problem[0]))
                return
            assert seat is not None
            try:
                self._apply(seat, message.action)
            except AmbiguousPlay as exc:
                client.post({**error(str(exc), "ambiguous"),
                             "readings": [{"action": record_text(self.game.rs, Action("play", play=p)),
                                           **play_json(p)} for p in exc.plays]})
                return
            except (IllegalAction, CardError, ValueError) as exc:
                client.post(error(f"{message.action}: {exc}", "illegal"))
                return
            self.changed()

    def _act_problem(self, seat: int | None, message: Act) -> tuple[str, str] | None:
        if self.closed:
            return "closed", "the table is closed"
        if seat is None:
            return "spectator", "you watch this table: only a seated player acts"
        if self.game.over:
            return "over", "the hand is over"
        if self.game.turn != seat:
            return "not_your_turn", f"it is seat {self.game.turn}'s turn, not yours (seat {seat})"
        if message.seq is not None and message.seq != self.seq:
            return "stale", f"the table has moved on (state {self.seq}, you acted on {message.seq})"
        return None

    def changed(self) -> None:
        """After a change: tell everyone, start the bots or the turn timer."""
        self.changed_quietly()
        self.manager.wake_bots(self)

    def changed_quietly(self) -> None:
        """Tell everyone and arm the turn timer (the bots' own loop goes on by itself)."""
        self._arm_timer()
        self.broadcast()

    def reading(self, seat: int | None, cards: list[str]) -> dict[str, Any]:
        """How the selected cards read, and whether this seat may play them now (and why not)."""
        g = self.game
        out: dict[str, Any] = {"type": "reading", "cards": cards, "ok": False, "readings": [], "error": None}
        if seat is None or g.phase != "play":
            out["error"] = "only a seated player reads cards during trick play"
            return out
        try:
            hand = g.hands[seat]
            parsed = parse_cards(" ".join(cards))
            if not parsed:
                out["error"] = "no cards selected"
                return out
            action = parse_entry(g.rs, " ".join(cards), hand, g.last[1] if g.last and g.turn == seat else None)
        except AmbiguousPlay as exc:
            out["readings"] = [play_json(p) for p in exc.plays]
            out["error"] = str(exc)
            return out
        except (IllegalAction, CardError, ValueError) as exc:
            out["error"] = str(exc)
            return out
        if action.play is not None:
            out["readings"] = [play_json(action.play)]
        if g.turn != seat:
            out["error"] = "not your turn"
            return out
        trial = g.copy()
        try:
            trial.apply(action)
        except IllegalAction as exc:
            out["error"] = str(exc)
            return out
        out["ok"] = True
        out["action"] = record_text(g.rs, action)
        return out

    def hint(self, seat: int | None) -> dict[str, Any]:
        g = self.game
        if seat is None or g.over or g.turn != seat:
            return error("a hint is given on your turn", "not_your_turn")
        action = make_bot(HINT_BOT, 0).choose(g.observation(seat))
        return {"type": "hint", "action": record_text(g.rs, action),
                "cards": [str(c) for c in action.play.cards] if action.play is not None else None}

    async def next_hand(self, client: Client) -> None:
        async with self.lock:
            if client.seat is None or not self.game.over or self.finished or self.closed:
                client.post(error("there is no next hand to start now", "no_next_hand"))
                return
            self.ready.add(client.seat)
            if set(self.humans) <= self.ready:
                self._deal_next()
            self.changed()

    # bots and the turn timer -----------------------------------------------------------------
    def deal_for_bots(self) -> bool:
        """A table of bots only deals its next hand itself (nobody is there to send ``next``),
        so that a match of bots plays through while people watch; whether it dealt."""
        if self.humans or self.closed or self.finished or not self.game.over:
            return False
        self._deal_next()
        return True

    def bot_to_move(self) -> int | None:
        g = self.game
        if self.closed or g.over or g.turn < 0 or self.seats[g.turn].kind != "bot":
            return None
        return g.turn

    def bot_move(self, seat: int) -> Callable[[], Action]:
        """The bot at ``seat``'s choice, to be called (in a worker thread for a search): it is
        given its seat's observation only, taken now on the event loop."""
        spec = self.seats[seat]
        assert spec.bot is not None
        number = self.hand_index * BOT_STRIDE + self.seq
        bot = make_bot(spec.label or spec.bot, bot_seed(self.row.seed, number, seat))
        obs = self.game.observation(seat)
        return lambda: bot.choose(obs)

    def _arm_timer(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        self.deadline = None
        seconds = self.row.turn_seconds
        g = self.game
        if seconds is None or g.over or self.closed or self.seats[g.turn].kind != "human":
            return
        self.deadline = time.monotonic() + seconds
        key = (self.hand_index, self.seq)
        loop = asyncio.get_running_loop()
        self.timer = loop.call_later(seconds, lambda: loop.create_task(self._time_up(key)))

    async def _time_up(self, key: tuple[int, int]) -> None:
        """The turn timer ran out: the seat plays its hint (the greedy bot's choice)."""
        async with self.lock:
            if (self.hand_index, self.seq) != key or self.game.over:
                return
            seat = self.game.turn
            self._apply(seat, make_bot(HINT_BOT, 0).choose(self.game.observation(seat)))
            self.changed()


class TableManager:
    """Every open table of a server, the bots' worker pool and the idle sweep."""

    def __init__(self, settings: Settings, store: Store) -> None:
        self.settings = settings
        self.store = store
        self.tables: dict[str, Table] = {}
        self.pool = ThreadPoolExecutor(settings.limits.bot_workers, thread_name_prefix="paixing-bot")
        self.sweeper: asyncio.Task[None] | None = None
        self.problems: list[str] = []
        """Tables that could not be rebuilt at start-up, one line each."""

    # creating and joining ----------------------------------------------------------------------
    def create(self, variant: str, seats: list[str], lang: str, creator: str,
               turn_seconds: float | None = None) -> tuple[Table, str | None]:
        """A new table and the creator's seat token (None when no seat is a person's)."""
        limits = self.settings.limits
        if len(self.tables) >= limits.open_tables:
            raise TableError(f"the server has {limits.open_tables} open tables, its limit: try again later", "busy")
        mine = sum(1 for t in self.tables.values() if t.row.creator == creator and not t.finished)
        if mine >= limits.tables_per_client:
            raise TableError(f"you have {mine} open tables, the limit per client", "busy")
        rs = resolve_variant(variant, self.settings)
        specs = parse_seats(seats, rs.variant.players)
        token = None
        if any(s.kind == "human" for s in specs):
            token = secrets.token_urlsafe(24)
            next(s for s in specs if s.kind == "human").token_hash = token_hash(token)
        row = TableRow(self._new_code(), variant, [s.to_json() for s in specs], secrets.randbits(63), lang,
                       turn_seconds if turn_seconds is not None else self.settings.turn_seconds, creator, "open")
        self.store.add_table(row)
        table = Table(self, row, rs)
        self.tables[row.code] = table
        return table, token

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_CHARS) for _ in range(CODE_LENGTH))
            if code not in self.tables and self.store.table(code) is None:
                return code

    def get(self, code: str) -> Table | None:
        return self.tables.get(code.upper()) if isinstance(code, str) else None

    def join(self, code: str, seat: int | None = None) -> tuple[int, str]:
        """Take a free seat of a person (the first one, or ``seat``): the seat and its token."""
        table = self.get(code)
        if table is None or table.closed:
            raise TableError(f"no open table {code!r}", "no_table")
        free = [s for s in table.humans if table.seats[s].token_hash is None]
        if seat is not None and seat not in free:
            raise TableError(f"seat {seat} is not a free seat (free: {', '.join(map(str, free)) or 'none'})", "taken")
        if not free:
            raise TableError("every seat of this table is taken: you may watch", "taken")
        chosen = free[0] if seat is None else seat
        token = secrets.token_urlsafe(24)
        table.seats[chosen].token_hash = token_hash(token)
        self.store.set_seats(table.code, [s.to_json() for s in table.seats])
        table.broadcast()
        return chosen, token

    # start-up and shut-down --------------------------------------------------------------------
    def restore(self) -> int:
        """Rebuild every open table from the store (its actions replayed); how many."""
        count = 0
        for row in self.store.open_tables():
            try:
                table = Table(self, row, resolve_variant(row.variant, self.settings))
                table.replay(self.store.actions_of(row.code))
            except (TableError, IllegalAction, ValueError) as exc:
                self.problems.append(f"table {row.code} could not be rebuilt: {exc}")
                self.store.set_status(row.code, "broken")
                continue
            self.tables[row.code] = table
            count += 1
        return count

    async def start(self) -> None:
        """After start-up: the bots of rebuilt tables move on, the idle sweep begins."""
        for table in self.tables.values():
            table._arm_timer()
            self.wake_bots(table)
        self.sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def stop(self) -> None:
        if self.sweeper is not None:
            self.sweeper.cancel()
        for table in self.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
            if table.timer is not None:
                table.timer.cancel()
        self.pool.shutdown(wait=False, cancel_futures=True)

    async def _sweep(self) -> None:
        idle = self.settings.limits.idle_seconds
        while True:
            await asyncio.sleep(max(0.05, min(60.0, idle / 4)))
            self.close_idle()

    def close_idle(self) -> list[str]:
        """Close every table idle for longer than the limit; their codes."""
        now = time.monotonic()
        idle = [t for t in self.tables.values() if now - t.touched > self.settings.limits.idle_seconds]
        for table in idle:
            self.close(table, "the table was idle too long and is closed")
        return [t.code for t in idle]

    def close(self, table: Table, why: str) -> None:
        table.closed = True
        if table.timer is not None:
            table.timer.cancel()
        self.store.set_status(table.code, "finished" if table.finished else "closed")
        for client in list(table.clients):
            client.post(error(why, "closed"))
            client.post_close()
        table.clients.clear()
        self.tables.pop(table.code, None)

    # bots --------------------------------------------------------------------------------------
    def wake_bots(self, table: Table) -> None:
        """Let the bots of ``table`` move if one is to act (one task per table at a time)."""
        if table.bot_to_move() is None or (table.bot_task is not None and not table.bot_task.done()):
            return
        table.bot_task = asyncio.get_running_loop().create_task(self._run_bots(table))

    async def _run_bots(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        delay = self.settings.limits.bot_delay
        for _ in range(MAX_BOT_ACTIONS):
            if delay:
                await asyncio.sleep(delay)
            async with table.lock:
                seat = table.bot_to_move()
                if seat is None:
                    if not table.deal_for_bots():
                        return
                    table.changed_quietly()
                    continue
                spec = table.seats[seat]
                move = table.bot_move(seat)
                if getattr(BOTS[spec.bot or ""], "takes_budget", False):
                    action = await loop.run_in_executor(self.pool, move)
                else:
                    action = move()
                try:
                    table._apply(seat, action)
                except IllegalAction as exc:  # a bot's bug: the table stops rather than loop
                    self.close(table, f"the bot at seat {seat} chose {action}: {exc}")
                    return
                table.changed_quietly()
            await asyncio.sleep(0)
