"""Loading variant files: YAML with positions, ``extends:`` merging, and errors a person can act on.

Every error reads ``file:line:col: path.to.key: what was expected (did you mean …?)``. Positions
survive merging: each mapping and list remembers where each of its entries was written, in
whichever file wrote it, so an error in an inherited key points at the parent file.

Merge rules for ``extends:`` (the child is laid over the parent):
- mappings merge key by key, recursively;
- a list whose items all have an ``id`` merges by id: an item with a known id is merged into
  the parent's item, a new id is appended, and ``{id: x, remove: true}`` deletes item x;
- any other list (the ladder, examples, …) is replaced whole;
- ``extends`` itself is not inherited, and ``id`` and ``name`` must be given by the child.
"""

from __future__ import annotations

import difflib
import types
import typing
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError

from .cards import CardError, parse_cards
from .conditions import parse_condition
from .models import Variant
from .scoring import Contract

Pos = tuple[str, int, int]
"""(file, line, column), 1-based."""


class VariantError(ValueError):
    """One or more problems in a variant file, each on its own line with file:line:col."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))


class PosDict(dict[str, Any]):
    """A mapping that remembers where each key was written."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.key_pos: dict[str, Pos] = {}
        self.pos: Pos | None = None


class PosList(list[Any]):
    """A list that remembers where each item was written."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.item_pos: list[Pos | None] = []
        self.pos: Pos | None = None


def _convert(node: Any, file: str) -> Any:
    """ruamel's round-trip tree → plain data carrying positions."""
    if isinstance(node, CommentedMap):
        out = PosDict()
        out.pos = (file, node.lc.line + 1, node.lc.col + 1)
        for key, value in node.items():
            k = str(key)
            out[k] = _convert(value, file)
            line, col = node.lc.key(key)
            out.key_pos[k] = (file, line + 1, col + 1)
        return out
    if isinstance(node, CommentedSeq):
        seq = PosList()
        seq.pos = (file, node.lc.line + 1, node.lc.col + 1)
        for i, value in enumerate(node):
            seq.append(_convert(value, file))
            line, col = node.lc.item(i)
            seq.item_pos.append((file, line + 1, col + 1))
        return seq
    if isinstance(node, str):
        return str(node)
    if isinstance(node, bool):
        return bool(node)
    if isinstance(node, int):
        return int(node)
    if isinstance(node, float):
        return float(node)
    return node


