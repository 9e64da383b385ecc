#!/usr/bin/env python3
"""Writes a large .warc.gz from a folder of pages (repeating them as needed) for the
memory benchmark: one gzip member per record, request/response pairs as crawlers write
them. Usage: make_warc.py CORPUS_DIR OUT.warc.gz SIZE_MB"""
import gzip
import io
import os
import sys
import uuid


def record(warc_type, uri, payload, content_type):
    head = (f"WARC/1.0\r\nWARC-Type: {warc_type}\r\nWARC-Target-URI: {uri}\r\n"
            f"WARC-Record-ID: <urn:uuid:{uuid.UUID(int=hash((warc_type, uri)) & (2**128 - 1))}>\r\n"
            f"WARC-Date: 2026-11-29T00:00:00Z\r\nContent-Type: {content_type}\r\n"
            f"Content-Length: {len(payload)}\r\n\r\n").encode()
    return head + payload + b"\r\n\r\n"


def main():
    corpus, out, size_mb = sys.argv[1], sys.argv[2], int(sys.argv[3])
    pages = sorted(os.path.join(d, f) for d, _, fs in os.walk(corpus) for f in fs if f.endswith(".html"))
    target = size_mb * 1_000_000
    written = 0
    n = 0
    with open(out, "wb") as f:
        while written < target:
            path = pages[n % len(pages)]
            with open(path, "rb") as page:
                body = page.read()
            uri = f"https://shop{n // len(pages)}.example/{os.path.relpath(path, corpus)}"
            request = f"GET / HTTP/1.1\r\nHost: shop.example\r\n\r\n".encode()
            response = (f"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n"
                        f"Content-Length: {len(body)}\r\n\r\n").encode() + body
            for rec in (record("request", uri, request, "application/http; msgtype=request"),
                        record("response", uri, response, "application/http; msgtype=response")):
                buffer = io.BytesIO()
                with gzip.GzipFile(fileobj=buffer, mode="wb", compresslevel=1) as member:
                    member.write(rec)
                f.write(buffer.getvalue())
                written += len(rec)
            n += 1
    print(f"{out}: {n} pages, {written / 1e6:.0f} MB uncompressed, {os.path.getsize(out) / 1e6:.0f} MB on disk")


if __name__ == "__main__":
    main()
