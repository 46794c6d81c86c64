"""The measuring half of serve-attacks.py: a `reflow-cli serve` started and watched (its RSS and
CPU time from /proc), and the normal requests whose answer times say whether a real client is
still served while an attack runs. Python 3 standard library only; Linux only (/proc)."""

import os
import select
import signal
import socket
import statistics
import subprocess
import threading
import time

#: The normal request: the first screen of the document at AX5 on a phone, what the live page
#: asks first. A fresh connection each time, so a server that stopped accepting shows.
NORMAL_PATH = "/render.png?category=ax5&viewport=390x844&offset=0"
#: Seconds a normal request may take before it counts as "no answer".
NORMAL_TIMEOUT = 30.0


def proc_status(pid):
    """VmRSS and VmHWM of `pid` in MiB (None once it exited)."""
    values = {}
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                name, _, rest = line.partition(":")
                if name in ("VmRSS", "VmHWM"):
                    values[name] = int(rest.split()[0]) / 1024
    except (FileNotFoundError, ProcessLookupError):
        return None
    return values


def cpu_seconds(pid):
    """utime + stime of `pid` in seconds (fields 14 and 15 of /proc/PID/stat)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def unsent_bytes(pid):
    """MiB the server's sockets hold written but not taken by their clients (the send queues of
    /proc/net/tcp for the sockets among /proc/PID/fd): memory of the machine outside the server's
    RSS, which a client that does not read makes it spend."""
    inodes = set()
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
            except OSError:
                continue
            if target.startswith("socket:["):
                inodes.add(target[8:-1])
    except OSError:
        return 0.0
    total = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table) as lines:
            next(lines)
            for line in lines:
                words = line.split()
                if words[9] in inodes:
                    total += int(words[4].split(":")[0], 16)
    return total / (1 << 20)


class Server:
    """`BINARY serve DOC --port 0` under `ulimit -n NOFILE`, through bash's `exec`, so the pid is
    the server's own. The URL line is read from stdout; stderr (warnings, one per image for a
    document of missing images) goes to a file so that a full pipe never stalls the server."""

    def __init__(self, binary, document, nofile, stderr_path):
        command = 'ulimit -n "$0" && exec "$1" serve "$2" --port 0'
        self.stderr = open(stderr_path, "wb")
        self.process = subprocess.Popen(["bash", "-c", command, str(nofile), binary, document],
                                        stdout=subprocess.PIPE, stderr=self.stderr,
                                        cwd=os.path.dirname(os.path.abspath(document)))
        self.pid = self.process.pid
        line = self._read_line(120)
        if not line.startswith("http://"):
            self.stop()
            raise SystemExit(f"serve-attacks: the server printed {line!r} instead of its URL; see {stderr_path}")
        self.url = line.strip()
        self.host, port = self.url.split("//", 1)[1].rstrip("/").rsplit(":", 1)
        self.port = int(port)
        threading.Thread(target=self._drain, daemon=True).start()

    def _read_line(self, timeout):
        data, deadline = b"", time.monotonic() + timeout
        fd = self.process.stdout.fileno()
        while not data.endswith(b"\n") and time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.5)
            if ready:
                chunk = os.read(fd, 1)
                if not chunk:
                    break
                data += chunk
        return data.decode(errors="replace")

    def _drain(self):
        for _ in self.process.stdout:
            pass

    def stop(self):
        """SIGTERM, and SIGKILL after 15 s if it is still there (this process only)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.stderr.close()


class Sampler(threading.Thread):
    """VmRSS of the server every 100 ms; `peak` is the largest seen since `reset`; `unsent_peak`
    the most its sockets held unsent meanwhile (`unsent_bytes`)."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid, self.peak, self.running = pid, 0.0, True
        self.unsent_peak = unsent_bytes(pid)
        self.lock = threading.Lock()

    def run(self):
        while self.running:
            values = proc_status(self.pid)
            if values is None:
                return
            unsent = unsent_bytes(self.pid)
            with self.lock:
                self.peak = max(self.peak, values["VmRSS"])
                self.unsent_peak = max(self.unsent_peak, unsent)
            time.sleep(0.1)

    def reset(self):
        with self.lock:
            values = proc_status(self.pid)
            self.peak = values["VmRSS"] if values else 0.0

    def take_peak(self):
        with self.lock:
            return self.peak


def get(host, port, path, timeout=NORMAL_TIMEOUT, headers=()):
    """One GET on a fresh connection with `Connection: close`, read to its end. Returns
    (seconds, status, head) or (None, reason, "") when there was no whole answer within `timeout`
    seconds in all (connecting included)."""
    started = time.monotonic()
    deadline = started + timeout
    extra = "".join(f"{name}: {value}\r\n" for name, value in headers)
    request = f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nConnection: close\r\n{extra}\r\n".encode()
    data = b""
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            sock.sendall(request)
            while True:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return None, "timeout", ""
                sock.settimeout(remaining)
                chunk = sock.recv(1 << 16)
                if not chunk:
                    break
                data += chunk
    except socket.timeout:
        return None, "timeout", ""
    except OSError as error:
        return None, type(error).__name__, ""
    head = data.split(b"\r\n\r\n", 1)[0].decode("latin-1")
    if not head.startswith("HTTP/1.1 "):
        return None, "no status line", ""
    return time.monotonic() - started, int(head.split()[1]), head


class NormalRequests:
    """`count` normal requests started one every `spacing` seconds, each on a thread of its own
    (a request that waits does not delay the next one), so they cover the attack's time."""

    def __init__(self, server, count=20, spacing=0.75):
        self.server, self.count, self.spacing = server, count, spacing
        self.results, self.threads = [], []
        self.lock = threading.Lock()
        self.starter = threading.Thread(target=self._start_all, daemon=True)

    def start(self):
        self.starter.start()
        return self

    def _start_all(self):
        for _ in range(self.count):
            thread = threading.Thread(target=self._one, daemon=True)
            thread.start()
            self.threads.append(thread)
            time.sleep(self.spacing)

    def _one(self):
        result = get(self.server.host, self.server.port, NORMAL_PATH)
        with self.lock:
            self.results.append(result)

    def finish(self):
        """Waits for every request; returns the summary: answered times and the rest."""
        self.starter.join()
        for thread in self.threads:
            thread.join()
        times = sorted(seconds for seconds, status, _ in self.results if seconds is not None and status == 200)
        others = [status for seconds, status, _ in self.results if seconds is None or status != 200]
        return {"normal_n": len(self.results), "normal_ok": len(times),
                "normal_median": statistics.median(times) if times else None,
                "normal_max": max(times) if times else None,
                "normal_failed": others}