def read_yaml(path: Path) -> PosDict:
    """Parse one YAML file into position-carrying data; a syntax error becomes a VariantError."""
    file = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise VariantError([f"{file}: cannot read: {exc.strerror or exc}"]) from None
    yaml = YAML(typ="rt")
    try:
        tree = yaml.load(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark
        where = f"{file}:{mark.line + 1}:{mark.column + 1}" if mark else file
        raise VariantError([f"{where}: invalid YAML: {exc.problem}"]) from None
    data = _convert(tree, file)
    if not isinstance(data, PosDict):
        raise VariantError([f"{file}:1:1: a variant file must be a mapping of keys (id, name, ranks, …)"])
    return data


def _has_ids(items: list[Any]) -> bool:
    return bool(items) and all(isinstance(i, dict) and "id" in i for i in items)


def merge(parent: Any, child: Any) -> Any:
    """Lay ``child`` over ``parent`` by the rules in this module's docstring."""
    if isinstance(parent, dict) and isinstance(child, dict):
        out = PosDict()
        out.pos = getattr(child, "pos", None)
        for src in (parent, child):
            for k in src:
                if k in out and src is child:
                    out[k] = merge(out[k], child[k])
                else:
                    out[k] = src[k]
                positions = getattr(src, "key_pos", {})
                if k in positions:
                    out.key_pos[k] = positions[k]
        return out
    if isinstance(parent, list) and isinstance(child, list) and _has_ids(parent) and _has_ids(child):
        merged = PosList()
        merged.pos = getattr(child, "pos", None)
        positions = list(getattr(parent, "item_pos", [None] * len(parent)))
        items = list(parent)
        index = {item["id"]: i for i, item in enumerate(items)}
        removed: set[int] = set()
        for j, item in enumerate(child):
            cpos = child.item_pos[j] if isinstance(child, PosList) and j < len(child.item_pos) else None
            if item["id"] in index:
                i = index[item["id"]]
                if item.get("remove") is True:
                    removed.add(i)
                    continue
                items[i] = merge(items[i], item)
                positions[i] = cpos
            else:
                index[item["id"]] = len(items)
                items.append(item)
                positions.append(cpos)
        for i, item in enumerate(items):
            if i not in removed:
                merged.append(item)
                merged.item_pos.append(positions[i])
        return merged
    return child


def builtin_dir() -> Path:
    """Where the built-in variant files live, in a checkout or an installed package."""
    return Path(str(resources.files("paixing.variants")))


def builtin_ids() -> list[str]:
    return sorted(p.stem for p in builtin_dir().glob("*.yaml"))


def resolve_path(ref: str, relative_to: Path | None = None) -> Path:
    """A variant reference is a file path or a built-in id; ``extends`` looks beside the child first."""
    candidates: list[Path] = []
    p = Path(ref)
    if p.suffix in (".yaml", ".yml"):
        candidates.append(p if relative_to is None or p.is_absolute() else relative_to / p)
        candidates.append(p)
    else:
        if relative_to is not None:
            candidates.append(relative_to / f"{ref}.yaml")
        candidates.append(builtin_dir() / f"{ref}.yaml")
    for c in candidates:
        if c.is_file():
            return c
    raise FileNotFoundError(ref)


def load_data(path: Path, _chain: tuple[str, ...] = ()) -> PosDict:
    """Read a file and everything it extends, merged; no validation yet."""
    data = read_yaml(path)
    parent_ref = data.get("extends")
    if parent_ref is None:
        return data
    where = _where(data.key_pos.get("extends"), str(path))
    if not isinstance(parent_ref, str):
        raise VariantError([f"{where}: extends: expected the id or file of another variant"])
    try:
        parent_path = resolve_path(parent_ref, path.parent)
    except FileNotFoundError:
        known = builtin_ids() + sorted(p.stem for p in path.parent.glob("*.y*ml") if p != path)
        hint = _did_you_mean(parent_ref, known)
        raise VariantError(
            [f"{where}: extends: no variant {parent_ref!r} beside this file or built in{hint}"]
        ) from None
    key = str(parent_path.resolve())
    if key in _chain or key == str(path.resolve()):
        raise VariantError([f"{where}: extends: {parent_ref!r} extends this file again (a cycle)"])
    parent = load_data(parent_path, _chain + (str(path.resolve()),))
    parent.pop("extends", None)
    # A child is a variant of its own: its id and name are never inherited.
    for own in ("id", "name"):
        parent.pop(own, None)
    removals = _unknown_removals(parent, data, str(path))
    if removals:
        raise VariantError(removals)
    merged = merge(parent, data)
    assert isinstance(merged, PosDict)
    return merged


def _unknown_removals(parent: Any, child: Any, file: str, loc: tuple[str, ...] = ()) -> list[str]:
    """``{id: x, remove: true}`` items naming an id the parent does not have."""
    problems: list[str] = []
    if isinstance(parent, dict) and isinstance(child, dict):
        for k in child:
            if k in parent:
                problems += _unknown_removals(parent[k], child[k], file, loc + (k,))
    elif isinstance(parent, list) and isinstance(child, PosList) and _has_ids(parent) and _has_ids(child):
        known = [item["id"] for item in parent]
        for j, item in enumerate(child):
            if item.get("remove") is True and item["id"] not in known:
                where = _where(child.item_pos[j] if j < len(child.item_pos) else None, file)
                hint = _did_you_mean(str(item["id"]), [str(k) for k in known])
                problems.append(f"{where}: {'.'.join(loc)}: remove: the parent has no {item['id']!r} to remove{hint}")
    return problems


def _where(pos: Pos | None, file: str) -> str:
    return f"{pos[0]}:{pos[1]}:{pos[2]}" if pos else file


def _did_you_mean(word: str, options: list[str]) -> str:
    close = difflib.get_close_matches(word, options, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _locate(data: Any, loc: tuple[int | str, ...]) -> Pos | None:
    """The deepest recorded position along ``loc`` in position-carrying data."""
    best: Pos | None = getattr(data, "pos", None)
    node = data
    for part in loc:
        if isinstance(node, PosDict) and isinstance(part, str) and part in node:
            best = node.key_pos.get(part, best)
            node = node[part]
        elif isinstance(node, PosList) and isinstance(part, int) and 0 <= part < len(node):
            if part < len(node.item_pos) and node.item_pos[part] is not None:
                best = node.item_pos[part]
            node = node[part]
        else:
            break
    return best


def _model_at(model: type[BaseModel], loc: tuple[int | str, ...]) -> type[BaseModel] | None:
    """The model class that owns the last key of ``loc`` (for "did you mean" on unknown keys)."""
    current: Any = model
    for part in loc:
        if isinstance(part, int):
            continue
        if not (isinstance(current, type) and issubclass(current, BaseModel)):
            return None
        field = current.model_fields.get(part)
        if field is None:
            field = next((f for f in current.model_fields.values() if f.alias == part), None)
        if field is None:
            return None
        current = _inner_model(field.annotation)
    return current if isinstance(current, type) and issubclass(current, BaseModel) else None


def _inner_model(annotation: Any) -> Any:
    origin = typing.get_origin(annotation)
    if origin in (list, typing.Union, types.UnionType) or origin is not None:
        for arg in typing.get_args(annotation):
            found = _inner_model(arg)
            if isinstance(found, type) and issubclass(found, BaseModel):
                return found
        return None
    return annotation


def _field_names(model: type[BaseModel]) -> list[str]:
    return [f.alias or name for name, f in model.model_fields.items()]


def _clean_loc(loc: tuple[int | str, ...]) -> tuple[int | str, ...]:
    """Drop pydantic's internal union/validator tags from an error location."""
    return tuple(p for p in loc if isinstance(p, int) or not (p.startswith("function-") or p in ("int", "str", "list[str]", "RungEntry", "Range", "constrained-str")))


def _dotted(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


def describe_validation_error(exc: ValidationError, data: PosDict, file: str) -> list[str]:
    """One line per pydantic error: position, key path, what was expected."""
    problems: list[str] = []
    seen: set[str] = set()
    for err in exc.errors():
        loc = _clean_loc(tuple(err["loc"]))
        where = _where(_locate(data, loc), file)
        kind = err["type"]
        if kind == "extra_forbidden":
            owner = _model_at(Variant, loc[:-1])
            hint = _did_you_mean(str(loc[-1]), _field_names(owner)) if owner else ""
            msg = f"unknown key {str(loc[-1])!r}{hint}"
        elif kind == "missing":
            msg = "required key is missing"
        elif kind == "literal_error":
            msg = f"expected {err['ctx']['expected']}, got {err.get('input')!r}"
        elif kind == "string_pattern_mismatch" and loc and loc[-1] not in ("id",):
            msg = f"expected a rank (3 4 5 6 7 8 9 10 J Q K A 2 BJ RJ), got {err.get('input')!r}"
        else:
            text = err["msg"].removeprefix("Value error, ")
            msg = f"{text}, got {err.get('input')!r}" if kind.endswith("_type") or kind.endswith("_parsing") else text
        line = f"{where}: {_dotted(loc)}: {msg}"
        if line not in seen:
            seen.add(line)
            problems.append(line)
    return problems


@dataclass(frozen=True)
class Located:
    """A semantic problem found after validation, with the key path it concerns."""

    loc: tuple[int | str, ...]
    message: str


def semantic_problems(v: Variant) -> Iterator[Located]:
    """Cross-references pydantic cannot check field by field."""
    ids = [t.id for t in v.hand_types]
    known_ranks = set(v.ranks.order)
    wild = set(v.wildcards.cards) if v.wildcards else set()
    if v.deck.extra.get("FL") and not v.wildcards:
        yield Located(("deck", "extra"), "a flower card FL has no rank: list it in wildcards.cards")
    if v.wildcards:
        both = wild & known_ranks
        if both:
            yield Located(("wildcards", "cards"), f"{sorted(both)} are wild and also ranks in ranks.order")
        if not v.deck.jokers and wild & {"BJ", "RJ"}:
            yield Located(("wildcards", "cards"), "the deck has no jokers (deck.jokers is false)")
        if v.deck.extra.get("FL") and "FL" not in wild:
            yield Located(("deck", "extra"), "a flower card FL has no rank: list it in wildcards.cards")
        if "FL" in wild and not v.deck.extra.get("FL"):
            yield Located(("wildcards", "cards"), "the deck has no flower cards (deck.extra has no FL)")
    if v.deck.jokers and not wild and not {"BJ", "RJ"} <= known_ranks:
        yield Located(("ranks", "order"), "the deck has jokers: list BJ and RJ in ranks.order or make them wild")
    for i, t in enumerate(v.hand_types):
        if t.set is not None:
            for r in t.set.ranks:
                if r not in known_ranks:
                    yield Located(("hand_types", i, "set", "ranks"), f"rank {r!r} is not in ranks.order")
        if t.cards is not None:
            for j, token in enumerate(t.cards):
                try:
                    parse_cards(token)
                except CardError as exc:
                    yield Located(("hand_types", i, "cards", j), str(exc))
        if t.kickers is not None:
            if v.wildcards and (t.wilds.max is None or t.wilds.max > 0):
                yield Located(("hand_types", i, "wilds"), "a hand type with kickers must say wilds: {max: 0} (wild kickers are not in the language yet)")
            if t.shape not in ("group", "chain"):
                yield Located(("hand_types", i, "kickers"), "kickers attach only to a group or chain shape")
            for j, other in enumerate(t.kickers.may_not_contain):
                if other not in ids:
                    yield Located(("hand_types", i, "kickers", "may_not_contain", j), f"unknown hand type {other!r}{_did_you_mean(other, ids)}")
        if "suit" in t.compare.key + t.compare.same and not (t.set is not None and t.set.suits == "same"):
            yield Located(("hand_types", i, "compare", "key"), "the suit feature needs a set shape with suits: same")
    placed: dict[str, int] = {}
    spans: dict[str, list[tuple[int, float]]] = {}
    for step, rung in enumerate(v.ladder):
        for j, entry in enumerate(rung):
            if entry.type not in ids:
                yield Located(("ladder", step, j), f"unknown hand type {entry.type!r}{_did_you_mean(entry.type, ids)}")
                continue
            lo = entry.length.min if entry.length else 0
            hi: float = float("inf") if entry.length is None or entry.length.max is None else entry.length.max
            if any(lo <= b and a <= hi for a, b in spans.get(entry.type, [])):
                # one play on two rungs would both beat and lose to the same plays
                yield Located(("ladder", step, j), f"hand type {entry.type!r} is on the ladder twice for the same lengths")
            spans.setdefault(entry.type, []).append((lo, hi))
            placed[entry.type] = step
    for t in v.hand_types:
        if t.playable and t.id not in placed:
            yield Located(("hand_types", ids.index(t.id), "id"), f"hand type {t.id!r} is not on the ladder")
    classes: dict[str, tuple[list[Any], list[Any]]] = {}
    for i, t in enumerate(v.hand_types):
        cls = t.compare.class_ or t.id
        spec = (list(t.compare.key), list(t.compare.same))
        if cls in classes and classes[cls] != spec:
            yield Located(("hand_types", i, "compare"), f"class {cls!r} is compared differently by another hand type")
        classes.setdefault(cls, spec)
    if v.game is not None:
        yield from _game_problems(v, ids)
    for i, ex in enumerate(v.examples):
        for key in ("play", "beats", "does_not_beat", "hand", "last"):
            text = getattr(ex, key)
            if text is not None:
                try:
                    parse_cards(text)
                except CardError as exc:
                    yield Located(("examples", i, key), str(exc))
        for key in ("classify",):
            for j, tid in enumerate(getattr(ex, key) or []):
                if tid not in ids:
                    yield Located(("examples", i, key, j), f"unknown hand type {tid!r}{_did_you_mean(tid, ids)}")


def _condition_lists(c: Contract) -> Iterator[tuple[tuple[int | str, ...], list[str]]]:
    """Every list of conditions in a contract, with its place in the file."""
    for k, rule in enumerate(c.end.rules):
        yield ("end", "rules", k, "when"), rule.when
    for k, row in enumerate(c.score):
        yield ("score", k, "when"), row.when
    for k, factor in enumerate(c.multipliers.when):
        yield ("multipliers", "when", k, "if"), factor.conditions


def _game_problems(v: Variant, ids: list[str]) -> Iterator[Located]:
    """Cross-references inside ``game:``: hand types, contracts and events named must exist."""
    g = v.game
    assert g is not None
    contracts = [c.id for c in g.contracts]
    events = [e.id for e in g.dealt_events]

    def type_ref(loc: tuple[int | str, ...], tid: str) -> Iterator[Located]:
        if tid not in ids:
            yield Located(loc, f"unknown hand type {tid!r}{_did_you_mean(tid, ids)}")

    def contract_ref(loc: tuple[int | str, ...], cid: str) -> Iterator[Located]:
        if cid not in contracts:
            yield Located(loc, f"unknown contract {cid!r}{_did_you_mean(cid, contracts)}")

    if g.dealer.first_hand == "holder":
        if g.dealer.card is None:
            yield Located(("game", "dealer", "card"), "first_hand: holder needs the card")
        else:
            try:
                parse_cards(g.dealer.card)
            except CardError as exc:
                yield Located(("game", "dealer", "card"), str(exc))
    for i, e in enumerate(g.dealt_events):
        yield from type_ref(("game", "dealt_events", i, "hand_type"), e.hand_type)
        for j, other in enumerate(e.not_with):
            if other not in events:
                yield Located(("game", "dealt_events", i, "not_with", j), f"unknown event {other!r}{_did_you_mean(other, events)}")
    for i, step in enumerate(g.steps):
        body = getattr(step, step.kind)
        yield from contract_ref(("game", "steps", i, step.kind, "contract"), body.contract)
        counter = getattr(body, "counter", None)
        if counter is not None:
            yield from contract_ref(("game", "steps", i, step.kind, "counter"), counter)
        if step.kind == "shown_card" and v.deck.packs < 2:
            yield Located(("game", "steps", i, "shown_card"), "a shown card needs a twin: use two packs")
    if g.default_contract is not None:
        yield from contract_ref(("game", "default_contract"), g.default_contract)
    for i, c in enumerate(g.contracts):
        for tid in c.multipliers.per_play:
            yield from type_ref(("game", "contracts", i, "multipliers", "per_play", tid), tid)
        for loc, texts in _condition_lists(c):
            for j, text in enumerate(texts):
                for tid in parse_condition(text).hand_types:
                    yield from type_ref(("game", "contracts", i, *loc, j), tid)
    for i, b in enumerate(g.bonuses.tricks):
        yield from type_ref(("game", "bonuses", "tricks", i, "hand_type"), b.hand_type)
    for j, cid in enumerate(g.bonuses.contracts or []):
        yield from contract_ref(("game", "bonuses", "contracts", j), cid)
    for rank in g.play.points:
        if rank not in v.ranks.order:
            yield Located(("game", "play", "points", rank), f"rank {rank!r} is not in ranks.order")
    total = g.deal.kitty + (g.deal.cards_each or 0) * v.players
    deck_size = v.deck.packs * (54 if v.deck.jokers else 52) - len(v.deck.remove) * v.deck.packs + sum(v.deck.extra.values())
    if g.deal.cards_each is not None and total > deck_size:
        yield Located(("game", "deal", "cards_each"), f"{v.players} × {g.deal.cards_each} + kitty {g.deal.kitty} is more than the {deck_size} cards")


def load_variant(ref: str | Path) -> Variant:
    """Load a variant by built-in id or file path, merged and validated; raises VariantError."""
    if isinstance(ref, Path) or str(ref).endswith((".yaml", ".yml")) or "/" in str(ref):
        path = Path(ref)
        if not path.is_file():
            raise VariantError([f"{path}: no such file"])
    else:
        try:
            path = resolve_path(str(ref))
        except FileNotFoundError:
            raise VariantError(
                [f"unknown variant {str(ref)!r}{_did_you_mean(str(ref), builtin_ids())}; built in: {', '.join(builtin_ids())}"]
            ) from None
    data = load_data(path)
    file = str(path)
    try:
        variant = Variant.model_validate(data)
    except ValidationError as exc:
        raise VariantError(describe_validation_error(exc, data, file)) from None
    problems = [f"{_where(_locate(data, p.loc), file)}: {_dotted(p.loc)}: {p.message}" for p in semantic_problems(variant)]
    if problems:
        raise VariantError(problems)
    return variant
