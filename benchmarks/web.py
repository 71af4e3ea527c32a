"""The web server under load: many tables playing at once over websockets, through the public
JSON protocol (docs/web.md), against a real ``paixing serve``.

    python benchmarks/web.py [--tables 200] [--seconds 30] [--variant banzipao] [--server-bots 0] [--json FILE]

Starts ``paixing serve`` (uvicorn) as a subprocess on a free loopback port, with a temporary
``--data-dir`` and a temporary SQLite ``--db``, then opens ``--tables`` tables at once and plays
them for ``--seconds``; a table whose match is over is replaced by a new one.

Bot-only tables, every bot a client of the public protocol: each seat of a table is a
websocket client of this script (the creator's seat from ``POST /api/tables``, the others from
``POST /api/tables/{code}/join``), a bot that plays as another program would through
docs/web.md: on its turn it sends the first of ``state.legal`` (a contract step) or asks for the
``hint`` and plays it (``act`` with the state's ``seq``), and it sends ``next`` when a hand is
over. ``--server-bots K`` makes the last K seats the server's own ``bot:greedy`` instead (they
move inside the server, with no message). Each client keeps under the server's message rate (8
a second per connection) by a token bucket of its own, so that a ``rate`` error is a real error.

Each table is created from its own loopback address (127.1.x.y: Linux routes all of 127/8 to
``lo``), since the server allows 20 open tables per client address.

Measured: actions a second (every action of every table, counted from the ``seq`` of the state
messages seat 0's client receives, within the window); the latency from a
client's ``act`` (or ``next``, or the table's creation) to the first state message that shows
it, p50 and p99; the server's resident memory (``VmRSS`` and ``VmHWM`` from /proc) and its CPU
seconds (beside the machine's load average: on a shared machine the server gets only its
share of a core); and errors: every ``error`` message, refused request, dropped connection or a server
that died. There must be none.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

RATE = 7.0
"""Messages a second a client sends at most (the server allows 8, bursts of 16)."""
BURST = 12.0


@dataclass
class Stats:
    """What all the tables saw, together."""

    actions: int = 0
    hands: int = 0
    tables: int = 0
    act_ms: list[float] = field(default_factory=list)
    start_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


class Pacer:
    """A client's own token bucket, so that it never sends faster than the server allows."""

    def __init__(self) -> None:
        self.tokens = BURST
        self.stamp = time.monotonic()

    async def wait(self) -> None:
        while True:
            now = time.monotonic()
            self.tokens = min(BURST, self.tokens + (now - self.stamp) * RATE)
            self.stamp = now
            if self.tokens >= 1:
                self.tokens -= 1
                return
            await asyncio.sleep((1 - self.tokens) / RATE)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(folder: Path, port: int) -> subprocess.Popen[bytes]:
    """``paixing serve`` on ``port`` with a fresh SQLite database, once it answers."""
    argv = [sys.executable, "-m", "paixing", "serve", "--bot-delay", "0", "--port", str(port), "--data-dir", str(folder),
            "--db", f"sqlite:///{folder / 'bench.db'}"]
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    for _ in range(400):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return proc
        except OSError:
            if proc.poll() is not None:
                err = proc.stderr.read().decode() if proc.stderr else ""
                raise SystemExit(f"paixing serve stopped: {err.strip()}") from None
            time.sleep(0.05)
    proc.kill()
    raise SystemExit("paixing serve did not answer in 20 s")


def proc_numbers(pid: int) -> dict[str, float]:
    """The server's resident memory now and at its peak (MB), and its CPU seconds so far."""
    out: dict[str, float] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            out[key] = int(value.split()[0]) / 1024
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    out["cpu_s"] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return out


def source_address(index: int) -> str:
    """A loopback address of its own for table ``index`` (127.1.0.2, 127.1.0.3, …)."""
    return f"127.1.{index // 250}.{index % 250 + 2}"


