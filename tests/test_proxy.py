"""A real reverse proxy in front of the server: nginx (skipped, saying why, where it is
not installed) terminating TLS on 127.0.0.1 with a certificate made for the test; the
desktop client connects with wss:// through it, trusting that certificate (as
``--trust-certificate`` does), and plays; without it, it is told in one sentence that
the server did not prove who it is."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from clienthelp import answered, settle

from game.listing import legal_steps
from online.client import Connection, Failed
from online.lobby import Lobby
from online.ports import quiet_port
from online.remote import RemoteSession
from online.thread import ServerThread

pytestmark = [pytest.mark.timeout(90),
              pytest.mark.skipif(shutil.which("nginx") is None and not Path(
                  "/usr/sbin/nginx").exists(), reason="nginx is not installed"),
              pytest.mark.skipif(shutil.which("openssl") is None,
                                 reason="openssl is not installed")]

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def _certificate(folder: Path) -> tuple[Path, Path]:
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True,
                   timeout=60)
    return cert, key


@pytest.fixture
def proxy(tmp_path: Path) -> Iterator[tuple[int, Path, ServerThread]]:
    """nginx on a free port of 127.0.0.1 (TLS, its own certificate) in front of a game
    server on another: (nginx's port, the certificate, the server)."""
    server = ServerThread(str(tmp_path / "tables.db"))
    server.start()
    cert, key = _certificate(tmp_path)
    port = quiet_port()
    user = "user root;" if os.geteuid() == 0 else ""
    temp = tmp_path / "nginx"
    temp.mkdir()
    (tmp_path / "nginx.conf").write_text(f"""
{user}
daemon off;
worker_processes 1;
pid {temp}/nginx.pid;
error_log {temp}/error.log;
events {{ worker_connections 64; }}
http {{
    access_log off;
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
    map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
    server {{
        listen 127.0.0.1:{port} ssl;
        ssl_certificate {cert};
        ssl_certificate_key {key};
        location / {{
            proxy_pass http://127.0.0.1:{server.port};
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_read_timeout 1h;
        }}
    }}
}}
""")
    nginx = subprocess.Popen([NGINX, "-c", str(tmp_path / "nginx.conf"), "-p", str(temp)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if nginx.poll() is not None:
                pytest.fail(f"nginx did not start: {nginx.stderr.read().decode()[:300]}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                time.sleep(0.05)
        yield port, cert, server
    finally:
        nginx.terminate()
        nginx.wait(20)
        server.stop()


def test_the_client_plays_through_a_tls_proxy_it_trusts(proxy) -> None:
    port, cert, server = proxy
    url = f"wss://127.0.0.1:{port}/"
    connection = Connection(url, ca_file=str(cert)).start()
    friend = Connection(url, ca_file=str(cert)).start()
    try:
        lobby, theirs = Lobby(connection), Lobby(friend)
        table = answered(lobby, lobby.create(3, private=True))
        ann = answered(lobby, lobby.sit(table.table, "Ann", table.invite))
        answered(theirs, theirs.sit(table.table, "Bob", table.invite))
        answered(lobby, lobby.add_computer(table.table, 0, ann.token, "easy"))
        answered(lobby, lobby.start(table.table, 0, ann.token))
        session = RemoteSession(connection, table.table, {0: ann.token})
        settle(session.poll, lambda: session.ready, rounds=20_000, limit=20)
        first = session.state.active
        bob = RemoteSession(friend, table.table, {1: theirs.seated[table.table][1]})
        settle(bob.poll, lambda: bob.ready, rounds=20_000, limit=20)
        mover = session if first == 0 else bob if first == 1 else None
        if mover is not None:
            assert mover.submit(legal_steps(mover.state)[0]).ok
            settle(mover.poll, lambda: not mover.log.unconfirmed, rounds=20_000, limit=20)
            assert server.server.store.steps(table.table)
    finally:
        connection.close()
        friend.close()


def test_a_certificate_not_trusted_is_said_in_one_sentence(proxy) -> None:
    port, _, _ = proxy
    connection = Connection(f"wss://127.0.0.1:{port}/", connect_timeout=5.0).start()
    try:
        event = None
        for _ in range(100):
            event = connection.wait(0.1)
            if event is not None:
                break
        assert isinstance(event, Failed) and event.sentence.key == "online.untrusted", event
    finally:
        connection.close()
