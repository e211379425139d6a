"""QR codes as SVG strings (segno), for phones to open a link: share links, a live class.

>>> qr_svg("http://127.0.0.1:8501/join?class=ABCDEF").startswith("<svg")
True
"""

from __future__ import annotations

from functools import lru_cache

import segno


@lru_cache(maxsize=256)
def qr_svg(text: str, *, scale: int = 4) -> str:
    """The QR code of ``text`` as inline SVG, dark on white with a quiet border, each
    module ``scale`` pixels wide (error correction M: readable from a projector).

    Kept once made: a room's page draws its code on every page run."""
    svg: str = segno.make(text, error="m").svg_inline(scale=scale, border=2, dark="#000000",
                                                      light="#ffffff")
    return svg
