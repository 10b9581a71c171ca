"""The roster editor's one door to army-list files and the database: open, validate, save, store.

:class:`RosterService` is what the roster editor
(:class:`eote_ref.ui.roster_editor.window.RosterEditorWindow`) holds. It reads army-list YAML
files with the strict loader (every problem at once, with its ``file:line:column``), validates
an edited :class:`~eote_ref.armylists.model.ArmyList` with the same checks, writes files
atomically in the exact format of :func:`~eote_ref.armylists.export.dump_army_list`, and imports
or exports lists in the database through :mod:`eote_ref.referee.rosters`. Widgets never open
sessions themselves.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import enum
import os
import pathlib
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from eote_ref.armylists.export import dump_army_list
from eote_ref.armylists.loader import (
    ArmyListError,
    check_document,
    has_errors,
    load_any_army_list_text,
    load_army_list_text,
    validate_text,
)
from eote_ref.armylists.model import ArmyList
from eote_ref.packs.registry import DEFAULT_PACK
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.rosters import (
    dump_any_army_list,
    export_any_army_list,
    export_army_list,
    import_any_army_list,
    import_army_list,
)
from eote_ref.store import (
    Database,
    DuplicateNameError,
    NotFoundError,
    StoreError,
)
from eote_ref.store.rosters import stored_rosters
from eote_ref.yamlio.document import Document
from eote_ref.yamlio.problems import Mark, Problem
from eote_ref.yamlio.typed import yaml_key

__all__ = [
    "ArmyListError",
    "DuplicateListError",
    "OpenedAnyList",
    "OpenedList",
    "RosterService",
    "RosterServiceError",
    "StoredList",
    "UnknownListError",
]


class RosterServiceError(RefereeError):
    """A file or database operation of the roster editor failed; the message says why."""


class DuplicateListError(RosterServiceError):
    """An army list of that name is already stored (import with ``replace=True`` to replace it)."""


class UnknownListError(RosterServiceError):
    """No army list of that name is stored."""


@dataclass(frozen=True)
class OpenedList:
    """An army list read from a file.

    Attributes:
        army_list: the typed list.
        warnings: the loader's warnings (the list loads despite them), in file order.
        path: the file it came from.
        header: the comment block at the top of the file (``#`` lines), kept so that saving
            the list again does not drop the author's notes; empty when there is none.
    """

    army_list: ArmyList
    warnings: tuple[Problem, ...]
    path: pathlib.Path
    header: str = ""


@dataclass(frozen=True)
class OpenedAnyList:
    """An army list of any pack read from a file (:meth:`RosterService.open_any_file`).

    Attributes:
        pack: the pack whose schema its ``ruleset:`` picks (``eote``, ``avle``).
        army_list: the typed list of that pack.
        warnings: the loader's warnings, in file order.
        path: the file it came from.
        header: the comment block at the top of the file.
    """

    pack: str
    army_list: Any
    warnings: tuple[Problem, ...]
    path: pathlib.Path
    header: str = ""


@dataclass(frozen=True)
class StoredList:
    """A summary of one army list stored in the database."""

    name: str
    nation: str
    year: int
    battle: str | None
    imported_at: datetime.datetime | None
    #: The pack the list is of (its ``ruleset``'s): ``eote``, ``avle``.
    pack: str = "eote"


def leading_comments(text: str) -> str:
    """The block of ``#`` comment lines (and blank lines among them) that opens ``text``.

    Trailing blank lines of the block are dropped; the result ends with a newline unless empty.
    """
    lines: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#") or (not stripped and lines):
            lines.append(line.rstrip())
        else:
            break
    while lines and not lines[-1].strip():
        lines.pop()
    return "".join(f"{line}\n" for line in lines)


def _plain(value: Any) -> Any:
    """Plain data of an army list, as :func:`dump_army_list` writes it (defaults left out)."""
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {}
        for f in dataclasses.fields(value):
            item = getattr(value, f.name)
            if f.default is not dataclasses.MISSING and item == f.default:
                continue
            if f.default_factory is not dataclasses.MISSING and item == f.default_factory():
                continue
            out[yaml_key(f)] = _plain(item)
        return out
    return value


def write_atomically(path: pathlib.Path, text: str) -> None:
    """Write ``text`` (UTF-8, newline line ends) to ``path`` through a temporary file.

    The text goes to a temporary file in the same folder, is flushed to disk, and then
    replaces ``path`` in one step, so ``path`` is always either the old or the new file,
    never half written. An existing file's permissions are kept.

    Raises:
        OSError: the folder cannot be written; ``path`` is untouched and no temporary file
            is left behind.
    """
    folder = path.parent
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    tmp = pathlib.Path(tmp_name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if path.exists():
            with contextlib.suppress(OSError):
                shutil.copymode(path, tmp)
        else:
            with contextlib.suppress(OSError):
                umask = os.umask(0)
                os.umask(umask)
                tmp.chmod(0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


class RosterService:
    """Army-list files and stored army lists, for the roster editor.

    Args:
        db: the open database (each operation is one transaction of the store's).
    """

    def __init__(self, db: Database) -> None:
        self._db = db

    # ------------------------------------------------------------------ files

    def open_file(self, path: str | os.PathLike[str]) -> OpenedList:
        """Read and check an army-list file.

        Returns:
            The list, its warnings and the file's opening comment block.

        Raises:
            ArmyListError: the file cannot be read or has at least one error; ``problems``
                holds every error and warning, each with its ``file:line:column``.
        """
        file = pathlib.Path(path)
        try:
            text = file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            mark = Mark(str(file), 1, 1)
            raise ArmyListError([Problem(mark, (), f"cannot read file: {exc}")]) from exc
        result = load_army_list_text(text, str(file))
        return OpenedList(result.army_list, result.warnings, file, leading_comments(text))

    def validate_text(self, text: str, file: str = "<string>") -> list[Problem]:
        """Every error and warning of army-list text, in file order (empty when clean)."""
        return validate_text(text, file)

    def validate(self, army_list: ArmyList, file: str = "<editor>") -> list[Problem]:
        """Every error and warning the loader would report for ``army_list`` once saved.

        The checks run on the plain data the exporter writes, without going through YAML text,
        so this is quick enough to run while the user types. Problems carry no position (the
        list has no file yet); their key paths (``army.commands[0].units[2].name``) say where.
        """
        return check_document(Document(file, _plain(army_list)))[1]

    def dump(self, army_list: ArmyList, header: str = "") -> str:
        """The text :meth:`save_file` writes: ``header`` then :func:`dump_army_list`."""
        if header and not header.endswith("\n"):
            header += "\n"
        return header + dump_army_list(army_list)

    def save_file(
        self, army_list: ArmyList, path: str | os.PathLike[str], *, header: str = ""
    ) -> list[Problem]:
        """Check ``army_list`` and write it to ``path`` atomically.

        Args:
            army_list: the list to save.
            path: the YAML file to write (replaced in one step if it exists).
            header: comment lines to write above the list (each starting with ``#``).

        Returns:
            The warnings the saved file will load with.

        Raises:
            ArmyListError: the list has errors (nothing is written); ``problems`` lists them.
            RosterServiceError: the header is not a comment, or the file cannot be written
                (the old file, if any, is untouched).
        """
        if any(line.strip() and not line.lstrip().startswith("#") for line in header.splitlines()):
            raise RosterServiceError("the header must be comment lines starting with '#'")
        file = pathlib.Path(path)
        text = self.dump(army_list, header)
        problems = validate_text(text, str(file))
        if has_errors(problems):
            raise ArmyListError(problems)
        try:
            write_atomically(file, text)
        except OSError as exc:
            raise RosterServiceError(f"cannot write {file}: {exc.strerror or exc}") from exc
        return problems

    # ------------------------------------------------------------------ database

    def list_stored(self) -> list[StoredList]:
        """Every army list stored in the database, by name."""
        try:
            return [
                StoredList(r.name, r.nation, r.year, r.battle, r.imported_at, _pack_of(r.ruleset))
                for r in stored_rosters(self._db)
            ]
        except StoreError as exc:
            raise RosterServiceError(str(exc)) from exc

    def is_stored(self, name: str) -> bool:
        """True when an army list named ``name`` is in the database."""
        return any(s.name == name for s in self.list_stored())

    def import_list(self, army_list: ArmyList, *, replace: bool = False) -> None:
        """Store ``army_list`` in the database after checking it.

        Args:
            army_list: the list to store.
            replace: replace a stored list of the same name instead of refusing.

        Raises:
            ArmyListError: the list has errors (nothing is stored).
            DuplicateListError: a list of that name is stored and ``replace`` is false.
            RosterServiceError: the database refused the write.
        """
        problems = self.validate(army_list)
        if has_errors(problems):
            raise ArmyListError(problems)
        try:
            import_army_list(self._db, army_list, replace=replace)
        except DuplicateNameError as exc:
            raise DuplicateListError(
                f"an army list named {army_list.name!r} is already in the database"
            ) from exc
        except StoreError as exc:
            raise RosterServiceError(str(exc)) from exc

    def export_list(self, name: str) -> ArmyList:
        """The stored army list ``name``.

        Raises:
            UnknownListError: no list of that name is stored.
            RosterServiceError: the database could not be read.
        """
        pack, army_list = self.export_any(name)
        if pack != DEFAULT_PACK:
            raise RosterServiceError(
                f"army list {name!r} is a list of the {pack} pack (ruleset "
                f"{army_list.ruleset}), which this editor does not edit: export it with "
                f"'eote-ref armylist export'"
            )
        try:
            return export_army_list(self._db, name)
        except NotFoundError as exc:
            raise UnknownListError(f"no army list named {name!r} is in the database") from exc
        except StoreError as exc:
            raise RosterServiceError(str(exc)) from exc

    def export_to_file(
        self, name: str, path: str | os.PathLike[str], *, header: str = ""
    ) -> ArmyList:
        """Write the stored list ``name`` to a YAML file (see :meth:`save_file`)."""
        army_list = self.export_list(name)
        self.save_file(army_list, path, header=header)
        return army_list

    # ------------------------------------------------------------------ any pack
    # An EotE list goes through the methods above; a list of another pack (AVlE) through
    # these, which take and give the pack's id with its typed list.

    def open_any_file(self, path: str | os.PathLike[str]) -> OpenedAnyList:
        """Read and check an army-list file of any pack (its ``ruleset:`` picks the schema).

        Raises:
            ArmyListError: the file cannot be read or has an error; every problem with its
                ``file:line:column``.
        """
        file = pathlib.Path(path)
        try:
            text = file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            mark = Mark(str(file), 1, 1)
            raise ArmyListError([Problem(mark, (), f"cannot read file: {exc}")]) from exc
        result = load_any_army_list_text(text, str(file))
        return OpenedAnyList(
            result.pack, result.army_list, result.warnings, file, leading_comments(text)
        )

    def pack_of_file(self, path: str | os.PathLike[str]) -> str:
        """The pack an army-list file is of (its ``ruleset:``); EotE's when it does not read."""
        from eote_ref.armylists.loader import pack_of
        from eote_ref.yamlio.loader import load_file
        from eote_ref.yamlio.problems import YamlError

        try:
            return pack_of(load_file(pathlib.Path(path)))
        except (YamlError, OSError, UnicodeDecodeError):
            return DEFAULT_PACK

    def dump_any(self, pack: str, army_list: Any, header: str = "") -> str:
        """The text :meth:`save_any_file` writes: ``header`` then the pack's YAML of the list."""
        if header and not header.endswith("\n"):
            header += "\n"
        try:
            return header + dump_any_army_list(pack, army_list)
        except ValueError as exc:
            raise RosterServiceError(str(exc)) from exc

    def validate_any(self, pack: str, army_list: Any, file: str = "<editor>") -> list[Problem]:
        """Every error and warning of a list of any pack, at its line and column once written."""
        return validate_text(self.dump_any(pack, army_list), file)

    def save_any_file(
        self, pack: str, army_list: Any, path: str | os.PathLike[str], *, header: str = ""
    ) -> list[Problem]:
        """Check a list of any pack and write it to ``path`` atomically (:meth:`save_file`)."""
        if pack == DEFAULT_PACK:
            return self.save_file(army_list, path, header=header)
        if any(line.strip() and not line.lstrip().startswith("#") for line in header.splitlines()):
            raise RosterServiceError("the header must be comment lines starting with '#'")
        file = pathlib.Path(path)
        text = self.dump_any(pack, army_list, header)
        problems = validate_text(text, str(file))
        if has_errors(problems):
            raise ArmyListError(problems)
        try:
            write_atomically(file, text)
        except OSError as exc:
            raise RosterServiceError(f"cannot write {file}: {exc.strerror or exc}") from exc
        return problems

    def import_any(self, pack: str, army_list: Any, *, replace: bool = False) -> None:
        """Store a list of any pack after checking it (:meth:`import_list` for EotE's).

        Raises:
            ArmyListError: the list has errors (nothing is stored).
            DuplicateListError: a list of that name is stored and ``replace`` is false.
            RosterServiceError: the database refused the write.
        """
        if pack == DEFAULT_PACK:
            return self.import_list(army_list, replace=replace)
        problems = self.validate_any(pack, army_list, f"<{army_list.name}>")
        if has_errors(problems):
            raise ArmyListError(problems)
        try:
            import_any_army_list(self._db, pack, army_list, replace=replace)
        except DuplicateNameError as exc:
            raise DuplicateListError(
                f"an army list named {army_list.name!r} is already in the database"
            ) from exc
        except (StoreError, ValueError) as exc:
            raise RosterServiceError(str(exc)) from exc
        return None

    def import_file(self, path: str | os.PathLike[str], *, replace: bool = False) -> OpenedAnyList:
        """Check an army-list file of any pack and store it; the list as read.

        Raises:
            ArmyListError: the file has errors, each at its ``file:line:column``; nothing stored.
            DuplicateListError, RosterServiceError: as :meth:`import_any`.
        """
        opened = self.open_any_file(path)
        self.import_any(opened.pack, opened.army_list, replace=replace)
        return opened

    def export_any(self, name: str) -> tuple[str, Any]:
        """The stored list ``name`` of any pack: ``(pack, typed list)``.

        Raises:
            UnknownListError: no list of that name is stored.
            RosterServiceError: the database could not be read, or the stored list no longer
                passes its pack's check.
        """
        try:
            return export_any_army_list(self._db, name)
        except NotFoundError as exc:
            raise UnknownListError(f"no army list named {name!r} is in the database") from exc
        except ArmyListError as exc:
            first = exc.problems[0] if exc.problems else "it does not load"
            raise RosterServiceError(f"army list {name!r} no longer loads: {first}") from exc
        except StoreError as exc:
            raise RosterServiceError(str(exc)) from exc

    def export_any_to_file(
        self, name: str, path: str | os.PathLike[str], *, header: str = ""
    ) -> tuple[str, Any]:
        """Write the stored list ``name`` of any pack to a YAML file; ``(pack, typed list)``."""
        pack, army_list = self.export_any(name)
        self.save_any_file(pack, army_list, path, header=header)
        return pack, army_list

    # ------------------------------------------------------------------ plain data
    # The AVlE list editor edits a list as plain data (what its YAML holds), so that any
    # value typed, even a wrong one, is checked and reported at its line and column.

    def plain_of(self, pack: str, army_list: Any) -> dict[str, Any]:
        """A list of any pack as the plain data of its YAML (defaults left out)."""
        import yaml

        data = yaml.safe_load(self.dump_any(pack, army_list))
        assert isinstance(data, dict)
        return data

    def dump_plain(self, data: dict[str, Any], header: str = "") -> str:
        """Plain list data as YAML text after ``header``, a row of a table on one line."""
        from eote_ref.yamlio.dumper import FlowMap, dump

        def flow(items: Any) -> Any:
            if not isinstance(items, list):
                return items
            return [FlowMap(i) if isinstance(i, dict) else i for i in items]

        out = {k: flow(v) for k, v in data.items()}
        if header and not header.endswith("\n"):
            header += "\n"
        return header + dump(out, width=4096, indent_lists=True)

    def validate_plain(
        self, data: dict[str, Any], file: str = "<editor>", header: str = ""
    ) -> list[Problem]:
        """Every problem of plain list data, at its line and column once written.

        The text checked is ``header`` then the list, as :meth:`save_plain` writes it.
        """
        return validate_text(self.dump_plain(data, header), file)

    def typed_plain(self, data: dict[str, Any], file: str = "<editor>") -> tuple[str, Any]:
        """Plain list data as ``(pack, typed list)``.

        Raises:
            ArmyListError: the data has an error (every problem listed).
        """
        loaded = load_any_army_list_text(self.dump_plain(data), file)
        return loaded.pack, loaded.army_list

    def save_plain(
        self, data: dict[str, Any], path: str | os.PathLike[str], *, header: str = ""
    ) -> list[Problem]:
        """Check plain list data and write it to ``path`` atomically; its warnings.

        Raises:
            ArmyListError: the data has errors (nothing is written).
            RosterServiceError: the file cannot be written.
        """
        pack, army_list = self.typed_plain(data, str(path))
        return self.save_any_file(pack, army_list, path, header=header)


def _pack_of(ruleset: str) -> str:
    """The pack a stored list's ``ruleset`` names (EotE's for its own and any unknown one)."""
    from eote_ref.packs.registry import pack_or_default

    return pack_or_default(ruleset)


def error_count(problems: Sequence[Problem]) -> int:
    """How many of ``problems`` are errors."""
    return sum(1 for p in problems if p.severity == "error")
