"""The app's log: the standard library's logging, to a rotating file in the user data folder.

:func:`start_logging` sends the ``eote_ref`` logger's records to ``logs/eote-ref.log`` in the
user data folder (:func:`eote_ref.store.paths.user_data_dir`, ``$EOTE_REF_HOME`` if set), a
file that rolls over at :data:`MAX_BYTES` and keeps :data:`BACKUPS` older ones, so a club's
"it went wrong last night" leaves a trace: the start, the database opened, every refusal shown
to the umpire, and every unexpected error with its traceback. A folder that cannot be made
(a read-only home) means no log file, never a failure. Modules log through
``logging.getLogger(__name__)``; the headless commands start no file of their own.
"""

from __future__ import annotations

import logging
import pathlib

from eote_ref.store.paths import user_data_dir

#: The package's logger, the parent of every module's.
LOGGER = "eote_ref"
#: The log file rolls over past this size …
MAX_BYTES = 1_000_000
#: … keeping this many older files (eote-ref.log.1 … .3).
BACKUPS = 3
FILE_NAME = "eote-ref.log"
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def log_folder() -> pathlib.Path:
    """The folder of the log files (not created)."""
    return user_data_dir() / "logs"


def start_logging() -> pathlib.Path | None:
    """Log the package's records (INFO and above) to the rotating file; its path, or None.

    Idempotent: a second call adds no second handler. None when the folder cannot be made.
    """
    from logging.handlers import RotatingFileHandler  # with the first log, not the first paint

    logger = logging.getLogger(LOGGER)
    for handler in logger.handlers:
        if isinstance(handler, RotatingFileHandler):
            return pathlib.Path(handler.baseFilename)
    path = log_folder() / FILE_NAME
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = RotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8", delay=True
        )
    except OSError:
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    return path


def stop_logging() -> None:
    """Close and remove the file handler (tests, and a clean exit)."""
    from logging.handlers import RotatingFileHandler

    logger = logging.getLogger(LOGGER)
    for handler in list(logger.handlers):
        if isinstance(handler, RotatingFileHandler):
            logger.removeHandler(handler)
            handler.close()
