"""What a rulebook says about a rule comes from that rule's value (issue 23, items 2, 12, 18).

Wild cards as kickers from ``kickers.wilds``; the level rank's place from the engine's order;
cards drawn as the book draws them, not typed; no empty list, no doubled unit; the cards-left
rule of every game; variant text cannot put HTML into a Markdown book; a contract without score
rows is refused where it is written.
"""

from __future__ import annotations

import re
from pathlib import Path

import paixing
import pytest
from paixing.game.observation import Observation
from paixing.hands.classify import classify
from paixing.rulebook import LANGS, render_rulebook, say
from paixing.rules.cards import parse_cards
from paixing.rules.loader import VariantError, builtin_dir, builtin_ids, load_variant

from tests.tools.test_rulebook import SMALL


def type_section(md: str, name: str) -> str:
    """A hand type's entry: from its ``### name`` to the next heading."""
    start = md.index(f"\n### {name}\n")
    return md[start : md.index("\n#", start + 1)]


def kicker_mode(vid: str, type_id: str) -> str:
    k = paixing.ruleset(vid).type_by_id[type_id].spec.kickers
    assert k is not None
    return "no" if k.wilds == "complete" and k.size == 1 else k.wilds


# ------------------------------------------------------------------------- wild cards as kickers


def test_guandan_says_wild_cards_may_be_kickers_as_the_engine_plays() -> None:
    rs = paixing.ruleset("guandan")
    (reading,) = classify(rs, parse_cards("3S 3H 3C 4S 2H"))
    assert (reading.type.id, reading.reads_as) == ("full_house", "33344")  # the wild 2♥ in the pair
    en = render_rulebook("guandan", "en", "md")
    assert "never kickers" not in en and "kickers are natural cards" not in en
    assert "\n- Wild cards may be kickers too, alone or beside natural cards.\n" in en
    assert "- Plus 1 pair (kickers): kickers are of ranks not used by the core; kickers may be wild cards too, alone or beside natural cards.\n" in type_section(en, "Full house (三带二)")
    zh = render_rulebook("guandan", "zh", "md")
    assert "癞子不能当带牌" not in zh and "带牌不能是癞子" not in zh
    assert "\n- 癞子也可以当带牌，单独或和天然牌一起。\n" in zh


def test_laizi_names_the_types_whose_kicker_pair_a_wild_card_completes() -> None:
    en = render_rulebook("doudizhu-laizi", "en", "md")
    assert "Wild cards are never kickers" not in en
    assert "\n- Trio with a single, Plane with single wings, Four with two singles: kickers are natural cards.\n" in en
    assert (
        "\n- Trio with a pair, Plane with pair wings, Four with two pairs: a wild card may complete a kicker pair "
        "beside one natural card, but wild cards alone are never a kicker.\n"
    ) in en


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("vid", builtin_ids())
def test_every_kicker_type_says_its_own_kickers_wilds(vid: str, lang: str) -> None:
    rs = paixing.ruleset(vid)
    md = render_rulebook(vid, lang, "md")
    kicker_types = [t for t in rs.types if t.spec.kickers is not None]
    modes = {kicker_mode(vid, t.id) for t in kicker_types}
    for t in kicker_types:
        entry = type_section(md, getattr(t.name, lang))
        for mode in ("no", "complete", "any"):
            said = say(lang, f"kick.wilds.{mode}") in entry
            assert said == (rs.has_wilds and mode == kicker_mode(vid, t.id)), (t.id, mode)
    if rs.has_wilds and modes and modes != {"no"}:
        assert say(lang, "wild.kickers.no") not in md


# ------------------------------------------------------------------------- wording (item 12)


@pytest.mark.parametrize("vid", builtin_ids())
def test_no_doubled_unit_no_empty_list_no_empty_code_span(vid: str) -> None:
    zh = render_rulebook(vid, "zh", "md")
    assert not re.search(r"张(或以[上下])? 张", zh)
    assert "``" not in zh.replace("```", "")
    for lang in LANGS:
        md = render_rulebook(vid, lang, "md")
        intro = say(lang, "steps.intro")
        if intro in md:  # the list of steps follows, never empty
            assert re.search(re.escape(intro) + r"\n\n1\. ", md), vid


def test_ladder_length_said_once() -> None:
    zh = render_rulebook("guandan", "zh", "md")
    assert "| 2 | 炸弹（仅5张或以下） |" in zh and "| 4 | 炸弹（仅6张或以上） |" in zh


def test_a_game_without_contract_steps_says_so() -> None:
    zh = render_rulebook("chudadi", "zh", "md")
    assert "定约阶段依次进行以下步骤" not in zh
    assert "没有定约步骤：每一局都打「各自为战」。" in zh
    html = render_rulebook("chudadi", "en", "html")
    assert '<ol class="steps">' not in html and "There are no contract steps" in html


