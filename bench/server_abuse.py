"""The attacks of a hostile internet against one game server, one line of figures each.

    python bench/server_abuse.py [--only NAME ...] [--quick] [--list]

Each attack (a module in ``bench/abuse/``) runs against its own fresh
``tabletop serve`` on 127.0.0.1 over a new SQLite file, bounded in count and
time; ``--quick`` runs every attack for a few seconds (what the test suite
does), without it each runs at the scale of its issue. An attack that fails
prints why and the run exits 1. Traffic goes only to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import time
import traceback

from abuse import attacks, running_server
from arguments import run_main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", metavar="NAME", help="run only these attacks")
    parser.add_argument("--quick", action="store_true", help="a few seconds per attack")
    parser.add_argument("--list", action="store_true", help="name the attacks and stop")
    args = parser.parse_args(argv)
    known = attacks()
    if args.list:
        for name, module in known.items():
            print(f"{name:16} {(module.__doc__ or '').strip().splitlines()[0]}")
        return 0
    chosen = args.only or list(known)
    unknown = [name for name in chosen if name not in known]
    if unknown:
        parser.error(f"no attack {', '.join(map(repr, unknown))}; known: {', '.join(known)}")
    failed = 0
    for name in chosen:
        module = known[name]
        started = time.monotonic()
        try:
            with running_server(getattr(module, "SERVE_ARGS", [])) as target:
                line = module.attack(target, args.quick)
        except Exception as err:  # one attack's failure must not hide the others' figures
            failed += 1
            detail = traceback.format_exception_only(err)[-1].strip()
            print(f"{name:16} FAILED: {detail}", flush=True)
            continue
        print(f"{name:16} {line}  [{time.monotonic() - started:.0f} s]", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    run_main(main)