class Player:
    """One seat's bot client at one table: what it last saw, what it waits for."""

    def __init__(self, ws: Any, stats: Stats, started: float, counts: bool) -> None:
        self.ws = ws
        self.stats = stats
        self.counts = counts
        """Whether this client counts the table's actions and hands (seat 0's does)."""
        self.pacer = Pacer()
        self.pending: tuple[int, int, float, list[float]] | None
        """(hand, seq) acted on, when, and the list its latency goes to."""
        self.seen = (1, 0)
        self.acted: tuple[int, int] | None = None
        self.asked: dict[str, Any] | None = None
        # the table's first state answers its creation (or, for a joining seat, its join)
        self.pending = (1, -1, started, stats.start_ms if counts else [])

    async def send(self, message: dict[str, Any], state: dict[str, Any], to: list[float]) -> None:
        await self.pacer.wait()
        self.pending = (state["hand_number"], state["seq"], time.monotonic(), to)
        await self.ws.send(json.dumps(message))

    def count(self, state: dict[str, Any]) -> None:
        """Actions since the last state seen (a new hand starts at seq 0); the latency of the
        message this state answers."""
        hand, seq = state["hand_number"], state["seq"]
        if self.counts:
            self.stats.actions += max(0, seq - self.seen[1]) if hand == self.seen[0] else seq
        self.seen = (hand, seq)
        if self.pending is not None and (hand, seq) > self.pending[:2]:
            self.pending[3].append((time.monotonic() - self.pending[2]) * 1000)
            self.pending = None

    async def on_state(self, state: dict[str, Any]) -> bool:
        """Act if it is this seat's turn; False when the match is over (a new table is due)."""
        self.count(state)
        if state["finished"]:
            self.stats.hands += self.counts
            return False
        key = (state["hand_number"], state["seq"])
        if self.pending is not None or self.acted == key:
            return True
        if state["phase"] == "over":
            if state["result"] is not None and state["you"] not in state["ready"]:
                self.stats.hands += self.counts
                self.acted = key
                await self.send({"type": "next"}, state, self.stats.act_ms)
            return True
        if state["turn"] != state["you"]:
            return True
        self.acted = key
        if state["legal"]:
            await self.send({"type": "act", "action": state["legal"][0]["action"], "seq": state["seq"]},
                            state, self.stats.act_ms)
        else:
            self.asked = state
            await self.pacer.wait()
            await self.ws.send(json.dumps({"type": "hint"}))
        return True

    async def on_hint(self, hint: dict[str, Any]) -> None:
        state, self.asked = self.asked, None
        if state is None:
            self.stats.errors.append(f"a hint nobody asked for: {hint}")
            return
        await self.send({"type": "act", "action": hint["action"], "seq": state["seq"]}, state, self.stats.act_ms)


async def post_json(port: int, path: str, body: dict[str, Any], local: str) -> tuple[int, dict[str, Any]]:
    """One HTTP/1.1 POST from ``local`` (a plain socket: an HTTP client library builds a TLS
    context per client, 70 ms each, which would be the client's own cost, not the server's)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(local, 0))
    data = json.dumps(body).encode()
    writer.write(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
                 f"Content-Length: {len(data)}\r\nConnection: close\r\n\r\n".encode() + data)
    await writer.drain()
    raw = await reader.read()
    writer.close()
    head, _, payload = raw.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    if b"transfer-encoding: chunked" in head.lower():
        payload = b"".join(payload.split(b"\r\n")[1::2])
    return status, json.loads(payload or b"{}")


async def play_table(port: int, index: int, variant: str, seats: list[str], stats: Stats, deadline: float) -> None:
    """Open tables one after another from this table's address and play them until ``deadline``."""
    local = source_address(index)
    while time.monotonic() < deadline:
        started = time.monotonic()
        status, body = await post_json(port, "/api/tables", {"variant": variant, "seats": seats, "lang": "en"}, local)
        if status != 200:
            stats.errors.append(f"table {index}: POST /api/tables: {status} {body}")
            return
        stats.tables += 1
        code, tokens = body["code"], [body["seat_token"]]
        for seat in range(1, seats.count("human")):
            status, joined = await post_json(port, f"/api/tables/{code}/join", {"seat": seat}, local)
            if status != 200:
                stats.errors.append(f"table {index}: join seat {seat}: {status} {joined}")
                return
            tokens.append(joined["seat_token"])
        urls = [f"ws://127.0.0.1:{port}/ws/t/{code}?token={token}" for token in tokens]
        try:
            again = await asyncio.gather(*(play_one(url, index, stats, started, deadline, seat == 0)
                                           for seat, url in enumerate(urls)))
        except (ConnectionClosed, OSError) as exc:
            stats.errors.append(f"table {index}: the connection broke: {exc}")
            return
        if not all(again):
            return


async def play_one(url: str, index: int, stats: Stats, started: float, deadline: float, counts: bool) -> bool:
    """One seat of a table to its match's end (True: open another) or to the deadline (False)."""
    async with connect(url, local_addr=(source_address(index), 0), max_size=2**22, open_timeout=120) as ws:
        player = Player(ws, stats, started, counts)
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=left)
            except TimeoutError:
                return False
            message = json.loads(raw)
            kind = message["type"]
            if kind == "error":
                stats.errors.append(f"table {index}: {message['code']}: {message['message']}")
                return False
            if kind == "state" and not await player.on_state(message):
                return True
            if kind == "hint":
                await player.on_hint(message)


