"""Opening the app's database, or saying in a message box why not (no Qt until then).

Used at start-up (:mod:`eote_ref.ui.app`) and by *Game → Open database…*
(:mod:`eote_ref.ui.database_files`); it imports neither, so they do not import each other.
"""

from __future__ import annotations

from eote_ref.referee.session import Database


def open_database_or_report(db_path: str | None, url: str | None) -> Database | None:
    """Open the app's database, or explain in a message box why not and return None.

    A file that is locked by another window, written by a newer eote-ref, damaged, or not an
    eote-ref database at all is reported and left exactly as it was.
    """
    opened = open_database_quietly(db_path, url)
    if isinstance(opened, Database):
        return opened
    report_refusal(*opened)
    return None


def open_database_quietly(db_path: str | None, url: str | None) -> Database | tuple[str, str]:
    """Open the app's database, or say why not: a message box's ``(title, text)`` (no Qt here)."""
    from eote_ref.referee import session

    where = session.shown_location(db_path, url)  # a message box and the log: no password
    try:
        return session.open_app_database(db_path, url)
    except session.DatabaseInUseError as e:
        return "Database already open", str(e)
    except session.NewerVersionError as e:
        text = f"{e}\n\nUpdate eote-ref to open it; the file has not been changed."
        return "Database from a newer eote-ref", text
    except session.CorruptDatabaseError as e:
        return "Database damaged", str(e)
    except session.NotAnEoteDatabaseError as e:
        return "Not an eote-ref database", str(e)
    except (session.DatabaseError, ValueError, OSError) as e:
        return "Cannot open the database", f"{where}:\n{e}"


def report_refusal(title: str, text: str) -> None:
    """Show why a database was refused, in a message box (and write it to the log)."""
    import logging

    from eote_ref.referee.logs import start_logging

    start_logging()
    logging.getLogger(__name__).warning("%s: %s", title, text)
    from PySide6.QtWidgets import QMessageBox

    QMessageBox.critical(None, f"eote-ref — {title}", text)
