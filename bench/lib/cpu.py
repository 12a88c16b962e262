#!/usr/bin/env python3
"""Process CPU time (user + system, from /proc/<pid>/stat) for the bench scripts' cost-per-request figures.

  cpu.py child OUT -- CMD...      runs CMD (stdout passed through), and once it has exited but before it is
                                  reaped (its /proc entry is still there, a zombie) writes its whole CPU time
                                  in seconds to OUT. For wrk and sockperf, whose whole life is the measured part.
  cpu.py loadgen API TOKEN PID SPEC
                                  posts SPEC as a run to the loadgen at API, follows it every 0.25 s, and prints
                                  "cpu_seconds requests report_json" over the measured part only: both readings
                                  (the loadgen's CPU and the run's request count) are taken while the run is past
                                  its warm-up, the first 0.5 s into it, the last at the last poll before it ended,
                                  so both deltas cover the same window. The polls cost the loadgen about 40 of
                                  them per 10 s, well under 1% of a loaded run's CPU.
  cpu.py of PID                   prints PID's CPU time so far, in seconds.
  cpu.py whole API TOKEN PID SPEC
                                  posts SPEC as a run to the loadgen at API and prints "cpu_seconds wall_seconds
                                  report_json": PID's CPU time and the wall time from just before the POST to the
                                  first poll (every 0.25 s, bounded) that sees the run ended, so everything the run
                                  cost PID is in (for a distributed run's controller: agent checks, clock offsets,
                                  the per-second interval polls, the merge).
"""
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request

TICK = os.sysconf('SC_CLK_TCK')


def cpu_seconds(pid):
    with open(f'/proc/{pid}/stat') as f:
        stat = f.read()
    fields = stat[stat.rindex(')') + 2:].split()  # fields[0] is field 3 (state); utime is 14, stime 15
    return (int(fields[11]) + int(fields[12])) / TICK


def child(out, cmd):
    p = subprocess.Popen(cmd)
    os.waitid(os.P_PID, p.pid, os.WEXITED | os.WNOWAIT)
    seconds = cpu_seconds(p.pid)
    rc = p.wait()
    with open(out, 'w') as f:
        f.write(f'{seconds}\n')
    return rc


def call(url, token=None, body=None):
    req = urllib.request.Request(url, data=body.encode() if body else None)
    if body:
        req.add_header('Content-Type', 'application/json')
        req.add_header('Authorization', f'Bearer {token}')
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return json.load(r)
    except urllib.error.HTTPError as e:
        sys.exit(f'{url}: HTTP {e.code}: {e.read().decode(errors="replace")}')


def loadgen(api, token, pid, spec):
    run = call(f'{api}/runs', token, spec)
    first = last = None
    deadline = time.monotonic() + 3600
    while time.monotonic() < deadline:
        time.sleep(0.25)
        r = call(f'{api}/runs/{run["id"]}')
        if r['state'] not in ('queued', 'running'):
            break
        p = r.get('progress') or {}
        if p.get('warmingUp', True) or p.get('elapsedSeconds', 0) < 0.5:
            continue
        reading = (cpu_seconds(pid), p['requests'])
        first = first or reading
        last = reading
    report = call(f'{api}/runs/{run["id"]}/report')
    if first is None or last is first:
        sys.exit(f'run {run["id"]}: no two readings inside its measured part (state {r["state"]})')
    print(f'{last[0] - first[0]:.2f} {last[1] - first[1]} {json.dumps(report, separators=(",", ":"))}')


def whole(api, token, pid, spec):
    cpu0, wall0 = cpu_seconds(pid), time.monotonic()
    run = call(f'{api}/runs', token, spec)
    deadline = wall0 + 600
    while True:
        time.sleep(0.25)
        r = call(f'{api}/runs/{run["id"]}')
        if r['state'] not in ('queued', 'running'):
            break
        if time.monotonic() > deadline:
            sys.exit(f'run {run["id"]}: still {r["state"]} after 600 s')
    cpu1, wall1 = cpu_seconds(pid), time.monotonic()
    report = call(f'{api}/runs/{run["id"]}/report')
    if r['state'] != 'completed':
        sys.exit(f'run {run["id"]} ended {r["state"]}: {r.get("failure")}')
    print(f'{cpu1 - cpu0:.3f} {wall1 - wall0:.3f} {json.dumps(report, separators=(",", ":"))}')


if __name__ == '__main__':
    if sys.argv[1] == 'child':
        sys.exit(child(sys.argv[2], sys.argv[4:]))
    if sys.argv[1] == 'of':
        print(f'{cpu_seconds(sys.argv[2]):.3f}')
        sys.exit(0)
    {'loadgen': loadgen, 'whole': whole}[sys.argv[1]](*sys.argv[2:6])
