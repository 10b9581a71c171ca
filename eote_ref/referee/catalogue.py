"""Every check the referee offers, declared once: its key, module, menu entry, batch and wizard.

This module is plain data and imports nothing of the checks, so the main window, the turn
guide and their menus are built from it before the first paint without loading the checks
(and the ORM under them). Everything else that lists checks is derived from :data:`CATALOGUE`:

* :data:`eote_ref.packs.eote.checks.CHECK_MODULES` — the modules to import (``module``);
* :data:`eote_ref.packs.eote.checks.REGISTRY` — filled by ``@register`` in those modules, which
  refuses a class whose key is not declared here for that module, while
  :func:`eote_ref.packs.eote.checks.load_checks` refuses a declared key no class registered;
* :data:`eote_ref.referee.todo.RESOLVABLE` — the keys with a module;
* :data:`eote_ref.ui.wizards.MENU` — the entries with a ``menu``, in this order (the
  *Adjudicate* menu's, turn order);
* :data:`eote_ref.packs.eote.checks.batch.BATCHES` — the entries with a ``batch``;
* :func:`eote_ref.ui.wizards.build_wizard` — the ``wizard`` class, when the generic one is
  not enough.

Adding a check is one module in ``packs/eote/checks`` with its ``@register`` class, one
:class:`CheckEntry` here, and its tests (``docs/DEVELOPING.md``, "A new check").
"""

from __future__ import annotations

from dataclasses import dataclass

#: What a menu entry needs selected (see :class:`MenuItem`).
NEEDS = frozenset({"unit", "division", "side", "any", "game"})


@dataclass(frozen=True)
class MenuItem:
    """An *Adjudicate* menu entry.

    ``needs`` is ``unit`` (the selected unit), ``division`` (the selected unit's division),
    ``side`` (the selected unit's side), ``any`` (the selected unit if there is one, as the
    wizard's first pick) or ``game`` (nothing); ``phases`` are the phase values in which the
    turn guide offers it (empty: always).
    """

    label: str
    shortcut: str
    needs: str
    tip: str
    phases: tuple[str, ...] = ()


@dataclass(frozen=True)
class BatchOf:
    """A batch (:mod:`eote_ref.packs.eote.checks.batch`): the check ``check`` for every target.

    ``what`` is what one row is: ``unit``, ``division`` or ``leader``.
    """

    check: str
    title: str
    rule: str
    what: str = "unit"


@dataclass(frozen=True)
class CheckEntry:
    """One check (or batch) of the catalogue.

    ``module`` is the module of :mod:`eote_ref.packs.eote.checks` whose ``@register`` class
    resolves ``key`` (empty for a batch, which repeats another check); ``wizard`` names a
    subclass of the generic wizard as ``module:Class``, the module under
    :mod:`eote_ref.ui.wizards` or a whole path to the pack's own widgets (``packs/eote/ui``).
    """

    key: str
    module: str = ""
    menu: MenuItem | None = None
    batch: BatchOf | None = None
    wizard: str = ""


def _m(
    label: str, shortcut: str, needs: str, tip: str, *phases: str
) -> MenuItem:  # a short constructor for the table below
    return MenuItem(label, shortcut, needs, tip, tuple(phases))


