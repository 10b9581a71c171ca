"""Where a YAML problem is (file, line, column, key path), the problem, and the error."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Path = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class Mark:
    """A position in a YAML file (1-based line and column)."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


def path_text(path: Path) -> str:
    """Render a key path as ``a.b[2].c``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            if not part.isprintable():  # a line break or control inside a key: show it escaped
                part = "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in part)
            out += f".{part}" if out else part
    return out or "(document)"


@dataclass(frozen=True)
class Problem:
    """One validation problem: where, which key, what is wrong."""

    mark: Mark | None
    path: Path
    message: str
    severity: str = "error"

    def __str__(self) -> str:
        where = str(self.mark) if self.mark else "?"
        return f"{where}: {self.severity}: {path_text(self.path)}: {self.message}"


class YamlError(ValueError):
    """One or more problems in a YAML file; ``problems`` lists every one of them."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def raise_if(problems: Iterable[Problem]) -> None:
    """Raise YamlError when ``problems`` holds any error (warnings alone do not raise)."""
    plist = list(problems)
    if any(p.severity == "error" for p in plist):
        raise YamlError(plist)
