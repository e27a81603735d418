#!/usr/bin/env python3
"""Draws the web app's icons (Sources/TodoMDHTTP/Web/icons/): a rounded square in the Classic
accent with a white check; the maskable one is full-bleed with the check inside the safe zone.
Usage: python3 scripts/make-icons.py   (needs Pillow)"""
from pathlib import Path
from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parent.parent / "Sources/TodoMDHTTP/Web/icons"
TOP, BOTTOM = (90, 160, 233), (52, 116, 196)   # the Classic accent, a soft vertical gradient
SS = 4  # supersampling for smooth edges


def gradient(size):
    img = Image.new("RGB", (size, size))
    px = img.load()
    for y in range(size):
        t = y / (size - 1)
        c = tuple(round(a + (b - a) * t) for a, b in zip(TOP, BOTTOM))
        for x in range(size):
            px[x, y] = c
    return img


def icon(size, maskable):
    s = size * SS
    bg = gradient(s).convert("RGBA")
    mask = Image.new("L", (s, s), 0)
    if maskable:
        mask.paste(255, (0, 0, s, s))
        scale = 0.62          # the check stays in the central 80% safe circle
    else:
        r = round(s * 0.225)  # iOS-like corner radius
        ImageDraw.Draw(mask).rounded_rectangle((0, 0, s - 1, s - 1), radius=r, fill=255)
        scale = 0.78
    out = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    out.paste(bg, (0, 0), mask)
    d = ImageDraw.Draw(out)
    # the check mark: two strokes with round caps, centred
    c, w = s / 2, s * scale
    pts = [(c - w * 0.30, c + w * 0.02), (c - w * 0.08, c + w * 0.24), (c + w * 0.32, c - w * 0.22)]
    pts = [(x, y + w * 0.01) for x, y in pts]
    stroke = round(w * 0.115)
    d.line(pts, fill=(255, 255, 255, 255), width=stroke, joint="curve")
    for x, y in (pts[0], pts[-1]):
        d.ellipse((x - stroke / 2, y - stroke / 2, x + stroke / 2, y + stroke / 2), fill=(255, 255, 255, 255))
    return out.resize((size, size), Image.LANCZOS)


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    icon(192, False).save(OUT / "icon-192.png", optimize=True)
    icon(512, False).save(OUT / "icon-512.png", optimize=True)
    icon(512, True).save(OUT / "maskable-512.png", optimize=True)
    print("wrote", ", ".join(p.name for p in sorted(OUT.glob("*.png"))))
