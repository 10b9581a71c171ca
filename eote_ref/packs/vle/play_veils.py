"""VlE under fog of war: a check's line as a side that may not see the figures reads it.

A unit's steps and its side's losses are fogged (``play.FOG``, house): a player who may not see
them reads a check's line without the figures built on them (a fire's or a melee's steps lost,
its column, a morale check's total with the losses' malus), and with what the table sees happen
anyway: a unit removed, routed, disorganized, a straggler, a check that follows.
"""

from __future__ import annotations

from eote_ref.packs.play import Ctx, Put, Veil


def seen(ctx: Ctx, puts: list[Put]) -> list[str]:
    """What the table sees of ``puts``, in words: ``17e Léger disorganized``..."""
    out: list[str] = []
    routed = {p.row_id for p in puts if p.entity == "unit" and p.key == "routed" and p.value}
    for p in puts:
        if p.entity == "unit" and p.value:
            name = ctx.state.unit(p.row_id).name
            if p.key in ("eliminated", "routed"):
                out.append(f"{name} {p.key}")
            elif p.key == "straggler":
                out.append(f"{name} a straggler")
            elif p.key == "disorganized" and p.row_id not in routed:
                out.append(f"{name} disorganized")
        elif p.entity == "game" and p.key == "pending":
            before = list(ctx.state.pack_state.get("pending") or [])
            added = [item for item in p.value or [] if item not in before]
            for item in added:
                what = item.get("check") if isinstance(item, dict) else None
                out.append("a morale check follows" if what == "morale" else "a check follows")
    return out


def veiled(head: str, shown: list[str], rule: str, sides: tuple[int, ...] = ()) -> Veil:
    """The line ``head: what is seen (rule)``, for ``sides`` (none: the subject's side)."""
    return Veil(f"{head}{': ' + ', '.join(shown) if shown else ''} ({rule})", sides)
