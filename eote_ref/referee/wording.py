"""The game's changes in the umpire's words: "3rd Ligne: square", "Cooke attached".

The wizards list what Apply will do with :func:`describe_change`; pure bookkeeping (a morale
test remembered, a fact of the turn) reads as an empty string and is left out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from eote_ref.referee.markers import PackMarkers, game_markers, hits_words
from eote_ref.store.changes import Change, DeleteRow, InsertRow, SetField

if TYPE_CHECKING:
    from eote_ref.referee.views import GameView, UnitView
    from eote_ref.store import Database


def describe_change(
    db: Database,
    game_id: int,
    change: Change,
    view: GameView | None = None,
    markers: PackMarkers | None = None,
) -> str:
    """A change in the umpire's words ("3rd Ligne: square", "Cooke attached").

    Pure bookkeeping (a morale test remembered, a rest taken) reads as an empty string:
    the wizards leave those out of the list of what Apply will do. Given ``view``, the game
    as it stands now, a unit's marker and the units a link names are read off it instead of
    the database (a check words its changes after every die without a read). A unit's
    markers are the game's pack's: ``markers`` if given (the service's), else those of the
    ruleset the view or the game records (:func:`~eote_ref.referee.markers.game_markers`).
    """
    if isinstance(change, SetField) and change.field == "scenario_state":
        return ""  # a scenario's bookkeeping: the event's summary says what happened
    if isinstance(change, SetField) and _entity_name(change.entity) == "game_fact":
        return ""  # a fact's bookkeeping (a fire sub-phase's fires ended, EotE 6.0)
    if isinstance(change, SetField):
        from eote_ref.store.game_queries import field_change, read_game

        entity = _entity_name(change.entity)
        if entity == "game_unit" and markers is None:
            markers = _game_markers(db, game_id, view)
        unit = _viewed_unit(view, change.row_id) if entity == "game_unit" else None
        marker = change.field.removeprefix("markers.")
        # A marker the view carries (its bookkeeping markers are read as before).
        if unit is not None and markers and change.field != marker and markers.is_marker(marker):
            before = getattr(unit, marker, _UNSEEN)
            if before is not _UNSEEN:
                field, before, after = markers.marker_values(change.field, before, change.value)
                return f"{unit.name}: {describe_field(field, before, after)}"
        found = read_game(
            db,
            game_id,
            field_change,
            entity,
            change.row_id,
            change.field,
            change.value,
            _naming(change.field),
        )
        name = "Game" if entity == "game" else found.row_name or entity.replace("game_", "")
        field, before, after = change.field, found.before, found.after
        if markers is not None:  # a unit's marker reads by its name, an absent one as default
            field, before, after = markers.marker_values(field, before, after)
        return f"{name}: {describe_field(field, before, after)}"
    if isinstance(change, InsertRow):
        return _describe_insert(db, game_id, change, view)
    return _describe_delete(db, game_id, change)


def _game_markers(db: Database, game_id: int, view: GameView | None) -> PackMarkers:
    """The markers of the game's units: its pack's, by the ruleset the view or game records."""
    if view is not None:
        return game_markers(view.ruleset)
    from eote_ref.store.game_queries import game_ruleset, read_game

    return game_markers(read_game(db, game_id, game_ruleset))


#: A marker the unit's view does not carry.
_UNSEEN = object()


def _viewed_unit(view: GameView | None, unit_id: Any) -> UnitView | None:
    """Unit ``unit_id`` as ``view`` shows it, or None (no view, or not a unit of it)."""
    if view is None or not isinstance(unit_id, int):
        return None
    side = view.side_by_unit.get(unit_id)
    return next((u for u in side.units if u.id == unit_id), None) if side else None


def _describe_delete(db: Database, game_id: int, change: DeleteRow) -> str:
    """A row taken away in words: "1/28th Foot and 2/54e Ligne are no longer engaged".

    Never the table and row id ("link 8 removed"); bookkeeping reads as an empty string.
    """
    from eote_ref.store.game_queries import read_game, row_names

    entity = _entity_name(change.entity)
    found = read_game(db, game_id, row_names, entity, change.row_id)
    if found is None:
        return ""
    if entity in ("game_link", "game_fact"):
        kind = found.kind
        if kind in _BOOKKEEPING_LINKS:
            return ""
        a, b = found.unit or "", found.other or ""
        what = kind.replace("_", " ")
        if kind == "engaged":
            return f"{a} and {b} are no longer engaged"
        return f"{a}: {what} with {b} no longer recorded" if b else f"{a}: {what} cleared"
    name = found.name
    return f"{name} removed" if name else ""


def _naming(field: str) -> str | None:
    """How the values of ``field`` are named (:data:`eote_ref.store.game_queries.NAMING`)."""
    if field in _LEADER_FIELDS:
        return "leader"
    if field in _COMMAND_FIELDS:
        return "command"
    if field in ("initiative", "initiative_last_turn"):
        return "side"
    return "turn" if field == "pending_order_turns" else None


def _describe_insert(
    db: Database, game_id: int, change: InsertRow, view: GameView | None = None
) -> str:
    entity = _entity_name(change.entity)
    v = change.values
    if entity not in ("game_link", "game_fact"):
        what = v.get("name") or "row"
        return f"new {entity.replace('game_', '')}: {what}"
    kind = str(v.get("kind", ""))
    if kind in _BOOKKEEPING_LINKS:
        return ""
    ids = [v.get("unit_id"), v.get("other_id")]
    viewed = [_viewed_unit(view, i) for i in ids]
    if all(u is not None or i is None for u, i in zip(viewed, ids, strict=True)):
        names: list[str | None] = [u.name if u is not None else None for u in viewed]
    else:
        from eote_ref.store.game_queries import read_game, unit_names

        names = read_game(db, game_id, unit_names, ids)
    a, b = (n if n is not None else "?" for n in names)
    phrase = _LINK_PHRASES.get(kind)
    if phrase is None:
        return f"{a}: {kind.replace('_', ' ')} recorded"
    return phrase.format(a=a, b=b)


def _entity_name(entity: Any) -> str:
    return entity if isinstance(entity, str) else str(entity.__tablename__)


#: Fields holding a leader's or a command's id (shown by name).
_LEADER_FIELDS = frozenset({"attached_leader_id"})
_COMMAND_FIELDS = frozenset({"attached_command_id"})

#: Links that only remember something for the turn guide; the umpire need not read them.
_BOOKKEEPING_LINKS = frozenset(
    {
        "morale_tested",
        "rested",
        "fired",
        "fought",
        "supported",
        "leader_rolled",
        "cavalry_settled",
        "radius_measured",
        "integrity_checked",
        "fell_back_clear",
        "guns_abandoned",
        "sub_phase",
    }
)

#: Links in words (``{a}`` is the unit, ``{b}`` the other unit).
_LINK_PHRASES = {
    "fired_at": "{a} fired at {b} (remembered for bombardment next turn, EotE 6.4)",
    "engaged": "{a} and {b} stay engaged into the next turn (EotE 7.0)",
    "charge": "{a} charged {b}",
    "breakthrough": "{a} beat {b} and takes its breakthrough (EotE 5.15)",
    "morale_due": "{a} must test morale (routers passed through it, EotE 7.5)",
    "pontoon": "{a}: pontoon bridge under way",
    "demolition": "{a}: bridge demolition under way",
    "remanned": "{a}: gunners back at the guns, no fire this turn (EotE 7.5)",
}

#: Yes/no markers in words: (when set, when cleared).
_FLAG_WORDS = {
    "disordered": ("disordered", "no longer disordered"),
    "routed": ("routed", "no longer routed"),
    "off_table": ("off the table", "back on the table"),
    "pinned": ("pinned", "no longer pinned"),
    "out_of_command": ("out of command", "back in command"),
    "limbered": ("limbered", "unlimbered"),
    "guns_abandoned": ("guns abandoned", "guns manned again"),
    "skirmishers_out": ("skirmishers out", "skirmishers recalled"),
    "changed_formation": ("changed formation this turn", "formation change cleared"),
    "fought_this_turn": ("fought this turn", "fought-this-turn cleared"),
    "fought_last_turn": ("fought last turn", "fought-last-turn cleared"),
    "fought_while_blown": ("fought while blown", "fought-while-blown cleared"),
    "routed_this_turn": ("routed this turn", "routed-this-turn cleared"),
    "routed_by_morale": ("routed from a morale check", "morale rout cleared"),
    "disintegrated": ("disintegrated", "no longer disintegrated"),
    "rallied_once": ("has used its one rally (EotE 9.1)", "may rally again"),
    "killed": ("killed", "alive again"),
    "no_rally_next_turn": ("cannot rally troops next turn", "may rally troops again"),
    "replacement": ("a replacement", "not a replacement"),
    "falling_back": ("falls back", "no longer falling back"),
    "in_town": ("holds a town", "out of the town"),
    "objective_lost": ("objective lost", "objective held"),
}

#: How a field reads when it is given a value (``{v}``) or emptied.
_VALUE_WORDS = {
    "formation": ("formation {v}", "formation not recorded"),
    "attached_leader_id": ("{v} attached", "leader detached"),
    "attached_command_id": ("attached to {v}", "detached from his division"),
    "current_order": ("order {v}", "no order"),
    "pending_order": ("{v} order on its way", "no order on its way"),
    "pending_order_turns": ("the order takes effect on turn {v}", "no order on its way"),
    "replacement_due_turn": ("replacement leader due on turn {v}", "no replacement due"),
    "no_rally_turn": ("cannot rally troops on turn {v}", "may rally troops"),
    "initiative": ("initiative: {v}", "initiative to be rolled"),
    "initiative_last_turn": ("initiative last turn: {v}", "no initiative last turn"),
    "phase": ("{v} phase", "first phase"),
    "turn": ("turn {v}", "turn not set"),
}


#: Counted fields whose name reads badly in words.
_FIELD_LABELS = {"skirmish_hits": "skirmish stand hits"}


def describe_field(field: str, before: Any, after: Any) -> str:
    """One field's change in words: "disordered", "hits 1 → 2", "formation square"."""
    if isinstance(after, bool) and field in _FLAG_WORDS:
        return _FLAG_WORDS[field][0 if after else 1]
    if isinstance(after, bool):
        return f"{field.replace('_', ' ')}: {'yes' if after else 'no'}"
    if field in _VALUE_WORDS:
        given, emptied = _VALUE_WORDS[field]
        if after is None or after == "":
            return emptied
        text = given.format(v=str(after).replace("_", " "))
        if str(before).casefold() == str(after).casefold():
            return f"{text} (unchanged)"
        if before not in (None, "") and field not in ("attached_leader_id", "attached_command_id"):
            text += f" (was {str(before).replace('_', ' ')})"
        return text
    label = _FIELD_LABELS.get(field, field.replace("_", " "))
    if before is None:
        return f"{label} {after}"
    return f"{label} {before} → {after}"


def hits_text(n: int) -> str:
    """A count of hit markers in words: "1 hit", "3 hits" (worded in ``markers``)."""
    return hits_words(n)
