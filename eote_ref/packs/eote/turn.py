"""The EotE pack's turn (EotE 2.0): its seven phases as data, in a module of their own.

The app's first window reads it (the phase bar, the dashboard's steps) before the rules
engine is loaded, so it imports only the declaration's types; :mod:`eote_ref.packs.eote.pack`
declares the whole pack with it. Standard library only.
"""

from __future__ import annotations

from eote_ref.packs.state_specs import PhaseSpec, TurnChange, TurnSpec

#: The turn of EotE 2.0: seven phases, once each, a turn being 30 minutes. The app's first
#: window reads it (the phase bar, the dashboard's steps) before the engine is loaded.
TURN = TurnSpec(
    rule="2.0",
    time="30 minutes",
    phases=(
        PhaseSpec(
            "command",
            "Command control",
            "3.0",
            (
                "both sides together: which units are within their commander's radius (3.6)",
                "disordered units in command and not pinned rally (3.6, 5.7)",
                "blown cavalry that rested a full turn becomes disordered instead (5.12)",
                "orders are issued or changed on the Activating Orders Chart (3.1-3.4)",
                "routed units from last turn leave the table (7.5)",
            ),
            short="Command",
        ),
        PhaseSpec(
            "initiative",
            "Initiative",
            "4.0",
            ("each side rolls a d10 plus its modifiers; the higher wins, ties roll again",),
        ),
        PhaseSpec(
            "movement",
            "Movement",
            "5.0",
            (
                "the side with the initiative moves first, at full allowance (5.3.1)",
                "then the other side moves unpinned units at half, or changes formation (4.0)",
                "square attempts as cavalry closes to pinning distance (5.6)",
            ),
        ),
        PhaseSpec(
            "fire",
            "Tactical fire",
            "6.0",
            (
                "artillery not being assaulted fires, all at once; then morale checks (6.2)",
                'infantry within 5" and not assaulted fires, all at once; then morale checks (6.5)',
            ),
            short="Fire",
        ),
        PhaseSpec(
            "assault",
            "Tactical assault",
            "7.0",
            (
                "every combat involving cavalry first, with its breakthrough combats (7.7)",
                'then infantry against infantry or artillery within 3" (7.6)',
                "morale checks as results call for them (7.5)",
            ),
            short="Assault",
        ),
        PhaseSpec(
            "leader_casualty",
            "Leader casualty",
            "8.0",
            ('a roll for each leader within 3" of combat or artillery fire (8.0)',),
        ),
        PhaseSpec(
            "integrity",
            "Divisional integrity",
            "9.0",
            (
                "divisions whose infantry routed or whose commander was killed check (9.0)",
                "divisions out of tactical combat range may rally routed units (9.1)",
                "cavalry that fought becomes blown; blown cavalry that fought disintegrates (5.10)",
            ),
            short="Integrity",
        ),
    ),
    # What eote_ref.referee.turn.carry_over writes at a new turn besides the state of units and
    # leaders (their markers say what lasts a turn).
    new_turn=(
        TurnChange("game_fact", "clear", "2.0", "the facts of the turn that ended are cleared"),
        TurnChange(
            "initiative",
            "keep",
            "4.0",
            "the initiative becomes last turn's (a modifier of the next roll) and is rolled again",
            into="initiative_last_turn",
        ),
        TurnChange(
            "game_command.pending_order_turns",
            "tick",
            "3.1",
            "pending orders count down a turn; one at 0 becomes the division's order (3.4)",
        ),
    ),
)
