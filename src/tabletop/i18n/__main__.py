"""``python -m tabletop.i18n update`` (extract + update + compile every domain) or
``python -m tabletop.i18n compile`` (compile only)."""

from __future__ import annotations

import argparse

from tabletop.i18n.tools import compile_domain, domains, update


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tabletop.i18n", description=__doc__)
    parser.add_argument("command", choices=("update", "compile"))
    parser.add_argument("--domain", action="append", help="only this domain (repeatable)")
    args = parser.parse_args(argv)
    for domain in args.domain or domains():
        if args.command == "update":
            update(domain)
        compile_domain(domain)
        print(f"{args.command}: {domain}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
