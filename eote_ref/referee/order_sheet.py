"""A side's order sheet: its orders in transit and in force, for its commander's eyes only.

Orders are written and carried by courier and take effect some turns later (EotE 3.1-3.4).
The players' display shows only that an order is in transit; this sheet gives the side that
wrote them the content, the sender and the turn each takes effect, as printable HTML.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from eote_ref.referee.game import GameService
from eote_ref.referee.views import GameView
from eote_ref.store import history


@dataclass(frozen=True)
class OrderLine:
    """One division's order as its own side knows it."""

    division: str
    order: str
    sender: str | None
    written_turn: int | None
    takes_effect_turn: int | None


@dataclass(frozen=True)
class OrderSheet:
    """One side's orders on the current turn."""

    game: str
    side: str
    turn: int
    in_transit: tuple[OrderLine, ...]
    in_force: tuple[OrderLine, ...]
    #: The scenario's briefings for this side released by this turn: (turn or None, text).
    briefings: tuple[tuple[int | None, str], ...] = ()


def order_sheet(game: GameService, side: int, view: GameView | None = None) -> OrderSheet:
    """The orders of side position ``side``: in transit (with sender and turn), then in force.

    The sender and the turn written come from the latest order check on the division still in
    effect in the journal; an order set by hand on the dashboard has neither.
    """
    view = view or game.view()
    sv = next((s for s in view.sides if s.position == side), None)
    if sv is None:
        raise ValueError(f"there is no side {side}")
    leaders = {
        c.leader.id: c.leader.name for s in view.sides for c in s.commanders if c.leader is not None
    }
    written: dict[int, tuple[int, int | None]] = {}  # division -> (turn, issuer id)
    for e in game.read(history, newest_first=True):
        if e.status != "done" or e.kind != "order_activation":
            continue
        inputs = e.inputs if isinstance(e.inputs, dict) else {}
        target = inputs.get("target") or {}
        facts = inputs.get("facts") or {}
        did = target.get("division_id") if isinstance(target, dict) else None
        if isinstance(did, int) and did not in written:
            issuer = facts.get("issuer") if isinstance(facts, dict) else None
            written[did] = (e.turn, issuer if isinstance(issuer, int) else None)
    transit, force = [], []
    for d in sv.divisions:
        turn, issuer = written.get(d.id, (None, None))
        if d.pending_order:
            transit.append(
                OrderLine(
                    d.name,
                    d.pending_order,
                    leaders.get(issuer) if issuer is not None else None,
                    turn,
                    view.turn + d.pending_order_turns if d.pending_order_turns else None,
                )
            )
        if d.current_order:
            force.append(OrderLine(d.name, d.current_order, None, None, None))
    from eote_ref.referee.briefings import side_briefings

    briefings = tuple((b.turn, b.text) for b in side_briefings(game, side, view.turn))
    return OrderSheet(view.name, sv.name, view.turn, tuple(transit), tuple(force), briefings)


_CSS = """
body { font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; font-size: 10pt; }
p.title { font-size: 16pt; font-weight: bold; margin: 0; }
p.sub { font-size: 10pt; color: #444; margin-top: 2px; }
p.h { font-size: 12pt; font-weight: bold; color: #1f3c66; margin-top: 14px; }
table.t { border-collapse: collapse; border-color: #888; }
table.t th { background-color: #eef1f4; text-align: left; }
p.secret { font-size: 9pt; color: #7a1f1f; margin-top: 18px; }
"""


def _e(text: object) -> str:
    return html.escape("" if text is None else str(text))


def _table(head: tuple[str, ...], rows: list[tuple[object, ...]]) -> str:
    cells = "".join(f"<th>{_e(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in r) + "</tr>" for r in rows)
    return (
        '<table class="t" border="1" cellspacing="0" cellpadding="4" width="100%">'
        f"<tr>{cells}</tr>{body}</table>"
    )


def order_sheet_html(sheet: OrderSheet) -> str:
    """The sheet as HTML for the printer (one page for any sensible number of orders)."""
    body = [
        f'<p class="title">Orders — {_e(sheet.side)}</p>',
        f'<p class="sub">{_e(sheet.game)} · turn {sheet.turn}</p>',
        '<p class="h">Orders in transit (EotE 3.1, 3.4)</p>',
    ]
    if sheet.in_transit:
        body.append(
            _table(
                ("Division", "Order", "Sent by", "Written on turn", "Takes effect on turn"),
                [
                    (
                        o.division,
                        o.order,
                        o.sender or "set by the umpire",
                        o.written_turn if o.written_turn is not None else "—",
                        o.takes_effect_turn if o.takes_effect_turn is not None else "—",
                    )
                    for o in sheet.in_transit
                ],
            )
        )
    else:
        body.append("<p>No order is in transit.</p>")
    body.append('<p class="h">Orders in force (EotE 3.2)</p>')
    if sheet.in_force:
        body.append(_table(("Division", "Order"), [(o.division, o.order) for o in sheet.in_force]))
    else:
        body.append("<p>No division has an order in force.</p>")
    if sheet.briefings:
        body.append('<p class="h">Briefing (the scenario, for this side only)</p>')
        for turn, text in sheet.briefings:
            when = f"<b>Turn {turn}:</b> " if turn is not None else ""
            body.append(f"<p>{when}{_e(text)}</p>")
    body.append(
        f'<p class="secret">For the {_e(sheet.side)} commander and the umpire only: '
        "the players' display never shows an order's content, sender or countdown.</p>"
    )
    return (
        '<!DOCTYPE html><html><head><meta charset="utf-8">'
        f"<title>Orders — {_e(sheet.side)}</title><style>{_CSS}</style></head>"
        f"<body>{''.join(body)}</body></html>"
    )
