"""The frozen app: PyInstaller builds packaging/eote-ref.spec, and the result runs on its own."""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import os
import pathlib
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from eote_ref import __version__

ROOT = pathlib.Path(__file__).resolve().parents[1]
SPEC = ROOT / "packaging" / "eote-ref.spec"
EXE_NAME = "eote-ref.exe" if sys.platform == "win32" else "eote-ref"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        importlib.util.find_spec("PyInstaller") is None,
        reason="PyInstaller is not installed (the package extra: make package-deps)",
    ),
]


@pytest.fixture(scope="module")
def frozen(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    """Build the one-folder app once for this module; returns its folder."""
    out = tmp_path_factory.mktemp("pyinstaller")
    started = time.monotonic()
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--clean",
            "--log-level",
            "WARN",
            "--distpath",
            str(out / "dist"),
            "--workpath",
            str(out / "build"),
            str(SPEC),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    app = out / "dist" / "eote-ref"
    assert (app / EXE_NAME).is_file()
    print(f"built {app} in {time.monotonic() - started:.0f} s")  # noqa: T201
    return app


@pytest.fixture
def env(tmp_path: pathlib.Path) -> dict[str, str]:
    """The frozen app's environment: offscreen Qt, user data in tmp_path."""
    return dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        EOTE_REF_HOME=str(tmp_path / "home"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        XDG_DATA_HOME=str(tmp_path / "data"),
    )


def games_in(home: pathlib.Path) -> list[str]:
    """The names of the games in the default database under ``home``."""
    with sqlite3.connect(home / "eote-ref.sqlite") as con:
        return [row[0] for row in con.execute("SELECT name FROM game")]


def demo_made(home: pathlib.Path) -> bool:
    """Whether the app running on ``home`` has made its demo battle (read-only, never waiting)."""
    file = home / "eote-ref.sqlite"
    if not file.exists():
        return False  # not made yet: never create it under the app
    try:
        with contextlib.closing(sqlite3.connect(f"{file.as_uri()}?mode=ro", uri=True)) as con:
            return bool(con.execute("SELECT count(*) FROM game").fetchone()[0])
    except sqlite3.Error:  # no table yet, or the file still being set up
        return False


def test_bundle_holds_lists_ruleset_migrations_and_icon(frozen: pathlib.Path) -> None:
    internal = frozen / "_internal"
    lists = sorted(p.name for p in (internal / "army_lists").glob("*.yaml"))
    shipped = sorted(p.name for p in (ROOT / "army_lists").glob("*.yaml"))
    assert lists == shipped
    scenarios = sorted(p.name for p in (internal / "army_lists" / "scenarios").glob("*.yaml"))
    assert scenarios == sorted(p.name for p in (ROOT / "army_lists" / "scenarios").glob("*.yaml"))
    avle = sorted(p.name for p in (internal / "army_lists" / "avle").glob("*.yaml"))
    assert avle == sorted(p.name for p in (ROOT / "army_lists" / "avle").glob("*.yaml"))
    vle = sorted(p.name for p in (internal / "army_lists" / "vle").glob("*.yaml"))
    assert vle == sorted(p.name for p in (ROOT / "army_lists" / "vle").glob("*.yaml"))
    for top in ("army_lists", "eote_ref/packs"):  # every folder, every pack's data
        bundled = sorted(p.relative_to(internal) for p in (internal / top).rglob("*.yaml"))
        assert bundled == sorted(p.relative_to(ROOT) for p in (ROOT / top).rglob("*.yaml"))
    assert (internal / "eote_ref" / "packs" / "avle" / "avle-1.2.yaml").is_file()
    assert (internal / "eote_ref" / "packs" / "eote" / "rulesets" / "eote-6.2.yaml").is_file()
    migrations = internal / "eote_ref" / "store" / "migrations"
    assert (migrations / "env.py").is_file()
    versions = {p.name for p in (migrations / "versions").glob("*.py")}
    assert versions == {
        p.name for p in (ROOT / migrations.relative_to(internal) / "versions").glob("*.py")
    }
    assert (internal / "icons" / "io.github.eote_ref.svg").is_file()


def test_version(frozen: pathlib.Path, env: dict[str, str], tmp_path: pathlib.Path) -> None:
    result = subprocess.run(
        [str(frozen / EXE_NAME), "--version"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"eote-ref {__version__}"


def test_headless_subcommand_reads_the_bundled_ruleset(
    frozen: pathlib.Path, env: dict[str, str], tmp_path: pathlib.Path
) -> None:
    result = subprocess.run(
        [str(frozen / EXE_NAME), "rule", "--list"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()


def test_demo_keeps_running_and_stops_on_sigterm(
    frozen: pathlib.Path, env: dict[str, str], tmp_path: pathlib.Path
) -> None:
    env.pop("EOTE_REF_EXIT_WHEN_READY", None)
    proc = subprocess.Popen(
        [str(frozen / EXE_NAME), "--demo"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        # Ready once the demo battle is in its database (a loaded machine starts it slowly);
        # then it must still be running: it keeps going until it is stopped.
        home = pathlib.Path(env["EOTE_REF_HOME"])
        end = time.monotonic() + 120
        while not demo_made(home) and proc.poll() is None and time.monotonic() < end:
            time.sleep(0.2)  # the next look, not a wait for a result
        assert demo_made(home), "the demo battle was never made"
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(1)  # a moment to quit on its own, which it must not
        assert proc.poll() is None, proc.communicate()
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=15)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode in (0, -signal.SIGTERM), err
    assert "Traceback" not in err
    # the migrations ran from the bundle and the demo battle was made from the bundled lists
    assert games_in(pathlib.Path(env["EOTE_REF_HOME"])) == ["Demo battle: Waterloo, 18 June 1815"]


def test_demo_is_ready_and_exits_when_asked(
    frozen: pathlib.Path, env: dict[str, str], tmp_path: pathlib.Path
) -> None:
    app = importlib.import_module("eote_ref.ui.app")
    if not hasattr(app, "EXIT_WHEN_READY_ENV"):
        pytest.skip("this version of the app has no EOTE_REF_EXIT_WHEN_READY")
    env[app.EXIT_WHEN_READY_ENV] = "1"
    result = subprocess.run(
        [str(frozen / EXE_NAME), "--demo"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "ready in" in result.stdout
    assert games_in(pathlib.Path(env["EOTE_REF_HOME"])) == ["Demo battle: Waterloo, 18 June 1815"]
