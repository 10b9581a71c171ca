"""Database server URLs: parsed, shown with every password masked, and made into engines.

Used when opening a ``--database-url`` (:mod:`eote_ref.store.database`), by the followers of
a shared game (:mod:`eote_ref.store.follow`) and by ``eote-ref db``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from eote_ref.store.errors import (
    DatabaseError,
)

if TYPE_CHECKING:  # SQLAlchemy is imported when the first engine is made (not for the first paint)
    from sqlalchemy import exc as sa_exc
    from sqlalchemy.engine import URL, Engine, ExceptionContext


#: A password in a URL's userinfo (``user:PASSWORD@``): everything from ``://user:`` to the
#: LAST ``@``, since a password may hold an unencoded ``@`` (and ``/``, ``?``, ``#`` after it).
_USERINFO_PASSWORD = re.compile(r"(://[^:/@\s]*:).*@", re.DOTALL)
#: The same in a text that is not quite a URL: ``scheme:/user:PASSWORD@``, ``scheme:///...``,
#: or no scheme at all (``user:PASSWORD@host``), a user name with spaces, a leading space.
_LOOSE_USERINFO_PASSWORD = re.compile(r"((?:^\s*[\w+.-]+:/{1,3}|^\s*)[^:/@]*:).*@", re.DOTALL)
#: ``scheme://user:PASSWORD`` with the ``@host`` left out: a "port" that is not a number.
_PORTLESS_PASSWORD = re.compile(r"(://[^:/@?#]*:)(?!\d*(?:[/?#]|$)).*", re.DOTALL)

#: How a member gives the server a password (every message about a password says it).
PASSWORD_HINT = (
    "give the password in ~/.pgpass (or the file PGPASSFILE names) and leave it out of the "
    "URL, or percent-encode it in the URL (@ as %40, : as %3A, / as %2F, % as %25)"
)
#: A password in a URL's query (libpq also takes ``password=`` and ``sslpassword=`` there):
#: up to the next ``&name=`` (an unencoded ``&``, ``#`` or ``@`` in it stays masked) or the end.
_QUERY_PASSWORD = re.compile(
    r"([?&][A-Za-z_]*password=).*?(?=&[A-Za-z_]+=|$)", re.IGNORECASE | re.DOTALL
)


def masked_url(url: str | URL) -> str:
    """``url`` as it may be shown: every password replaced by ``***``.

    Both the userinfo's password and a ``password=`` (or ``sslpassword=``) in the query are
    masked, also in a text that does not parse as a URL.
    """
    from sqlalchemy import exc as sa_exc
    from sqlalchemy.engine import URL, make_url

    if isinstance(url, URL):
        shown = url.render_as_string(hide_password=True)
        if url.password is not None and "@" in f"{url.host}{url.database}":
            # split at an @ of the password: what follows it was taken for the host or path
            shown = _USERINFO_PASSWORD.sub(r"\1***@", unquote(shown))
        return _QUERY_PASSWORD.sub(r"\1***", shown)
    written = _QUERY_PASSWORD.sub(r"\1***", url)  # as written, before any parser splits it
    if written != url or _USERINFO_PASSWORD.search(written):
        return _USERINFO_PASSWORD.sub(r"\1***@", written)
    try:
        shown = make_url(url).render_as_string(hide_password=True)
    except (sa_exc.ArgumentError, ValueError):  # not a URL: mask whatever could be a password
        shown = _LOOSE_USERINFO_PASSWORD.sub(r"\1***@", url)
        shown = _PORTLESS_PASSWORD.sub(r"\1***", shown)
    return _QUERY_PASSWORD.sub(r"\1***", shown)


def _ambiguous_password(url: str) -> bool:
    """Whether ``url`` holds a password with an ``@`` that was not encoded.

    A userinfo password followed by more than one ``@``, or a ``password=`` in the query
    holding one: either way the parser would take part of the password for the host.
    """
    found = _USERINFO_PASSWORD.search(url)
    if found is not None and url.count("@", found.end(1)) > 1:
        return True
    return any("@" in m.group(0) for m in _QUERY_PASSWORD.finditer(url))


def parse_url(url: str) -> URL:
    """The URL given with ``--database-url``, parsed.

    Raises:
        DatabaseError: it is not a URL SQLAlchemy reads (the message shows it masked).
    """
    from sqlalchemy import exc as sa_exc
    from sqlalchemy.engine import make_url

    if _ambiguous_password(url):  # the driver would get part of the password as the host
        raise DatabaseError(
            f"{masked_url(url)}: the password in this URL holds an '@' that is not "
            f"percent-encoded, so the URL cannot be read and nothing was opened; {PASSWORD_HINT}."
        )
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
    from sqlalchemy import create_engine, event
    from sqlalchemy import exc as sa_exc

    try:
        engine = create_engine(url, **kwargs)
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
    event.listen(engine, "handle_error", _refused_in_words)
    if url.get_backend_name() == "postgresql":
        from eote_ref.store.server_errors import record_server_process

        event.listen(engine, "connect", record_server_process)
    return engine


def _refused_in_words(context: ExceptionContext) -> None:
    """Raise a server's refusal of the account's rights as the store's own error, in words.

    Whatever wrote (an import, a new game, a campaign, a journal step), the member reads
    "this account may not ..." (:class:`~eote_ref.store.errors.NotPermittedError`) instead of
    the driver's ``InsufficientPrivilege``; the transaction is rolled back as for any error.
    """
    from eote_ref.store.server_errors import not_permitted, refused_right

    refused = refused_right(context.original_exception)
    if refused is not None:
        raise not_permitted(refused) from context.sqlalchemy_exception


def driver_reason(error: sa_exc.DBAPIError, url: URL) -> str:
    """The driver's own first line about a failed connection, never with the password."""
    reason = str(error.orig).strip().splitlines()[0] if error.orig else ""
    reason = reason or type(error.orig or error).__name__
    password = url.password
    if password:
        reason = reason.replace(str(password), "***")
    return reason
