"""``paixing simulate VARIANT --matches N``: whole matches, reported per pair of partners."""

from __future__ import annotations

from paixing.runs.files import OutDirError
from paixing.runs.matches import MatchError, simulate_matches
from rich.table import Table

from .common import EXIT_NOT_A_PLAY, EXIT_USAGE, fail, new_console, print_json


def matches_report(variant: str, matches: int, seed: int, names: list[str], out: str | None, as_json: bool) -> None:
    """Play the matches and print the winners per side and the level (or points) progress."""
    if matches < 1:
        fail("--matches must be at least 1", EXIT_USAGE)
    try:
        summary = simulate_matches(variant, matches, seed, names, out_dir=out)
    except ValueError as exc:
        fail(str(exc), EXIT_USAGE)
    except OutDirError as exc:
        fail(str(exc), EXIT_USAGE)
    except MatchError as exc:
        fail(str(exc), EXIT_NOT_A_PLAY)
    data = summary.to_json()
    if as_json:
        print_json(data)
        return
    console = new_console()
    spread = data["hands_per_match"]
    sides = Table(title=f"{summary.variant}: {matches} matches, seed {seed}", caption=f"hands per match: mean {spread['mean']}, min {spread['min']}, max {spread['max']}")
    for col in ("side", "seats", "bots", "matches won", "win rate"):
        sides.add_column(col, justify="right" if col in ("matches won", "win rate") else "left")
    for k, seats in enumerate(summary.sides):
        bots = ", ".join(names[s] for s in seats)
        sides.add_row(str(k), " & ".join(map(str, seats)), bots, str(data["wins"][k]), f"{data['wins'][k] / matches:.1%}")
    console.print(sides)
    progress = Table(title="Progress (each side after every hand)")
    for col in ("match", "winner", "hands", "after each hand"):
        progress.add_column(col)
    for r in summary.results[:20]:
        steps = " ".join("/".join(map(str, p)) for p in r.progress)
        progress.add_row(str(r.index), str(r.winner), str(r.hands), steps)
    console.print(progress)
