"""``eote-ref rule`` answers the same situations with the same JSON, byte for byte, as before.

Many situations of every procedure of both packs (EotE's engine and ``--pack avle``), drawn
by a seeded standard-library generator from what ``--list`` describes, are answered in
process; each answer's text (exactly as ``rule`` prints it, or its error object) is hashed and
compared with ``rule_json_digests.json``, first written before the EotE engine moved onto the
pack boundary (issue 26). Each case draws its options with generators of its own, so a new
option changes only the cases that draw it. A refactoring keeps every digest; a change of a
ruling or of the JSON breaks the digest of the cases it touches, and the test names them with
their situations.

When an answer is meant to change, rewrite the file and review the cases it lists:
``python -m tests.unit.commands.test_rule_json_stable --write``.
"""

from __future__ import annotations

import hashlib
import json
import pathlib
import random
import sys
from typing import Any

from eote_ref.commands import rule, rule_pack
from eote_ref.packs.outcome import PackError
from eote_ref.packs.registry import get_pack
from eote_ref.rules.core import RulesError
from eote_ref.rulesets import load_default
from tests.unit.commands.test_rule_cli import MINIMAL as EOTE_MINIMAL
from tests.unit.commands.test_rule_pack_cli import MINIMAL as AVLE_MINIMAL

DIGESTS = pathlib.Path(__file__).with_name("rule_json_digests.json")
#: Fields of a procedure added since the digests were first written, by procedure.
ADDED_FIELDS: dict[str, frozenset[str]] = {
    "prussian_arrival": frozenset({"chosen", "chosen_entry_rolls"}),
    "pursuit": frozenset({"target_result", "advance_breaks_zoc"}),
    "fire": frozenset(
        {"ordered", "fired_this_round", "reacted_this_round", "retreated_this_round"}
    ),
    "shock": frozenset(
        {"ordered", "fired_this_round", "reacted_this_round", "retreated_this_round"}
    ),
    "reaction": frozenset({"reacted_this_round", "charger_passed_morale"}),
    "rally": frozenset({"ordered"}),
    "assault": frozenset({"attackers_have_initiative"}),
    "morale": frozenset({"scenario_modifier", "scenario_reason"}),
    "integrity": frozenset({"scenario_modifier", "scenario_reason"}),
}
#: Procedures added since the digests were first written: their cases come after all the
#: others, each procedure drawing from a generator of its own, so a new procedure only adds
#: cases and shifts none.
ADDED_PROCEDURES: tuple[str, ...] = (
    "cards",
    "command_dice",
    "movement",
    "target",
    "retreat_hex",
    "garrison",
    "general",
)
CASES_PER_PROCEDURE = 80
SCALES = ["6mm", "15mm", "25mm"]
NATIONS = ["other", "british", "french", "russian", "kgl", "austrian"]
UNIT_KINDS = [("infantry", f) for f in ("line", "column", "french_assault_column", "square")]
UNIT_KINDS += [("infantry", "skirmish"), ("cavalry", "line"), ("cavalry", "column")]
UNIT_KINDS += [("cavalry", "skirmish"), ("artillery", "limbered"), ("artillery", "unlimbered")]


def _unit(rng: random.Random) -> dict[str, Any]:
    arm, formation = rng.choice(UNIT_KINDS)
    unit: dict[str, Any] = {"arm": arm, "ce": rng.randint(0, 14), "formation": formation}
    for key, make in (
        ("hits", lambda: rng.randint(0, 5)),
        ("disordered", lambda: rng.random() < 0.5),
        ("routed", lambda: rng.random() < 0.2),
        ("nation", lambda: rng.choice(NATIONS)),
        ("leader_attached", lambda: rng.random() < 0.5),
        ("in_command", lambda: rng.random() < 0.5),
        ("supported", lambda: rng.random() < 0.5),
    ):
        if rng.random() < 0.4:
            unit[key] = make()
    if arm == "cavalry" and rng.random() < 0.4:
        unit["blown"] = rng.randint(0, 2)
    if arm != "infantry" and rng.random() < 0.4:
        unit["weight"] = rng.choice(["light", "medium", "heavy"])
    return unit


def _value(rng: random.Random, field: dict[str, Any]) -> Any:
    """A value for one field as ``--list`` describes it (valid, mostly)."""
    name, kind = field["name"], str(field["type"])
    if name == "figure_scale":
        return rng.choice(SCALES)
    if name == "nation" and "|" not in kind:
        return rng.choice(NATIONS)
    if name in ("roll", "second_roll"):
        return rng.randint(0, 10)
    if name == "percentile":
        return rng.randint(0, 100)
    if name == "year":
        return rng.randint(1795, 1815)
    if name == "unit_ces":
        return [rng.randint(0, 14) for _ in range(rng.randint(1, 6))]
    if name in ("firers", "attackers", "defenders"):
        return [_unit(rng) for _ in range(rng.randint(1, 3))]
    if name == "target" and kind != "text" and "|" not in kind:
        return _unit(rng)
    if kind == "bool":
        return rng.random() < 0.5
    if kind.startswith("int"):
        return rng.randint(-1, 14)
    if kind.startswith("number"):
        return rng.choice([rng.randint(0, 40), round(rng.uniform(0, 40), 2)])
    if " | " in kind:
        return rng.choice(kind.removesuffix(" or null").split(" | "))
    return None