#: Every check and batch, in the *Adjudicate* menu's order (turn order).
CATALOGUE: tuple[CheckEntry, ...] = (
    # --- command control, initiative and movement phases (EotE 3.0-5.0)
    CheckEntry(
        "command_radius",
        "command",
        _m(
            "Command &radius…",
            "Ctrl+Shift+R",
            "division",
            "The selected unit's division: which units are within the leader's radius (EotE 3.6)",
            "command",
        ),
    ),
    CheckEntry(
        "order",
        "orders",
        _m(
            "Issue an &order…",
            "Ctrl+Shift+O",
            "division",
            "Issue or change the selected unit's division's order on the OAC (EotE 3.1-3.6)",
            "command",
        ),
    ),
    CheckEntry(
        "reserve",
        "orders",
        _m(
            "Activate a reser&ve…",
            "Ctrl+Shift+V",
            "division",
            "Activate the selected unit's division from RESERVE with an OAC roll (EotE 3.3)",
            "command",
        ),
    ),
    CheckEntry(
        "disorder_rally",
        "command",
        _m(
            "Rally from disorder…",
            "",
            "unit",
            "The selected disordered unit rallies if in command and not pinned (EotE 3.6)",
        ),
    ),
    CheckEntry(
        "cavalry_rest",
        "command",
        _m(
            "Blown cavalry rests…",
            "",
            "unit",
            "The selected blown cavalry rested a turn: a blown marker becomes disorder (EotE 5.12)",
        ),
    ),
    CheckEntry(
        "remove_routed",
        "command",
        _m(
            "Routed unit leaves the table…",
            "",
            "unit",
            "The selected routed unit leaves the table as the game's option says (EotE 7.5)",
        ),
    ),
    CheckEntry(
        "attach_leader",
        "attach",
        _m(
            "Attach/detach a leader to a unit…",
            "Ctrl+Shift+J",
            "unit",
            "The division's leader joins or leaves the selected unit (EotE 3.5.1)",
        ),
    ),
    CheckEntry(
        "attach_commander",
        "attach",
        _m(
            "Attach/detach a commander to a division…",
            "Ctrl+Shift+K",
            "division",
            "An army, wing or corps leader joins or leaves the selected unit's division "
            "(EotE 3.5.2)",
            "movement",
        ),
    ),
    CheckEntry(
        "initiative",
        "initiative",
        _m(
            "I&nitiative…",
            "Ctrl+Shift+N",
            "game",
            "Both sides roll for the initiative (EotE 4.0)",
            "initiative",
        ),
    ),
    CheckEntry(
        "formation",
        "movement",
        _m(
            "Change &formation…",
            "Ctrl+Shift+F",
            "unit",
            "The selected unit changes formation, with its movement cost (EotE 5.2)",
            "movement",
        ),
    ),
    CheckEntry(
        "limber",
        "movement",
        _m(
            "Limb&er / unlimber…",
            "Ctrl+Shift+E",
            "unit",
            "The selected battery limbers or unlimbers (EotE 5.2.3)",
            "movement",
        ),
    ),
    CheckEntry(
        "pinning",
        "movement",
        _m(
            "&Pinned?…",
            "Ctrl+Shift+P",
            "unit",
            "Is the selected unit pinned by an enemy close by (EotE 5.7)",
            "movement",
        ),
    ),
    CheckEntry(
        "skirmishers",
        "movement",
        _m(
            "Skirmishers…",
            "Ctrl+Shift+W",
            "unit",
            "The selected unit detaches or reforms skirmishers, with their hits (EotE 5.4)",
            "movement",
        ),
    ),
    CheckEntry(
        "pass_through",
        "movement",
        _m(
            "Move through a unit…",
            "Ctrl+Shift+M",
            "unit",
            "The selected unit moves through another: formed through formed disorders both "
            "(EotE 5.3.5)",
            "movement",
        ),
    ),
    CheckEntry(
        "charge",
        "movement",
        _m(
            "Cavalry c&harge…",
            "Ctrl+Shift+H",
            "unit",
            "The selected cavalry charges: terrain crossed, contact recorded (EotE 5.8)",
            "movement",
        ),
    ),
    CheckEntry(
        "square",
        "unit",
        _m(
            "Form &square…",
            "Ctrl+Shift+Q",
            "unit",
            "The selected infantry attempts square as cavalry closes (EotE 5.6)",
            "movement",
        ),
    ),
    CheckEntry(
        "morale",
        "unit",
        _m(
            "&Morale check…",
            "Ctrl+M",
            "unit",
            "The selected unit tests morale (EotE 7.5)",
            "fire",
            "assault",
        ),
    ),
    CheckEntry(
        "reman_guns",
        "guns",
        _m(
            "Re-man abandoned g&uns…",
            "Ctrl+Shift+U",
            "unit",
            "The selected battery's gunners go back to their abandoned guns; no fire this "
            "turn (EotE 7.5, 7.7)",
            "movement",
        ),
    ),
    # --- fire and assault (EotE 6.x, 7.x)
    CheckEntry(
        "pass_through_fire",
        "fire",
        _m(
            "Pass-throu&gh fire…",
            "Ctrl+Shift+T",
            "unit",
            "The selected infantry fires at a unit crossing its arc (EotE 6.7)",
            "movement",
        ),
    ),
    CheckEntry("pass_through_artillery_fire", "fire"),  # opened from the movement wizards
    CheckEntry(
        "artillery_fire",
        "fire",
        _m(
            "&Artillery fire…",
            "Ctrl+Shift+A",
            "any",
            "Queue every battery's fire, then apply them together (EotE 6.0-6.4)",
            "fire",
        ),
        wizard="eote_ref.packs.eote.ui.fire:FireWizard",
    ),
    CheckEntry(
        "infantry_fire",
        "fire",
        _m(
            "&Infantry fire…",
            "Ctrl+Shift+I",
            "any",
            "Queue infantry and skirmisher fire, then apply it together (EotE 6.5, 5.5)",
            "fire",
        ),
        wizard="eote_ref.packs.eote.ui.fire:FireWizard",
    ),
    CheckEntry(
        "assault",
        "assault",
        _m(
            "Assaul&t…",
            "Ctrl+Shift+X",
            "any",
            "Resolve one assault: cavalry combats first, then infantry (EotE 7.6)",
            "assault",
        ),
        wizard="eote_ref.packs.eote.ui.assault:AssaultWizard",
    ),
    # --- end of turn: leader casualties, integrity, rallies, cavalry, engineering
    CheckEntry(
        "leader_casualty",
        "leaders",
        _m(
            "&Leader casualty…",
            "Ctrl+Shift+L",
            "division",
            "A leader near this turn's combat rolls (EotE 8.0); select a unit of his division",
            "leader_casualty",
        ),
    ),
    CheckEntry(
        "integrity",
        "integrity",
        _m(
            "&Divisional integrity…",
            "Ctrl+Shift+D",
            "division",
            "The selected unit's division checks its integrity (EotE 9.0)",
            "integrity",
        ),
    ),
    CheckEntry(
        "falling_back_ended",
        "integrity",
        _m(
            "Falling ba&ck ended…",
            "",
            "division",
            'The falling-back division is 18" clear of the enemy or in cover (EotE 9.0)',
        ),
    ),
    CheckEntry(
        "rally",
        "rally",
        _m(
            "Rally routed unit…",
            "Ctrl+Shift+G",
            "division",
            "A routed unit of a division out of combat range tries its one rally (EotE 9.1)",
            "integrity",
        ),
    ),
    CheckEntry(
        "cavalry_end_of_turn_all",
        "cavalry",
        _m(
            "All cavalry: &blown at end of turn…",
            "Ctrl+Shift+B",
            "game",
            "Every cavalry unit that fought is blown, or disintegrates (EotE 5.10-5.11)",
            "integrity",
        ),
    ),
    CheckEntry(
        "cavalry_end_of_turn",
        "cavalry",
        _m(
            "Cavalry end of turn…",
            "",
            "unit",
            "The selected cavalry unit: blown or disintegrated (EotE 5.10-5.11)",
        ),
    ),
    CheckEntry(
        "cavalry_returns",
        "cavalry",
        _m(
            "Disintegrated cavalry returns…",
            "",
            "unit",
            'The selected disintegrated cavalry is placed back 18" from the enemy (EotE 5.11)',
        ),
    ),
    CheckEntry(
        "pontoon",
        "engineering",
        _m(
            "Pontoon bridge turn…",
            "",
            "unit",
            "The selected engineers lay a pontoon bridge: one turn of four (EotE 10.0)",
        ),
    ),
    CheckEntry(
        "demolition",
        "engineering",
        _m(
            "Bridge demolition…",
            "",
            "unit",
            "The selected engineers set or fire a bridge charge (EotE 10.0)",
        ),
    ),
    CheckEntry(
        "burning",
        "engineering",
        _m(
            "Burn a town block…",
            "",
            "game",
            "Howitzer batteries try to set a town block on fire (EotE 7.12)",
        ),
    ),
    # --- batches: one check for every target due it, one journal step each
    CheckEntry(
        "remove_routed_all",
        menu=_m(
            "All routed units leave…",
            "Ctrl+Alt+U",
            "game",
            "Every routed unit on the table leaves it, as the game's option says, in one step "
            "(EotE 7.5)",
            "command",
        ),
        batch=BatchOf("remove_routed", "All routed units leave the table", "7.5"),
    ),
    CheckEntry(
        "disorder_rally_all",
        menu=_m(
            "Rally every disordered unit…",
            "Ctrl+Alt+D",
            "game",
            "Each disordered unit in command and not pinned rolls to rally, all shown together "
            "and applied as one step (EotE 3.6)",
            "command",
        ),
        batch=BatchOf("disorder_rally", "Rally every disordered unit", "3.6"),
    ),
    CheckEntry(
        "command_radius_all",
        menu=_m(
            "Command radius: every division…",
            "Ctrl+Alt+R",
            "game",
            "Every division not measured this turn, its units as marked (C on a unit marks it "
            "out of command), shown together and applied as one step (EotE 3.6)",
            "command",
        ),
        batch=BatchOf("command_radius", "Command radius: every division", "3.6", "division"),
    ),
    CheckEntry(
        "cavalry_end_of_turn_batch",
        menu=_m(
            "Cavalry end of turn: every unit…",
            "Ctrl+Alt+B",
            "game",
            "Each cavalry unit that fought this turn: blown or disintegrated, shown together "
            "and applied as one step (EotE 5.10-5.11)",
            "integrity",
        ),
        batch=BatchOf("cavalry_end_of_turn", "Cavalry end of turn: every unit that fought", "5.10"),
    ),
    CheckEntry(
        "morale_all",
        menu=_m(
            "Morale checks: every unit due…",
            "Ctrl+Alt+M",
            "game",
            "Every morale check the turn guide lists, a die each, shown together and applied "
            "as one step (EotE 7.5)",
            "fire",
            "assault",
        ),
        batch=BatchOf("morale", "Morale checks: every unit due one", "7.5"),
    ),
    CheckEntry(
        "leader_casualty_all",
        menu=_m(
            "Leader casualties: every leader…",
            "Ctrl+Alt+L",
            "game",
            "Every leader within reach of this turn's combat rolls his d10, all shown together "
            "and applied as one step (EotE 8.0)",
            "leader_casualty",
        ),
        batch=BatchOf(
            "leader_casualty", "Leader casualties: every leader within reach", "8.0", "leader"
        ),
    ),
)

