import assert from 'node:assert/strict';
import { test } from 'node:test';

import { keptResponses, shellPrefix } from '../../Sources/EssentialFeedWebUI/Assets/kept-responses.js';
import { keepHeader, savedAtHeader, sessionEndsHeader } from '../../Sources/EssentialFeedWebUI/Assets/offline.js';
import { FakeCaches } from './fake-caches.mjs';

const day = 24 * 60 * 60 * 1000;

function makeKept({ clock = { now: 10 * day }, version = '/assets/service-worker.1.js' } = {}) {
  const caches = new FakeCaches();
  const endedSessions = [];
  const kept = keptResponses(caches, {
    now: () => clock.now, maximumAge: 7 * day, version, onSessionEnded: () => endedSessions.push(clock.now),
  });
  return { caches, kept, clock, endedSessions };
}

const appAnswer = (body, headers = {}) => new Response(body, { status: 200, headers: { [keepHeader]: 'fresh', ...headers } });

test('what the app marks is kept with when it was saved, and read back within seven days', async () => {
  const { kept, clock } = makeKept();
  assert.equal(await kept.keep('pages', '/', appAnswer('feed')), 4);
  clock.now += 7 * day;
  const read = await kept.read('pages', '/');
  assert.equal(await read.text(), 'feed');
  assert.equal(read.headers.get(savedAtHeader), String(10 * day));
  assert.equal(read.headers.get(keepHeader), null);
});

test('past seven days a kept answer is gone, and removed', async () => {
  const { kept, clock, caches } = makeKept();
  await kept.keep('pages', '/', appAnswer('feed'));
  clock.now += 7 * day + 1;
  assert.equal(await kept.read('pages', '/'), null);
  assert.deepEqual(await (await caches.open('pages')).keys(), []);
});

test('an answer the app did not mark, a partial one or a redirect is never kept', async () => {
  const { kept } = makeKept();
  assert.equal(await kept.keep('pages', '/a', new Response('x')), null);
  assert.equal(await kept.keep('pages', '/b', new Response('x', { status: 206, headers: { [keepHeader]: 'fresh' } })), null);
  const redirected = appAnswer('x');
  Object.defineProperty(redirected, 'redirected', { value: true });
  assert.equal(await kept.keep('pages', '/c', redirected), null);
  assert.equal(await kept.read('pages', '/a'), null);
});

test('content the app saved more than seven days ago is not kept, unless a shell screen asks to ignore age', async () => {
  const { kept, clock } = makeKept();
  const old = () => appAnswer('old', { [keepHeader]: `saved=${clock.now - 8 * day}` });
  assert.equal(await kept.keep('pages', '/', old()), null);
  assert.equal(await kept.keep('shell', '/offline', old(), { ignoringAge: true }), 3);
});

test('an answer whose session has ended forgets the person instead of being read', async () => {
  const { kept, clock, endedSessions } = makeKept();
  await kept.keep('pages', '/', appAnswer('feed', { [sessionEndsHeader]: String(clock.now + 1000) }));
  clock.now += 1000;
  assert.equal(await kept.read('pages', '/'), null);
  assert.deepEqual(endedSessions, [clock.now]);
});

test('reading a cache that is not there does not make one', async () => {
  const { kept, caches } = makeKept();
  assert.equal(await kept.read('pages', '/'), null);
  assert.deepEqual(await caches.keys(), []);
});

test('shells no kept page was made with go; this version\'s and those in use stay', async () => {
  const old = makeKept({ version: 'v1' });
  await old.kept.keep('pages', '/news', appAnswer('news'));
  const current = keptResponses(old.caches, { now: () => old.clock.now, maximumAge: 7 * day, version: 'v3', onSessionEnded() {} });
  for (const version of ['v1', 'v2', 'v3']) await old.caches.open(`${shellPrefix}${version}`);
  await current.dropUnusedShells('pages');
  assert.deepEqual((await old.caches.keys()).sort(), ['pages', `${shellPrefix}v1`, `${shellPrefix}v3`]);
});
