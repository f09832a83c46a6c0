"""The screenshot comparison itself: what counts as the same picture."""

from snapshots import CHANNEL_TOLERANCE, Image, compare


def solid(width, height, rgba=(100, 120, 130, 255)):
    return Image(width, height, [bytes(rgba) * width for _ in range(height)])


def with_pixel(image, x, y, rgba):
    rows = list(image.rows)
    row = bytearray(rows[y])
    row[4 * x:4 * x + 4] = bytes(rgba)
    rows[y] = bytes(row)
    return Image(image.width, image.height, rows)


def test_compare_findsNoDifferenceBetweenEqualImages():
    result = compare(solid(8, 4), solid(8, 4))

    assert result.differing_pixels == 0
    assert result.matches(allowed_fraction=0)


def test_compare_countsAPixelWhoseChannelMovesBeyondTheTolerance():
    moved = with_pixel(solid(8, 4), 3, 2, (100 + CHANNEL_TOLERANCE + 1, 120, 130, 255))

    result = compare(solid(8, 4), moved)

    assert result.differing_pixels == 1
    assert result.diff.rows[2][12:16] == b"\xff\x00\x00\xff"
    assert not result.matches(allowed_fraction=0)
    assert result.matches(allowed_fraction=1 / 32)


def test_compare_ignoresChannelsMovingWithinTheTolerance():
    nudged = with_pixel(solid(8, 4), 0, 0, (100 + CHANNEL_TOLERANCE, 120 - CHANNEL_TOLERANCE, 130, 255))

    assert compare(solid(8, 4), nudged).differing_pixels == 0


def test_compare_neverMatchesImagesOfDifferentSizes():
    result = compare(solid(8, 4), solid(8, 5))

    assert result.diff is None
    assert not result.matches(allowed_fraction=1)


def test_image_decodesWhatItEncodes():
    image = with_pixel(solid(5, 3), 4, 2, (200, 100, 50, 128))

    assert Image.decode(image.encode()) == image
