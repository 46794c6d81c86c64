"""The attacks of issue 36 (rows 1, 2, 3 and 7) on a running `reflow-cli serve`, each bounded in
time and in connections, on loopback only. Each takes the server (`probe.Server`), the RSS sampler
and the folder it may write documents in, runs while normal requests are measured, and returns
what it saw as a dict of figures. Python 3 standard library only."""

import select
import socket
import struct
import threading
import time

from . import probe


def request(server, path, extra=""):
    """The bytes of one GET of `path` to `server` (HTTP/1.1, this machine's Host)."""
    return f"GET {path} HTTP/1.1\r\nHost: {server.host}:{server.port}\r\n{extra}\r\n".encode()


def open_many(server, count, receive_buffer=None, timeout=10.0):
    """`count` connections opened at once (non-blocking connects, so a server whose backlog is
    full does not stall the attack); returns those connected within `timeout` seconds, blocking."""
    pending = {}
    for _ in range(count):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if receive_buffer:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        sock.setblocking(False)
        sock.connect_ex((server.host, server.port))
        pending[sock.fileno()] = sock
    connected, deadline = [], time.monotonic() + timeout
    while pending and time.monotonic() < deadline:
        for fd in writable_now(pending, 0.5):
            sock = pending.pop(fd)
            if sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) == 0:
                sock.setblocking(True)
                connected.append(sock)
            else:
                sock.close()
    for sock in pending.values():
        sock.close()
    return connected


def writable_now(socks_by_fd, timeout):
    """The descriptors of `socks_by_fd` that can be written within `timeout` seconds (poll, as
    select cannot watch descriptors past 1024)."""
    poller = select.poll()
    for fd in socks_by_fd:
        poller.register(fd, select.POLLOUT)
    return [fd for fd, _ in poller.poll(timeout * 1000)]


def closed_by_server(sock):
    """Whether the server closed (or reset) `sock`; an answer it sent first is read past."""
    try:
        while True:
            data = sock.recv(1 << 16, socket.MSG_DONTWAIT)
            if not data:
                return True
    except BlockingIOError:
        return False
    except OSError:
        return True


