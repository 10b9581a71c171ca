"""Database server URLs: parsed, shown with every password masked, and made into engines.

Used when opening a ``--database-url`` (:mod:`eote_ref.store.database`), by the followers of
a shared game (:mod:`eote_ref.store.follow`) and by ``eote-ref db``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from eote_ref.store.errors import (
    DatabaseError,
)

if TYPE_CHECKING:  # SQLAlchemy is imported when the first engine is made (not for the first paint)
    from sqlalchemy import exc as sa_exc
    from sqlalchemy.engine import URL, Engine


#: A password in a URL's userinfo (``user:PASSWORD@``), for URLs that do not parse.
_USERINFO_PASSWORD = re.compile(r"(://[^:/@\s]*:)[^/?#\s]*@")  # to the last @
#: A password in a URL's query (libpq also takes ``password=`` and ``sslpassword=`` there).
_QUERY_PASSWORD = re.compile(r"([?&][A-Za-z_]*password=)[^&#\s]*", re.IGNORECASE)


def masked_url(url: str | URL) -> str:
    """``url`` as it may be shown: every password replaced by ``***``.

    Both the userinfo's password and a ``password=`` (or ``sslpassword=``) in the query are
    masked, also in a text that does not parse as a URL.
    """
    from sqlalchemy import exc as sa_exc
    from sqlalchemy.engine import URL, make_url

    if isinstance(url, URL):
        shown = url.render_as_string(hide_password=True)
    else:
        try:
            shown = make_url(url).render_as_string(hide_password=True)
        except (sa_exc.ArgumentError, ValueError):
            shown = _USERINFO_PASSWORD.sub(r"\1***@", url)
    return _QUERY_PASSWORD.sub(r"\1***", shown)


def parse_url(url: str) -> URL:
    """The URL given with ``--database-url``, parsed.

    Raises:
        DatabaseError: it is not a URL SQLAlchemy reads (the message shows it masked).
    """
    from sqlalchemy import exc as sa_exc
    from sqlalchemy.engine import make_url

    try:
        return make_url(url)
    except (sa_exc.ArgumentError, ValueError):
        raise DatabaseError(
            f"{masked_url(url)} is not a database URL; a club's server is named like "
            "postgresql+psycopg://user@host:5432/club"
        ) from None


def server_engine(url: URL, **kwargs: Any) -> Engine:
    """An engine on a database server (nothing is connected yet).

    The URL's query (``sslmode``, ``sslrootcert``, ``connect_timeout``...) goes to the driver
    as it is; ``kwargs`` are :func:`sqlalchemy.create_engine`'s.

    Raises:
        DatabaseError: no driver for the URL's scheme is installed.
    """
    from sqlalchemy import create_engine
    from sqlalchemy import exc as sa_exc

    try:
        return create_engine(url, **kwargs)
    except (sa_exc.NoSuchModuleError, ImportError) as error:
        driver = url.drivername
        hint = (
            "install the driver with 'pip install eote-ref[postgres]' and name the server "
            "postgresql+psycopg://..."
            if url.get_backend_name() == "postgresql"
            else "eote-ref works with SQLite files and PostgreSQL servers (postgresql+psycopg://)"
        )
        reason = "not installed" if isinstance(error, ImportError) else "unknown"
        raise DatabaseError(
            f"cannot open {masked_url(url)}: the database driver {driver!r} is {reason}; {hint}"
        ) from None


def driver_reason(error: sa_exc.DBAPIError, url: URL) -> str:
    """The driver's own first line about a failed connection, never with the password."""
    reason = str(error.orig).strip().splitlines()[0] if error.orig else ""
    reason = reason or type(error.orig or error).__name__
    password = url.password
    if password:
        reason = reason.replace(str(password), "***")
    return reason
