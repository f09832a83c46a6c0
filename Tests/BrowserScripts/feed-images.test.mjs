import assert from 'node:assert/strict';
import { test } from 'node:test';

import { chooseSource, isBehindWarning } from '../../Sources/EssentialFeedWebUI/Assets/feed-images.js';

// A feed image as the HTML gives it: its renditions in `data-srcset`, its size in pixels.
function image({ width, height, srcset = 'thumb.jpg 160w, small.jpg 540w, full.jpg 1080w', src = 'small.jpg' }) {
  const attributes = { width: String(width), height: String(height) };
  return { dataset: { srcset, src }, getAttribute: (name) => attributes[name] ?? null };
}
const box = (clientWidth, clientHeight) => ({ clientWidth, clientHeight });

test('the smallest rendition at least as wide as the box times the pixel density', () => {
  assert.equal(chooseSource(image({ width: 1080, height: 1080 }), box(390, 390), 1), 'small.jpg');
  assert.equal(chooseSource(image({ width: 1080, height: 1080 }), box(150, 150), 1), 'thumb.jpg');
  assert.equal(chooseSource(image({ width: 1080, height: 1080 }), box(390, 390), 3), 'full.jpg');
});

test('a photo taller than its box is drawn narrower, and needs a smaller rendition', () => {
  // A 3:4 photo letterboxed in a square box of 600 shows 450 wide.
  assert.equal(chooseSource(image({ width: 900, height: 1200 }), box(600, 600), 1), 'small.jpg');
  assert.equal(chooseSource(image({ width: 900, height: 1200 }), box(740, 740), 1), 'full.jpg');
});

test('beyond the largest rendition, the largest; with none listed, the plain address', () => {
  assert.equal(chooseSource(image({ width: 1080, height: 1080 }), box(1400, 1400), 2), 'full.jpg');
  assert.equal(chooseSource(image({ width: 1080, height: 1080, srcset: '' }), box(390, 390), 1), 'small.jpg');
});

test('candidates in any order, and malformed ones ignored', () => {
  const shuffled = image({ width: 1080, height: 1080, srcset: 'full.jpg 1080w, broken, thumb.jpg 160w, small.jpg 540w, odd.jpg 0w' });
  assert.equal(chooseSource(shuffled, box(300, 300), 1), 'small.jpg');
});

test('a photo behind a content warning waits until the warning is opened', () => {
  const container = (warning) => ({ querySelector: (selector) => (selector === '.content-warning' ? warning : null) });
  assert.equal(isBehindWarning(container({ open: false })), true);
  assert.equal(isBehindWarning(container({ open: true })), false);
  assert.equal(isBehindWarning(container(null)), false);
});
