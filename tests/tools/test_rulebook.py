"""Rulebooks: the committed books are fresh, they say what the engine computes, and the code and
templates that write them know no game."""

from __future__ import annotations

import re
from fractions import Fraction
from math import comb
from pathlib import Path

import paixing
import pytest
from paixing import rulebook
from paixing.hands.examples import run_example
from paixing.rulebook import (
    FORMATS,
    LANGS,
    RulebookError,
    book_files,
    diff_variants,
    facts,
    render_rulebook,
    seat_count,
)
from paixing.rules.loader import builtin_dir, builtin_ids, load_variant

from tests.helpers import ROOT

BOOKS = ROOT / "docs" / "rulebooks"
REGENERATE = "python -m paixing.rulebook docs/rulebooks"
CODE = Path(rulebook.__file__).parent  # the paixing.rulebook package
TEMPLATES = CODE.parent / "templates"


def section(text: str, heading: str) -> str:
    """The Markdown between ``## heading`` and the next ``## ``."""
    start = text.index(f"\n## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else len(text)]


def table_column(md: str, column: int) -> list[str]:
    """One column of the first Markdown table in ``md`` (header and rule excluded)."""
    rows = [line for line in md.splitlines() if line.startswith("|")]
    return [re.split(r"(?<!\\)\|", row)[column + 1].strip() for row in rows[2:]]


# ------------------------------------------------------------------------- committed books


def test_committed_books_are_fresh() -> None:
    expected = book_files()
    stale = [name for name, text in expected.items() if not (BOOKS / name).is_file() or (BOOKS / name).read_text(encoding="utf-8") != text]
    extra = sorted(p.name for p in BOOKS.glob("*") if p.name not in expected)
    assert not stale and not extra, (
        f"docs/rulebooks is out of date (stale or missing: {stale}; not generated: {extra}). "
        f"Regenerate with: {REGENERATE}" + (f" and remove {extra}" if extra else "")
    )


def test_every_builtin_variant_has_four_books() -> None:
    names = set(book_files())
    for vid in builtin_ids():
        for lang in LANGS:
            for fmt in FORMATS:
                assert f"{vid}.{lang}.{fmt}" in names
    index = (BOOKS / "README.md").read_text(encoding="utf-8")
    for vid in builtin_ids():
        for lang in LANGS:
            assert f"({vid}.{lang}.md)" in index and f"({vid}.{lang}.html)" in index


def test_module_main_writes_every_book(tmp_path: Path) -> None:
    assert rulebook.main([str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(book_files())
    assert rulebook.main([str(tmp_path), "--check"]) == 0
    (tmp_path / "README.md").write_text("stale\n", encoding="utf-8")
    assert rulebook.main([str(tmp_path), "--check"]) == 1


def test_bad_lang_or_format() -> None:
    with pytest.raises(ValueError, match="lang"):
        render_rulebook("banzipao", lang="fr")
    with pytest.raises(ValueError, match="fmt"):
        render_rulebook("banzipao", fmt="pdf")


# ------------------------------------------------------------------------- specific content


@pytest.mark.parametrize("lang", LANGS)
def test_ladder_table_is_the_ladder_low_to_high(lang: str) -> None:
    rs = paixing.ruleset("chibi-dagun")
    heading = {"zh": "出牌的大小", "en": "How plays compare"}[lang]
    md = section(render_rulebook("chibi-dagun", lang, "md"), heading)
    expected = [getattr(rs.type_by_id[e.type].name, lang) for rung in rs.variant.ladder for e in rung]
    assert table_column(md, 1) == expected
    rungs = [int(x) for x in table_column(md, 0)]
    assert rungs == [i + 1 for i, rung in enumerate(rs.variant.ladder) for _ in rung]
    assert rungs[-1] == 9 and table_column(md, 1)[-1] == {"zh": "天炸", "en": "Heaven bomb (four jokers)"}[lang]
    html = render_rulebook("chibi-dagun", lang, "html")
    ladder = html[html.index('<table class="wide ladder">') :]
    ladder = ladder[: ladder.index("</table>")]
    assert re.findall(r'href="#type-([a-z0-9_]+)"', ladder) == [e.type for rung in rs.variant.ladder for e in rung]


@pytest.mark.parametrize("lang", LANGS)
def test_thirteen_odds_is_printed_exactly(lang: str) -> None:
    # 13 cards of 13 different ranks from one 52-card pack: 4^13 of the C(52,13) hands.
    # (4**13 / comb(52, 13) = 1.0568e-04.)
    p = 4**13 / comb(52, 13)
    for fmt in FORMATS:
        text = render_rulebook("banzipao", lang, fmt)
        assert f"{p:.4e}" == "1.0568e-04"
        assert "1.0568e-04" in text
        assert "4^13 / C(52,13)" in text
    rs = paixing.ruleset("banzipao")
    assert rs.variant.game is not None
    event = next(e for e in rs.variant.game.dealt_events if e.hand_type == "shisanlan")
    assert seat_count(rs, event, 13) == 4**13
    odds = next(o for o in facts("banzipao").odds if o.event.id == event.id)
    # some seat of four, by inclusion–exclusion: each of j seats gets one card of every rank
    deals = [1]
    for j in range(1, 5):
        deals.append(deals[-1] * comb(52 - 13 * (j - 1), 13))
    falling = [1, 4, 12, 24, 24]
    some = sum((-1) ** (j + 1) * comb(4, j) * Fraction(falling[j] ** 13, deals[j]) for j in range(1, 5))
    assert odds.any_method == "ie" and odds.any_seat == pytest.approx(float(some), rel=1e-12)
    assert f"{float(some):.4e}" in render_rulebook("banzipao", lang, "md")


@pytest.mark.parametrize("lang", LANGS)
def test_differs_from_parent_names_the_overridden_kickers(lang: str) -> None:
    text = render_rulebook("doudizhu-rlcard", lang, "md")
    heading = {"zh": "与 斗地主 的不同", "en": "How it differs from Dou Dizhu"}[lang]
    part = section(text, heading)
    assert "plane_singles" in part and "four_two_singles" in part
    assert "`hand_types[plane_singles].kickers.may_not_contain`" in part
    assert "`hand_types[four_two_singles].kickers.may_not_contain`" in part
    assert "[bomb, rocket]" in part and "[rocket]" in part
    # nothing the child did not say: no other hand type, no ladder, no game changes
    paths = table_column(part, 0)
    assert all(p.strip("`").split(".")[0] in ("name", "description", "examples") or "plane_singles" in p or "four_two_singles" in p for p in paths)
    assert 'id="differs"' not in render_rulebook("doudizhu", "en", "html")


def test_diff_is_exactly_what_the_child_says() -> None:
    paths = {p for p, *_ in diff_variants(load_variant("doudizhu"), load_variant("doudizhu-rlcard"))}
    assert paths == {
        "name",
        "description",
        "hand_types[plane_singles].kickers.may_not_contain",
        "hand_types[plane_singles].kickers.no_longer_chain",
        "hand_types[plane_singles].description",
        "hand_types[four_two_singles].kickers.may_not_contain",
        "hand_types[four_two_singles].description",
        "examples",
    }


@pytest.mark.parametrize("vid", builtin_ids())
def test_every_hand_type_has_a_heading_and_an_example(vid: str) -> None:
    rs = paixing.ruleset(vid)
    f = facts(vid)
    html = render_rulebook(vid, "en", "html")
    for t in rs.types:
        assert re.search(rf'<h3 id="type-{t.id}">[^<]*{re.escape(t.name.en)}', html.replace("&#39;", "'")), t.id
        assert f.mentions.get(t.id) or t.id in f.generated, f"{vid}: {t.id} has no example in the book"


@pytest.mark.parametrize("vid", builtin_ids())
def test_generated_examples_hold(vid: str) -> None:
    """The examples a book generates for hand types without one: executed here, as facts."""
    rs = paixing.ruleset(vid)
    for type_id, shown in facts(vid).generated.items():
        outcome = run_example(rs, -1, shown.example)
        assert outcome.ok, f"{vid} {type_id}: {outcome.describe()}"
        assert shown.example.classify is not None and type_id in shown.example.classify


@pytest.mark.parametrize("lang", LANGS)
def test_books_say_every_example_is_checked(lang: str) -> None:
    for vid in builtin_ids():
        text = render_rulebook(vid, lang, "md")
        assert "tests/tools/test_examples.py" in text and "tests/tools/test_rulebook.py" in text
        checked = {"zh": "✓ 已验证", "en": "✓ checked"}[lang]
        assert text.count(checked) >= len(paixing.ruleset(vid).variant.examples)


def test_a_failing_example_stops_the_book(tmp_path: Path) -> None:
    source = (builtin_dir() / "banzipao.yaml").read_text(encoding="utf-8")
    broken = source.replace('{play: "333", beats: "2"}', '{play: "2", beats: "333"}')
    assert broken != source
    path = tmp_path / "banzipao.yaml"
    path.write_text(broken, encoding="utf-8")
    with pytest.raises(RulebookError, match="examples\\[7\\]"):
        render_rulebook(str(path), "en", "md")


SMALL = """
id: small
name: {zh: "小<b>", en: "Small <b>bold</b>"}
description: {zh: "说明 <script>", en: "About <script>alert(1)</script>"}
players: 4
deck: {packs: 1, jokers: false}
ranks:
  order: ["3", "4", "5", "6", "7", "8", "9", "10", J, Q, K, A, "2"]
  sequence: ["3", "4", "5", "6", "7", "8", "9", "10", J, Q, K, A]
hand_types:
  - {id: single, name: {zh: a, en: a}, group: {size: 1}}
  - {id: triple, name: {zh: b, en: b}, group: {size: 3}}
  - {id: quad, name: {zh: c, en: c}, group: {size: 4}}
  - {id: straight, name: {zh: d, en: d}, chain: {group: 1, length: {min: 5}}, compare: {same: [length]}}
  - {id: pairs, name: {zh: e, en: e}, chain: {group: 2, length: {min: 3}}, compare: {same: [length]}}
  - {id: ten, name: {zh: f, en: f}, distinct_ranks: 10, playable: false}
  - {id: suited, name: {zh: g, en: g}, set: {ranks: ["5", "10", K], suits: same}, compare: {key: [suit]}}
  - {id: anyset, name: {zh: h, en: h}, set: {ranks: ["5", "10", K], suits: any}}
  - {id: aks, name: {zh: i, en: i}, cards: [AS, KS]}
  - {id: odds13, name: {zh: j, en: j}, distinct_ranks: 13, playable: false}
ladder: [[single, triple, quad, straight, pairs, suited, anyset, aks]]
examples:
  - {play: "333", classify: [triple]}
game:
  deal: {cards_each: 13}
  dealt_events:
    - {id: quad, name: {zh: c, en: c}, hand_type: quad, effect: reward, pay: 1, per_rank: true}
    - {id: triple, name: {zh: b, en: b}, hand_type: triple, effect: reward, pay: 1, per_rank: true, not_with: [quad]}
    - {id: straight, name: {zh: d, en: d}, hand_type: straight, effect: reward, pay: 1}
    - {id: pairs, name: {zh: e, en: e}, hand_type: pairs, effect: reward, pay: 1}
    - {id: ten, name: {zh: f, en: f}, hand_type: ten, effect: reward, pay: 1}
    - {id: suited, name: {zh: g, en: g}, hand_type: suited, effect: reward, pay: 1}
    - {id: anyset, name: {zh: h, en: h}, hand_type: anyset, effect: reward, pay: 1}
    - {id: aks, name: {zh: i, en: i}, hand_type: aks, effect: reward, pay: 1}
    - {id: odds13, name: {zh: j, en: j}, hand_type: odds13, match: whole_hand, effect: instant_win, pay: 1}
  steps: []
  default_contract: solo
  contracts:
    - {id: solo, name: {zh: s, en: s}, teams: solo, score: [{winners: 1}]}
"""


def test_exact_odds_agree_with_the_engine_dealing(tmp_path: Path) -> None:
    """Every exact formula against the engine's own holdings on random deals."""
    path = tmp_path / "small.yaml"
    path.write_text(SMALL, encoding="utf-8")
    rs = paixing.ruleset(str(path))
    assert rs.variant.game is not None
    events = rs.variant.game.dealt_events
    deals, n, k = 1500, 4, 13
    sampled = rulebook.monte_carlo(rs, events, k, deals=deals, seed=11)
    for e in events:
        count = seat_count(rs, e, k)
        assert count is not None, e.id
        p = count / comb(52, k)
        holders, _, _ = sampled[e.id]
        q = holders / (n * deals)
        sigma = (p * (1 - p) / deals) ** 0.5  # seats of one deal are not independent: per deal
        assert abs(q - p) <= 5 * sigma + 1e-9, f"{e.id}: exact {p:.5f}, sampled {q:.5f}"
    # two seats cannot both hold the one ♠A: some seat = 4 × one seat, exactly
    aks = next(e for e in events if e.id == "aks")
    p_aks = Fraction(seat_count(rs, aks, k) or 0, comb(52, k))
    assert rulebook.any_seat_exact(rs, aks, k, p_aks) == (4 * p_aks, "excl")


def test_html_is_self_contained_and_escaped(tmp_path: Path) -> None:
    path = tmp_path / "small.yaml"
    path.write_text(SMALL[: SMALL.index("game:")], encoding="utf-8")
    html = render_rulebook(str(path), "en", "html")
    assert "<script" not in html and "&lt;script&gt;" in html
    assert "Small &lt;b&gt;bold&lt;/b&gt;" in html
    for vid in builtin_ids():
        for lang in LANGS:
            page = render_rulebook(vid, lang, "html")
            assert '<meta name="viewport"' in page and "<style>" in page
            assert not re.search(r'(src|href)="(https?:)?//', page), "no network"
            assert "<script" not in page and "<link rel=\"stylesheet\"" not in page


# ------------------------------------------------------------------------- no game in the code


def game_words() -> set[str]:
    """Names of games and their parts that must not appear in the generic code."""
    words: set[str] = set()
    for vid in builtin_ids():
        v = load_variant(vid)
        words |= {v.id, v.name.zh, v.name.en}
        words |= {part for part in v.id.split("-") if len(part) > 3}
        for t in v.hand_types:
            if len(t.name.zh) >= 3:
                words.add(t.name.zh)
            if " " in t.name.en:
                words.add(t.name.en)
        if v.game is not None:
            words |= {c.name.zh for c in v.game.contracts} | {c.name.en for c in v.game.contracts}
            words |= {e.name.zh for e in v.game.dealt_events} | {e.name.en for e in v.game.dealt_events}
    return words


def test_no_game_name_in_templates_or_rulebook_code() -> None:
    files = [*sorted(CODE.glob("*.py")), *sorted(TEMPLATES.iterdir())]
    assert len(files) >= 4
    words = game_words()
    assert {"banzipao", "chibi-dagun", "斗地主", "Dou Dizhu", "十三烂"} <= words
    for path in files:
        text = path.read_text(encoding="utf-8").lower()
        found = sorted(w for w in words if w.lower() in text)
        assert not found, f"{path.name} names a game: {found}"


def test_installed_templates_ship_with_the_package() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"templates/*"' in pyproject
    assert {p.name for p in TEMPLATES.iterdir()} >= {"rulebook.md.j2", "rulebook.html.j2", "index.md.j2"}


# issue 10: the books' words, unique ids, the seed in an appendix --------------------------------


def _ids(html: str) -> list[str]:
    from html.parser import HTMLParser

    found: list[str] = []

    class Ids(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            found.extend(v for k, v in attrs if k == "id" and v is not None)

    Ids().feed(html)
    return found


@pytest.mark.parametrize("variant", ["banzipao", "chibi-dagun", "doudizhu"])
def test_html_element_ids_are_unique(variant: str) -> None:
    for lang in ("zh", "en"):
        ids = _ids(render_rulebook(variant, lang, "html"))
        assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})


def test_the_books_speak_the_seed_games_words() -> None:
    for lang in ("zh", "en"):
        book = render_rulebook("chibi-dagun", lang, "md")
        for word in ("明鸡", "接风", "一游", "二游", "三游", "末游"):
            assert word in book, (lang, word)
    en = render_rulebook("banzipao", "en", "md")
    assert "small joker" not in en and "BJ" not in en  # the game removes the jokers: no word on them
    assert "1 cards" not in en and "1 of each" in en


def test_the_monte_carlo_seed_is_in_an_appendix() -> None:
    book = render_rulebook("chibi-dagun", "en", "md")
    table = book[book.index("### Odds") : book.index("## Contracts")]
    assert "seed" not in table and "Monte Carlo estimate" in table
    appendix = book[book.index("## Appendix: how the odds were computed") :]
    assert "seed 20240601" in appendix
    assert "Appendix" not in render_rulebook("doudizhu", "en", "md")  # no estimate, no appendix


def test_html_names_linux_cjk_fonts() -> None:
    html = render_rulebook("banzipao", "zh", "html")
    assert '"Noto Sans CJK SC"' in html and '"WenQuanYi Micro Hei"' in html
