"""The app's QSettings: an INI file under the user's config folder (``$XDG_CONFIG_HOME``)."""

from __future__ import annotations

from PySide6.QtCore import QSettings, QStandardPaths

ORGANIZATION = "eote-ref"
APPLICATION = "eote-ref"

#: Keys used across windows.
LAST_GAME = "session/last_game"
LAST_DATABASE = "session/last_database"


def app_settings() -> QSettings:
    """The settings file, looked up afresh each time (tests redirect ``XDG_CONFIG_HOME``).

    An INI file on every platform (``~/.config/eote-ref/eote-ref.conf`` on Linux), so the
    settings can be copied with the database and read by a person.
    """
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericConfigLocation)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, folder)
    return QSettings(
        QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANIZATION, APPLICATION
    )
