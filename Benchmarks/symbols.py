#!/usr/bin/env python3
"""Prints the symbols of every `kind: symbols` table in the given checklist folders.

usage: symbols.py [--regex | --literals] DIR...

Default: one symbol per line, as written in the tables. With --regex: one ripgrep regex (to use with -w)
that matches the same forms the scanner matches: `Q.ident` allows whitespace around the dot and
`ident(label:` whitespace around the parenthesis and colon. With --literals: the identifier each symbol
is found by (`ident` of `Q.ident` and `ident(label:`, `member` of `callee(.member)`), once each: the
fixed strings of the real floor (`rg -F`), which keeps ripgrep on its literal search.
"""
import glob
import os
import re
import sys

import yaml


def symbols(dirs):
    found = []
    for d in dirs:
        for path in sorted(glob.glob(os.path.join(d, "*.yml"))):
            with open(path) as f:
                doc = yaml.safe_load(f) or {}
            for table in (doc.get("tables") or {}).values():
                if not isinstance(table, dict) or table.get("kind") != "symbols":
                    continue
                for entry in table.get("value") or []:
                    items = entry.get("symbols") or []
                    for item in ([items] if isinstance(items, str) else items):
                        # `- f(label:` in a block list reads as a one-key mapping.
                        text = next(iter(item)) + ":" if isinstance(item, dict) else str(item)
                        if text not in found:
                            found.append(text)
    return found


def regex(symbol):
    m = re.fullmatch(r"(?:(\w+)\.)?(\w+)(?:\((\w+):)?", symbol)
    if not m:
        return re.escape(symbol)
    qualifier, name, label = m.groups()
    out = (qualifier + r"\s*[?!]?\s*\.\s*" if qualifier else "") + name
    return out + (r"\s*\(\s*" + label + r"\s*:" if label else "")


def literal(symbol):
    symbol = symbol.lstrip(".")  # `.member`: an implicit member
    m = re.fullmatch(r"\w+\(\.(\w+)\)", symbol)
    if m:
        return m.group(1)
    m = re.fullmatch(r"(?:[\w.]+\.)?(\w+)(?:\(\w+:)?", symbol)
    return m.group(1) if m else symbol


def main():
    args = sys.argv[1:]
    mode = args[0] if args[:1] in (["--regex"], ["--literals"]) else None
    found = symbols(args[1:] if mode else args)
    if mode == "--regex":
        print("|".join(regex(s) for s in found))
    elif mode == "--literals":
        print("\n".join(dict.fromkeys(literal(s) for s in found)))
    else:
        print("\n".join(found))


if __name__ == "__main__":
    main()