#: The catalogue by key.
BY_KEY: dict[str, CheckEntry] = {e.key: e for e in CATALOGUE}

#: The keys a registered check resolves (the turn guide's resolvable set).
CHECK_KEYS: frozenset[str] = frozenset(e.key for e in CATALOGUE if e.module)

#: The modules of :mod:`eote_ref.packs.eote.checks` that register checks, in catalogue order.
MODULES: tuple[str, ...] = tuple(dict.fromkeys(e.module for e in CATALOGUE if e.module))


def problems() -> list[str]:
    """What is inconsistent in :data:`CATALOGUE` (empty when it is sound)."""
    out = []
    if len(BY_KEY) != len(CATALOGUE):
        out.append("a key is declared twice")
    shortcuts = [e.menu.shortcut for e in CATALOGUE if e.menu and e.menu.shortcut]
    if len(set(shortcuts)) != len(shortcuts):
        out.append("a shortcut is given twice")
    for e in CATALOGUE:
        if bool(e.module) == bool(e.batch):
            out.append(f"{e.key}: a check has a module, a batch has a batch (one of them)")
        if e.batch is not None and e.batch.check not in CHECK_KEYS:
            out.append(f"{e.key}: batch of {e.batch.check!r}, which no check resolves")
        if e.menu is not None and e.menu.needs not in NEEDS:
            out.append(f"{e.key}: needs {e.menu.needs!r}, not one of {sorted(NEEDS)}")
        if e.wizard and ":" not in e.wizard:
            out.append(f"{e.key}: wizard {e.wizard!r} is not module:Class")
    return out
