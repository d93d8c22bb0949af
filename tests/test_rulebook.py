"""The rulebooks shipped in the package (bieten/<game>/rules.md, docs/rules/<game>.md): every rule id of the
specification, in its order; each id the sources cite resolves; R10's and S10's preset tables agree
with the rules the engine makes; bieten.rule_text cuts out one rule."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

import bieten
from bieten import Rules, schnapsen
from bieten._rulebook import RULEBOOKS, RuleIdError, find_rule, rule_ids, rule_text, rulebook, rules

ROOT = Path(__file__).resolve().parents[1]

# Every rule id of the specification the engine follows (Bieten R1-R11, Bauernschnapsen and Schnapsen
# S1-S12), in its order, written out here because the specification is not part of the repository.
# S6.3.1-S6.3.3 are S6.3's three numbered obligations, which the engine cites by those ids.
BIETEN_IDS = [
    "R1", "R1.1", "R1.2", "R1.3", "R1.4", "R1.5",
    "R2", "R2.1", "R2.2",
    "R3", "R3.1", "R3.2", "R3.3", "R3.4", "R3.5", "R3.6", "R3.7", "R3.8",
    "R4", "R4.1", "R4.2", "R4.3", "R4.4",
    "R5", "R5.1", "R5.2", "R5.3", "R5.4", "R5.5",
    "R6", "R6.1", "R6.2", "R6.3", "R6.4", "R6.5", "R6.6",
    "R7", "R7.1", "R7.2", "R7.3", "R7.4", "R7.5", "R7.6", "R7.7",
    "R8", "R8.1", "R8.2", "R8.3",
    "R9",
    "R10",
    "R11",
]  # fmt: skip
SCHNAPSEN_IDS = [
    "S1", "S1.1", "S1.2", "S1.3",
    "S2", "S2.1", "S2.2", "S2.3", "S2.4",
    "S3", "S3.1", "S3.2", "S3.3", "S3.4", "S3.5", "S3.6", "S3.7",
    "S4", "S4.1", "S4.2",
    "S5", "S5.1", "S5.2", "S5.3", "S5.4", "S5.5",
    "S6", "S6.1", "S6.2", "S6.3", "S6.3.1", "S6.3.2", "S6.3.3", "S6.4", "S6.5", "S6.6", "S6.7", "S6.8",
    "S7", "S7.1", "S7.2", "S7.3", "S7.4",
    "S8", "S8.1", "S8.2", "S8.3", "S8.4", "S8.5", "S8.6",
    "S9",
    "S10",
    "S11",
    "S12",
]  # fmt: skip
# The sections' titles, in the specification's order.
BIETEN_SECTIONS = [
    "Cards", "Players and seats", "The deal (deterministic)", "Playing the tricks",
    "Wild cards (`wild`: `none` | `weli` | `spitzen`)", "The figures", "Bidding (Bieten)",
    "Scoring and the end of the game", "Illegal actions", "Presets", "Notation of actions",
]  # fmt: skip
SCHNAPSEN_SECTIONS = [
    "Cards", "Players, seats, sides", "The deal (deterministic)", "Trump",
    "Contracts, bidding, calling and doubling (four players)", "Playing the tricks",
    "Claiming 66 (normal game and two players)", "Scoring a deal, and the game", "Illegal actions",
    "Rules and presets", "Notation of actions", "What each seat sees",
]  # fmt: skip


# A rule id as the sources cite it: "R7.4:", "(R10)", "R2.1/S2.1", "S2-S8", not inside a word or a
# number (hex constants), nor right after a quote (card text such as 'S10' or "S6").
_CITED = re.compile(r"(?<![\w.'\"])([RS]\d+(?:\.\d+)*)(?!\w)")
# The Bells cards 6 to 10 are written like the ids S6 to S10; written bare they are cards ("play S6
# as HK", "S8 S7 S6"), and count as ids only where a citation's punctuation marks them.
_BELLS_CARDS = {"S6", "S7", "S8", "S9", "S10"}
_SOURCE_SUFFIXES = {".cpp", ".hpp", ".h", ".c", ".inc", ".py", ".pyi", ".pxd", ".js", ".html", ".json"}


def cited_ids(text: str) -> set[str]:
    found = set()
    for match in _CITED.finditer(text):
        rule_id = match.group(1)
        before, after = text[match.start() - 1 : match.start()], text[match.end() : match.end() + 1]
        if rule_id in _BELLS_CARDS and before not in "(/-" and after not in ":)/,":
            continue
        found.add(rule_id)
    return found


def _citations(paths: list[Path]) -> dict[str, list[str]]:
    where: dict[str, list[str]] = {}
    for path in paths:
        for rule_id in cited_ids(path.read_text(encoding="utf-8")):
            where.setdefault(rule_id, []).append(str(path.relative_to(ROOT)))
    return where


def _sources() -> list[Path]:
    tops = [ROOT / "csrc", ROOT / "bindings", ROOT / "python" / "bieten"]
    return [p for top in tops for p in sorted(top.rglob("*")) if p.suffix in _SOURCE_SUFFIXES and p.is_file()]


def _pages() -> list[Path]:
    """README, CHANGELOG and docs, but not the rulebooks themselves."""
    pages = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").rglob("*.md"))]
    return [p for p in pages if p.parent.name != "rules"]


def test_cited_ids_are_found_in_citations_and_not_in_card_text() -> None:
    text = "R7.4: seat 0 (R10) R2.1/S2.1 (S2-S8) \"S6\" 'S10' play S6 as HK; S8 S7 S6. S6: x (S9) 0x9E37R1"
    assert cited_ids(text) == {"R7.4", "R10", "R2.1", "S2.1", "S2", "S8", "S6", "S9"}


def test_every_rule_id_of_the_specification_is_in_the_rulebooks_in_order() -> None:
    assert [r.id for r in rules("bieten.md")] == BIETEN_IDS
    assert [r.id for r in rules("schnapsen.md")] == SCHNAPSEN_IDS
    shipped = BIETEN_IDS + SCHNAPSEN_IDS  # then the ids of any game built for the tests (tests/games/)
    assert rule_ids()[: len(shipped)] == shipped
    assert rule_ids()[len(shipped) :] == [r.id for name, _ in RULEBOOKS[2:] for r in rules(name)]


def test_sections_have_the_specifications_titles_in_its_order() -> None:
    assert [r.title for r in rules("bieten.md") if r.level == 2] == BIETEN_SECTIONS
    assert [r.title for r in rules("schnapsen.md") if r.level == 2] == SCHNAPSEN_SECTIONS


def test_heading_levels_follow_the_ids() -> None:
    for rule in rules("bieten.md") + rules("schnapsen.md"):
        assert rule.level == rule.id.count(".") + 2, rule.id


def test_every_rule_has_text_of_its_own_below_its_heading() -> None:
    for name, _ in RULEBOOKS:
        for rule in rules(name):
            if rule.level == 2 and any(r.id.startswith(rule.id + ".") for r in rules(name)):
                continue  # a section with rules may go straight to its first rule
            body = rule.text.split("\n", 1)[1].strip()
            assert len(body) > 20, rule.id


def test_every_heading_of_a_rulebook_is_a_rule_or_its_title() -> None:
    """A stray heading would cut the rule before it short."""
    for name, _ in RULEBOOKS:
        text = re.sub(r"```.*?```", "", rulebook(name), flags=re.DOTALL)
        headings = [line for line in text.splitlines() if line.startswith("#")]
        assert headings[0].startswith("# ")
        assert len(headings[1:]) == len(rules(name))


def test_docs_rules_are_the_shipped_rulebooks() -> None:
    """python/bieten/<game>/rules.md is the one source (the wheel ships it); docs/rules/<game>.md is its
    copy for readers."""
    assert RULEBOOKS[:2] == (("bieten.md", "Bieten"), ("schnapsen.md", "Bauernschnapsen and Schnapsen"))
    for name, _ in RULEBOOKS[:2]:  # a game built for the tests keeps its book in its folder, tests/games/
        source = f"python/bieten/{name.removesuffix('.md')}/rules.md"
        shipped = (ROOT / source).read_bytes()
        assert (ROOT / "docs" / "rules" / name).read_bytes() == shipped, (
            f"docs/rules/{name} differs from {source}: cp {source} docs/rules/{name}"
        )


def test_every_rule_id_cited_in_the_sources_resolves() -> None:
    where = _citations(_sources())
    assert len(where) >= 90  # the sources cite nearly every rule
    unresolved = {rule_id: files for rule_id, files in where.items() if rule_id not in rule_ids()}
    assert unresolved == {}


def test_every_rule_id_cited_in_readme_and_docs_resolves() -> None:
    where = _citations(_pages())
    assert len(where) >= 60
    unresolved = {rule_id: files for rule_id, files in where.items() if rule_id not in rule_ids()}
    assert unresolved == {}


def test_the_rule_ids_of_error_messages_resolve() -> None:
    with pytest.raises(bieten.RulesError) as bieten_error:
        Rules(players=9)
    with pytest.raises(bieten.RulesError) as schnapsen_error:
        schnapsen.Rules(players=3)
    game = bieten.Game(Rules(), seed=7)
    with pytest.raises(bieten.IllegalActionError) as illegal:
        game.apply("good")
    prefixes = [str(err.value).split(":")[0] for err in (bieten_error, schnapsen_error, illegal)]
    assert prefixes == ["R10/R2.1", "S10/S2.1", "R7.4"]
    assert [find_rule(i).id for p in prefixes for i in p.split("/")] == ["R10", "R2.1", "S10", "S2.1", "R7.4"]


def _preset_table(rule_id: str) -> tuple[list[str], dict[str, list[str]]]:
    rows = [line for line in rule_text(rule_id).splitlines() if line.startswith("| `")]
    header = next(line for line in rule_text(rule_id).splitlines() if line.startswith("| knob |"))
    presets = [cell.strip().split()[0].strip("`") for cell in header.strip("|").split("|")[3:]]
    table = {}
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        table[cells[0].strip("`")] = [cell.strip("`") for cell in cells[3:]]
    return presets, table


def _value(cell: str) -> object:
    return {"yes": True, "no": False}.get(cell, int(cell) if cell.isdigit() else cell)


def test_r10_table_gives_every_knob_of_every_preset_as_the_engine_makes_it() -> None:
    presets, table = _preset_table("R10")
    assert presets == list(Rules.PRESETS)
    assert list(table) == list(Rules().to_dict())
    for i, name in enumerate(presets):
        assert {knob: _value(cells[i]) for knob, cells in table.items()} == Rules.preset(name).to_dict()


def test_s10_table_gives_every_knob_of_every_preset_as_the_engine_makes_it() -> None:
    presets, table = _preset_table("S10")
    assert presets == list(schnapsen.PRESETS)
    assert list(table) == list(schnapsen.Rules().to_dict())
    # an en dash: the knob does not apply, and holds the value S10 fixes for that player count
    fixed = {"partners": "fixed", "bidding": False, "spritze": False, "retour": False, "closing": False}
    for i, name in enumerate(presets):
        made = schnapsen.Rules.preset(name).to_dict()
        for knob, cells in table.items():
            assert (fixed[knob] if cells[i] == "\N{EN DASH}" else _value(cells[i])) == made[knob], (
                name,
                knob,
            )


def test_rule_text_cuts_out_one_rule_from_its_heading_to_the_next() -> None:
    assert rule_text("R4.3") == (
        "### R4.3 Winning a trick\n\nThe trick goes to the highest card of the suit that was led."
    )
    assert rule_text("S8.5") == (
        "### S8.5 Doubles\n\n"
        "A `spritze` doubles the score of the deal and a `retour` doubles it again, however the deal ended."
    )


def test_a_section_id_gives_the_section_with_all_its_rules() -> None:
    text = rule_text("R4")
    assert text.startswith("## R4 Playing the tricks\n")
    assert [line for line in text.splitlines() if line.startswith("#")] == [
        "## R4 Playing the tricks",
        "### R4.1 Tricks",
        "### R4.2 Following suit",
        "### R4.3 Winning a trick",
        "### R4.4 Cards stay in view",
    ]
    assert rule_text("S6.3").count("\n#### S6.3.") == 3
    assert rule_text("R11").startswith("## R11 Notation of actions")  # the last section runs to the end
    assert rule_text("R11").endswith("e.g. `play S6 as HK`.")


def test_rule_ids_are_case_and_space_insensitive() -> None:
    assert rule_text(" r7.4 ") == rule_text("R7.4") == bieten.rule_text("R7.4")
    assert rule_text("s6.6").startswith("### S6.6 Marriages\n")


@pytest.mark.parametrize("bad", ["R12", "R7.8", "S6.3.4", "S0", "X1", "R7.", "7.4", "", "R7.4a"])
def test_an_unknown_rule_id_is_refused_naming_it(bad: str) -> None:
    with pytest.raises(RuleIdError) as err:
        rule_text(bad)
    assert isinstance(err.value, ValueError)
    shipped = (
        f"{bad!r} is not a rule id: Bieten's are R1 to R11 (e.g. R7.4), Schnapsen's S1 to S12 (e.g. S6.6)"
    )
    # then, with a game built for the tests, its book too: ", <title>'s T1 to T8 (e.g. T7)"
    assert str(err.value) == shipped + "".join(
        f", {title_of(name)}'s {rule_ids_of(name)}" for name, _ in RULEBOOKS[2:]
    )


def title_of(name: str) -> str:
    """A game's title as the registry's family gives it, by its rulebook's name."""
    from bieten._families import family

    return family(name.removesuffix(".md")).title


def rule_ids_of(name: str) -> str:
    """'T1 to T8 (e.g. T7)': a book's first and last section and its family's example."""
    from bieten._families import family

    top = [r.id for r in rules(name) if r.level == 2]
    return f"{top[0]} to {top[-1]} (e.g. {family(name.removesuffix('.md')).rule_example})"


def test_an_unknown_rule_id_is_quoted_at_most_40_characters() -> None:
    with pytest.raises(RuleIdError, match=r"^'RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR…' is not a rule id"):
        rule_text("R" * 100_000)


def test_rulebooks_are_read_from_the_package() -> None:
    package = resources.files("bieten")
    for name, _ in RULEBOOKS:
        assert rulebook(name) == (package / name.removesuffix(".md") / "rules.md").read_text(encoding="utf-8")
    with pytest.raises(
        ValueError,
        match=r"^no rulebook 'rules\.txt'; the rulebooks are bieten\.md, schnapsen\.md(, \w+\.md)*$",
    ):
        rulebook("rules.txt")
