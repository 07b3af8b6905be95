"""A balance report as one HTML page: tables and charts in inline SVG, readable offline.

Hand-written SVG rather than a charting library: the charts are bars with
interval whiskers, histograms and a matrix, a few dozen lines in all, and the
page then needs nothing at all to open (no script, no network, no extra).
"""

from __future__ import annotations

import html
from pathlib import Path

WIDTH, BAR = 640, 22
COLOURS = ("#3b6ea8", "#c0504d", "#9bbb59", "#8064a2", "#f79646", "#4bacc6")


def _e(value) -> str:
    return html.escape(str(value), quote=True)


def _pct(value) -> str:
    return "-" if value is None else f"{value * 100:.1f}%"


def rates_chart(rows: list, fair: "float | None" = None, title: str = "") -> str:
    """Horizontal bars of rates (0 to 1) with their intervals; ``rows``: (label, rate dict, colour)."""
    height = 30 + BAR * len(rows) + 20
    left = min(260, 20 + 7 * max([len(label) for label, _, _ in rows] + [10]))
    span = WIDTH - left - 50
    parts = [f'<svg class="chart" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" role="img" aria-label="{_e(title)}">']
    parts.append(f'<text x="0" y="16" class="title">{_e(title)}</text>')
    top = 28
    most = max([1e-9] + [r["high"] or 0 for _, r, _ in rows] + [fair or 0])
    scale = span / min(1.0, most * 1.15)
    for i, (label, rate, colour) in enumerate(rows):
        y = top + i * BAR
        value = rate["rate"] or 0
        parts.append(f'<text x="{left - 6}" y="{y + 15}" text-anchor="end">{_e(label)}</text>')
        parts.append(f'<rect x="{left}" y="{y + 3}" width="{value * scale:.1f}" height="{BAR - 8}" fill="{colour}"><title>{_e(label)}: {_pct(value)} [{_pct(rate["low"])}, {_pct(rate["high"])}]</title></rect>')
        low, high = (rate["low"] or 0) * scale + left, (rate["high"] or 0) * scale + left
        mid = y + BAR / 2 - 1
        parts.append(f'<line x1="{low:.1f}" y1="{mid}" x2="{high:.1f}" y2="{mid}" class="whisker"/>')
        parts.append(f'<text x="{max(high, left + value * scale) + 6:.1f}" y="{y + 15}" class="value">{_pct(value)}</text>')
    if fair is not None:
        x = left + fair * scale
        parts.append(f'<line x1="{x:.1f}" y1="{top - 4}" x2="{x:.1f}" y2="{top + BAR * len(rows)}" class="fair"/>')
        parts.append(f'<text x="{x + 3:.1f}" y="{top + BAR * len(rows) + 14}" class="value">fair {_pct(fair)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def histogram_chart(series: list, title: str) -> str:
    """Histograms of whole numbers, one per ``(label, [(value, count)], colour)``, as outlines."""
    height = 200
    left, bottom, span, tall = 40, height - 30, WIDTH - 60, height - 60
    values = [v for _, points, _ in series for v, _ in points]
    if not values:
        return ""
    low, high = min(values), max(values)
    width = max(1, high - low)
    parts = [f'<svg class="chart" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" role="img" aria-label="{_e(title)}">']
    parts.append(f'<text x="0" y="16" class="title">{_e(title)}</text>')
    for k, (label, points, colour) in enumerate(series):
        total = sum(c for _, c in points) or 1
        peak = max(c / total for _, c in points) if points else 1
        bins: dict = {}
        step = max(1, width // 40)
        for value, count in points:
            bins[(value - low) // step] = bins.get((value - low) // step, 0) + count / total
        peak = max(bins.values())
        bar = span / (width // step + 1)
        for b, share in sorted(bins.items()):
            x = left + b * bar
            h = share / peak * tall
            parts.append(f'<rect x="{x:.1f}" y="{bottom - h:.1f}" width="{max(1, bar - 1):.1f}" height="{h:.1f}" fill="{colour}" fill-opacity="{0.55 if len(series) > 1 else 0.85}"><title>{_e(label)}: {low + b * step}: {share:.1%}</title></rect>')
        parts.append(f'<text x="{WIDTH - 10}" y="{20 + 14 * k}" text-anchor="end" fill="{colour}">{_e(label)}</text>')
    parts.append(f'<line x1="{left}" y1="{bottom}" x2="{left + span}" y2="{bottom}" class="axis"/>')
    parts.append(f'<text x="{left}" y="{bottom + 16}">{low}</text><text x="{left + span}" y="{bottom + 16}" text-anchor="end">{high}</text>')
    parts.append("</svg>")
    return "".join(parts)


def eras_chart(sides: list) -> str:
    """Actions per game in each era, grouped bars, one colour per action; ``sides``: (label, side report)."""
    out = []
    for label, side in sides:
        actions = sorted({a for era in side["eras"] for a in era["actions"]})
        if not actions:
            continue
        rows = len(side["eras"])
        height = 40 + rows * (len(actions) * 12 + 18)
        most = max(n for era in side["eras"] for n in era["actions"].values()) or 1
        parts = [f'<svg class="chart" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" role="img" aria-label="actions by era">']
        parts.append(f'<text x="0" y="16" class="title">{_e(label)}: actions per game, by era</text>')
        y = 30
        for era in side["eras"]:
            parts.append(f'<text x="0" y="{y + 10}" class="value">{_e(era["era"])}</text>')
            y += 14
            for i, action in enumerate(actions):
                n = era["actions"].get(action, 0)
                w = n / most * (WIDTH - 260)
                parts.append(f'<text x="150" y="{y + 9}" text-anchor="end">{_e(action)}</text>')
                parts.append(f'<rect x="156" y="{y}" width="{w:.1f}" height="10" fill="{COLOURS[i % len(COLOURS)]}"/>')
                parts.append(f'<text x="{160 + w:.1f}" y="{y + 9}" class="value">{n:g}</text>')
                y += 12
            y += 4
        parts.append("</svg>")
        out.append("".join(parts))
    return "".join(out)


def _side_table(side: dict) -> str:
    rows = "".join(
        f"<tr><td>seat {s['seat']}</td><td>{_pct(s['win']['rate'])} [{_pct(s['win']['low'])}, {_pct(s['win']['high'])}]</td>"
        f"<td>{s['vp'].get('median', '-')}</td><td>{s['vp'].get('p5', '-')}</td><td>{s['vp'].get('p95', '-')}</td><td>{s['vp'].get('max', '-')}</td>"
        f"<td>{_pct(s['rounds_first'])}</td></tr>"
        for s in side["seats"]
    )
    return (
        "<table><tr><th></th><th>wins [95%]</th><th>VP median</th><th>P5</th><th>P95</th><th>max</th><th>rounds first</th></tr>"
        + rows + "</table>"
    )


def _ladder_table(ladder: dict) -> str:
    levels = ladder["levels"]
    head = "".join(f"<th>{_e(l)}</th>" for l in levels)
    rows = []
    for a in levels:
        cells = []
        for b in levels:
            cell = ladder["matrix"][a].get(b)
            if cell is None:
                cells.append("<td></td>")
            else:
                shade = int(255 - 120 * (cell["rate"] or 0))
                cells.append(f'<td style="background: rgb({shade},{shade},255)">{_pct(cell["rate"])}<br><small>[{_pct(cell["low"])}, {_pct(cell["high"])}] of {cell["games"]}</small></td>')
        rows.append(f"<tr><th>{_e(a)}</th>{''.join(cells)}</tr>")
    return f"<table class=\"ladder\"><tr><th></th>{head}</tr>{''.join(rows)}</table><p>{_e(ladder['reads'])}.</p>"


def page(report: dict) -> str:
    from .report import text

    job = report["job"]
    sides = [(job["ruleset"], report["measured"])] + ([(job["against"], report["base"])] if "base" in report else [])
    body = [f"<h1>Balance of {_e(job['ruleset'])}" + (f" against {_e(job['against'])}" if job["against"] else "") + "</h1>"]
    body.append(
        f"<p>{job['players']} players; bots {_e(', '.join(job['bots']))}; {report['measured']['games']} games from seed {job['seed']}; "
        f"rules {job['ruleset_hash']}" + (f" and {job['against_hash']}" if job["against"] else "") + f"; engine {job['engine']}; "
        f"{_e(job['backend'])}, {job['workers']} workers, {job['seconds']:.1f} s.</p>"
    )
    if report.get("settled"):
        body.append(f"<p class=\"settled\">Settled after {report['settled']['after_games']} games: {_e(report['settled']['verdict'])}.</p>")
    body.append("<h2>Who wins</h2>")
    rows = []
    for k, (label, side) in enumerate(sides):
        for place in side["turn_order"]:
            rows.append((f"{label}: {_ordinal(place['place'])} to play", place["win"], COLOURS[k]))
    body.append(rates_chart(rows, sides[0][1]["first_player"]["fair"], "win rate by place in the first round's turn order"))
    body.append(f"<p><small>{_e(sides[0][1]['first_player']['measured'])}</small></p>")
    for label, side in sides:
        body.append(f"<h3>{_e(label)}: by seat (balance {side['balance']:.3f})</h3>" + _side_table(side))
    if "paired" in report:
        paired = report["paired"]
        body.append(f"<h2>Paired on the same seeds</h2><p>{_e(paired['unit'])}; {paired['groups']} groups; {_e(job['ruleset'])} minus {_e(job['against'])}, 95% t intervals.</p><table><tr><th></th><th>ΔVP</th><th>interval</th></tr>")
        for seat in paired["seats"]:
            d = seat["delta_vp"]
            body.append(f"<tr><td>seat {seat['seat']}</td><td>{_num(d['mean'])}</td><td>[{_num(d['low'])}, {_num(d['high'])}]</td></tr>")
        d = paired["delta_first_player_win"]
        body.append(f"<tr><td>first player's win rate</td><td>{_pp(d['mean'])}</td><td>[{_pp(d['low'])}, {_pp(d['high'])}]</td></tr></table>")
    body.append("<h2>Points, margins, length</h2>")
    for key, title in (("vp", "VP at the end (every seat)"), ("margin", "winning margin (the winner's VP minus the best other's)"), ("moves", "game length, in moves")):
        body.append(histogram_chart([(label, side["histograms"][key], COLOURS[k]) for k, (label, side) in enumerate(sides)], title))
    body.append("<h2>Each era</h2>" + eras_chart(sides))
    body.append("<h2>Strategies of the winners</h2>")
    for k, (label, side) in enumerate(sides):
        strategy = side["strategy"]
        rows = [(source, {"rate": share, "low": share, "high": share}, COLOURS[k]) for source, share in strategy["winners_by_main_source"].items()]
        body.append(rates_chart(rows, None, f"{label}: what winners scored most from (entropy {strategy['entropy_bits']:.2f} bits, evenness {strategy['evenness']:.2f})"))
    if "ladder" in report:
        body.append("<h2>Skill ladder</h2>" + _ladder_table(report["ladder"]))
    game = report.get("representative")
    if game:
        board = Path(game["board"])
        picture = board.read_text(encoding="utf-8") if board.is_file() else ""
        body.append(f"<h2>A game of median length</h2><p>{game['moves']} moves, seed {game['seed']}, seats {_e(', '.join(game['lineup']))}: <code>brass replay {_e(game['record'])}</code></p><div class=\"board\">{picture}</div>")
    body.append(f"<h2>All figures</h2><pre>{_e(text(report))}</pre>")
    style = (
        "body{font:14px/1.45 system-ui,sans-serif;max-width:980px;margin:2em auto;padding:0 1em;color:#222}"
        "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}"
        ".chart text{font-size:12px}.chart .title{font-weight:600}.whisker{stroke:#222;stroke-width:1.5}"
        ".fair{stroke:#888;stroke-dasharray:4 3}.axis{stroke:#888}.value{fill:#555}.board svg{max-width:100%;height:auto}"
        "pre{background:#f6f6f6;padding:1em;overflow:auto}.settled{font-weight:600}"
    )
    title = f"Balance of {job['ruleset']}"
    return f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{_e(title)}</title><style>{style}</style></head><body>{''.join(body)}</body></html>\n"


def _ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n if n < 20 else n % 10, 'th') }"


def _num(value) -> str:
    return "-" if value is None else f"{value:+.2f}"


def _pp(value) -> str:
    return "-" if value is None else f"{value * 100:+.1f} pp"
