"""One headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe:
Chromium reads commands on file descriptor 3 and writes replies and events on 4, each a JSON
text ended by a NUL), no network port needed. What the DOM differential (chromium_dom.py)
and the navigation differential (chromium_engine.py) share: starting the browser, reading
and writing messages, and stopping it. Each keeps its own way of handling what it reads."""

import json
import os
import shutil
import subprocess
import tempfile

FLAGS = ["--no-sandbox", "--remote-debugging-pipe", "--headless", "--disable-gpu", "--no-first-run",
         "--disable-extensions", "--disable-background-networking", "--disable-sync",
         "--disable-component-update", "--mute-audio"]


class DevToolsPipe:
    def __init__(self, executable, profile_prefix, extra_flags=(), missing=RuntimeError):
        """Starts `executable` with `FLAGS` and `extra_flags` on a fresh profile; `missing`
        is the exception raised when it is not installed."""
        path = shutil.which(executable)
        if path is None:
            raise missing(f"{executable} not found (apt-get install chromium-headless-shell)")
        self.profile = tempfile.mkdtemp(prefix=profile_prefix)
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()

        def onto_fds_3_and_4():
            os.dup2(to_chrome_r, 3)
            os.dup2(from_chrome_w, 4)

        self.proc = subprocess.Popen(
            [path] + FLAGS + list(extra_flags) + ["--user-data-dir=" + self.profile, "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            pass_fds=(3, 4), preexec_fn=onto_fds_3_and_4)
        os.close(to_chrome_r)
        os.close(from_chrome_w)

    def read(self, deliver):
        """Hands each message Chromium writes to `deliver`, in order, then None when the
        pipe closes (run on a thread of its own)."""
        buffer = b""
        while True:
            try:
                chunk = os.read(self._from_chrome, 1 << 16)
            except OSError:
                chunk = b""
            if not chunk:
                deliver(None)
                return
            buffer += chunk
            while b"\0" in buffer:
                raw, buffer = buffer.split(b"\0", 1)
                deliver(json.loads(raw))

    def write(self, message):
        data = json.dumps(message).encode() + b"\0"
        while data:
            data = data[os.write(self._to_chrome, data):]

    def close(self, say_goodbye):
        """`say_goodbye()` sends Browser.close; the browser is killed if it does not end."""
        try:
            say_goodbye()
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()
            self.proc.wait()
        finally:
            os.close(self._to_chrome)
            shutil.rmtree(self.profile, ignore_errors=True)
