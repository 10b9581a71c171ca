"""Finding a unit (or leader, division, army, member) by a few typed letters, Qt-free.

The pick lists of the wizards and dialogs hold hundreds of units. :func:`rank` keeps the
candidates whose text holds every typed word, anywhere in the name or in its context (the
division's and leader's names, the brigade, the side), ignoring case and accents
(``"13e leger"`` finds ``13e Léger``), and orders them so the likely pick comes first:

1. the unit whose code was typed whole (``f12``), then an exact name or the number of a
   code typed alone (``12`` finds F12 and A12, the likely side first);
2. the units the caller marks as likely (in contact, last fire's target...);
3. the right side (the enemy for a target, say);
4. the selected unit's division;
5. how well the letters match: the name's start, then a word's start, then anywhere in the
   name, then only in the context;
6. the order the caller gave.

:func:`unit_candidates` describes a check's choices with their units' division, leader and
side from the game view; :func:`preference_for` says which side and units a check's question
makes likely, from the recorded facts of the turn.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from eote_ref.referee.views import GameView

# Re-exported: the UI reads unit codes through the referee (ui must not import store).
from eote_ref.store.unit_codes import split_code as split_code

#: How well a candidate matches (lower is better).
EXACT, NAME_START, WORD_START, IN_NAME, IN_CONTEXT = range(5)


def fold(text: str) -> str:
    """``text`` without case or accents: ``"Léger"`` and ``"LEGER"`` both read ``"leger"``."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return bare.casefold()


@dataclass(frozen=True)
class Candidate:
    """One pickable thing: its value, the label shown, and what else finds it.

    ``context`` holds the other names that find it (division, leader, brigade, side);
    ``side`` and ``division_id`` let :class:`Preference` rank it.
    """

    value: Any
    label: str
    name: str = ""
    context: tuple[str, ...] = ()
    side: int | None = None
    division_id: int | None = None
    #: The unit's short code (``F12``): typed whole it ranks the unit first.
    code: str = ""

    @property
    def folded_name(self) -> str:
        """The name (or the label when there is none), folded."""
        return fold(self.name or self.label)

    @property
    def folded_all(self) -> str:
        """Everything that finds this candidate, folded."""
        return fold(" ".join((self.code, self.name, self.label, *self.context)))


@dataclass(frozen=True)
class Preference:
    """What makes a candidate likely: caller-marked values, a side, a division."""

    likely: frozenset[Any] = field(default_factory=frozenset)
    side: int | None = None
    division_id: int | None = None


def _word_start(text: str, word: str) -> bool:
    """Whether ``word`` starts a word of ``text`` (after a non-alphanumeric character)."""
    start = text.find(word)
    while start >= 0:
        if start == 0 or not text[start - 1].isalnum():
            return True
        start = text.find(word, start + 1)
    return False


def code_match(query: str, candidate: Candidate) -> int | None:
    """0: ``query`` is the candidate's whole code (``f12``); 1: its number alone (``12``)."""
    if not candidate.code:
        return None
    q = "".join(fold(query).split())
    code = fold(candidate.code)
    if q == code:
        return 0
    if q.isdigit() and code[1:] == q.lstrip("0") and q.lstrip("0"):
        return 1
    return None


def quality(query: str, candidate: Candidate) -> int | None:
    """How well ``query`` matches ``candidate`` (see the module constants); None: no match."""
    q = " ".join(fold(query).split())
    if not q:
        return IN_CONTEXT
    words = q.split()
    name = candidate.folded_name
    if not all(w in candidate.folded_all for w in words):
        return None
    if name == q:
        return EXACT
    if name.startswith(q):
        return NAME_START
    if all(_word_start(name, w) for w in words):
        return WORD_START
    if all(w in name for w in words):
        return IN_NAME
    return IN_CONTEXT


def rank(
    query: str, candidates: Sequence[Candidate], prefer: Preference | None = None
) -> list[Candidate]:
    """The candidates matching ``query``, the likely ones first (see the module docstring)."""
    p = prefer or Preference()
    scored = []
    typed = bool(query.strip())
    for i, c in enumerate(candidates):
        # nothing typed: every candidate matches, in the caller's order after the likely ones
        by_code = code_match(query, c) if typed else None
        q = EXACT if by_code is not None else quality(query, c) if typed else IN_CONTEXT
        if q is None:
            continue
        key = (
            0 if by_code == 0 else 1 if q == EXACT else 2,
            c.value not in p.likely,
            p.side is not None and c.side != p.side,
            p.division_id is not None and c.division_id != p.division_id,
            q,
            i,
        )
        scored.append((key, c))
    scored.sort(key=lambda kc: kc[0])
    return [c for _k, c in scored]


def best(
    query: str, candidates: Sequence[Candidate], prefer: Preference | None = None
) -> Candidate | None:
    """The first of :func:`rank`, or None when nothing matches."""
    found = rank(query, candidates, prefer)
    return found[0] if found else None


# ----------------------------------------------------------------------------- game units


