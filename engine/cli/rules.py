"""``brass rules``: a ruleset's rules as text, whole or one topic; or the Python
generated from them.

    brass rules RULESET [TOPIC]
    brass rules RULESET --code
"""

from __future__ import annotations

import sys

from .helpers import RULESET_HELP, add_trust, command, ruleset_named


EXAMPLES = (
    "brass rules birmingham",
    "brass rules lancashire sell",
    "brass rules birmingham --code",
)


def add_parser(commands):
    rules = command(commands, "rules", "print a ruleset's rules, or one topic of them",
                    "Print the rules of a ruleset as text, as the rules themselves say them (the same text as the documentation's chapters).", EXAMPLES)
    rules.add_argument("ruleset", help=RULESET_HELP)
    add_trust(rules)
    rules.add_argument("topic", nargs="?", default=None, help="an action (build, sell...) or a part: board, tiles, cards, resources, flow... (default: all of them)")
    rules.add_argument("--code", action="store_true", help="print the Python generated from the rules, each part under the rule line it comes from")
    return rules


def run(args) -> int:
    from ..rulesdoc import rules_document, to_text

    ruleset = ruleset_named(args.ruleset, trust=args.trust)
    if args.code:
        if ruleset.fast is None:
            print(f"brass: {ruleset.name} has no generated code: it runs on the interpreter ({ruleset.untranslatable})", file=sys.stderr)
            return 1
        print(ruleset.fast.annotated(), end="")
        return 0
    document = rules_document(ruleset)
    if args.topic is None:
        print(to_text(document))
        return 0
    section = document.find(args.topic) or document.find(f"resource-{args.topic}") or document.find(f"tiles-{args.topic}")
    if section is None:
        topics = [k for k in document.keys() if k != "rules"]
        print(f"brass: {ruleset.name} has no topic {args.topic!r}; topics: {', '.join(topics)}", file=sys.stderr)
        return 2
    print(to_text(section))
    return 0
