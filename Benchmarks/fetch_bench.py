#!/usr/bin/env python3
"""The live crawl's transport, measured against curl on the same local server. No
pass/fail: the numbers are read, not asserted (these machines are noisy).

    python3 Benchmarks/fetch_bench.py            # builds linkaudit in release mode first
    python3 Benchmarks/fetch_bench.py --no-build

1. Body size: one page of 4, 16 and 64 MiB (text/html, mostly text, a wallet link every
   4 KiB), fetched and read by `linkaudit audit URL`, beside `curl -o /dev/null` of the
   same URL. Seconds per MiB stay flat when reading is linear in the size.
2. The size cut: a crawl of 8 pages of 300 MiB each, 4 PDFs of 20 MiB and 40 small pages
   with `--max-page-bytes 4194304` and `--concurrency 8`: the bytes the server got rid of
   for each large response, and linkaudit's peak RSS against the bound the README states,
   100 MB + concurrency × the cut.

The server is Python's threading HTTP server on 127.0.0.1 (so `--allow-private`),
streaming bodies in 64 KiB writes with a 64 KiB send buffer, counting what each
response's writes handed the kernel before the client closed.
"""
import argparse
import http.server
import os
import socket
import subprocess
import tempfile
import threading
import time

from benchkit import measured, release_binary

MIB = 1 << 20
CHUNK = (b"<p>" + b"lorem ipsum dolor sit amet " * 150 + b'<a href="gojek://gopay/pay?id=1">pay</a></p>\n')
CHUNK = (CHUNK * (64 * 1024 // len(CHUNK) + 1))[:64 * 1024]

SENT = {}
SENT_LOCK = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        parts = self.path.strip("/").split("/")
        if parts[0] in ("body", "huge", "pdf"):
            size = {"body": int(parts[1]) * MIB if parts[0] == "body" else 0, "huge": 300 * MIB, "pdf": 20 * MIB}[parts[0]]
            kind = "application/pdf" if parts[0] == "pdf" else "text/html"
            self.stream(size, kind)
        elif parts[0] == "page":
            body = b'<html><a href="dana://pay?id=%s">pay</a></html>' % parts[1].encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        else:
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()

    def stream(self, size, kind):
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 64 * 1024)
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(size))
        self.end_headers()
        sent = 0
        try:
            while sent < size:
                piece = CHUNK[:min(len(CHUNK), size - sent)]
                self.wfile.write(piece)
                sent += len(piece)
        except (BrokenPipeError, ConnectionResetError):
            pass
        with SENT_LOCK:
            SENT[self.path] = SENT.get(self.path, 0) + sent
        self.close_connection = True


def serve():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def best(cmd, rounds=3):
    return min((measured(cmd) for _ in range(rounds)), key=lambda r: r[0])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    binary = release_binary(build=not args.no_build)
    server, base = serve()
    out = tempfile.mkdtemp(prefix="linkaudit-fetch-bench-")
    common = ["--allow-private", "--ignore-robots", "--no-associations", "--quiet", "--out", out, "--format", "jsonl"]

    print("## Body size: linkaudit (fetch and read) beside curl (fetch only), best of 3\n")
    print("| body | linkaudit s | s/MiB | peak MB | curl s | × curl |")
    print("|---:|---:|---:|---:|---:|---:|")
    for mib in (4, 16, 64):
        url = f"{base}/body/{mib}"
        wall, peak = best([binary, "audit", url, "--max-page-bytes", str(80 * MIB), "--profiles", "android-sdk"] + common)
        curl, _ = best(["curl", "-s", "-o", "/dev/null", url])
        print(f"| {mib} MiB | {wall:.2f} | {wall / mib:.3f} | {peak:.0f} | {curl:.2f} | {wall / curl:.1f} |")

    print("\n## The size cut: 8 × 300 MiB pages, 4 × 20 MiB PDFs, 40 small pages, cut 4 MiB, concurrency 8\n")
    urls = [f"{base}/huge/{n}" for n in range(8)] + [f"{base}/pdf/{n}" for n in range(4)] \
        + [f"{base}/page/{n}" for n in range(40)]
    listing = os.path.join(out, "urls.txt")
    with open(listing, "w") as handle:
        handle.write("\n".join(urls) + "\n")
    SENT.clear()
    wall, peak = measured([binary, "audit", "--urls", listing, "--max-page-bytes", str(4 * MIB), "--concurrency", "8",
                           "--per-host", "8", "--delay", "0"] + common)
    time.sleep(0.5)  # the server threads finish counting
    huge = [SENT.get(f"/huge/{n}", 0) / MIB for n in range(8)]
    pdf = [SENT.get(f"/pdf/{n}", 0) / MIB for n in range(4)]
    bound = 100 + 8 * 4 * MIB / 1e6
    print(f"- wall {wall:.2f} s, peak RSS {peak:.0f} MB (bound: 100 MB + 8 × 4 MiB = {bound:.0f} MB)")
    print(f"- sent per 300 MiB page before the client closed: {min(huge):.1f}–{max(huge):.1f} MiB (cut 4 MiB)")
    print(f"- sent per 20 MiB PDF (not wanted: stopped at the headers): {min(pdf):.1f}–{max(pdf):.1f} MiB")
    server.shutdown()


if __name__ == "__main__":
    main()
