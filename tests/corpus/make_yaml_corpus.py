"""Write the seed corpus of hostile army lists (run once; the files are kept in git).

Each file is the small valid list of ``tests/unit/armylists/samples.py`` with one nasty change,
found by the fuzzing run of issue 19. ``EXPECTED`` in ``tests/unit/hostile/test_yaml_inputs.py``
says what eote-ref must do with each one.
"""

from __future__ import annotations

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2]))

from tests.unit.armylists.samples import VALID, replace_lines  # noqa: E402

OUT = pathlib.Path(__file__).with_name("armylists")


def nested_commands(depth: int) -> str:
    lines = [
        "format: 1",
        "name: Deep",
        "nation: french",
        "year: 1815",
        "army:",
    ]
    pad = "  "
    for i in range(depth):
        lines += [
            f"{pad}name: C{i}",
            f"{pad}level: army",
            f"{pad}leader: {{name: L{i}, rating: 1}}",
            f"{pad}commands:",
            f"{pad}  -",
        ]
        pad += "    "
    lines.append(f"{pad}name: end")
    return "\n".join(lines) + "\n"


CASES: dict[str, bytes] = {
    "tag-int-empty.yaml": replace_lines(VALID, 5, 'year: !!int ""').encode(),
    "tag-bool-maybe.yaml": replace_lines(VALID, 2, "format: !!bool maybe").encode(),
    "tag-timestamp-soon.yaml": replace_lines(VALID, 6, "battle: !!timestamp soon").encode(),
    "tag-python.yaml": replace_lines(
        VALID, 6, "battle: !!python/object/apply:os.system [echo pwned]"
    ).encode(),
    "tag-float-nan-ce.yaml": VALID.replace("ce: 5, stands: 2", "ce: .nan, stands: 2").encode(),
    "tag-float-inf-ce.yaml": VALID.replace(
        "ce: 5, stands: 2", "ce: !!float .inf, stands: 2"
    ).encode(),
    "huge-int-ce.yaml": VALID.replace(
        "ce: 5, stands: 2", "ce: " + "9" * 5000 + ", stands: 2"
    ).encode(),
    "big-int-year.yaml": replace_lines(VALID, 5, f"year: {2**63}").encode(),
    "deep-flow.yaml": replace_lines(VALID, 6, "battle: " + "[" * 600 + "]" * 600).encode(),
    "deep-commands.yaml": nested_commands(250).encode(),
    "control-nul.yaml": VALID.replace("Quiot", "Qu\x00iot").encode(),
    "control-esc.yaml": VALID.replace("Jacquinot", "Jacq\x1b[31minot").encode(),
    "control-bel-key.yaml": VALID.replace("battle:", "bat\x07tle:").encode(),
    "control-del.yaml": VALID.replace("7e Hussards", "7e Huss\x7fards").encode(),
    "control-c1.yaml": VALID.replace("3e Chasseurs", "3e Chass\x9beurs").encode(),
    "latin1-bytes.yaml": VALID.encode("latin-1"),
    "alias-bomb.yaml": (
        VALID
        + "".join(
            f"x{i}: &x{i} [{', '.join([f'*x{i - 1}'] * 10) if i else 'lol'}]\n" for i in range(9)
        )
    ).encode(),
    "alias-loop.yaml": replace_lines(VALID, 7, "sources: &s [a, *s]", last=8).encode(),
    "two-documents.yaml": (VALID + "---\nname: second\n").encode(),
    "weight-null.yaml": VALID.replace("weight: medium", "weight: null").encode(),
    "zero-width-name.yaml": VALID.replace("3e Chasseurs", '"\u200b"').encode(),
    "zero-width-army-name.yaml": replace_lines(VALID, 3, 'name: "\u200b\u2060"').encode(),
    "nfc-duplicate.yaml": VALID.replace("1/54e Ligne", "Garde \u00e9")
    .replace("2/54e Ligne", "Garde e\u0301")
    .encode(),
    "key-is-a-list.yaml": replace_lines(VALID, 6, "[battle]: Waterloo").encode(),
    "not-a-mapping.yaml": b"- just\n- a list\n",
    "empty.yaml": b"",
    # accepted: spreadsheet and editor encodings of a valid list
    "ok-utf8-bom.yaml": b"\xef\xbb\xbf" + VALID.encode(),
    "ok-utf16-bom.yaml": VALID.encode("utf-16"),
}


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for name, data in CASES.items():
        (OUT / name).write_bytes(data)


if __name__ == "__main__":
    main()