def test_cards_in_prose_are_drawn_not_typed() -> None:
    assert "必须包含 3♦，由持有 3♦ 的玩家先出" in render_rulebook("chudadi", "zh", "md")
    assert "must contain 3♣, and its holder leads" in render_rulebook("big-two-taiwan", "en", "md")
    zh = render_rulebook("guandan", "zh", "md")
    assert "进贡者合计持有 ★RJ ★RJ 时抗贡" in zh and "RJ RJ时" not in zh


def test_one_name_for_the_wild_card_in_the_books_own_words() -> None:
    for vid in ("guandan", "guandan-jiangsu"):
        zh = render_rulebook(vid, "zh", "md")
        assert "百搭" not in zh
        assert "- 癞子：级牌的红桃\n" in zh
        assert "（癞子除外）交给头游" in zh
        # the file's own texts too: 逢人配 only as the gloss where the wild card is introduced
        assert zh.count("逢人配") == zh.count("癞子（逢人配）") >= 1


@pytest.mark.parametrize("lang", LANGS)
def test_the_level_rank_and_where_two_goes(lang: str) -> None:
    rs = paixing.ruleset("guandan")
    assert rs.ranks[-3:] == ("2", "BJ", "RJ") and rs.for_hand(level="7").ranks[0] == "2"
    md = render_rulebook("guandan", lang, "md")
    row = {"zh": "| 点数大小（小 → 大，级牌为 2 时） | `3 4 5 6 7 8 9 10 J Q K A 2 ★BJ ★RJ` |", "en": "| Rank order (low → high) at level 2 | `3 4 5 6 7 8 9 10 J Q K A 2 ★BJ ★RJ` |"}
    assert row[lang] in md
    moves = {
        "zh": "级牌换成别的点数时，那个点数升到 2 在上表中的位置，2 回到它本来的位置：最小。",
        "en": "When the level is another rank, that rank takes the place 2 has above, and 2 goes back to its own place: the lowest rank.",
    }
    assert moves[lang] in md


@pytest.mark.parametrize("vid", builtin_ids())
def test_every_game_book_says_cards_left_are_public(vid: str) -> None:
    """报牌: every observation carries each seat's count of cards (``Observation.cards_left``)."""
    assert "cards_left" in Observation.__dataclass_fields__
    game = paixing.ruleset(vid).variant.game is not None
    for lang in LANGS:
        assert (say(lang, "play.cards_left_v") in render_rulebook(vid, lang, "md")) == game


def test_guandan_book_says_bao_pai() -> None:
    assert "| 剩余张数（报牌） | 每家手里还剩几张牌，所有人随时都知道 |" in render_rulebook("guandan", "zh", "md")


# ------------------------------------------------------------------------- variant files (item 18)


def test_markdown_book_escapes_html_from_the_file(tmp_path: Path) -> None:
    hostile = SMALL[: SMALL.index("game:")].replace('"About <script>alert(1)</script>"', '"About <script>alert(1)</script> <img src=x onerror=alert(2)>"')
    hostile += "notes:\n  - {id: n1, text: {zh: \"<img src=x onerror=alert(3)>\", en: \"<img src=x onerror=alert(3)>\"}}\n"
    path = tmp_path / "small.yaml"
    path.write_text(hostile, encoding="utf-8")
    for lang in LANGS:
        md = render_rulebook(str(path), lang, "md")
        assert not re.search(r"<[A-Za-z/!?]", md), re.findall(r"<[A-Za-z/!?][^>]*>", md)
        assert "&lt;script>" in md and "&lt;img src=x onerror=alert(3)>" in md
    assert "# Small &lt;b>bold&lt;/b>\n" in render_rulebook(str(path), "en", "md")
    assert " < " in render_rulebook("doudizhu-laizi", "en", "md")  # a comparison stays as written


def test_a_contract_without_score_rows_is_refused_where_it_is_written(tmp_path: Path) -> None:
    source = (builtin_dir() / "doudizhu.yaml").read_text(encoding="utf-8")
    start = source.index("      score:\n")
    end = source.index("      multipliers:", start)
    path = tmp_path / "doudizhu.yaml"
    path.write_text(source[:start] + "      score: []\n" + source[end:], encoding="utf-8")
    line = source[:start].count("\n") + 1
    with pytest.raises(VariantError) as err:
        load_variant(str(path))
    assert f"{path}:{line}:7: game.contracts[0].score: " in str(err.value)
    assert "at least 1 item" in str(err.value)
