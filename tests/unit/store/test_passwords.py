"""Passwords of a club's server: never shown, taken from libpq's own means; TLS settings kept.

Without a server: every refusal of a URL (no answer, a bad port, an unknown driver or option,
a URL that does not parse) names the URL with its password masked, in the exception, in what
the CLI prints and in the log. Against the throw-away server of ``scripts/pg_cluster.sh``
(``postgres`` marker): a role that must give its password (a member of
``eote_password_login``, see the script) logs in with the password in ``PGPASSFILE`` and none
in the URL, and is refused without it; the URL's TLS parameters reach the driver.
"""

from __future__ import annotations

import logging
import pathlib
import uuid
from collections.abc import Iterator

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url

from eote_ref.cli import main
from eote_ref.referee.game import GameService
from eote_ref.referee.setup import NewGame, create_new_game, shipped_army_lists
from eote_ref.store import DatabaseError, open_database
from eote_ref.store.follow import open_read_only
from eote_ref.store.server_url import masked_url
from tests.backends import admin_engine, database_url, drop_database, new_database

SECRET = "s3cret-Pa55word"  # noqa: S105 - a test password, never a real one
LISTS = {p.name: p for p in shipped_army_lists()}

#: URLs the store refuses, each with the password in it. Port 1 on the loopback answers
#: nothing, so these run without a server.
REFUSED = {
    "no answer": f"postgresql+psycopg://alice:{SECRET}@127.0.0.1:1/club",
    "a bad port": f"postgresql+psycopg://alice:{SECRET}@127.0.0.1:notaport/club",
    "an unknown driver": f"postgresql+nodriver://alice:{SECRET}@127.0.0.1:1/club",
    "an unknown scheme": f"postgresq://alice:{SECRET}@127.0.0.1:1/club",
    "an unknown option": f"postgresql+psycopg://alice:{SECRET}@127.0.0.1:1/club?bogus=1",
    "a bad sslmode": f"postgresql+psycopg://alice:{SECRET}@127.0.0.1:1/club?sslmode=bogus",
    "a password in the query": f"postgresql+psycopg://alice@127.0.0.1:1/club?password={SECRET}",
}


