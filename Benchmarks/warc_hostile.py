#!/usr/bin/env python3
"""Hostile archives too big for the tests, measured: peak RSS and the record each leaves.
No pass/fail: the numbers are read (these machines are noisy); the tests prove the same
bounds structurally on small inputs (Tests/PageSourcesTests/WARC/WARCBoundsTests.swift).

    python3 Benchmarks/warc_hostile.py             # builds linkaudit in release mode first
    python3 Benchmarks/warc_hostile.py --no-build

1. A response with `Content-Encoding: gzip` whose 1 MB body inflates to 1 GiB: inflated
   up to --max-page-bytes (64 MiB by default) and cut there, read up to the cut.
2. A `.warc.gz` whose one member inflates to 1 GiB (a metadata record of zeros), then a
   page: the member is inflated in chunks as it is read, never held.
3. A record whose WARC header is 300 MB, then a page: the header is read up to 256 KiB,
   the record reported unreadable, the rest skipped as a damaged stretch, the page read.
4. For comparison, what any page at the limit costs: a response whose plain (identity)
   body is 1 GiB, cut at --max-page-bytes the same way.
5. All four with --max-page-bytes 1048576: the bound follows the limit.

Each archive is written once to a temporary folder (about 1.3 GB in all).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
import zlib

from benchkit import measured, release_binary

MIB = 1 << 20
PAGE = b'<html><body><a href="gojek://pay?id=after">pay</a></body></html>'


def record(warc_type, uri, block, content_type, extra=b""):
    head = (f"WARC/1.1\r\nWARC-Type: {warc_type}\r\nWARC-Record-ID: <urn:uuid:{uuid.uuid4()}>\r\n"
            f"WARC-Date: 2026-12-01T00:00:00Z\r\n" + (f"WARC-Target-URI: {uri}\r\n" if uri else "")
            + f"Content-Type: {content_type}\r\n").encode() + extra + f"Content-Length: {len(block)}\r\n\r\n".encode()
    return head + block + b"\r\n\r\n"


def page(name):
    body = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n" + PAGE
    return record("response", f"https://shop.example/{name}", body, "application/http; msgtype=response")


def gzip_of(chunks, wbits=31, level=9):
    """One gzip member (wbits 31) or a zlib stream of the concatenated chunks."""
    z = zlib.compressobj(level, zlib.DEFLATED, wbits)
    out = [z.compress(c) for c in chunks]
    out.append(z.flush())
    return b"".join(out)


def repeat(byte, total, chunk=MIB):
    block = byte * chunk
    for _ in range(total // chunk):
        yield block


def content_bomb(path):
    body = gzip_of([b'<html><a href="gojek://pay?id=before-the-cut">pay</a>'] + list(repeat(b" ", 1024 * MIB)))
    http = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\n\r\n" + body
    with open(path, "wb") as f:
        f.write(record("response", "https://shop.example/bomb", http, "application/http; msgtype=response"))
        f.write(page("after"))
    return f"1 MB body inflating to 1 GiB ({os.path.getsize(path) / MIB:.1f} MiB file)"


def member_bomb(path):
    z = zlib.compressobj(9, zlib.DEFLATED, 31)
    head = (f"WARC/1.1\r\nWARC-Type: metadata\r\nWARC-Record-ID: <urn:uuid:{uuid.uuid4()}>\r\n"
            f"WARC-Date: 2026-12-01T00:00:00Z\r\nContent-Type: application/octet-stream\r\n"
            f"Content-Length: {1024 * MIB}\r\n\r\n").encode()
    with open(path, "wb") as f:
        f.write(z.compress(head))
        for chunk in repeat(b"\0", 1024 * MIB):
            f.write(z.compress(chunk))
        f.write(z.compress(b"\r\n\r\n"))
        f.write(z.flush())
        f.write(gzip_of([page("after")]))
    return f"one gzip member inflating to 1 GiB ({os.path.getsize(path) / MIB:.1f} MiB file)"


def header_bomb(path):
    line = b"X-Pad: " + b"p" * 120 + b"\r\n"
    count = 300 * 1000 * 1000 // len(line)
    body = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n" + PAGE
    with open(path, "wb") as f:
        f.write((f"WARC/1.1\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:{uuid.uuid4()}>\r\n"
                 f"WARC-Target-URI: https://shop.example/huge-header\r\n").encode())
        block = line * 10000
        for _ in range(count // 10000):
            f.write(block)
        f.write(f"Content-Length: {len(body)}\r\n\r\n".encode() + body + b"\r\n\r\n")
        f.write(page("after"))
    return f"a 300 MB WARC header ({os.path.getsize(path) / MIB:.0f} MiB file)"


def plain_body(path):
    head = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n" + b'<html><a href="gojek://pay?id=before-the-cut">pay</a>'
    size = len(head) + 1024 * MIB
    with open(path, "wb") as f:
        f.write((f"WARC/1.1\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:{uuid.uuid4()}>\r\n"
                 f"WARC-Target-URI: https://shop.example/plain\r\nContent-Type: application/http; msgtype=response\r\n"
                 f"Content-Length: {size}\r\n\r\n").encode() + head)
        for chunk in repeat(b" ", 1024 * MIB):
            f.write(chunk)
        f.write(b"\r\n\r\n")
        f.write(page("after"))
    return f"a plain 1 GiB body ({os.path.getsize(path) / MIB:.0f} MiB file)"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    binary = release_binary(build=not args.no_build)
    with tempfile.TemporaryDirectory() as work:
        cases = []
        for name, make in (("content-bomb.warc", content_bomb), ("member-bomb.warc.gz", member_bomb),
                           ("header-bomb.warc", header_bomb), ("plain-body.warc", plain_body)):
            path = os.path.join(work, name)
            cases.append((name, path, make(path)))
        print(f"{'archive':<22} {'what':<48} {'--max-page-bytes':>16} {'peak MB':>8} {'s':>6}  pages.jsonl")
        for limit in (64 * MIB, MIB):
            for name, path, what in cases:
                out = os.path.join(work, "out")
                wall, peak = measured(allowed=None, cmd=[binary, "audit", path, "--out", out, "--quiet", "--profiles", "none",
                                      "--format", "jsonl", "--max-page-bytes", str(limit)])
                with open(os.path.join(out, "pages.jsonl")) as f:
                    statuses = [json.loads(line)["status"][:60] for line in f]
                print(f"{name:<22} {what:<48} {limit:>16} {peak:>8.0f} {wall:>6.1f}  {statuses}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
