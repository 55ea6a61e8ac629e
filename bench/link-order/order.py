#!/usr/bin/env python3
"""Link order for a low startup footprint: which input sections of the
executable run or are read while the demo starts, as one unique symbol per
section, in first-use order, for lld's --symbol-ordering-file.

  order.py text CALLGRIND_OUT LINK_MAP OUT
      code: instruction addresses executed (callgrind --dump-instr=yes)
  order.py data LACKEY_TRACE LINK_MAP TEXT_ORDER OUT
      TEXT_ORDER followed by the data sections loaded or stored
      (valgrind --tool=lackey --trace-mem=yes)

LINK_MAP is lld's -Map output made with --no-demangle. The kernel reads a
cached file 64 KiB around every page fault, so startup code and data spread
over the whole executable keep most of it resident; packed together, they
keep a fraction (see docs/performance.md's summary).
"""
import bisect
import collections
import re
import sys

MAP_LINE = re.compile(r'\s*([0-9a-f]+)\s+([0-9a-f]+)\s+([0-9a-f]+)\s+(\d+)(\s+)(\S.*)$')


def input_sections(map_path, wanted):
    """[start, size, name, symbols, output section] of input sections in output sections `wanted(name)`."""
    sections, current, output = [], None, None
    symbol_count = collections.Counter()
    for line in open(map_path):
        m = MAP_LINE.match(line.rstrip('\n'))
        if not m:
            continue
        indent, name = len(m.group(5)), m.group(6)
        if indent == 1:
            output, current = name, None
        elif indent == 9:
            current = [int(m.group(1), 16), int(m.group(3), 16), name, [], output]
            sections.append(current)
        elif indent > 9 and current is not None:
            current[3].append(name)
            symbol_count[name] += 1
    sections = sorted(s for s in sections if s[4] and wanted(s[4]))
    return sections, symbol_count


def order_of(addresses, sections, symbol_count):
    """One unique symbol per section holding one of `addresses`, in first-use order."""
    starts = [s[0] for s in sections]
    order, used, missed = [], set(), 0
    for a in addresses:
        i = bisect.bisect_right(starts, a) - 1
        if i < 0 or not sections[i][0] <= a < sections[i][0] + sections[i][1] or i in used:
            continue
        used.add(i)
        unique = [n for n in sections[i][3] if symbol_count[n] == 1]
        if unique:
            order.append(unique[0])
        else:
            missed += 1
    return order, len(used), missed


def first_uses(values):
    seen = set()
    for v in values:
        if v not in seen:
            seen.add(v)
            yield v


def text(callgrind, link_map, out):
    addresses, in_demo = [], False
    for line in open(callgrind):
        if line.startswith('ob='):
            in_demo = 'segmented-demo' in line
        elif in_demo and line.startswith('0x'):
            addresses.append(int(line.split()[0], 16))
    sections, counts = input_sections(link_map, lambda o: o.startswith('.text'))
    order, used, missed = order_of(first_uses(addresses), sections, counts)
    open(out, 'w').write('\n'.join(order) + '\n')
    print(f'text: {used} sections executed, {len(order)} symbols, {missed} without a unique symbol', file=sys.stderr)


def data(lackey, link_map, text_order, out):
    sections, counts = input_sections(link_map, lambda o: o in ('.rodata', '.data.rel.ro', '.data', '.bss'))
    low, high = sections[0][0], sections[-1][0] + sections[-1][1]
    def addresses():
        for line in open(lackey):
            if len(line) > 4 and line[0] == ' ' and line[1] in 'LSM':
                a = int(line[3:].split(',')[0], 16)
                if low <= a < high:
                    yield a
    order, used, missed = order_of(first_uses(addresses()), sections, counts)
    head = [l.strip() for l in open(text_order) if l.strip()]
    open(out, 'w').write('\n'.join(head + order) + '\n')
    print(f'data: {used} sections touched, {len(order)} symbols, {missed} without a unique symbol', file=sys.stderr)


if __name__ == '__main__':
    mode, args = sys.argv[1], sys.argv[2:]
    {'text': text, 'data': data}[mode](*args)
