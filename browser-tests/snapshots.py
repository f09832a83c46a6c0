"""Reference screenshots: record with RECORD_SNAPSHOTS=1, otherwise compare with a tolerance."""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
from pathlib import Path

import png

SNAPSHOTS = Path(__file__).resolve().parent / "__snapshots__"
FAILURES = SNAPSHOTS / "failures"
DOCS_SCREENSHOTS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"

# A pixel differs when one channel moves by more than this (anti-aliasing moves a few units).
CHANNEL_TOLERANCE = 24
# Text rendering and image decoding may move a few pixels; a layout change moves thousands.
ALLOWED_DIFFERING_FRACTION = 0.002


@dataclass(frozen=True)
class Image:
    width: int
    height: int
    rows: list[bytes]  # RGBA, 8 bits a channel

    @staticmethod
    def decode(data: bytes) -> "Image":
        width, height, rows, _ = png.Reader(bytes=data).asRGBA8()
        return Image(width, height, [bytes(row) for row in rows])

    def encode(self) -> bytes:
        out = io.BytesIO()
        png.Writer(self.width, self.height, alpha=True, greyscale=False).write(out, self.rows)
        return out.getvalue()


@dataclass(frozen=True)
class Comparison:
    differing_pixels: int
    total_pixels: int
    diff: Image | None

    @property
    def differing_fraction(self) -> float:
        return self.differing_pixels / self.total_pixels if self.total_pixels else 0.0

    def matches(self, allowed_fraction: float = ALLOWED_DIFFERING_FRACTION) -> bool:
        return self.diff is not None and self.differing_fraction <= allowed_fraction


def compare(reference: Image, actual: Image, channel_tolerance: int = CHANNEL_TOLERANCE) -> Comparison:
    """Counts the pixels where any channel differs by more than `channel_tolerance`.

    Images of different sizes do not compare at all (`diff` is None).
    The diff image is the reference faded, with differing pixels in opaque red.
    """
    total = actual.width * actual.height
    if (reference.width, reference.height) != (actual.width, actual.height):
        return Comparison(total, total, None)
    differing = 0
    diff_rows = []
    for expected_row, actual_row in zip(reference.rows, actual.rows):
        faded = bytearray(expected_row)
        for index in range(3, len(faded), 4):
            faded[index] = 64
        if expected_row != actual_row:
            for start in range(0, len(expected_row), 4):
                if any(abs(expected_row[start + c] - actual_row[start + c]) > channel_tolerance for c in range(4)):
                    differing += 1
                    faded[start:start + 4] = b"\xff\x00\x00\xff"
        diff_rows.append(bytes(faded))
    return Comparison(differing, total, Image(reference.width, reference.height, diff_rows))


def recording() -> bool:
    return os.environ.get("RECORD_SNAPSHOTS", "") not in ("", "0", "false", "no")


def save_docs_screenshot(png_bytes: bytes, docs_name: str) -> None:
    """Writes `docs/screenshots/<docs_name>.png`, the README's picture of a screen."""
    DOCS_SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    (DOCS_SCREENSHOTS / f"{docs_name}.png").write_bytes(png_bytes)


def assert_snapshot(png_bytes: bytes, name: str, docs_name: str | None = None) -> None:
    """Compares a screenshot with `__snapshots__/<name>.png`, or records it in record mode.

    In record mode the screenshot also goes to `docs/screenshots/<docs_name>.png` when named.
    """
    reference_path = SNAPSHOTS / f"{name}.png"
    actual = Image.decode(png_bytes)
    if recording():
        SNAPSHOTS.mkdir(parents=True, exist_ok=True)
        reference_path.write_bytes(png_bytes)
        if docs_name:
            DOCS_SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            (DOCS_SCREENSHOTS / f"{docs_name}.png").write_bytes(png_bytes)
        return
    assert reference_path.is_file(), (
        f"no reference snapshot {reference_path.name}: record it with RECORD_SNAPSHOTS=1")
    comparison = compare(Image.decode(reference_path.read_bytes()), actual)
    if comparison.matches():
        return
    FAILURES.mkdir(parents=True, exist_ok=True)
    (FAILURES / f"{name}-actual.png").write_bytes(png_bytes)
    if comparison.diff is not None:
        (FAILURES / f"{name}-diff.png").write_bytes(comparison.diff.encode())
    raise AssertionError(
        f"snapshot {name} differs: {comparison.differing_pixels} of {comparison.total_pixels} pixels "
        f"({comparison.differing_fraction:.3%}, allowed {ALLOWED_DIFFERING_FRACTION:.3%}); "
        f"actual and diff in {FAILURES}" if comparison.diff is not None else
        f"snapshot {name} is {actual.width}×{actual.height}, the reference is not; actual in {FAILURES}")
