import assert from 'node:assert/strict';
import { test } from 'node:test';

import { bellText, NewPhotos, newPhotosText, offerNewNotifications, startLive } from '../../Sources/EssentialFeedWebUI/Assets/live.js';

test('the bell shows nothing for none, the count up to 99, then 99+', () => {
  assert.equal(bellText(0), '');
  assert.equal(bellText(-2), '');
  assert.equal(bellText(undefined), '');
  assert.equal(bellText(7), '7');
  assert.equal(bellText(99), '99');
  assert.equal(bellText(100), '99+');
});

test('new photos count each post once, never one already shown', () => {
  const photos = new NewPhotos(['aaaa-1', 'BBBB-2']);
  assert.equal(photos.add('AAAA-1'), false, 'shown already, whatever its case');
  assert.equal(photos.add('cccc-3'), true);
  assert.equal(photos.add('CCCC-3'), false, 'told twice (a reconnection catching up)');
  assert.equal(photos.add(''), false);
  assert.equal(photos.add('dddd-4'), true);
  assert.equal(photos.count, 2);
  assert.deepEqual(photos.take(), ['CCCC-3', 'DDDD-4']);
  assert.equal(photos.count, 0);
  assert.equal(photos.add('dddd-4'), false, 'shown once taken');
});

test('the control says how many, in the reader\'s words', () => {
  assert.equal(newPhotosText(1, '1 new photo', '%@ new photos'), '1 new photo');
  assert.equal(newPhotosText(4, '1 new photo', '%@ new photos'), '4 new photos');
});

test('the notifications screen offers what arrived after it opened with one control, made once', () => {
  const reloads = [];
  const made = [];
  const screen = {
    dataset: { showNew: 'New notifications: show them' },
    children: [],
    querySelector: (selector) => screen.children.find((child) => selector === `[data-role="${child.dataset.role}"]`) ?? null,
    prepend: (child) => screen.children.unshift(child),
    ownerDocument: {
      defaultView: { location: { reload: () => reloads.push(true) } },
      createElement: (tag) => {
        const listeners = {};
        const element = { tag, dataset: {}, hidden: true, addEventListener: (name, listener) => { listeners[name] = listener; }, click: () => listeners.click?.() };
        made.push(element);
        return element;
      },
    },
  };

  const control = offerNewNotifications(screen);
  assert.equal(offerNewNotifications(screen), control, 'the same control, however many arrive');
  assert.equal(made.length, 1);
  assert.equal(control.textContent, 'New notifications: show them');
  assert.equal(control.hidden, false);
  control.click();
  assert.equal(reloads.length, 1, 'showing them opens the screen again, which marks them read');
  assert.equal(offerNewNotifications(null), null, 'no screen, nothing offered');
});

test('a page put away in the back/forward cache closes its stream, and opens one again when shown anew', () => {
  const opened = [];
  class FakeEventSource {
    constructor(url) {
      this.url = url;
      this.readyState = 1;
      this.listeners = {};
      opened.push(this);
    }
    addEventListener(name, listener) {
      this.listeners[name] = listener;
    }
    close() {
      this.readyState = 2;
    }
  }
  const page = new EventTarget();
  const nav = { dataset: { events: '/events' }, querySelector: () => null };

  const live = startLive({ nav, root: null, page, EventSourceType: FakeEventSource });
  assert.equal(opened.length, 1);
  assert.equal(opened[0].url, '/events');

  page.dispatchEvent(new Event('pagehide'));
  assert.equal(opened[0].readyState, 2, 'closed while the page is away: its connection is free for other pages');
  assert.equal(live.source, null);

  page.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false }));
  assert.equal(opened.length, 1, 'a page loaded anew opens its stream as it starts, not twice');
  page.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
  assert.equal(opened.length, 2, 'shown again from the cache: a new stream');
  assert.equal(live.source, opened[1]);
  page.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
  assert.equal(opened.length, 2, 'one stream at a time');
  live.stop();
});
