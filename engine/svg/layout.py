"""Where things go on the map: each place at its ``map`` position, pushed apart
where their boxes would overlap, and each name where it covers nothing."""

from __future__ import annotations

import math

MAP_WIDTH = 860
MARGIN = 70


class MapLayout:
    """Where each place of a board is drawn: its ``map`` position (longitude,
    latitude), projected so that distances look right at the board's latitude."""

    def __init__(self, board, width: int = MAP_WIDTH, margin: int = MARGIN):
        placed = {loc.id: loc.fields["map"] for loc in board.locations if "map" in loc.fields}
        self.complete = len(placed) == len(board.locations)
        if not placed:
            placed = {loc.id: (i % 6, i // 6) for i, loc in enumerate(board.locations)}
        lats = [lat for _, lat in placed.values()]
        squeeze = math.cos(math.radians(sum(lats) / len(lats))) if self.complete else 1.0
        xs = {k: lon * squeeze for k, (lon, lat) in placed.items()}
        span_x = max(xs.values()) - min(xs.values()) or 1
        span_y = max(lats) - min(lats) or 1
        scale = (width - 2 * margin) / max(span_x, span_y * 0.9)
        self.width = width
        self.margin = margin
        self.height = int(span_y * scale + 2 * margin)
        left, top = min(xs.values()), max(lats)
        self.points = {k: (margin + (xs[k] - left) * scale, margin + (top - placed[k][1]) * scale) for k in placed}

    def __getitem__(self, location_id: str) -> tuple[float, float]:
        return self.points[location_id]

    def spread(self, sizes: dict, gap: float = 6, rounds: int = 80) -> None:
        """Move places apart where their boxes (width, height) would overlap: places
        close on the real map (Walsall and Wolverhampton) stay close but readable."""
        points = {k: list(v) for k, v in self.points.items()}
        ids = list(points)
        for _ in range(rounds):
            moved = False
            for i, a in enumerate(ids):
                for b in ids[i + 1 :]:
                    (ax, ay), (bx, by) = points[a], points[b]
                    need_x = (sizes[a][0] + sizes[b][0]) / 2 + gap - abs(ax - bx)
                    need_y = (sizes[a][1] + sizes[b][1]) / 2 + gap - abs(ay - by)
                    if need_x <= 0 or need_y <= 0:
                        continue
                    moved = True
                    # Push along the axis that needs the smaller move, half each way.
                    if need_x < need_y:
                        step = need_x / 2 * (1 if ax >= bx else -1)
                        points[a][0] += step
                        points[b][0] -= step
                    else:
                        step = need_y / 2 * (1 if ay >= by else -1)
                        points[a][1] += step
                        points[b][1] -= step
            if not moved:
                break
        self.points = {k: tuple(v) for k, v in points.items()}
        self.fit(sizes)

    def fit(self, sizes: dict) -> None:
        """Shift the places so that their boxes start at the margin, and size the picture
        to them: no paper beyond the margin on any side."""
        left = min(x - sizes[k][0] / 2 for k, (x, _) in self.points.items())
        top = min(y - sizes[k][1] / 2 for k, (_, y) in self.points.items())
        right = max(x + sizes[k][0] / 2 for k, (x, _) in self.points.items())
        bottom = max(y + sizes[k][1] / 2 for k, (_, y) in self.points.items())
        dx, dy = self.margin - left, self.margin - top
        self.points = {k: (x + dx, y + dy) for k, (x, y) in self.points.items()}
        self.width = int(right - left + 2 * self.margin)
        self.height = int(bottom - top + 2 * self.margin)


def overlaps(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def text_width(text: str, size: float) -> float:
    """About how wide a line of text is, bold, in a sans-serif face."""
    narrow = sum(1 for c in text if c in "iljtfr .,'-")
    wide = sum(1 for c in text if c in "mwMW")
    return size * (0.68 * (len(text) - narrow - wide) + 0.36 * narrow + 0.95 * wide)


def place_label(name: str, box, taken: list, width: float, height: float, size: float, extra: float = 0) -> tuple:
    """Where a place's name goes: above its box, or else below, right or left, wherever
    it overlaps no box and no name placed before; (x, y, anchor, room), the room
    including ``extra`` after the name (a badge). Marks the room taken."""
    x0, y0, x1, y1 = box
    cx = (x0 + x1) / 2
    w = text_width(name, size)
    half = w / 2
    candidates = [
        (cx - extra / 2, y0 - 5, "middle", (cx - half - extra / 2, y0 - 5 - size, cx + half + extra / 2, y0 - 3)),
        (cx - extra / 2, y1 + size + 2, "middle", (cx - half - extra / 2, y1 + 2, cx + half + extra / 2, y1 + size + 5)),
        (x1 + 5, (y0 + y1) / 2 + size / 3, "start", (x1 + 4, (y0 + y1) / 2 - size / 2, x1 + 6 + w + extra, (y0 + y1) / 2 + size / 2)),
        (x0 - 5 - extra, (y0 + y1) / 2 + size / 3, "end", (x0 - 6 - w - extra, (y0 + y1) / 2 - size / 2, x0 - 4, (y0 + y1) / 2 + size / 2)),
    ]

    def clear(b):
        inside = b[0] >= 2 and b[2] <= width - 2 and b[1] >= 2 and b[3] <= height - 2
        return inside and not any(overlaps(b, t) for t in taken)

    lx, ly, anchor, room = next((c for c in candidates if clear(c[3])), candidates[0])
    taken.append(room)
    return lx, ly, anchor, room
