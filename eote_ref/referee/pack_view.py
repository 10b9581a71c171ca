"""A pack game as the app shows it: one read per change (issue 26).

:func:`read_pack_view` reads a game of a pack with declared play
(:class:`~eote_ref.referee.pack_play.PackGameService`) once: its state, the turn's heading,
what falls due and what undo and redo would do next. Every panel of the app (dashboard,
turn guide, journal, players' display) renders from the one :class:`PackView`. How a
marker reads is the pack's declaration (:class:`~eote_ref.packs.declaration.MarkerSpec`
when it declares one); nothing here names a pack.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from eote_ref.packs import registry

if TYPE_CHECKING:
    from eote_ref.referee.sheets.labels import UnitLabel
    from eote_ref.store import Database


def game_pack(db: Database, game_id: int) -> str:
    """The pack of game ``game_id`` (its ``ruleset`` column; an unknown one is the default's)."""
    reader = db.rows()
    if reader is not None:
        game = reader.game(game_id)
    else:
        from eote_ref.store.game_queries import game_reads

        with game_reads(db, game_id) as r:
            game = r.game()
    ruleset = str(getattr(game, "ruleset", "") or "")
    return registry.pack_or_default(ruleset)


def has_play(pack: str) -> bool:
    """Whether the referee runs games of ``pack`` through the pack's declared play."""
    plays: Mapping[str, str] = getattr(registry, "PLAYS", {})
    return pack in plays


@dataclass(frozen=True)
class PackView:
    """A pack game as of one change: state, heading, due checks, undo and redo labels."""

    game_id: int
    name: str
    pack: str
    title: str
    turn: int
    #: "turn 2, round 3 of 6": the pack's own heading of where the game is.
    turn_label: str
    #: The game's rows as the pack's checks read them (:class:`~eote_ref.packs.play.PlayState`).
    state: Any
    #: What falls due now (:class:`~eote_ref.packs.play.Due`), in the pack's order.
    due: tuple[Any, ...]
    can_undo: str | None
    can_redo: str | None
    #: The pack's unit markers (:class:`~eote_ref.packs.declaration.MarkerSpec`), if declared.
    markers: tuple[Any, ...] = ()
    #: The pack's turn (:class:`~eote_ref.packs.declaration.TurnSpec`), if declared.
    turn_spec: Any = None
    #: The pack's leader markers (:class:`~eote_ref.packs.declaration.MarkerSpec`), if declared.
    leader_markers: tuple[Any, ...] = ()

    def off_map(self, markers: Any, *, leader: bool = False) -> bool:
        """Whether a unit (or leader) with ``markers`` is off the map now, as declared.

        Not yet arrived or eliminated, by the markers declared ``off_map``; False when the
        pack declares none.
        """
        specs = self.leader_markers if leader else self.markers
        return any(m.keeps_off_map(markers.get(m.name, m.default), self.turn) for m in specs)

    @property
    def round(self) -> int:
        """The round of the turn (1 for a pack of one round a turn)."""
        spec = self.turn_spec
        if spec is None or spec.rounds <= 1:
            return 1
        value = self.state.pack_state.get(spec.round_label, 1)
        return int(value) if isinstance(value, int) else 1

    def phase_spec(self) -> Any:
        """The declared phase the game is in (None when the pack declares no turn)."""
        spec = self.turn_spec
        if spec is None:
            return None
        try:
            return spec.phase(self.state.phase)
        except KeyError:
            return None

    @property
    def sides(self) -> Sequence[Any]:
        return tuple(self.state.sides)


def read_pack_view(service: Any) -> PackView:
    """Read the pack game of ``service`` (a ``PackGameService``) into one :class:`PackView`."""
    from eote_ref.store.journal_reading import next_steps

    state = service.state()
    can_undo, can_redo = service.read(next_steps)
    return PackView(
        game_id=service.game_id,
        name=state.name,
        pack=service.pack_id,
        title=service.pack.title,
        turn=state.turn,
        turn_label=service.turn_label(state),
        state=state,
        due=tuple(service.due(state)),
        can_undo=can_undo,
        can_redo=can_redo,
        markers=tuple(getattr(service.pack, "unit_markers", ())),
        turn_spec=getattr(service.pack, "turn", None),
        leader_markers=tuple(getattr(service.pack, "leader_markers", ())),
    )


def marker_text(spec: Any, value: Any, unit_type: str | None = None) -> str:
    """A marker's value as the umpire's dashboard shows it ("" when at its default).

    A flag shows its declared mark (``D``), a counter its count and, when it has one, its
    limit for the unit's type (``3/4``), a choice its value.
    """
    if value is None or value == spec.default and type(value) is type(spec.default):
        return ""
    if spec.kind == "flag":
        return str(spec.dashboard or "✓") if value else ""
    if spec.kind == "counter":
        most = spec.limit_for(unit_type)
        return f"{value}/{most}" if most is not None else str(value)
    return str(value).replace("_", " ")


def umpire_marker_words(
    specs: Sequence[Any], markers: Any, unit_type: str | None = None, turn: int | None = None
) -> str:
    """A unit's or a leader's markers as the umpire reads them (``game show``), in words.

    Each declared marker in its players' words (``3 elements``, ``ordered``), else by its
    label and value (``fired on FO``); a marker at its default, or one the screens do not
    show (neither words nor a dashboard mark: a set-up fact), is left out, and ``arrives``
    only while the unit is still to come. Undeclared keys are plain ``key value``.
    """
    out: list[str] = []
    declared = {m.name for m in specs}
    for m in specs:
        value = markers.get(m.name, m.default)
        if m.kind == "counter" and m.name == "elements" and value is not None:
            most = m.limit_for(unit_type)
            out.append(f"{value}/{most} elements" if most is not None else f"{value} elements")
            continue
        if m.off_map == "until_turn" and turn is not None and int(value or 0) <= turn:
            continue
        if not m.display and not m.dashboard:  # a set-up fact the screens do not show
            continue
        words = m.words(value)
        if not words:
            text = marker_text(m, value, unit_type)
            words = f"{m.text} {text}" if text else ""
        if words:
            out.append(words)
    for key, value in markers.items():
        if key not in declared and value not in (None, False):
            out.append(key.replace("_", " ") if value is True else f"{key} {value}")
    return ", ".join(out)


def marker_header(spec: Any) -> str:
    """A marker's column header: its declared label, capitalised."""
    text = str(spec.text)
    return text[:1].upper() + text[1:]


def hand_edit_values(spec: Any, value: Any, unit_type: str | None = None) -> list[Any]:
    """The values an edit by hand may set a marker to from ``value``, as declared.

    Nothing unless the marker is ``editable``; a flag set or cleared, a counter one up or
    down within 0 and its limit for the unit's type, a choice each of its other values.
    """
    if not spec.editable:
        return []
    if spec.kind == "flag":
        return [None if value else True]
    if spec.kind == "counter":
        now = int(value or 0)
        return [v for v in (now + 1, now - 1) if spec.check(v, unit_type) is None]
    return [c for c in spec.choices if c != value]


def plain_marker_text(value: Any) -> str:
    """A marker the pack does not declare, as the dashboard shows it."""
    if value is None or value is False:
        return ""
    if value is True:
        return "✓"
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


def players_lines(side: Any, service: Any = None) -> list[str]:
    """A side's state as the players' display words it, from the players' state.

    ``side`` comes from :meth:`PackGameService.players_state` (the play's ``hidden`` keys
    taken out): a hidden list shows only as its count (``hand: 6, kept hidden``), never which.
    With ``service`` (the game's) the pack words its own values (:func:`side_words`).
    """
    out: list[str] = []
    for key, value in side.pack_state.items():
        if key.endswith("_count") and isinstance(value, int):
            if value:  # an empty hidden list says nothing
                out.append(f"{key[: -len('_count')].replace('_', ' ')}: {value}, kept hidden")
            continue
        words = side_words(service, key, value)
        if words:
            out.append(words)
    return out


def side_words(service: Any, key: str, value: Any) -> str:
    """One key of a side's state in words: the pack's own, else plain ("" when empty).

    The pack's are :attr:`Play.state_words` (its cards named); ``service`` is the game's,
    or None (plain words only).
    """
    play = getattr(service, "play", None)
    if play is not None:
        text = play.state_words(key, value, service.rules)
        if text is not None:
            return str(text)
    return _state_words(key, value)


def unit_type_words(service: Any, unit_type: str) -> str:
    """A unit's type in words: the pack's name for it, else its key in plain words."""
    play = getattr(service, "play", None)
    if play is not None:
        text = play.unit_type_words(unit_type, service.rules)
        if text is not None:
            return str(text)
    return unit_type.replace("_", " ")


def _state_words(key: str, value: Any) -> str:
    """One key of a side's state in words (lists joined, counts by face), "" when empty."""
    if value is None or value == [] or value == {}:
        return ""
    if isinstance(value, dict):
        text = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in value.items() if v)
    elif isinstance(value, list | tuple):
        text = ", ".join(str(v).replace("_", " ") for v in value)
    elif isinstance(value, bool):
        text = "yes" if value else "no"
    else:
        text = str(value).replace("_", " ")
    return f"{key.replace('_', ' ')}: {text}" if text else ""


