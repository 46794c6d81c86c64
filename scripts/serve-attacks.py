#!/usr/bin/env python3
"""Runs one of issue 36's attacks on `reflow-cli serve` and measures what it costs the server and
a normal client: the server's RSS before, at its peak (sampled every 100 ms) and after; its CPU
time over the attack; and the answer times of about 20 normal requests made during it (the first
AX5 screen as a PNG, each on a fresh connection, 30 s or "no answer"). Prints one table row.

    python3 scripts/serve-attacks.py --binary .build/debug/reflow-cli --attack slowloris --nofile 1024
    python3 scripts/serve-attacks.py --binary /tmp/reflow-after-cli --attack all --json out.jsonl

Attacks (scripts/serve_attacks/attacks.py): quiet (none: the normal requests alone), slowloris,
malformed, pipeline, big-pictures, events; pipeline-settled and events-settled hold the attack
until the server has nothing left to do (at most 120 s more), as issue 36's figures were taken.
Loopback only; each attack is bounded in connections and in time (at most about four minutes,
big-pictures on a server that draws every picture asked for). Python 3 standard library only;
Linux only (/proc). docs/hardening/serve-attacks.md has the figures for the servers before and after issue 36."""

import argparse
import json
import os
import resource
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_attacks import attacks, probe  # noqa: E402

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def megabytes(value):
    return "-" if value is None else f"{value:.0f}"


def seconds(value):
    return "-" if value is None else f"{value:.2f}"


def extras(figures):
    """The attack's own figures, as `name=value` words for the row's last column."""
    generic = {"attack", "binary", "nofile", "rss_before", "rss_peak", "rss_after", "hwm", "cpu_s", "attack_s",
               "normal_n", "normal_ok", "normal_median", "normal_max", "normal_failed", "load"}
    words = []
    for name, value in figures.items():
        if name in generic:
            continue
        words.append(f"{name}={value:.2f}" if isinstance(value, float) else f"{name}={value}")
    return " ".join(words)


def row(figures):
    failed = figures["normal_failed"]
    normal = (f"{seconds(figures['normal_median'])} / {seconds(figures['normal_max'])} "
              f"({figures['normal_ok']}/{figures['normal_n']} answered"
              + (f"; {', '.join(str(f) for f in failed)}" if failed else "") + ")")
    return (f"| {figures['attack']} | {figures['binary']} | {megabytes(figures['rss_before'])} | "
            f"{megabytes(figures['rss_peak'])} | {megabytes(figures['rss_after'])} | {figures['cpu_s']:.1f} | "
            f"{normal} | {extras(figures)} |")


HEADER = ("| attack | binary | RSS before MiB | peak MiB | after MiB | CPU s | normal request median / max s | figures |\n"
          "|---|---|---|---|---|---|---|---|")


def run(binary, attack, nofile, label):
    """Starts the server on a fresh copy of the document, runs `attack`, returns its figures."""
    folder = tempfile.mkdtemp(prefix="serve-attacks-")
    document = os.path.join(folder, "welcome.md")
    shutil.copy(os.path.join(REPOSITORY, "Examples", "welcome.md"), document)
    if attack.startswith("events"):
        document = os.path.join(folder, "missing.md")
        attacks.missing_images_document(document)
    server = probe.Server(binary, document, nofile, os.path.join(folder, "stderr.txt"))
    try:
        time.sleep(1)
        # One normal request first: the render thread and its caches warm, as a page open has them.
        probe.get(server.host, server.port, probe.NORMAL_PATH)
        sampler = probe.Sampler(server.pid)
        before, unsent_before = probe.proc_status(server.pid)["VmRSS"], probe.unsent_bytes(server.pid)
        sampler.reset()
        sampler.start()
        cpu, started = probe.cpu_seconds(server.pid), time.monotonic()
        function = attacks.ATTACKS[attack]
        kwargs = {"document": document} if attack.startswith("events") else {}
        own = function(server, sampler, folder, **kwargs)
        attack_s, cpu_s = time.monotonic() - started, probe.cpu_seconds(server.pid) - cpu
        peak = max(sampler.take_peak(), own.get("reset_peak", 0))
        time.sleep(3)
        status = probe.proc_status(server.pid)
        sampler.running = False
        figures = {"attack": attack, "binary": label, "nofile": nofile, "rss_before": before,
                   "unsent_before": unsent_before, "unsent_peak": sampler.unsent_peak,
                   "rss_peak": peak, "rss_after": status["VmRSS"], "hwm": status["VmHWM"],
                   "cpu_s": cpu_s, "attack_s": attack_s, "load": os.getloadavg()[0]}
        figures.update(own)
        return figures
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", required=True, help="the reflow-cli to serve with")
    parser.add_argument("--attack", required=True, choices=[*attacks.ATTACKS, "all"])
    parser.add_argument("--nofile", type=int, help="the server's `ulimit -n` (default: 1024 for slowloris, else this shell's)")
    parser.add_argument("--label", help="the binary's name in the table (default: its path)")
    parser.add_argument("--json", help="also append each attack's figures to this file, one JSON object a line")
    options = parser.parse_args()
    if not os.access(options.binary, os.X_OK):
        raise SystemExit(f"serve-attacks: {options.binary} is not an executable file; build reflow-cli first "
                         "(swift build --product reflow-cli) and pass .build/debug/reflow-cli")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 2400:
        raise SystemExit(f"serve-attacks: this shell may open {hard} files at most; slowloris needs 1,100 "
                         "connections and the server's ends: run it under `ulimit -n 4096` or more")
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    print(HEADER, flush=True)
    for attack in (list(attacks.ATTACKS) if options.attack == "all" else [options.attack]):
        nofile = options.nofile or (1024 if attack == "slowloris" else soft)
        figures = run(options.binary, attack, nofile, options.label or options.binary)
        print(row(figures), flush=True)
        if options.json:
            with open(options.json, "a") as out:
                out.write(json.dumps(figures) + "\n")


if __name__ == "__main__":
    main()
