"""``paixing arena`` (docs/arena.md): seatings, the table and its interval, agents by name,
module:Class entry points and the JSON-lines protocol of external programs."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from paixing.arena import AgentError, arena, parse_agent, parse_agents
from paixing.arena.external import ExternalAgentError, pick
from paixing.arena.seating import seatings
from paixing.arena.stats import agent_stats, t975
from paixing.cli import app
from paixing.game.actions import PASS
from paixing.game.records import replay
from typer.testing import CliRunner

from tests.helpers import ROOT

EXAMPLE = ROOT / "examples" / "arena_agent.py"
runner = CliRunner()


def test_every_agent_sits_in_every_seat() -> None:
    assert seatings(3, 2) == [(0, 1, 0), (0, 0, 1), (1, 0, 0)]
    assert seatings(3, 3) == [(0, 1, 2), (2, 0, 1), (1, 2, 0)]
    assert seatings(4, 2) == [(0, 1, 0, 1), (1, 0, 1, 0)]
    assert seatings(4, 4) == [(0, 1, 2, 3), (3, 0, 1, 2), (2, 3, 0, 1), (1, 2, 3, 0)]
    for players, agents in ((3, 2), (3, 3), (4, 2), (4, 3), (4, 4), (3, 1)):
        table = seatings(players, agents)
        for agent in range(agents):
            assert all(any(s[seat] == agent for s in table) for seat in range(players))
    with pytest.raises(ValueError, match="3 agents given for 2 seats"):
        seatings(2, 3)


def test_interval() -> None:
    assert [round(t975(df), 3) for df in (1, 2, 3, 5, 10, 11, 20, 30, 1000)] == [12.706, 4.303, 3.182, 2.571, 2.228, 2.201, 2.086, 2.042, 1.962]
    stats = agent_stats("a", [1.0, 2.0, 3.0, 4.0], 8)
    assert stats.mean == 2.5 and stats.hands == 8
    assert stats.low is not None and stats.high is not None
    assert round(stats.high - 2.5, 4) == round(3.182 * (5 / 3) ** 0.5 / 2, 4) == 2.054
    assert agent_stats("a", [3.0], 1).to_json()["ci95"] is None


def test_a_tiny_run_exactly() -> None:
    """Two deals of 斗地主, random against greedy: three seatings each (the exact numbers are
    this seed's; the two agents' seat-scores sum to zero hand by hand)."""
    result = arena("doudizhu", parse_agents("random,greedy"), 2, seed=4)
    assert result.seatings == [("random", "greedy", "random"), ("random", "random", "greedy"), ("greedy", "random", "random")]
    assert [h.scores for h in result.hands] == EXPECTED_SCORES
    got = {a.agent: (a.hands, round(a.mean, 4), a.low and round(a.low, 4), a.high and round(a.high, 4)) for a in result.agents}
    assert got == EXPECTED_TABLE
    cli = runner.invoke(app, ["arena", "doudizhu", "--agents", "random,greedy", "--hands", "2", "--seed", "4", "--json"])
    assert cli.exit_code == 0, cli.output
    data = json.loads(cli.stdout)
    assert data["hands"] == 6 and data["deals"] == 2
    assert data["agents"] == [a.to_json() for a in result.agents]
    doc = (EXAMPLE.parent.parent / "docs" / "arena.md").read_text(encoding="utf-8")
    shown = doc.split("## `--json`")[1].split("```json")[1].split("```")[0]
    assert json.loads(shown) == data  # the example in docs/arena.md is this run's output


EXPECTED_SCORES = [(-8, 4, 4), (-24, 12, 12), (-6, 12, -6), (-2, 4, -2), (12, -24, 12), (6, -12, 6)]
# random: deal 0 gives (-8 + 4 - 24 + 12 + 12 + 12) / 6 = 1.3333..., deal 1 (-2 + 4 + 12 + 12 - 12 + 6) / 6
EXPECTED_TABLE = {"random": (12, -2.6667, -15.3727, 10.0393), "greedy": (6, 5.3333, -20.0787, 30.7453)}


def test_jobs_and_records(tmp_path: Path) -> None:
    one = arena("doudizhu", parse_agents("greedy,random"), 3, seed=2)
    two = arena("doudizhu", parse_agents("greedy,random"), 3, seed=2, jobs=2, out_dir=tmp_path)
    assert [h.scores for h in one.hands] == [h.scores for h in two.hands]
    records = sorted(tmp_path.glob("hand-*.json"))
    assert len(records) == 9
    record = json.loads(records[4].read_text(encoding="utf-8"))
    assert record["arena"] == {"seed": 2, "deal": 1, "seating": 1, "agents": ["greedy", "greedy", "random"]}
    assert replay(record).ok
    summary = json.loads((tmp_path / "arena.json").read_text(encoding="utf-8"))
    assert len(summary["results"]) == 9 and summary["agents"] == [a.to_json() for a in two.agents]


def test_external_program_round_trip(tmp_path: Path) -> None:
    """The example program plays whole hands over the JSON-lines protocol."""
    spec = f"exec:{sys.executable} {EXAMPLE}"
    result = arena("doudizhu", [parse_agent(spec), parse_agent("greedy")], 1, seed=3, out_dir=tmp_path)
    assert len(result.hands) == 3 and result.agents[0].agent == spec
    for path in tmp_path.glob("hand-*.json"):
        assert replay(json.loads(path.read_text(encoding="utf-8"))).ok


def test_pick_reads_an_index_or_a_text() -> None:
    legal = [PASS]
    assert pick({"action": 0}, legal, ["pass"]) is PASS
    assert pick({"action": "pass"}, legal, ["pass"]) is PASS
    for bad in ({"action": 1}, {"action": True}, {"move": 0}, [0], {"action": "33"}):
        with pytest.raises(ExternalAgentError, match="not {\"action\": index or text} of one of 1 legal actions"):
            pick(bad, legal, ["pass"])


def test_a_broken_program_is_one_line(tmp_path: Path) -> None:
    script = tmp_path / "mute.py"
    script.write_text("import sys\nfor line in sys.stdin:\n    if '\"act\"' in line:\n        print('hello')\n        sys.stdout.flush()\n")
    out = runner.invoke(app, ["arena", "doudizhu", "--agents", f"exec:{sys.executable} {script},greedy", "--hands", "1"])
    assert out.exit_code == 1
    assert out.output.strip().splitlines()[-1].endswith("answered 'hello', not a JSON line")


MODULE = '''
from paixing.game.actions import PASS

class Lowest:
    """Plays the first legal action that is not a pass."""

    name = "lowest"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, obs):
        return next((a for a in obs.legal if a != PASS), obs.legal[0])
'''


def test_module_class_agents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "my_agents.py").write_text(MODULE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    spec = parse_agent("my_agents:Lowest")
    assert spec.kind == "python"
    bot = spec.build(5, "doudizhu", 3)
    assert type(bot).__name__ == "Lowest" and bot.seed == 5  # type: ignore[attr-defined]
    result = arena("doudizhu", [spec, parse_agent("greedy")], 1, seed=1)
    assert len(result.hands) == 3
    with pytest.raises(AgentError, match="'my_agents' has no class 'Nope'"):
        parse_agent("my_agents:Nope")
    with pytest.raises(AgentError, match="cannot import 'no_such_module'"):
        parse_agent("no_such_module:Bot")


@pytest.mark.parametrize(
    ("agents", "message"),
    [
        ("clever,greedy", "--agents: unknown agent 'clever' (choose random, greedy, search, module:Class or exec:COMMAND)"),
        ("greedy:3,random", "--agents: bot 'greedy' takes no budget (got 'greedy:3')"),
        ("search:lots", "--agents: bad search budget 'lots': give rollouts (search:200) or a time (search:50ms, search:2s)"),
        ("exec:/no/such/program,greedy", "--agents: agent 'exec:/no/such/program': program '/no/such/program' not found"),
        ("greedy,", "--agents: empty agent name"),
        ("greedy,random,greedy,random", "--agents: 4 agents given for 3 seats"),
    ],
)
def test_bad_agents_are_one_line(agents: str, message: str) -> None:
    out = runner.invoke(app, ["arena", "doudizhu", "--agents", agents, "--hands", "1"])
    assert out.exit_code == 2
    assert out.output.strip() == message


def test_bad_sizes() -> None:
    out = runner.invoke(app, ["arena", "doudizhu", "--hands", "0"])
    assert (out.exit_code, out.output.strip()) == (2, "--hands must be at least 1")
