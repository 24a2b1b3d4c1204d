#!/usr/bin/env python3
"""nmt serve against hostile requests: status, time and the server's resident
memory before and after each, as a Markdown table.

    python3 bench/serve_hostile.py RUN_DIR [--nmt build/nmt]

Starts `nmt serve --model RUN_DIR:en-es` with an API key on loopback, sends
each case once, then a good request, and stops the server. Standard library
only (the test suite's own cases are tests/serve/hostile_test.cpp)."""
import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


def connect(port, source="127.0.0.1"):
    s = socket.socket()
    s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    s.settimeout(60)
    return s


def read_answer(s):
    data = b""
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    except (socket.timeout, ConnectionResetError):
        pass
    status = int(data[9:12]) if data.startswith(b"HTTP/1.1 ") else 0
    body = data.split(b"\r\n\r\n", 1)[1] if b"\r\n\r\n" in data else b""
    return status, body.decode("utf-8", "replace")


def post(port, body, path="/translate", ctype="application/json", source="127.0.0.1"):
    s = connect(port, source)
    head = (f"POST {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: {ctype}\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode()
    try:
        s.sendall(head + body)
    except (BrokenPipeError, ConnectionResetError):
        pass
    answer = read_answer(s)
    s.close()
    return answer


def message(body):
    try:
        return json.loads(body).get("error", "")[:90]
    except (ValueError, AttributeError):
        return body[:60].decode(errors="replace")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("run")
    ap.add_argument("--nmt", default="build/nmt")
    a = ap.parse_args()
    keys = tempfile.NamedTemporaryFile("w", suffix=".keys", delete=False)
    keys.write("the-right-key\n")
    keys.close()
    port = 20000 + os.getpid() % 20000
    env = dict(os.environ, OMP_WAIT_POLICY="PASSIVE")
    server = subprocess.Popen([a.nmt, "serve", "--model", f"{a.run}:en-es", "--port", str(port), "--threads", "2",
                               "--api-keys", keys.name], stderr=subprocess.PIPE, env=env)
    for _ in range(600):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    good = json.dumps({"q": "In the beginning God created the heavens and the earth.", "source": "en",
                       "target": "es"}).encode()
    post(port, good)  # warm-up
    rows = []

    def case(name, send):
        before = rss_kb(server.pid)
        start = time.perf_counter()
        status, body = send()
        took = time.perf_counter() - start
        after = rss_kb(server.pid)
        rows.append((name, status, message(body) if status != 200 else "", took, before, after))

    def chunked():
        s = connect(port)
        s.sendall(b"POST /translate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Transfer-Encoding: chunked\r\n\r\n")
        chunk = b"10000\r\n" + b"a" * 0x10000 + b"\r\n"
        try:
            for _ in range(200 * 16):  # 200 MB
                s.sendall(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass
        answer = read_answer(s)
        s.close()
        return answer

    case("chunked body of 200 MB", chunked)
    deep = "<div>" * 50000 + "Hello." + "</div>" * 50000
    case("format=html, 50,000 nested <div> (550 KB)",
         lambda: post(port, json.dumps({"q": deep, "source": "en", "target": "es", "format": "html"}).encode()))
    case("JSON nested 100,000 deep",
         lambda: post(port, b'{"q": ' + b"[" * 100000 + b"]" * 100000 + b"}"))
    form = b"q=" + b"hello+world+" * 1700 + b"&source=en&target=es"
    case("form of 20 KB (/detect)", lambda: post(port, form, "/detect", "application/x-www-form-urlencoded"))
    texts = ["word " * 60] * 100
    case("attention for 100 texts of 300 characters",
         lambda: post(port, json.dumps({"q": texts, "source": "en", "target": "es", "attention": True}).encode()))

    idle = []
    for _ in range(80):
        s = connect(port, "127.0.0.2")
        s.sendall(b"POST /translate HTTP/1.1\r\nHost: x\r\nContent-Len")
        idle.append(s)
    time.sleep(0.3)
    case("a good request beside 80 idle half-sent connections", lambda: post(port, good))
    for s in idle:
        s.close()

    def trickle():
        # A header line a second, each well within the 5 s read timeout, for
        # up to 60 s: the request deadline (keep-alive 5 s + --request-read-ms
        # 10 s) closes it at about 15 s. Status 0: closed without an answer.
        s = connect(port)
        s.sendall(b"POST /translate HTTP/1.1\r\nHost: x\r\n")
        s.settimeout(1.0)
        start = time.perf_counter()
        while time.perf_counter() - start < 60:
            try:
                s.sendall(b"X-Trickle: a\r\n")
                if s.recv(65536) == b"":
                    break
            except socket.timeout:
                continue
            except OSError:
                break
        s.close()
        return 0, b"(closed without an answer)"
    case("a request trickled in, a header line a second", trickle)

    def guesses():
        answer = None
        for i in range(12):
            answer = post(port, json.dumps({"q": "hi", "source": "en", "target": "es",
                                            "api_key": f"guess-{i}"}).encode(), source="127.0.0.3")
        return answer
    case("12 invalid API keys from one address (the 12th)", guesses)
    case("api_key in the URL", lambda: post(port, b"q=hi&source=en&target=es", "/translate?api_key=the-right-key",
                                            "application/x-www-form-urlencoded"))
    case("a good request afterwards", lambda: post(port, good))

    server.terminate()
    server.wait()
    os.unlink(keys.name)
    print("| request | status | message | seconds | server RSS before (MB) | after (MB) |")
    print("|---|---:|---|---:|---:|---:|")
    for name, status, msg, took, before, after in rows:
        print(f"| {name} | {status} | {msg} | {took:.2f} | {before / 1024:.0f} | {after / 1024:.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
