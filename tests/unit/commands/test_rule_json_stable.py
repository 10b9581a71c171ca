"""``eote-ref rule`` answers the same situations with the same JSON, byte for byte, as before.

Many situations of every procedure of both packs (EotE's engine and ``--pack avle``), drawn
from what ``--list`` describes, are answered in process, and the answers' text (exactly as
``rule`` prints it, or its error object) is hashed into one digest per *key* and compared with
``rule_json_digests.json``:

* ``PACK:PROCEDURE``: :data:`CASES_PER_PROCEDURE` situations with the default options;
* ``PACK:PROCEDURE|OPTION=VALUE``: :data:`CASES_PER_CHOICE` situations with that one option set
  to that one of its choices other than the default, for every option of the pack.

No generator is shared: every situation draws each field, and its dice's seed, from a
generator of its own seeded from its key, its number and the field's name (:func:`_seeded`).
So a new procedure, option, choice or field adds keys or changes only the cases that draw it,
and a change of one procedure's ruling or JSON breaks only that procedure's digests; the test
names them. ``test_a_new_procedure_changes_no_other_key`` and
``test_a_changed_answer_breaks_only_its_procedures_keys`` keep that so.

When an answer is meant to change (or a procedure or option is added), rewrite the file and
check that only the keys you meant changed (``git diff``):
``python -m tests.unit.commands.test_rule_json_stable --write``.
"""

from __future__ import annotations

import hashlib
import json
import pathlib
import random
import sys
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from eote_ref.commands import rule_pack
from eote_ref.packs.eote import calculator as rule
from eote_ref.packs.eote.rules.core import RulesError
from eote_ref.packs.eote.rulesets import load_default
from eote_ref.packs.outcome import PackError
from eote_ref.packs.registry import get_pack
from tests.unit.commands.test_rule_cli import MINIMAL as EOTE_MINIMAL
from tests.unit.commands.test_rule_pack_cli import MINIMAL as AVLE_MINIMAL

DIGESTS = pathlib.Path(__file__).with_name("rule_json_digests.json")
#: Situations of each procedure with the default options ...
CASES_PER_PROCEDURE = 80
#: ... and with each option set to each of its other choices.
CASES_PER_CHOICE = 2
SCALES = ["6mm", "15mm", "25mm"]
NATIONS = ["other", "british", "french", "russian", "kgl", "austrian"]
UNIT_KINDS = [("infantry", f) for f in ("line", "column", "french_assault_column", "square")]
UNIT_KINDS += [("infantry", "skirmish"), ("cavalry", "line"), ("cavalry", "column")]
UNIT_KINDS += [("cavalry", "skirmish"), ("artillery", "limbered"), ("artillery", "unlimbered")]

#: One case: pack, procedure, situation, ``NAME=VALUE`` options, the dice's seed.
Case = tuple[str, str, dict[str, Any], list[str], int]


def _seeded(*names: object) -> random.Random:
    """A generator of its own, seeded from a hash of the names it draws for.

    Never a shared stream: what one case or field draws cannot move another's draws.
    """
    text = "|".join(str(n) for n in names)
    return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))


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


def _text(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, indent=2, allow_nan=False)


class Pack:
    """What the cases of one pack are drawn from: its procedures and its options' choices."""

    def __init__(
        self,
        name: str,
        procedures: list[dict[str, Any]],
        minimal: dict[str, dict[str, Any]],
        options: dict[str, tuple[Any, list[Any]]],
        *,
        keep_minimal: bool,
    ) -> None:
        self.name = name
        self.procedures = {p["name"]: p for p in procedures}
        self.minimal = minimal
        #: Each option's default and choices.
        self.options = options
        #: Whether a field the minimal situation gives is kept (AVlE) or drawn too (EotE).
        self.keep_minimal = keep_minimal

    def situation(self, procedure: str, case: str) -> dict[str, Any]:
        sit = dict(self.minimal.get(procedure, {}))
        for field in self.procedures[procedure]["fields"]:
            if self.keep_minimal and field["name"] in sit:
                continue
            draw = _seeded(case, field["name"])
            if draw.random() < 0.4:
                value = _value(draw, field)
                if value is not None:
                    sit[field["name"]] = value
        return sit

    def keys(self) -> dict[str, list[Case]]:
        """Every key of the pack with its cases."""
        out: dict[str, list[Case]] = {}
        for procedure in sorted(self.procedures):
            base = f"{self.name}:{procedure}"
            out[base] = [self._case(procedure, base, i, []) for i in range(CASES_PER_PROCEDURE)]
            for option in sorted(self.options):
                default, choices = self.options[option]
                for choice in choices:
                    if choice == default:
                        continue
                    chosen = f"{option}={json.dumps(choice)}"
                    key = f"{base}|{option}={json.dumps(choice).strip(chr(34))}"
                    out[key] = [
                        self._case(procedure, key, i, [chosen]) for i in range(CASES_PER_CHOICE)
                    ]
        return out

    def _case(self, procedure: str, key: str, number: int, options: list[str]) -> Case:
        case = f"{key}:{number}"
        seed = _seeded(case, "seed").randint(0, 2**32)
        return (self.name, procedure, self.situation(procedure, case), options, seed)


