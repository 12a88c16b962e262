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
"""
import json
import os
import subprocess
import sys
import time
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
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.load(r)


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


if __name__ == '__main__':
    if sys.argv[1] == 'child':
        sys.exit(child(sys.argv[2], sys.argv[4:]))
    loadgen(*sys.argv[2:6])
