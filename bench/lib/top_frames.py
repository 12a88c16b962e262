#!/usr/bin/env python3
"""Top frames of an async-profiler collapsed profile (one 'frame;frame;...;leaf count' line a stack).

Prints the N frames with the most self samples (the leaf: where the CPU was spent), and the N with the most total
samples (on the stack at all: what the time was spent under), each with its share of all samples.
    top_frames.py profile.collapsed [N]
"""
import collections
import sys


def main():
    path = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    self_samples = collections.Counter()
    total_samples = collections.Counter()
    all_samples = 0
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            stack, _, count = line.rstrip("\n").rpartition(" ")
            if not stack or not count.isdigit():
                continue
            c = int(count)
            frames = stack.split(";")
            all_samples += c
            self_samples[frames[-1]] += c
            for frame in set(frames):
                total_samples[frame] += c
    if all_samples == 0:
        print("no samples in " + path)
        return
    print(f"{all_samples} samples")
    for title, counter in (("self", self_samples), ("total", total_samples)):
        print(f"\ntop {n} by {title} samples")
        print(f"{'share':>7} {'samples':>8}  frame")
        for frame, c in counter.most_common(n):
            print(f"{100.0 * c / all_samples:6.2f}% {c:8d}  {frame[:150]}")


if __name__ == "__main__":
    main()
