"""The server's settings: where it listens, where variants and data live, and its limits.

Every limit a client can run into is here, in one frozen dataclass, so that a test (or an
operator) sets them in one place and the code never hides a number of its own."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class Limits:
    """What one client, one seat or the whole server may use (docs/web.md, "Limits")."""

    max_message_bytes: int = 16_384
    """Longest websocket message or JSON request body read; a longer one is refused."""
    max_yaml_bytes: int = 262_144
    """Largest variant file a table may be opened with."""
    tables_per_client: int = 20
    """Open tables one client address may have created."""
    actions_per_second: float = 8.0
    """Messages per second one connection may send (a burst of twice this is allowed)."""
    open_tables: int = 1000
    """Open tables on the server; creating one more is refused."""
    connections_per_table: int = 64
    """Websockets open on one table (players and spectators)."""
    idle_seconds: float = 3600.0
    """A table with no action and no message for this long is closed."""
    bot_workers: int = 2
    """Threads that run the bots' searches, off the event loop."""
    bot_delay: float = 0.0
    """Seconds a bot waits before it moves (so people can follow: ``paixing serve --bot-delay``,
    0.6 there; 0 here, for tests and embedding)."""
    log_events: int = 400
    """Most events of the hand's log a state message carries (the latest)."""


@dataclass(frozen=True)
class Settings:
    """One server: ``paixing serve --host --port --variants DIR --db URL``."""

    host: str = "127.0.0.1"
    port: int = 8000
    variants_dir: Path | None = None
    """Where users' variant files are read (and the editor saves them); None: built-ins only."""
    db_url: str | None = None
    """A SQLAlchemy URL (``sqlite:///…``, ``postgresql+psycopg://…``); None: SQLite in
    ``data_dir``."""
    data_dir: Path | None = None
    """The user's data directory (None: ``platformdirs.user_data_dir("paixing")``)."""
    limits: Limits = field(default_factory=Limits)
    turn_seconds: float | None = None
    """The default turn timer of a new table (None: off)."""

    def data_path(self) -> Path:
        """The data directory, created if missing."""
        if self.data_dir is not None:
            path = Path(self.data_dir)
        else:
            import platformdirs

            path = Path(platformdirs.user_data_dir("paixing"))
        path.mkdir(parents=True, exist_ok=True)
        return path

    def database_url(self) -> str:
        """The database to use: ``db_url``, else ``paixing.db`` in the data directory."""
        if self.db_url:
            return self.db_url
        return f"sqlite:///{self.data_path() / 'paixing.db'}"
