"""The end of a VlE countercharge: the cavalry back in the formation it had before (IX.7).

A passed countercharge puts the cavalry in line (IV.7) and keeps its formation in the marker
:data:`CC_FORMATION` until the countercharge is over: its melee resolved (whether or not the
umpire ticked the melee's countercharge box), the cavalry disorganized, routed, a straggler or
eliminated before it could attack (VIII.7), or the phase over with no melee (it comes at once,
IX.7). Standard library only.
"""

from __future__ import annotations

from eote_ref.packs.play import PlayState, Put, UnitState

#: The countercharging cavalry's formation before it went into line (IX.7), until it is over.
CC_FORMATION = "formation_before_countercharge"

#: Results that end a countercharge before its melee: the cavalry may not attack (VIII.7).
_OUT = ("disorganized", "routed", "straggler", "eliminated")


def cc_restored(units: list[UnitState]) -> list[Put]:
    """Each countercharging cavalry of ``units`` back in its formation, its marker gone."""
    puts: list[Put] = []
    for x in units:
        if CC_FORMATION in x.markers:
            puts += [Put("unit", x.id, "formation", x.markers.get(CC_FORMATION) or None),
                     Put("unit", x.id, CC_FORMATION, None)]  # fmt: skip
    return puts


def cc_ended(state: PlayState, puts: list[Put]) -> list[Put]:
    """``puts`` and, for a countercharging cavalry they put out of the fight, its return."""
    done = {p.row_id for p in puts if p.entity == "unit" and p.key == CC_FORMATION}
    hit = {p.row_id for p in puts if p.entity == "unit" and p.key in _OUT and p.value}
    out = [state.unit(i) for i in sorted(hit - done)]
    return puts + cc_restored(out)
