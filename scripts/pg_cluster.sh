#!/usr/bin/env bash
# Run a command against a throw-away PostgreSQL cluster.
#
#   scripts/pg_cluster.sh COMMAND [ARG...]
#
# The cluster is initialised in a fresh temporary folder, listens on 127.0.0.1 only (on a free
# port, plus a Unix socket inside that folder), gets one database, and is stopped and deleted
# when COMMAND ends, whether it passed, failed or was interrupted. COMMAND runs with
#
#   EOTE_REF_TEST_DATABASE_URL  postgresql+psycopg://eote_admin@127.0.0.1:PORT/eote_test
#   EOTE_REF_TEST_PGBIN         the folder of PostgreSQL's programs (psql, pg_dump...)
#
# and its exit status is the script's. PostgreSQL refuses to run as root: started as root, the
# script creates (once) the system user $EOTE_REF_PG_USER (default "eoteref") and runs the
# server as that user. Where PostgreSQL's programs are missing and the script runs as root on
# Debian or Ubuntu, it installs the `postgresql` package with apt-get.
#
# Authentication is "trust" for connections from this machine: the cluster holds test data
# only, lives as long as COMMAND and listens on the loopback interface only. The one exception
# is the members of the role eote_password_login, which must give their password over TCP
# (scram-sha-256): the tests of libpq's password file log in as such a member.
set -euo pipefail

if [ "$#" -eq 0 ]; then
    echo "usage: $0 COMMAND [ARG...]" >&2
    exit 2
fi

PYTHON=${PYTHON:-python3}
RUN_USER=${EOTE_REF_PG_USER:-eoteref}

find_pgbin() {
    if [ -n "${PGBIN:-}" ] && [ -x "$PGBIN/initdb" ]; then
        echo "$PGBIN"
        return 0
    fi
    local dir
    for dir in /usr/lib/postgresql/15/bin $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -rV); do
        if [ -x "$dir/initdb" ]; then
            echo "$dir"
            return 0
        fi
    done
    if command -v initdb >/dev/null 2>&1; then
        dirname "$(command -v initdb)"
        return 0
    fi
    return 1
}

if ! PGBIN=$(find_pgbin); then
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "pg_cluster: PostgreSQL not found; installing Debian's postgresql package" >&2
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >&2
    fi
    if ! PGBIN=$(find_pgbin); then
        echo "pg_cluster: PostgreSQL's programs (initdb, pg_ctl) were not found;" \
            "install the postgresql package or set PGBIN" >&2
        exit 1
    fi
fi

# as_server CMD...: run CMD as the unprivileged user that owns the cluster.
if [ "$(id -u)" -eq 0 ]; then
    if ! id -u "$RUN_USER" >/dev/null 2>&1; then
        useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin \
            "$RUN_USER"
    fi
    as_server() {
        if command -v runuser >/dev/null 2>&1; then
            runuser -u "$RUN_USER" -- "$@"
        else
            setpriv --reuid="$RUN_USER" --regid="$RUN_USER" --init-groups -- "$@"
        fi
    }
else
    as_server() { "$@"; }
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/eote-pg.XXXXXX")
chmod 0755 "$WORK"
if [ "$(id -u)" -eq 0 ]; then
    chown "$RUN_USER" "$WORK"
fi
DATA="$WORK/data"
STARTED=0

cleanup() {
    local status=$?
    if [ "$STARTED" -eq 1 ]; then
        as_server "$PGBIN/pg_ctl" -D "$DATA" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$WORK"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

(cd "$WORK" && as_server "$PGBIN/initdb" -D "$DATA" -U eote_admin --auth=trust \
    --encoding=UTF8 --locale=C >"$WORK/initdb.log" 2>&1) || {
    cat "$WORK/initdb.log" >&2
    exit 1
}

# A free port, chosen just before the server takes it (not before initdb's seconds, during
# which another process's connection could take it).
PORT=$("$PYTHON" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

# Members of eote_password_login give a password (the first matching line of pg_hba.conf wins).
as_server sed -i '1i host all +eote_password_login 127.0.0.1/32 scram-sha-256' "$DATA/pg_hba.conf"

# Test settings: durability off (the server itself is never killed), enough connections for
# the load benchmark, the socket in the cluster's own folder.
STARTED=1
(cd "$WORK" && as_server "$PGBIN/pg_ctl" -D "$DATA" -l "$WORK/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $PORT -k $WORK -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null) || {
    cat "$WORK/server.log" >&2
    exit 1
}

"$PGBIN/psql" -X -q -h 127.0.0.1 -p "$PORT" -U eote_admin -d postgres \
    -c "CREATE DATABASE eote_test" -c "CREATE ROLE eote_password_login NOLOGIN" >/dev/null

export EOTE_REF_TEST_DATABASE_URL="postgresql+psycopg://eote_admin@127.0.0.1:$PORT/eote_test"
export EOTE_REF_TEST_PGBIN="$PGBIN"
echo "pg_cluster: PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT" >&2

set +e
"$@"
status=$?
set -e
exit "$status"
