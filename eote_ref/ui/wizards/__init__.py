"""Check wizards: one per adjudication, all built on :class:`~eote_ref.ui.wizards.base.CheckWizard`.

:data:`MENU` lists the wizards the *Adjudicate* menu and the turn guide offer, with their keys
and what they need selected; :data:`WIZARD_CLASSES` maps a check key to a wizard subclass when
the generic one is not enough (the fire queue, say). :func:`open_wizard` builds the
adjudication through the referee and shows its wizard.

The wizard classes are imported when the first wizard is built: the main window and the
turn guide need only :data:`MENU` to start.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QWidget

from eote_ref.ui.game_hub import GameHub

if TYPE_CHECKING:
    from eote_ref.ui.wizards.base import CheckWizard


@dataclass(frozen=True)
class MenuCheck:
    """An *Adjudicate* menu entry.

    ``needs`` is ``unit`` (the selected unit), ``division`` (the selected unit's division),
    ``side`` (the selected unit's side), ``any`` (the selected unit if there is one, as the
    wizard's first pick) or ``game`` (nothing); ``phases`` are the phase values
    in which the turn guide offers it (empty: always).
    """

    key: str
    label: str
    shortcut: str
    needs: str
    tip: str
    phases: tuple[str, ...] = ()


#: The Adjudicate menu, in turn order (helpers add their wizards here).
MENU: list[MenuCheck] = [
    # --- issue 5: command control, initiative and movement phases (EotE 3.0-5.0)
    MenuCheck(
        "command_radius",
        "Command &radius…",
        "Ctrl+Shift+R",
        "division",
        "The selected unit's division: which units are within the leader's radius (EotE 3.6)",
        ("command",),
    ),
    MenuCheck(
        "order",
        "Issue an &order…",
        "Ctrl+Shift+O",
        "division",
        "Issue or change the selected unit's division's order on the OAC (EotE 3.1-3.6)",
        ("command",),
    ),
    MenuCheck(
        "reserve",
        "Activate a reser&ve…",
        "Ctrl+Shift+V",
        "division",
        "Activate the selected unit's division from RESERVE with an OAC roll (EotE 3.3)",
        ("command",),
    ),
    MenuCheck(
        "disorder_rally",
        "Rally from disorder…",
        "",
        "unit",
        "The selected disordered unit rallies if in command and not pinned (EotE 3.6)",
    ),
    MenuCheck(
        "cavalry_rest",
        "Blown cavalry rests…",
        "",
        "unit",
        "The selected blown cavalry rested a turn: a blown marker becomes disorder (EotE 5.12)",
    ),
    MenuCheck(
        "remove_routed",
        "Routed unit leaves the table…",
        "",
        "unit",
        "The selected routed unit leaves the table as the game's option says (EotE 7.5)",
    ),
    MenuCheck(
        "attach_leader",
        "Attach/detach a leader to a unit…",
        "Ctrl+Shift+J",
        "unit",
        "The division's leader joins or leaves the selected unit (EotE 3.5.1)",
    ),
    MenuCheck(
        "attach_commander",
        "Attach/detach a commander to a division…",
        "Ctrl+Shift+K",
        "division",
        "An army, wing or corps leader joins or leaves the selected unit's division (EotE 3.5.2)",
        ("movement",),
    ),
    MenuCheck(
        "initiative",
        "I&nitiative…",
        "Ctrl+Shift+N",
        "game",
        "Both sides roll for the initiative (EotE 4.0)",
        ("initiative",),
    ),
    MenuCheck(
        "formation",
        "Change &formation…",
        "Ctrl+Shift+F",
        "unit",
        "The selected unit changes formation, with its movement cost (EotE 5.2)",
        ("movement",),
    ),
    MenuCheck(
        "limber",
        "Limb&er / unlimber…",
        "Ctrl+Shift+E",
        "unit",
        "The selected battery limbers or unlimbers (EotE 5.2.3)",
        ("movement",),
    ),
    MenuCheck(
        "pinning",
        "&Pinned?…",
        "Ctrl+Shift+P",
        "unit",
        "Is the selected unit pinned by an enemy close by (EotE 5.7)",
        ("movement",),
    ),
    MenuCheck(
        "skirmishers",
        "Skirmishers…",
        "Ctrl+Shift+W",
        "unit",
        "The selected unit detaches or reforms skirmishers, with their hits (EotE 5.4)",
        ("movement",),
    ),
    MenuCheck(
        "pass_through",
        "Move through a unit…",
        "Ctrl+Shift+M",
        "unit",
        "The selected unit moves through another: formed through formed disorders both "
        "(EotE 5.3.5)",
        ("movement",),
    ),
    MenuCheck(
        "charge",
        "Cavalry c&harge…",
        "Ctrl+Shift+H",
        "unit",
        "The selected cavalry charges: terrain crossed, contact recorded (EotE 5.8)",
        ("movement",),
    ),
    MenuCheck(
        "square",
        "Form &square…",
        "Ctrl+Shift+Q",
        "unit",
        "The selected infantry attempts square as cavalry closes (EotE 5.6)",
        ("movement",),
    ),
    MenuCheck(
        "morale",
        "&Morale check…",
        "Ctrl+M",
        "unit",
        "The selected unit tests morale (EotE 7.5)",
        ("fire", "assault"),
    ),
    MenuCheck(
        "reman_guns",
        "Re-man abandoned g&uns…",
        "Ctrl+Shift+U",
        "unit",
        "The selected battery's gunners go back to their abandoned guns; no fire this turn "
        "(EotE 7.5, 7.7)",
        ("movement",),
    ),
    # issue 6: fire and assault (EotE 6.x, 7.x)
    MenuCheck(
        "pass_through_fire",
        "Pass-throu&gh fire…",
        "Ctrl+Shift+T",
        "unit",
        "The selected infantry fires at a unit crossing its arc (EotE 6.7)",
        ("movement",),
    ),
    MenuCheck(
        "artillery_fire",
        "&Artillery fire…",
        "Ctrl+Shift+A",
        "any",
        "Queue every battery's fire, then apply them together (EotE 6.0-6.4)",
        ("fire",),
    ),
    MenuCheck(
        "infantry_fire",
        "&Infantry fire…",
        "Ctrl+Shift+I",
        "any",
        "Queue infantry and skirmisher fire, then apply it together (EotE 6.5, 5.5)",
        ("fire",),
    ),
    MenuCheck(
        "assault",
        "Assaul&t…",
        "Ctrl+Shift+X",
        "any",
        "Resolve one assault: cavalry combats first, then infantry (EotE 7.6)",
        ("assault",),
    ),
    # -- end of turn (issue 7): leader casualties, integrity, rallies, cavalry, engineering
    MenuCheck(
        "leader_casualty",
        "&Leader casualty…",
        "Ctrl+Shift+L",
        "division",
        "A leader near this turn's combat rolls (EotE 8.0); select a unit of his division",
        ("leader_casualty",),
    ),
    MenuCheck(
        "integrity",
        "&Divisional integrity…",
        "Ctrl+Shift+D",
        "division",
        "The selected unit's division checks its integrity (EotE 9.0)",
        ("integrity",),
    ),
    MenuCheck(
        "falling_back_ended",
        "Falling ba&ck ended…",
        "",
        "division",
        'The falling-back division is 18" clear of the enemy or in cover (EotE 9.0)',
    ),
    MenuCheck(
        "rally",
        "Rally routed unit…",
        "Ctrl+Shift+G",
        "division",
        "A routed unit of a division out of combat range tries its one rally (EotE 9.1)",
        ("integrity",),
    ),
    MenuCheck(
        "cavalry_end_of_turn_all",
        "All cavalry: &blown at end of turn…",
        "Ctrl+Shift+B",
        "game",
        "Every cavalry unit that fought is blown, or disintegrates (EotE 5.10-5.11)",
        ("integrity",),
    ),
    MenuCheck(
        "cavalry_end_of_turn",
        "Cavalry end of turn…",
        "",
        "unit",
        "The selected cavalry unit: blown or disintegrated (EotE 5.10-5.11)",
    ),
    MenuCheck(
        "cavalry_returns",
        "Disintegrated cavalry returns…",
        "",
        "unit",
        'The selected disintegrated cavalry is placed back 18" from the enemy (EotE 5.11)',
    ),
    MenuCheck(
        "pontoon",
        "Pontoon bridge turn…",
        "",
        "unit",
        "The selected engineers lay a pontoon bridge: one turn of four (EotE 10.0)",
    ),
    MenuCheck(
        "demolition",
        "Bridge demolition…",
        "",
        "unit",
        "The selected engineers set or fire a bridge charge (EotE 10.0)",
    ),
    MenuCheck(
        "burning",
        "Burn a town block…",
        "",
        "game",
        "Howitzer batteries try to set a town block on fire (EotE 7.12)",
    ),
    # -- issue 15: the command phase's batches, one journal step each
    MenuCheck(
        "remove_routed_all",
        "All routed units leave…",
        "Ctrl+Alt+U",
        "game",
        "Every routed unit on the table leaves it, as the game's option says, in one step "
        "(EotE 7.5)",
        ("command",),
    ),
    MenuCheck(
        "disorder_rally_all",
        "Rally every disordered unit…",
        "Ctrl+Alt+D",
        "game",
        "Each disordered unit in command and not pinned rolls to rally, all shown together and "
        "applied as one step (EotE 3.6)",
        ("command",),
    ),
    MenuCheck(
        "command_radius_all",
        "Command radius: every division…",
        "Ctrl+Alt+R",
        "game",
        "Every division not measured this turn, its units as marked (C on a unit marks it out "
        "of command), shown together and applied as one step (EotE 3.6)",
        ("command",),
    ),
    MenuCheck(
        "cavalry_end_of_turn_batch",
        "Cavalry end of turn: every unit…",
        "Ctrl+Alt+B",
        "game",
        "Each cavalry unit that fought this turn: blown or disintegrated, shown together and "
        "applied as one step (EotE 5.10-5.11)",
        ("integrity",),
    ),
    MenuCheck(
        "morale_all",
        "Morale checks: every unit due…",
        "Ctrl+Alt+M",
        "game",
        "Every morale check the turn guide lists, a die each, shown together and applied as "
        "one step (EotE 7.5)",
        ("fire", "assault"),
    ),
    MenuCheck(
        "leader_casualty_all",
        "Leader casualties: every leader…",
        "Ctrl+Alt+L",
        "game",
        "Every leader within reach of this turn's combat rolls his d10, all shown together and "
        "applied as one step (EotE 8.0)",
        ("leader_casualty",),
    ),
]

#: Check keys whose wizard is a subclass of :class:`CheckWizard`.
WIZARD_CLASSES: dict[str, type[CheckWizard]] = {}


def build_wizard(
    hub: GameHub, key: str, parent: QWidget | None = None, *, dice: Any = None, **target: Any
) -> CheckWizard | None:
    """The wizard of check ``key`` for ``target``; None (with a status message) if refused."""
    from eote_ref.ui.wizards.base import CheckWizard

    _register_issue6()
    from eote_ref.referee.checks import open_check  # loaded with the first wizard

    check = hub.attempt(lambda: open_check(hub.service, key, **target))
    if check is None:
        return None
    cls = WIZARD_CLASSES.get(key, CheckWizard)
    return cls(hub, check, parent, dice=dice)


def open_wizard(
    hub: GameHub, key: str, parent: QWidget | None = None, **target: Any
) -> CheckWizard | None:
    """Build and show (window-modal) the wizard of check ``key``."""
    wizard = build_wizard(hub, key, parent, **target)
    if wizard is not None:
        wizard.open()
    return wizard


def _register_issue6() -> None:
    """Register the fire and assault wizards (on the first wizard built)."""
    if "assault" in WIZARD_CLASSES:
        return
    from eote_ref.ui.wizards.assault import AssaultWizard
    from eote_ref.ui.wizards.fire import FireWizard

    WIZARD_CLASSES.update(
        artillery_fire=FireWizard, infantry_fire=FireWizard, assault=AssaultWizard
    )


def __getattr__(name: str) -> Any:
    """``CheckWizard`` from :mod:`eote_ref.ui.wizards.base`, imported on first use."""
    if name == "CheckWizard":
        from eote_ref.ui.wizards.base import CheckWizard

        return CheckWizard
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["MENU", "WIZARD_CLASSES", "CheckWizard", "MenuCheck", "build_wizard", "open_wizard"]