def eote() -> Pack:
    rs = load_default()
    options = {name: (spec.default, list(spec.choices)) for name, spec in rs.options.items()}
    procedures = rule.describe_all()["procedures"]
    return Pack("eote", procedures, EOTE_MINIMAL, options, keep_minimal=False)


def avle() -> Pack:
    described = rule_pack.describe_pack(get_pack("avle"))
    options = {o["name"]: (o["default"], list(o["choices"])) for o in described["options"]}
    return Pack("avle", described["procedures"], AVLE_MINIMAL, options, keep_minimal=True)


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


def digest(cases: Iterable[Case], answering: Callable[..., str] = answer) -> str:
    """One digest of the answers to ``cases``, in order."""
    h = hashlib.sha256()
    for case in cases:
        h.update(answering(*case).encode())
        h.update(b"\0")
    return h.hexdigest()[:12]


def all_keys() -> dict[str, list[Case]]:
    return eote().keys() | avle().keys()


def digests(
    keys: dict[str, list[Case]] | None = None, answering: Callable[..., str] = answer
) -> dict[str, str]:
    """The digest of every key (of ``keys``, else of both packs)."""
    return {k: digest(cases, answering) for k, cases in (keys or all_keys()).items()}


def differences(want: dict[str, str], have: dict[str, str]) -> dict[str, list[str]]:
    """The keys added, gone and changed from ``want`` to ``have``."""
    return {
        "added": sorted(have.keys() - want.keys()),
        "gone": sorted(want.keys() - have.keys()),
        "changed": sorted(k for k in have.keys() & want.keys() if have[k] != want[k]),
    }


def _stored() -> dict[str, str]:
    stored = json.loads(DIGESTS.read_text(encoding="utf-8"))
    assert isinstance(stored, dict)
    return stored


def test_every_answer_is_the_same_json_as_before() -> None:
    keys = all_keys()
    diff = differences(_stored(), digests(keys))
    if any(diff.values()):
        first = (diff["changed"] or diff["added"] or [""])[0]
        example = keys[first][0] if first else None
        said = "; ".join(f"{what}: {', '.join(ks[:12])}" for what, ks in diff.items() if ks)
        pytest.fail(
            f"{said}. The first case of {first!r}: {example}. If meant, rewrite the digests "
            "(see the module's docstring) and check that only these keys changed."
        )


def _first_procedures(pack: Pack, count: int) -> list[str]:
    return sorted(pack.procedures)[:count]


def test_a_new_procedure_changes_no_other_key() -> None:
    before = eote()
    after = eote()
    # A procedure sorting before every other, with the fields of the first one.
    first = _first_procedures(before, 1)[0]
    after.procedures["aaa_new"] = {"name": "aaa_new", "fields": before.procedures[first]["fields"]}
    old, new = before.keys(), after.keys()
    assert sorted(new.keys() - old.keys()) == sorted(k for k in new if k.startswith("eote:aaa_new"))
    assert all(new[k] == old[k] for k in old), "a new procedure moved another's situations"
    # ... and so the digests: those of the first procedures, answered, against the stored ones
    stored = _stored()
    near = {k: old[k] for k in old if k.split("|")[0] == f"eote:{first}"}
    assert {k: stored[k] for k in near} == digests(near)


def test_a_changed_answer_breaks_only_its_procedures_keys() -> None:
    pack = avle()
    names = _first_procedures(pack, 3)
    changed = names[1]
    keys = {k: c for k, c in pack.keys().items() if k.split("|")[0].split(":")[1] in names}

    def answering(pk: str, name: str, sit: dict[str, Any], options: list[str], seed: int) -> str:
        text = answer(pk, name, sit, options, seed)
        return text.replace('"', "'") if name == changed else text

    stored = _stored()
    diff = differences({k: stored[k] for k in keys}, digests(keys, answering))
    assert diff["changed"] == sorted(k for k in keys if k.startswith(f"avle:{changed}"))
    assert not diff["added"]
    assert not diff["gone"]


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    DIGESTS.write_text(json.dumps(digests(), indent=0, sort_keys=True) + "\n", encoding="utf-8")
