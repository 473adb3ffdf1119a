#!/usr/bin/env python3
"""pycute, CuTe's Python reference, on the corpus's composition cases: the
peer figure beside algebra-bench's BM_CorpusCompositions.

Usage: PYTHONPATH=<cutlass>/python python3 pycute_peer.py CORPUS.tsv
Prints `pycute_compositions_per_s <rate> <cases>` (per CPU second, as
Google Benchmark counts); the cases pycute refuses
(an assertion) are left out of the timing and counted on stderr.
"""
import sys
import time

import pycute


class Notation:
    """CuTe notation to pycute values: `(a,b)` tuples, `S:D` layouts,
    `<T0,T1>` by-mode tilers (tuples), `_` as None."""

    def __init__(self, text):
        self.text, self.pos = text.replace(" ", ""), 0

    def peek(self):
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def take(self, c):
        assert self.peek() == c, f"expected {c!r} at {self.pos} in {self.text}"
        self.pos += 1

    def tuple_or_int(self):
        if self.peek() == "(":
            self.take("(")
            items = [self.tuple_or_int()]
            while self.peek() == ",":
                self.take(",")
                items.append(self.tuple_or_int())
            self.take(")")
            return tuple(items)
        if self.peek() == "_":
            self.take("_")
            return None
        start = self.pos
        while self.peek() == "-" or self.peek().isdigit():
            self.pos += 1
        return int(self.text[start:self.pos])

    def value(self):
        if self.peek() == "<":
            self.take("<")
            modes = [self.value()]
            while self.peek() == ",":
                self.take(",")
                modes.append(self.value())
            self.take(">")
            return tuple(modes)
        shape = self.tuple_or_int()
        if self.peek() == ":":
            self.take(":")
            return pycute.Layout(shape, self.tuple_or_int())
        return shape


def main():
    cases, refused = [], 0
    with open(sys.argv[1]) as corpus:
        for line in corpus:
            fields = line.rstrip("\n").split("\t")
            if fields[0] != "composition":
                continue
            a, b = Notation(fields[1]).value(), Notation(fields[2]).value()
            try:
                pycute.composition(a, b)
                cases.append((a, b))
            except (AssertionError, TypeError, ZeroDivisionError):
                refused += 1
    rounds, start = 0, time.process_time()
    while time.process_time() - start < 2.0:
        for a, b in cases:
            pycute.composition(a, b)
        rounds += 1
    rate = rounds * len(cases) / (time.process_time() - start)
    print(f"pycute: {refused} of {len(cases) + refused} cases refused (left out)", file=sys.stderr)
    print(f"pycute_compositions_per_s {rate:.0f} {len(cases)}")


if __name__ == "__main__":
    main()