#: The last view indexed and its index: a wizard asks once per unit question (the assault
#: has six on one view), and a view is never changed, only replaced.
_INDEXED: list[tuple[GameView, dict[int, Candidate]]] = []


def _unit_index(view: GameView) -> dict[int, Candidate]:
    if _INDEXED and _INDEXED[0][0] is view:
        return _INDEXED[0][1]
    out: dict[int, Candidate] = {}
    for s in view.sides:
        for d in s.divisions:
            leader = d.leader.name if d.leader else ""
            for u in d.units:
                context = tuple(x for x in (d.title, leader, u.brigade or "", s.name) if x)
                out[u.id] = Candidate(u.id, u.name, u.name, context, s.position, d.id, u.code)
    _INDEXED[:] = [(view, out)]
    return out


def unit_candidates(view: GameView, choices: Iterable[tuple[Any, str]]) -> list[Candidate]:
    """``(value, label)`` choices as candidates; unit ids get their division, leader and side.

    A choice counts as a unit when its value is a unit id and its label starts with that
    unit's name (so a leader or a division whose id happens to be a unit's is left alone).
    A unit's label is shown after its code (``F12 1/54e Ligne (French, CE 6)``).
    """
    units = _unit_index(view)
    if not _MADE or _MADE[0][0] is not view:
        _MADE[:] = [(view, {})]
    made = _MADE[0][1]
    out = []
    for value, label in choices:
        key = (type(value), value, label)
        try:
            found = made.get(key)
        except TypeError:  # a value that is no dictionary key: made each time
            out.append(_candidate(units, value, label))
            continue
        if found is None:
            found = made[key] = _candidate(units, value, label)
        out.append(found)
    return out


#: The candidates made for the last view, by choice: a wizard of every unit (the assault's
#: six pick lists, opened again and again on one view) made thousands of them each time.
_MADE: list[tuple[GameView, dict[tuple[type[Any], Any, str], Candidate]]] = []


def _candidate(units: dict[int, Candidate], value: Any, label: str) -> Candidate:
    u = units.get(value) if isinstance(value, int) and not isinstance(value, bool) else None
    if u is not None and label.startswith(u.name):
        shown = f"{u.code} {label}" if u.code else label
        return Candidate(value, shown, u.name, u.context, u.side, u.division_id, u.code)
    return Candidate(value, label, label)


def engaged_with(view: GameView, unit_ids: Iterable[int]) -> set[int]:
    """The units recorded in contact with any of ``unit_ids`` (``engaged`` links)."""
    from eote_ref.referee.facts import engaged_links

    ids = set(unit_ids)
    out: set[int] = set()
    for ln in engaged_links(view):
        if ln.unit_id in ids:
            out.add(ln.other_id)
        elif ln.other_id in ids:
            out.add(ln.unit_id)
    return out


def side_of_unit(view: GameView, unit_id: int) -> int | None:
    """The side position of a unit, None when it is not in the game."""
    side = view.side_by_unit.get(unit_id)
    return side.position if side is not None else None


def division_of_unit(view: GameView, unit_id: int) -> int | None:
    """The division id of a unit, None when it is not in the game."""
    for s in view.sides:
        for u in s.units:
            if u.id == unit_id:
                return u.division_id
    return None


def _ids(value: Any) -> list[int]:
    if value is None:
        return []
    if isinstance(value, list | tuple | set | frozenset):
        return [int(v) for v in value]
    return [int(value)]


def preference_for(
    view: GameView, key: str, values: dict[str, Any], target: dict[str, Any]
) -> Preference:
    """The side and units a check's question ``key`` makes likely.

    ``values`` are the check's current answers and ``target`` what it was opened on (the
    selected unit, the firers carried in...). A fire's target is an enemy of the firers, those
    in contact with them (and the last fire's target, carried in as ``target_id``, while it is
    their enemy) first; an
    assault's defenders are those in contact with its attackers and the other way round; any
    other unit question prefers the selected unit's side and division.

    Seam: units "in range" are not recorded by the referee today; when the turn's recorded
    facts hold them, they join ``likely`` here.
    """
    selected = target.get("unit_id")
    sel_side = side_of_unit(view, int(selected)) if selected is not None else None
    sel_div = division_of_unit(view, int(selected)) if selected is not None else None
    if key == "target":
        firers = _ids(values.get("firers"))
        side = side_of_unit(view, firers[0]) if firers else sel_side
        enemy = None
        if side is not None:
            enemy = next((s.position for s in view.sides if s.position != side), None)
        likely = engaged_with(view, firers)
        carried = target.get("target_id")
        # The last fire's target stays likely only while it is an enemy of the firers: a
        # firer of the other side ranks its own enemies first (EotE 6.1, 6.2).
        if carried is not None and (side is None or side_of_unit(view, int(carried)) != side):
            likely.add(int(carried))
        return Preference(frozenset(likely), enemy)
    if key in ("attackers", "defenders"):
        other = "defenders" if key == "attackers" else "attackers"
        return Preference(frozenset(engaged_with(view, _ids(values.get(other)))), None, sel_div)
    return Preference(frozenset(), sel_side, sel_div)
