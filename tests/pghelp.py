"""PostgreSQL for the tests: one throw-away cluster per test process (skipped, saying
why, where PostgreSQL or its driver is not installed), and a fresh database for each
test that asks for one."""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import pytest

from online.pgtemp import Cluster, NoPostgres


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.skip("psycopg (the server extra) is not installed")
    cluster = Cluster(database="postgres_tests")
    try:
        cluster.start()
    except (NoPostgres, OSError) as exc:
        pytest.skip(f"no PostgreSQL here: {exc}")
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def pg_url(pg_cluster: Cluster) -> str:
    """A new, empty database in the session's cluster (its URL)."""
    import psycopg

    name = f"t_{secrets.token_hex(6)}"
    with psycopg.connect(pg_cluster.url, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    return pg_cluster.url.rsplit("/", 1)[0] + f"/{name}"


__all__ = ["pg_cluster", "pg_url"]