def reset(sock):
    """Closes `sock` with a reset (SO_LINGER 0), as a client that went away does."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


def slowloris(server, sampler, folder, connections=1100, hold=15.0):
    """Row 1: `connections` connections, each sending half a request head and waiting for
    `hold` seconds; how many of them the server closed, and when the first and last went."""
    socks = open_many(server, connections)
    half = f"GET / HTTP/1.1\r\nHost: {server.host}:{server.port}\r\nUser-Agent: slow".encode()
    for sock in socks:
        try:
            sock.send(half)
        except OSError:
            pass
    started, closed_at = time.monotonic(), {}
    normal = probe.NormalRequests(server, spacing=hold / 20).start()
    while time.monotonic() - started < hold:
        for sock in socks:
            if sock not in closed_at and closed_by_server(sock):
                closed_at[sock] = time.monotonic() - started
        time.sleep(0.25)
    figures = normal.finish()
    times = sorted(closed_at.values())
    figures.update(opened=len(socks), closed=len(closed_at), first_closed=times[0] if times else None,
                   last_closed=times[-1] if times else None)
    for sock in socks:
        sock.close()
    return figures


def malformed(server, sampler, folder, connections=50, cap=30.0):
    """Row 1's second half: `connections` connections each sending a malformed request (a header
    line with no colon); the answer's status and the seconds until the server closed the socket
    (at most `cap`: the rest are counted as still open)."""
    socks = open_many(server, connections)
    bad = f"GET / HTTP/1.1\r\nHost: {server.host}:{server.port}\r\nthis is no header\r\n\r\n".encode()
    sent = {}
    for sock in socks:
        sock.sendall(bad)
        sent[sock] = (time.monotonic(), b"")
    normal = probe.NormalRequests(server, spacing=0.5).start()
    done = {}
    while sent and time.monotonic() - min(t for t, _ in sent.values()) < cap:
        poller = select.poll()
        by_fd = {sock.fileno(): sock for sock in sent}
        for fd in by_fd:
            poller.register(fd, select.POLLIN)
        readable = [by_fd[fd] for fd, _ in poller.poll(500)]
        for sock in readable:
            begun, data = sent[sock]
            try:
                chunk = sock.recv(1 << 16)
            except OSError:
                chunk = b""
            if chunk:
                sent[sock] = (begun, data + chunk)
            else:
                done[sock] = (time.monotonic() - begun, data)
                del sent[sock]
    figures = normal.finish()
    times = sorted(t for t, _ in done.values())
    answers = [d for _, d in done.values()] + [d for _, d in sent.values()]
    statuses = sorted({(d.split(b" ", 2)[1].decode() if d.startswith(b"HTTP/") else "none") for d in answers})
    figures.update(sent=len(socks), closed=len(done), still_open=len(sent), statuses=statuses,
                   close_median=times[len(times) // 2] if times else None, close_max=times[-1] if times else None)
    for sock in socks:
        sock.close()
    return figures


def pipeline(server, sampler, folder, count=3000, hold=10.0, until_idle=False):
    """Row 2: one connection with a small receive buffer pipelines `count` layout requests and
    does not read for `hold` seconds (with `until_idle`, until the server has nothing left to
    do or closed it, at most 120 s), then closes; how many requests it could send, and the
    server's RSS after the close (3 s later)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect((server.host, server.port))
    one = request(server, "/layout.json?category=all&width=10000000")
    payload, offset = one * count, 0
    sock.setblocking(False)
    normal = probe.NormalRequests(server, spacing=hold / 20).start()
    started = time.monotonic()
    while time.monotonic() - started < hold:
        if until_idle and time.monotonic() - started > 5 and offset >= len(payload):
            idle_cpu(server, cap=120.0, started=started)
            break
        if offset < len(payload):
            _, writable, _ = select.select([], [sock], [], 0.2)
            if writable:
                try:
                    offset += sock.send(payload[offset:offset + 65536])
                except (BlockingIOError, OSError):
                    pass
        else:
            time.sleep(0.2)
    peak, held = sampler.take_peak(), time.monotonic() - started
    server_closed = closed_by_server(sock)
    reset(sock)
    figures = normal.finish()
    time.sleep(3)
    figures.update(requests_sent=offset // len(one), held_s=held, server_closed=server_closed, peak_while_held=peak,
                   rss_after_close=probe.proc_status(server.pid)["VmRSS"])
    return figures


#: The largest picture of welcome.md the server draws: the whole page at AX2, 2000 pt wide, at
#: scale 4 (8000 × 7389 px, 59 megapixels; AX3 would pass the 64 megapixels and be 422).
BIG_PICTURE = "/render.png?category=ax2&width=2000&scale=4"


def idle_cpu(server, quiet=2.0, cap=120.0, started=None):
    """Waits until the server used under 5 % of a core over `quiet` seconds (or `cap` passed);
    returns the seconds waited from `started`."""
    started = started or time.monotonic()
    last = probe.cpu_seconds(server.pid)
    while time.monotonic() - started < cap:
        time.sleep(quiet)
        now = probe.cpu_seconds(server.pid)
        if now - last < 0.05 * quiet:
            break
        last = now
    return time.monotonic() - started


