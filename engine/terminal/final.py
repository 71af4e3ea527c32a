"""The end of the hand at the terminal: the score table, the reason, the row that paid."""

from __future__ import annotations

from paixing.game.conditions import ranked
from paixing.game.events import Bonus, Reward
from rich.table import Table
from rich.text import Text

from .base import TerminalHandBase, _names, _signed

WORDED = ("first_out", "double_out", "captures")
"""The endings the result line words itself (an end rule's ``reason``, or its winner kind)."""
ROLE_WORDS = {"declarer": "declarer", "partner": "partner", "opponent": "opponent", "bystander": "sits out"}
"""How the result table words each role."""


class Final(TerminalHandBase):
    """The result of the hand."""

    def final(self) -> None:
        g = self.g
        result = g.result
        assert result is not None
        c = g.contract
        facts = result.facts
        totals = facts.get("totals")
        title = f"Result: {_names(c.name)}" if c is not None else "Result"
        table = Table(title=title)
        table.add_column("seat")
        table.add_column("role")
        table.add_column("place", justify="right")
        table.add_column("captured", justify="right")
        if totals is not None:
            table.add_column("after transfers", justify="right")
        table.add_column("score", justify="right")
        places = self.places()
        titles = c.titles if c is not None else []
        for s in self.order:
            place = places.index(s) + 1 if s in places else 0
            shown = str(place) if place else "—"
            if place and place <= len(titles):
                shown += f" {_names(titles[place - 1])}"
            row = [f"{self.names[s]} ({s})", self.role(s), shown,
                   str(g.captured[s]) if c is not None and self.capture_unit else "—"]
            if totals is not None:
                row.append(str(totals[s]))
            row.append(_signed(g.scores[s]))
            table.add_row(*row)
        self.console.print(table)
        self.say(Text("Result: ", style="bold"), self.reason())
        winners = ", ".join(self.names[s] for s in self.winners()) or "nobody"
        self.say(f"Winners: {winners}.")
        paid = g.score_row()
        mult = facts.get("multiplier", 1)
        if paid is not None and paid.note is not None:
            times = f" (×{mult}: {self.multiplier_parts()})" if mult != 1 else ""
            self.say(Text(f"Score row: {paid.note.en}{times}", style="dim"))
        if any(isinstance(e, (Reward, Bonus)) for e in g.log):
            self.say(Text("Scores include dealt-hand rewards and trick bonuses.", style="dim"))

    def multiplier_parts(self) -> str:
        """What the score was multiplied by, as settlement counted it: the bid, each counted
        play, each conditional factor of the file."""
        g = self.g
        assert g.contract is not None and g.result is not None
        named = {f.id: _names(f.name) for f in g.contract.multipliers.when}
        parts: list[str] = []
        for name, times in g.result.multiplier_parts:
            t = self.rs.type_by_id.get(name)
            if name == "bid" and t is None:
                parts.append(f"bid {times}")
            else:
                parts.append(f"{_names(t.name) if t is not None else named.get(name, name)} ×{times}")
        return ", ".join(parts)

    def places(self) -> tuple[int, ...]:
        """Seats by finishing place as settlement ranks them: those out, then the last player
        once only one still held cards (the fourth of four is placed, not "—")."""
        return ranked(self.g.facts()) if self.g.contract is not None else tuple(self.g.finish)

    def winners(self) -> list[int]:
        """The hand's winners; under a score row paid by place, every seat its place pays (a
        +1 second place wins too), in order of place."""
        g = self.g
        assert g.result is not None
        paid = g.score_row()
        if paid is None or paid.places is None:
            return list(g.result.winners)
        return [s for k, s in enumerate(self.places()) if k < len(paid.places) and paid.places[k] > 0]

    def role(self, s: int) -> str:
        """The seat's role, as the result table words it (one rule: ``Game.roles``)."""
        role = self.g.roles()[s]
        return "—" if role is None else ROLE_WORDS[role]

    def reason(self) -> str:
        g = self.g
        result = g.result
        assert result is not None
        facts = result.facts
        reason = self.ending_kind(result.reason)
        if reason == "first_out":
            return f"first out — {self.name(g.finish[0])} went out first."
        if reason == "double_out":
            a, b = g.finish[0], g.finish[1]
            return f"double out — {self.name(a)} and {self.name(b)}, one side, went out first and second."
        if reason == "captures":
            sides = facts.get("side_totals", [0, 0])
            c = g.contract
            assert c is not None
            rule = f"more than {c.end.win_above} wins" if c.end.win_above is not None else "more wins"
            return (f"captures ({self.capture_unit}, after transfers) — declarer's side {sides[0]}, "
                    f"opponents {sides[1]}; {rule}, a tie goes to the first player out's side.")
        if g.contract is None:
            return f"instant win — {self.event_name(reason)}."
        order = ", ".join(self.name(s) for s in self.places())
        return f"the hand is over — places: {order}."

    def ending_kind(self, reason: str) -> str:
        """The kind of ending a result's reason names: a variant's own name for an end rule
        (``three_out``) is read as the rule's winner kind (``first_out``), so the terminal words
        it and never prints the id; the kinds it words itself pass through."""
        g = self.g
        if reason in WORDED or g.contract is None:
            return reason
        rule = next((r for r in g.contract.end.rules if r.reason == reason), None)
        return rule.winner if rule is not None else reason
