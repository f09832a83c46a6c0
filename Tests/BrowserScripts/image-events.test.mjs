import { test } from 'node:test';
import assert from 'node:assert/strict';
import { onImagesSettled } from '../../Sources/EssentialFeedWebUI/Assets/image-events.js';

// An element stand-in: events dispatched on it have it as their target.
function element(matching) {
  const target = new EventTarget();
  target.matches = (selector) => selector === matching;
  return target;
}

test('a matching image that loads or fails is handed to its own callback', () => {
  const image = element('img.feed-image');
  const settled = [];
  onImagesSettled(image, 'img.feed-image', {
    loaded: (target) => settled.push(['loaded', target]),
    failed: (target) => settled.push(['failed', target])
  });

  image.dispatchEvent(new Event('load'));
  image.dispatchEvent(new Event('error'));

  assert.deepEqual(settled, [['loaded', image], ['failed', image]]);
});

test('without a failure callback, a failed image is handed to the load one', () => {
  const image = element('img.news-image');
  const settled = [];
  onImagesSettled(image, 'img.news-image', { loaded: (target) => settled.push(target) });

  image.dispatchEvent(new Event('error'));

  assert.deepEqual(settled, [image]);
});

test('other elements that load are left alone', () => {
  const script = element('script');
  let calls = 0;
  onImagesSettled(script, 'img.news-image', { loaded: () => { calls += 1; } });

  script.dispatchEvent(new Event('load'));

  assert.equal(calls, 0);
});
