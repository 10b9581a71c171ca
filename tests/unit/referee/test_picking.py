"""Finding units by a few letters: anywhere in the name or its context, accents ignored, ranked."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from eote_ref.referee.game import GameService
from eote_ref.referee.picking import (
    Candidate,
    Preference,
    best,
    fold,
    preference_for,
    quality,
    rank,
    unit_candidates,
)


def _all_units(game: GameService) -> list[Candidate]:
    view = game.view()
    return unit_candidates(view, [(u.id, u.name) for s in view.sides for u in s.units])


def _names(found: list[Candidate]) -> list[str]:
    return [c.name for c in found]


def test_1_28_finds_the_foot_among_the_orange_nassau_and_the_french(
    waterloo: GameService,
) -> None:
    units = _all_units(waterloo)
    names = _names(rank("1/28", units))
    assert {"1/28th Foot", "1/28th Orange-Nassau", "1/28e Ligne"} <= set(names)
    # Two words narrow it to the one unit, wherever the second word is.
    assert _names(rank("1/28 foot", units)) == ["1/28th Foot"]
    assert _names(rank("28th foot", units)) == ["1/28th Foot"]
    # The right side first: a French battery's target is Anglo-Allied.
    allied = next(s.position for s in waterloo.view().sides if s.name == "Anglo-Allied")
    ranked = _names(rank("1/28", units, Preference(side=allied)))
    assert ranked[-1] == "1/28e Ligne"
    assert set(ranked[:2]) == {"1/28th Foot", "1/28th Orange-Nassau"}


def test_13e_leger_finds_the_light_battalions_without_the_accent(waterloo: GameService) -> None:
    names = _names(rank("13e Leger", _all_units(waterloo)))
    assert names == ["1/13e Léger", "2/13e Léger", "3/13e Léger"]
    assert _names(rank("13E LÉGER", _all_units(waterloo))) == names


def test_a_division_or_leader_name_finds_its_units(waterloo: GameService) -> None:
    view = waterloo.view()
    division = next(d for s in view.sides for d in s.divisions if d.leader and len(d.units) > 1)
    assert division.leader is not None
    units = _all_units(waterloo)
    for query in (division.name, division.leader.name):
        found = rank(query, units)
        assert {u.id for u in division.units} <= {c.value for c in found}
        # A name match ranks above a match in the context only.
        for c in found:
            assert quality(query, c) is not None


def test_ang_ranks_the_start_of_a_name_before_the_middle() -> None:
    armies = [
        Candidate(1, "Orange-Nassau (Tangier)", "Orange-Nassau (Tangier)"),
        Candidate(2, "Brigade Sangre", "Brigade Sangre"),
        Candidate(3, "Anglo-Allied", "Anglo-Allied"),
        Candidate(4, "Prussian", "Prussian", context=("Angers",)),
        Candidate(5, "Les Anglais", "Les Anglais"),
    ]
    assert [c.value for c in rank("Ang", armies)] == [3, 5, 1, 2, 4]
    assert rank("ang", armies)[0].value == 3


def test_likely_units_come_first_then_the_side_then_the_division() -> None:
    cands = [
        Candidate(1, "A", "Alpha", side=0, division_id=10),
        Candidate(2, "B", "Alpha Bravo", side=1, division_id=20),
        Candidate(3, "C", "Alpha Charlie", side=1, division_id=21),
        Candidate(4, "D", "Alpha Delta", side=1, division_id=21),
    ]
    order = [c.value for c in rank("alp", cands, Preference(frozenset({4}), 1, 21))]
    assert order == [4, 3, 2, 1]
    # an exact name wins over every preference
    assert best("Alpha", cands, Preference(frozenset({4}), 1, 21)) == cands[0]


def test_nothing_is_picked_when_nothing_matches() -> None:
    assert best("zz", [Candidate(1, "Alpha", "Alpha")]) is None


def test_the_target_of_a_fire_prefers_the_enemy_and_units_in_contact(
    waterloo: GameService,
) -> None:
    view = waterloo.view()
    mine = view.sides[1].units[0]
    pref = preference_for(view, "target", {"firers": (mine.id,)}, {"target_id": 5})
    assert pref.side == view.sides[0].position
    assert 5 in pref.likely


_names_strategy = st.text(
    alphabet=st.characters(codec="utf-8", categories=("L", "N", "Zs", "Pd")), min_size=1
)


@given(name=_names_strategy, data=st.data())
def test_any_slice_of_a_name_finds_it_whatever_its_case_and_accents(
    name: str, data: st.DataObject
) -> None:
    folded = fold(name)
    if not folded.strip():
        return
    start = data.draw(st.integers(0, len(name) - 1))
    end = data.draw(st.integers(start + 1, len(name)))
    piece = name[start:end]
    if not fold(piece).strip():
        return
    typed = data.draw(st.sampled_from([piece, piece.upper(), piece.lower(), _strip(piece)]))
    cand = Candidate(1, name, name)
    if all(w in folded for w in fold(typed).split()):
        assert rank(typed, [cand]) == [cand]


def _strip(text: str) -> str:
    return "".join(
        ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)
    )


@given(st.lists(st.text(min_size=1, max_size=12), min_size=1, max_size=20), st.text(max_size=4))
def test_rank_keeps_only_matches_and_loses_none(names: list[str], query: str) -> None:
    cands = [Candidate(i, n, n) for i, n in enumerate(names)]
    found = rank(query, cands)
    words = fold(query).split()
    expected = {c.value for c in cands if all(w in fold(c.name) for w in words)}
    assert {c.value for c in found} == expected
    assert len(found) == len({c.value for c in found})


def test_the_candidates_of_one_view_are_made_once(demo: GameService) -> None:
    """A wizard listing every unit asks again on the same view: the same candidates come back.

    The assault's six pick lists of a 2,000-unit game made 7,000 candidates an opening; on a
    new view (the game changed) they are made again, with the new labels.
    """
    view = demo.view()
    choices = [(u.id, u.name) for s in view.sides for u in s.units] + [(None, "none")]
    first = unit_candidates(view, choices)
    again = unit_candidates(view, list(reversed(choices)))
    assert [id(c) for c in reversed(again)] == [id(c) for c in first]
    unit = view.sides[0].units[0]
    demo.adjust_unit(unit.id, "hits", 1)
    later = unit_candidates(demo.view(), choices)
    assert later == first  # the same values and labels: equal, newly made
    assert all(a is not b for a, b in zip(later, first, strict=True))