async def sample_memory(pid: int, peak: dict[str, float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        now = proc_numbers(pid)
        peak["VmRSS"] = max(peak.get("VmRSS", 0.0), now["VmRSS"])
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.5)


def players(base: str, variant: str) -> int:
    """The variant's seats, as the gallery's ``/api/variants`` gives them."""
    listed = httpx.get(f"{base}/api/variants", timeout=60).json()["variants"]
    found = [v["players"] for v in listed if v["id"] == variant]
    if not found or not isinstance(found[0], int):
        raise SystemExit(f"--variant {variant}: not a built-in variant with a game")
    return int(found[0])


async def run(args: argparse.Namespace, proc: subprocess.Popen[bytes], port: int) -> dict[str, Any]:
    stats = Stats()
    base = f"http://127.0.0.1:{port}"
    n = players(base, args.variant)
    if not 0 <= args.server_bots < n:
        raise SystemExit(f"--server-bots is 0–{n - 1} for {args.variant} (seat 0 is this script's)")
    seats = ["human"] * (n - args.server_bots) + ["bot:greedy"] * args.server_bots
    peak: dict[str, float] = {}
    stop = asyncio.Event()
    sampler = asyncio.create_task(sample_memory(proc.pid, peak, stop))
    before = proc_numbers(proc.pid)
    begun = time.monotonic()
    deadline = begun + args.seconds
    await asyncio.gather(*(play_table(port, i, args.variant, seats, stats, deadline) for i in range(args.tables)))
    elapsed = time.monotonic() - begun
    stop.set()
    await sampler
    after = proc_numbers(proc.pid)
    if proc.poll() is not None:
        stats.errors.append(f"the server died (exit {proc.returncode})")
    return summary(args, stats, elapsed, before, after, peak)


def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    if len(values) == 1:
        return round(values[0], 1)
    return round(statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1], 1)


def summary(args: argparse.Namespace, stats: Stats, elapsed: float, before: dict[str, float],
            after: dict[str, float], peak: dict[str, float]) -> dict[str, Any]:
    return {
        "variant": args.variant, "tables": args.tables, "server_bots": args.server_bots, "seconds": round(elapsed, 1),
        "tables_opened": stats.tables, "hands": stats.hands, "actions": stats.actions,
        "actions_per_second": round(stats.actions / elapsed, 1),
        "act_p50_ms": pct(stats.act_ms, 50), "act_p99_ms": pct(stats.act_ms, 99), "acts": len(stats.act_ms),
        "start_p50_ms": pct(stats.start_ms, 50), "start_p99_ms": pct(stats.start_ms, 99),
        "rss_start_mb": round(before["VmRSS"], 1), "rss_end_mb": round(after["VmRSS"], 1),
        "rss_peak_mb": round(max(peak.get("VmRSS", 0.0), after["VmHWM"]), 1),
        "server_cpu_s": round(after["cpu_s"] - before["cpu_s"], 1),
        "load_average": round(os.getloadavg()[0], 1), "cores": os.cpu_count(),
        "errors": len(stats.errors), "first_errors": stats.errors[:5],
    }


def show(out: dict[str, Any]) -> None:
    rows = [
        ("tables at once", out["tables"]), ("variant", out["variant"]), ("seconds", out["seconds"]),
        ("seats played by the server's bots", out["server_bots"]),
        ("tables opened", out["tables_opened"]), ("hands played", out["hands"]),
        ("actions (all seats)", out["actions"]), ("actions / s", out["actions_per_second"]),
        ("act → state p50 / p99 ms", f"{out['act_p50_ms']} / {out['act_p99_ms']} ({out['acts']} acts)"),
        ("new table → first state p50 / p99 ms", f"{out['start_p50_ms']} / {out['start_p99_ms']}"),
        ("server RSS start / end / peak MB", f"{out['rss_start_mb']} / {out['rss_end_mb']} / {out['rss_peak_mb']}"),
        ("server CPU s", out["server_cpu_s"]),
        ("machine load (1 min) / cores", f"{out['load_average']} / {out['cores']}"), ("errors", out["errors"]),
    ]
    width = max(len(r[0]) for r in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value}")
    for line in out["first_errors"]:
        print(f"  error: {line}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=200, help="tables playing at once (default 200)")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long they play (default 30)")
    parser.add_argument("--variant", default="banzipao", help="a built-in variant (default banzipao)")
    parser.add_argument("--server-bots", type=int, default=0, metavar="K",
                        help="the last K seats are the server's bot:greedy (default 0: every seat a protocol client)")
    parser.add_argument("--json", metavar="FILE", help="also write the numbers to FILE")
    args = parser.parse_args(argv)
    if not 1 <= args.tables <= 1000 or args.seconds <= 0:
        parser.error("--tables is 1–1000 (the server's open-table limit) and --seconds is positive")
    with tempfile.TemporaryDirectory(prefix="paixing-web-bench-") as tmp:
        port = free_port()
        proc = start_server(Path(tmp), port)
        try:
            out = asyncio.run(run(args, proc, port))
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
    show(out)
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 0 if out["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