def players_unit_lines(view: PackView, state: Any, side: Any) -> list[tuple[str, str]]:
    """Each unit of ``side`` on the players' display: its name and the markers seen on it.

    ``state`` is the players' state (:meth:`PackGameService.players_state`).

    Declared markers read in their own words (:meth:`MarkerSpec.words`); without a
    declaration a unit's counters show as ``key n`` and its flags by name.
    """
    out: list[tuple[str, str]] = []
    declared = {m.name: m for m in view.markers}
    for u in state.units:
        if u.side_id != side.id:
            continue
        words: list[str] = []
        if declared:
            for m in view.markers:
                w = m.words(u.markers.get(m.name, m.default))
                if w:
                    words.append(w)
        else:
            for key, value in u.markers.items():
                if key in _NOT_SHOWN or value is None or value is False:
                    continue
                words.append(key.replace("_", " ") if value is True else f"{key} {value}")
        out.append((u.name, ", ".join(words)))
    return out


def players_leader_lines(view: PackView, state: Any, side: Any) -> list[tuple[str, str]]:
    """Each leader of ``side``, named with his level, and his declared markers in their words.

    Empty when the pack declares no leader markers.
    """
    if not view.leader_markers:
        return []
    out: list[tuple[str, str]] = []
    for g in state.leaders:
        if g.side_id != side.id:
            continue
        words = [w for m in view.leader_markers if (w := m.words(g.markers.get(m.name, m.default)))]
        out.append((f"{g.name} ({g.level.replace('_', ' ')})", ", ".join(words)))
    return out