@pytest.mark.parametrize("what", sorted(REFUSED))
def test_a_refused_url_never_shows_its_password(
    what: str,
    tmp_path: pathlib.Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    url = REFUSED[what]
    source = tmp_path / "club.sqlite"
    open_database(source).close()
    caplog.set_level(logging.DEBUG)  # every logger, SQLAlchemy's and the driver's included
    with pytest.raises(DatabaseError) as refused:
        open_database(url=url)
    with pytest.raises(DatabaseError) as followed:  # the players' display on another computer
        open_read_only(url=url)
    assert main(["--database-url", url, "db", "check"]) == 1
    assert main(["--db", str(source), "db", "copy", "--to", url]) == 1
    printed = capsys.readouterr()
    shown = [str(refused.value), str(followed.value), printed.out, printed.err, caplog.text]
    for text_shown in shown:
        assert SECRET not in text_shown
    for text_shown in (str(refused.value), str(followed.value), printed.err):
        assert "***" in text_shown  # the URL is named, masked
        assert "127.0.0.1" in text_shown


def test_masking_covers_the_userinfo_and_the_query() -> None:
    assert masked_url("postgresql+psycopg://a:pw@h/db") == "postgresql+psycopg://a:***@h/db"
    assert masked_url("postgresql+psycopg://a@h/db?sslmode=require&password=pw&x=1") == (
        "postgresql+psycopg://a@h/db?sslmode=require&password=***&x=1"  # as written
    )
    assert masked_url("postgresql+psycopg://a@h/db?sslpassword=pw") == (
        "postgresql+psycopg://a@h/db?sslpassword=***"
    )
    assert masked_url("postgresql://a:p@w:rd@h:port/db") == "postgresql://a:***@h:port/db"
    assert masked_url(make_url("postgresql://a:pw@h/db")) == "postgresql://a:***@h/db"
    assert masked_url("postgresql://a@h/db") == "postgresql://a@h/db"  # nothing to mask


#: Passwords with an unencoded ``@`` (and a ``/`` after it): the URL parser splits them at
#: the first ``@``, so only the part before it was masked.
AT_SIGNS = {
    "an @": ("postgresql+psycopg://alice:p@ssw0rd-Secret@127.0.0.1:1/club", "ssw0rd-Secret"),
    "an @ then a /": ("postgresql+psycopg://alice:p@ss/w0rd-Secret@127.0.0.1:1/club", "w0rd"),
    "two @": ("postgresql+psycopg://alice:p@s@w0rd-Secret@127.0.0.1:1/club", "w0rd-Secret"),
}


@pytest.mark.parametrize("what", sorted(AT_SIGNS))
def test_a_password_holding_an_at_sign_is_masked_to_the_last_one(
    what: str, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url, rest = AT_SIGNS[what]
    assert masked_url(url) == "postgresql+psycopg://alice:***@127.0.0.1:1/club"
    with pytest.raises(DatabaseError) as refused:
        open_database(url=url)
    with pytest.raises(DatabaseError) as followed:
        open_read_only(url=url)
    assert main(["--database-url", url, "db", "check"]) == 1
    source = tmp_path / "club.sqlite"
    open_database(source).close()
    assert main(["--db", str(source), "db", "copy", "--to", url]) == 1
    printed = capsys.readouterr()
    for shown in (str(refused.value), str(followed.value), printed.err):
        assert rest not in shown
        assert "p@" not in shown
        assert "alice:***@127.0.0.1:1/club" in shown
        # and the message says how a password is given
        assert "%40" in shown
        assert "~/.pgpass" in shown
        assert "PGPASSFILE" in shown


# ----------------------------------------------------------------------------- the server


@pytest.fixture
def password_role() -> Iterator[tuple[str, str]]:
    """A login role that must give its password, on a fresh database: (role, database URL).

    The role belongs to ``eote_password_login`` (scram-sha-256 in the test cluster's
    pg_hba.conf) and to ``eote_umpire`` (``eote-ref db roles``), so it may play games.
    """
    name = new_database()
    url = database_url(name)
    role = f"pw_{uuid.uuid4().hex[:10]}"
    assert main(["--database-url", url, "db", "roles"]) == 0
    with admin_engine().connect() as c:
        membership = c.execute(
            text("SELECT 1 FROM pg_roles WHERE rolname = 'eote_password_login'")
        ).first()
        if membership is None:
            pytest.fail("the test cluster lacks eote_password_login: start it with pg_cluster.sh")
        c.execute(
            text(
                f"CREATE ROLE {role} LOGIN PASSWORD '{SECRET}' "
                "IN ROLE eote_password_login, eote_umpire"
            )
        )
    try:
        yield role, make_url(url).set(username=role).render_as_string(hide_password=False)
    finally:
        drop_database(name)
        with admin_engine().connect() as c:
            c.execute(text(f"DROP ROLE IF EXISTS {role}"))


def _pgpass(folder: pathlib.Path, url: str, password: str) -> pathlib.Path:
    """A libpq password file for the URL's host, port, database and user (mode 0600)."""
    u = make_url(url)
    path = folder / "pgpass"
    path.write_text(f"{u.host}:{u.port}:{u.database}:{u.username}:{password}\n")
    path.chmod(0o600)  # libpq ignores a password file others can read
    return path


@pytest.mark.postgres
def test_the_password_comes_from_pgpassfile(
    password_role: tuple[str, str],
    tmp_path: pathlib.Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    role, url = password_role
    assert make_url(url).password is None  # no password in the URL
    monkeypatch.setenv("PGPASSFILE", str(tmp_path / "missing"))
    monkeypatch.delenv("PGPASSWORD", raising=False)
    with pytest.raises(DatabaseError, match="password") as refused:  # the password is needed
        open_database(url=url)
    assert role in str(refused.value)
    assert "~/.pgpass" in str(refused.value)  # and how to give it

    caplog.set_level(logging.DEBUG)
    monkeypatch.setenv("PGPASSFILE", str(_pgpass(tmp_path, url, SECRET)))
    with open_database(url=url) as db:
        assert not db.read_only
        assert db.url == url  # nothing to hide: the URL never held the password
        game = GameService(
            db,
            create_new_game(
                db,
                NewGame(
                    "Wavre",
                    {
                        "P": [LISTS["waterloo-1815-prussian.yaml"]],
                        "F": [LISTS["waterloo-1815-french.yaml"]],
                    },
                ),
            ),
        )
        game.set_unit(game.view().sides[0].units[0].id, "hits", 1)
        with db.session() as s:  # nothing of the login went into the journal or the game
            rows = [
                *s.execute(text("SELECT * FROM journal_event")).all(),
                *s.execute(text("SELECT * FROM game")).all(),
            ]
        assert rows
        assert SECRET not in repr(rows)
        with db.session() as s:
            who = s.execute(text("SELECT current_user")).scalar_one()
        assert who == role
    assert main(["--database-url", url, "db", "check"]) == 0
    printed = capsys.readouterr()
    assert f"{url}: ok" in printed.out
    assert SECRET not in printed.out + printed.err + caplog.text

    # a wrong password in the URL: refused, and the wrong password is not shown either
    wrong = make_url(url).set(password="not-the-" + SECRET).render_as_string(hide_password=False)
    with pytest.raises(DatabaseError, match="password authentication failed") as bad:
        open_database(url=wrong)
    assert SECRET not in str(bad.value)
    assert "***" in str(bad.value)


@pytest.mark.postgres
def test_a_password_in_the_url_works_and_is_masked(
    password_role: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    role, url = password_role
    with_password = make_url(url).set(password=SECRET).render_as_string(hide_password=False)
    with open_database(url=with_password) as db:
        assert SECRET not in db.url
        assert SECRET not in repr(db.engine)
        assert db.url == masked_url(with_password)
    assert main(["--database-url", with_password, "db", "check"]) == 0
    printed = capsys.readouterr()
    assert SECRET not in printed.out + printed.err
    assert f"{role}:***@" in printed.out


@pytest.mark.postgres
def test_tls_parameters_in_the_url_reach_the_driver() -> None:
    name = new_database()
    try:
        url = database_url(name)
        tls = f"{url}?sslmode=disable&connect_timeout=7&application_name=eote-tls-test"
        with open_database(url=tls) as db:
            _, connect_args = db.engine.dialect.create_connect_args(db.engine.url)
            assert connect_args["sslmode"] == "disable"
            assert connect_args["connect_timeout"] == "7"
            raw = db.engine.raw_connection()
            try:
                params = raw.driver_connection.info.get_parameters()  # type: ignore[union-attr]
                dsn = raw.driver_connection.info.dsn  # type: ignore[union-attr]
            finally:
                raw.close()
            assert params["application_name"] == "eote-tls-test"  # the server saw it
            assert "sslmode=disable" in dsn
        with open_read_only(url=tls) as follower:  # the display's read-only opening too
            raw = follower.engine.raw_connection()
            try:
                dsn = raw.driver_connection.info.dsn  # type: ignore[union-attr]
            finally:
                raw.close()
            assert "sslmode=disable" in dsn
            assert "default_transaction_read_only" in dsn
        # the test server speaks no TLS: requiring it must fail, which shows sslmode is obeyed
        for mode in ("require", "verify-full"):
            with pytest.raises(DatabaseError, match="SSL"):
                open_database(url=f"{url}?sslmode={mode}")
    finally:
        drop_database(name)


@pytest.mark.parametrize(
    "url",
    [
        # no scheme, or a scheme with one slash: not a URL, the password masked all the same
        f"alice:{SECRET}@127.0.0.1:1/club",
        f"postgresql+psycopg:/alice:{SECRET}@127.0.0.1:1/club",
        f"al ice:{SECRET}@127.0.0.1:1/club",
        f"alice:x{SECRET}\n@127.0.0.1:1/club",
        # the @host left out: the "port" is the password
        f"postgresql+psycopg://alice:{SECRET}",
        f"postgresql+psycopg://alice:a/{SECRET}/club",
        f"postgresql+psycopg://alice:a?{SECRET}",
        # a query password holding an unencoded @, & or #
        f"postgresql+psycopg://alice@127.0.0.1:1/club?password=a@b@{SECRET}",
        f"postgresql+psycopg://alice@127.0.0.1:1/club?sslmode=disable&PassWord=a&{SECRET}",
        f"postgresql+psycopg://alice@127.0.0.1:1/club?password=a#{SECRET}",
        f"postgresql+psycopg://alice:a@b@{SECRET}@127.0.0.1:1/club?password=a@b@{SECRET}",
    ],
)
def test_a_password_in_a_malformed_url_is_never_shown(url: str) -> None:
    """Masked in the text and in the refusal (the driver never gets a half of the password)."""
    assert SECRET not in masked_url(url)
    with pytest.raises(DatabaseError) as refused:
        open_database(url=url)
    assert SECRET not in str(refused.value)
