"""Storage: open tables, every action as it happens, and every finished record.

SQLAlchemy Core over one schema, so the same code runs on SQLite (the default: a file in the
user's data directory, in WAL mode so readers never wait for the writer and a killed server
loses nothing committed) and on PostgreSQL (``--db postgresql+psycopg://…``).

Nothing is kept only in memory: an action is committed before any client hears of it, so a
server killed at any moment restarts with every open table (``open_tables`` and
``actions_of``), and ``tables.TableManager.restore`` replays them through the engine.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    bindparam,
    create_engine,
    event,
    func,
    select,
    update,
)
from sqlalchemy.engine import Engine

META = MetaData()

TABLES = Table(
    "paixing_tables", META,
    Column("code", String(16), primary_key=True),
    Column("variant", String(400), nullable=False),
    Column("seats", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("lang", String(8), nullable=False),
    Column("turn_seconds", Float, nullable=True),
    Column("creator", String(100), nullable=False),
    Column("status", String(16), nullable=False),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
)
ACTIONS = Table(
    "paixing_actions", META,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(16), nullable=False, index=True),
    Column("hand", Integer, nullable=False),
    Column("seq", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("text", String(400), nullable=False),
    Column("at", Float, nullable=False),
    UniqueConstraint("code", "hand", "seq", name="one_action_per_step"),
)
RECORDS = Table(
    "paixing_records", META,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(16), nullable=False, index=True),
    Column("kind", String(8), nullable=False),
    Column("variant", String(400), nullable=False),
    Column("hand", Integer, nullable=False),
    Column("summary", Text, nullable=False),
    Column("body", Text, nullable=False),
    Column("created", Float, nullable=False),
)



ADD_ACTION = ACTIONS.insert()
"""One action, its values bound at execution: built once, not per action (building a statement
with ``.values()`` cost SQLAlchemy 2 ms of an action's 2.2)."""
TOUCH_TABLE = update(TABLES).where(TABLES.c.code == bindparam("key")).values(updated=bindparam("updated"))

@dataclass(frozen=True)
class TableRow:
    """A table as stored: enough to rebuild it (its actions are read apart)."""

    code: str
    variant: str
    seats: list[dict[str, Any]]
    seed: int
    lang: str
    turn_seconds: float | None
    creator: str
    status: str


@dataclass(frozen=True)
class StoredAction:
    hand: int
    seq: int
    seat: int
    text: str


class Store:
    """The database behind a server (one per process; its engine pools connections)."""

    def __init__(self, url: str) -> None:
        self.url = url
        sqlite = url.startswith("sqlite")
        args: dict[str, Any] = {"connect_args": {"check_same_thread": False, "timeout": 30}} if sqlite else {}
        self.engine: Engine = create_engine(url, future=True, pool_pre_ping=not sqlite, **args)
        if sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        META.create_all(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    # tables --------------------------------------------------------------------------------
    def add_table(self, row: TableRow) -> None:
        now = time.time()
        with self.engine.begin() as db:
            db.execute(TABLES.insert().values(
                code=row.code, variant=row.variant, seats=json.dumps(row.seats), seed=row.seed, lang=row.lang,
                turn_seconds=row.turn_seconds, creator=row.creator, status=row.status, created=now, updated=now))

    def set_seats(self, code: str, seats: list[dict[str, Any]]) -> None:
        with self.engine.begin() as db:
            db.execute(update(TABLES).where(TABLES.c.code == code).values(seats=json.dumps(seats), updated=time.time()))

    def set_status(self, code: str, status: str) -> None:
        with self.engine.begin() as db:
            db.execute(update(TABLES).where(TABLES.c.code == code).values(status=status, updated=time.time()))

    def open_tables(self) -> list[TableRow]:
        """Every table still open, oldest first (what a restarted server rebuilds)."""
        with self.engine.connect() as db:
            rows = db.execute(select(TABLES).where(TABLES.c.status == "open").order_by(TABLES.c.created)).mappings()
            return [_table_row(r) for r in rows]

    def table(self, code: str) -> TableRow | None:
        with self.engine.connect() as db:
            r = db.execute(select(TABLES).where(TABLES.c.code == code)).mappings().first()
            return None if r is None else _table_row(r)

    # actions -------------------------------------------------------------------------------
    def add_action(self, code: str, action: StoredAction) -> None:
        """Commit one action (before anyone is told of it)."""
        now = time.time()
        with self.engine.begin() as db:
            db.execute(ADD_ACTION, {"code": code, "hand": action.hand, "seq": action.seq, "seat": action.seat,
                                    "text": action.text, "at": now})
            db.execute(TOUCH_TABLE, {"key": code, "updated": now})

    def actions_of(self, code: str) -> list[StoredAction]:
        """A table's actions in the order they were taken."""
        with self.engine.connect() as db:
            rows = db.execute(select(ACTIONS.c.hand, ACTIONS.c.seq, ACTIONS.c.seat, ACTIONS.c.text)
                              .where(ACTIONS.c.code == code).order_by(ACTIONS.c.hand, ACTIONS.c.seq))
            return [StoredAction(r.hand, r.seq, r.seat, r.text) for r in rows]

    # records -------------------------------------------------------------------------------
    def add_record(self, code: str, kind: str, variant: str, hand: int, summary: dict[str, Any],
                   body: dict[str, Any]) -> int:
        """Store a finished hand (``kind="hand"``) or match (``"match"``); its id."""
        with self.engine.begin() as db:
            result = db.execute(RECORDS.insert().values(
                code=code, kind=kind, variant=variant, hand=hand, summary=json.dumps(summary),
                body=json.dumps(body), created=time.time()))
            key = result.inserted_primary_key
            assert key is not None
            return int(key[0])

    def add_record_once(self, code: str, kind: str, variant: str, hand: int, summary: dict[str, Any],
                        body: dict[str, Any]) -> int:
        """``add_record`` unless the table already stored this hand's (or match's) record: a
        table rebuilt after a restart replays a finished hand without storing it twice."""
        with self.engine.connect() as db:
            found = db.execute(select(RECORDS.c.id).where(
                (RECORDS.c.code == code) & (RECORDS.c.kind == kind) & (RECORDS.c.hand == hand))).scalar()
        if found is not None:
            return int(found)
        return self.add_record(code, kind, variant, hand, summary, body)

    def records(self, limit: int = 100, offset: int = 0) -> list[dict[str, Any]]:
        """The latest records, newest first: id, table, kind, variant, hand, summary, created."""
        cols = [RECORDS.c.id, RECORDS.c.code, RECORDS.c.kind, RECORDS.c.variant, RECORDS.c.hand,
                RECORDS.c.summary, RECORDS.c.created]
        with self.engine.connect() as db:
            rows = db.execute(select(*cols).order_by(RECORDS.c.id.desc()).limit(limit).offset(offset)).mappings()
            return [{**dict(r), "summary": json.loads(r["summary"])} for r in rows]

    def record(self, rid: int) -> dict[str, Any] | None:
        """One record: its columns and ``body`` (the JSON record ``paixing replay`` reads)."""
        with self.engine.connect() as db:
            r = db.execute(select(RECORDS).where(RECORDS.c.id == rid)).mappings().first()
            if r is None:
                return None
            return {**dict(r), "summary": json.loads(r["summary"]), "body": json.loads(r["body"])}

    def count_records(self) -> int:
        with self.engine.connect() as db:
            return int(db.execute(select(func.count()).select_from(RECORDS)).scalar_one())

    def clear(self) -> None:
        """Drop every row (tests sharing one PostgreSQL database start clean)."""
        with self.engine.begin() as db:
            for t in (ACTIONS, RECORDS, TABLES):
                db.execute(t.delete())


def _table_row(r: Any) -> TableRow:
    return TableRow(r["code"], r["variant"], json.loads(r["seats"]), int(r["seed"]), r["lang"], r["turn_seconds"],
                    r["creator"], r["status"])


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL: readers never block the writer; NORMAL sync: a killed process loses no commit."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()