#: Markers of an undeclared pack the display leaves out (set-up facts, the umpire's own).
_NOT_SHOWN = frozenset({"start", "arrives", "flag"})


def game_sheet_titles(service: Any) -> list[str]:
    """The printed sheets the game's pack offers for a game in progress (``record sheets``)."""
    return list(getattr(service.pack, "game_sheets", {}) or {})


def game_sheet_html(service: Any, title: str) -> str:
    """Sheet ``title`` of the game as it stands, as one HTML document for the printer."""
    sheets = getattr(service.pack, "game_sheets", {}) or {}
    if title not in sheets:
        raise KeyError(f"no sheet {title!r} (known: {', '.join(sheets)})")
    state = service.state()
    rules_for = getattr(service, "rules_for", None)  # the game's house tables in its rules
    rules = rules_for(state) if callable(rules_for) else service.rules
    html: str = sheets[title](state, rules, service.turn_label(state))
    return html


def game_labels(service: Any) -> list[UnitLabel]:
    """The base labels of the game (:mod:`eote_ref.referee.sheets.labels`): a unit each."""
    from eote_ref.referee.sheets.labels import play_labels

    return play_labels(service.state(), tuple(getattr(service.pack, "unit_markers", ())))


def game_labels_html(service: Any) -> str:
    """The game's base labels as one HTML document for the printer, a side per page."""
    from eote_ref.referee.sheets.labels import labels_html

    return labels_html(game_labels(service), f"{service.state().name} — base labels")


def edit_refused(service: Any, state: Any, entity: str, row_id: int, key: str, value: Any) -> str:
    """Why the pack would refuse this edit by hand ("" when it would take it)."""
    from eote_ref.packs.play import Put

    try:
        refusal = service.play.edit_refusal(state, Put(entity, row_id, key, value), service.rules)  # type: ignore[arg-type]
    except (KeyError, ValueError) as e:
        return str(e)
    return str(refusal or "")