def _own_rng(case: str, option: str) -> random.Random:
    """A generator of its own for one option of one case: whether it is chosen, and its value.

    A new option in a pack is drawn for a few cases of its own and changes no other case's
    situation or options (one shared generator would shift every case after its first draw).
    """
    return random.Random(f"{case}|{option}")


def _text(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, indent=2, allow_nan=False)


def _eote_cases() -> list[tuple[str, str, dict[str, Any], list[str], int]]:
    rng = random.Random(26)
    rs = load_default()
    procs = {p["name"]: p for p in rule.describe_all()["procedures"]}
    out = []
    for name in sorted(procs):
        for _ in range(CASES_PER_PROCEDURE):
            sit = dict(EOTE_MINIMAL[name])
            case = f"eote:{name}:{len(out)}"
            for field in procs[name]["fields"]:
                added = field["name"] in ADDED_FIELDS.get(name, ())
                draw = _own_rng(case, field["name"]) if added else rng
                if draw.random() < 0.4:
                    value = _value(draw, field)
                    if value is not None:
                        sit[field["name"]] = value
            options = []
            for o in sorted(rs.options):
                pick = _own_rng(case, o)
                if pick.random() < 0.06:
                    options.append(f"{o}={json.dumps(pick.choice(rs.options[o].choices))}")
            out.append(("eote", name, sit, options, rng.randint(0, 2**32)))
    return out


def _avle_cases() -> list[tuple[str, str, dict[str, Any], list[str], int]]:
    rng = random.Random(1815)
    described = rule_pack.describe_pack(get_pack("avle"))
    procs = {p["name"]: p for p in described["procedures"]}
    choices = [f"{o['name']}={json.dumps(c)}" for o in described["options"] for c in o["choices"]]
    out = []
    first = sorted(n for n in procs if n not in ADDED_PROCEDURES)
    for name in first + [n for n in ADDED_PROCEDURES if n in procs]:
        own = random.Random(f"avle:{name}") if name in ADDED_PROCEDURES else None
        for _ in range(CASES_PER_PROCEDURE):
            sit = dict(AVLE_MINIMAL[name])
            case = f"avle:{name}:{len(out)}"
            for field in procs[name]["fields"]:
                # A field added after the digests were written draws from a generator of
                # its own, so it changes only the cases it is drawn for.
                added = field["name"] in ADDED_FIELDS.get(name, ())
                draw = _own_rng(case, field["name"]) if added else own or rng
                if field["name"] not in sit and draw.random() < 0.4:
                    value = _value(draw, field)
                    if value is not None:
                        sit[field["name"]] = value
            options = [c for c in choices if _own_rng(case, c).random() < 0.02]
            out.append(("avle", name, sit, options, (own or rng).randint(0, 2**32)))
    return out


def answer(pack: str, name: str, sit: dict[str, Any], options: list[str], seed: int) -> str:
    """The text ``eote-ref rule`` prints for the case (its error object on bad input)."""
    try:
        if pack == "eote":
            return _text(rule.adjudicate(name, json.dumps(sit), options=options, seed=seed))
        return _text(
            rule_pack.adjudicate(get_pack(pack), name, json.dumps(sit), options, seed=seed)
        )
    except (rule.InputError, PackError, RulesError) as exc:
        return _text({"error": str(exc), "field": exc.field})


def digests() -> list[str]:
    return [
        hashlib.sha256(answer(*case).encode()).hexdigest()[:10]
        for case in _eote_cases() + _avle_cases()
    ]


def test_every_answer_is_the_same_json_as_before() -> None:
    want = json.loads(DIGESTS.read_text(encoding="utf-8"))
    cases = _eote_cases() + _avle_cases()
    assert len(cases) == len(want), "the cases changed: rewrite the digests (see the docstring)"
    changed = [
        (case[:4], answer(*case))
        for case, digest in zip(cases, want, strict=True)
        if hashlib.sha256(answer(*case).encode()).hexdigest()[:10] != digest
    ]
    assert not changed, f"{len(changed)} answers changed, the first: {changed[:2]}"


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    DIGESTS.write_text(json.dumps(digests(), indent=0) + "\n", encoding="utf-8")