def big_pictures(server, sampler, folder, resets=40, waiting=12):
    """Row 3: `resets` clients ask for `BIG_PICTURE` and reset their connection at once (the CPU
    and peak RSS the server spends until it is idle again), then `waiting` clients ask for it at
    once and wait for their answers (200, or 503 with Retry-After)."""
    started, cpu = time.monotonic(), probe.cpu_seconds(server.pid)
    normal = probe.NormalRequests(server, spacing=0.5).start()
    for sock in open_many(server, resets):
        sock.sendall(request(server, BIG_PICTURE))
        reset(sock)
    busy = idle_cpu(server, started=started)
    figures = {"reset_busy_s": busy, "reset_cpu_s": probe.cpu_seconds(server.pid) - cpu,
               "reset_peak": sampler.take_peak()}
    figures.update(normal.finish())
    sampler.reset()
    answers, lock = [], threading.Lock()

    def wait_for_one():
        # The first answer is counted; a 503 is asked again after its Retry-After, for at most
        # 120 s, to see how long a client that follows it waits for its picture.
        first, tries, begun_one = None, 0, time.monotonic()
        while time.monotonic() - begun_one < 120:
            result = probe.get(server.host, server.port, BIG_PICTURE, timeout=300)
            first, tries = first or result, tries + 1
            retry = next((line.split(":", 1)[1] for line in result[2].split("\r\n")
                          if line.lower().startswith("retry-after:")), None)
            if result[1] != 503 or retry is None:
                break
            time.sleep(float(retry))
        with lock:
            answers.append((first, tries, time.monotonic() - begun_one, result[1]))

    threads = [threading.Thread(target=wait_for_one) for _ in range(waiting)]
    begun = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    codes = {}
    for (_, status, head), _, _, _ in answers:
        key = f"{status}{'+Retry-After' if 'retry-after:' in head.lower() else ''}"
        codes[key] = codes.get(key, 0) + 1
    figures.update(wait_codes=codes, wait_s=time.monotonic() - begun, wait_peak=sampler.take_peak(),
                   retried_tries=sum(tries for _, tries, _, _ in answers),
                   retried_final=sorted(final for _, _, _, final in answers),
                   retried_last_s=max(spent for _, _, spent, _ in answers))
    return figures


def missing_images_document(path, target_bytes=1_500_000):
    """A Markdown document of missing images, one warning each ("there is no file at
    missing-N.png; …": about 157 bytes each in the old server's /info.json and events, message and
    JSON around it), enough for `target_bytes` of warnings."""
    count = target_bytes // 157
    with open(path, "w") as document:
        document.write("# Missing images\n\n")
        document.writelines(f"![x](missing-{n}.png)\n\n" for n in range(count))
    return count


def events(server, sampler, folder, clients=200, saves=6, document=None, until_idle=False):
    """Row 7: `clients` `/events` streams that never read (4 KiB receive buffer), and `saves`
    saves of the document 1 s apart; how many streams the server closed, RSS 5 s after the last
    save (with `until_idle`, once the server has nothing left to do, at most 120 s more) and 3 s
    after the streams closed."""
    socks = open_many(server, clients, receive_buffer=4096)
    for sock in socks:
        sock.sendall(request(server, "/events"))
    normal = probe.NormalRequests(server, spacing=(saves + 5) / 20).start()
    for n in range(saves):
        time.sleep(1)
        with open(document, "a") as file:
            file.write(f"Saved {n + 1}.\n\n")
    time.sleep(5)
    figures = normal.finish()
    if until_idle:
        figures["settled_s"] = idle_cpu(server, cap=120.0, started=time.monotonic())
    closed = sum(closed_by_server(sock) for sock in socks)
    figures.update(streams=len(socks), streams_closed=closed, rss_streams_open=probe.proc_status(server.pid)["VmRSS"])
    for sock in socks:
        reset(sock)
    return figures


def quiet(server, sampler, folder):
    """No attack: the 20 normal requests alone, half a second apart (what they take and cost)."""
    return probe.NormalRequests(server, spacing=0.5).start().finish()


ATTACKS = {"quiet": quiet, "slowloris": slowloris, "malformed": malformed, "pipeline": pipeline,
           "big-pictures": big_pictures, "events": events,
           # The same, held until the server settles, as the figures were taken.
           "pipeline-settled": lambda *args: pipeline(*args, until_idle=True),
           "events-settled": lambda *args, **kwargs: events(*args, until_idle=True, **kwargs)}
