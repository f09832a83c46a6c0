import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  forgetDrafts, pendingLogOut, photoIndex, photoIndexName, usage,
} from '../../Sources/EssentialFeedWebUI/Assets/device-caches.js';
import { FakeCaches } from './fake-caches.mjs';

async function keptPhotos(caches, urls) {
  const photos = await caches.open('photos');
  for (const url of urls) await photos.put(url, new Response('x'));
  return photos;
}

test('photos beyond the bytes allowed go, the least recently shown first', async () => {
  const caches = new FakeCaches();
  let clock = 0;
  const index = photoIndex(caches, 'photos', { now: () => clock, bytesLimit: 250 });
  const photos = await keptPhotos(caches, ['/a', '/b', '/c']);
  clock = 1;
  assert.deepEqual(await index.kept('/a', 100), []);
  clock = 2;
  assert.deepEqual(await index.kept('/b', 100), []);
  clock = 3;
  await index.shown('/a');
  clock = 4;
  assert.deepEqual(await index.kept('/c', 100), ['/b']);
  assert.deepEqual(await photos.keys(), ['/a', '/c']);
});

test('changes to the index never lose one another when they overlap', async () => {
  const caches = new FakeCaches();
  const index = photoIndex(caches, 'photos', { now: () => 1, bytesLimit: 10_000 });
  await Promise.all(Array.from({ length: 20 }, (_, n) => index.kept(`/photo-${n}`, 10)));
  const stored = await (await (await caches.open(photoIndexName)).match('/offline/photo-index.json')).json();
  assert.equal(Object.keys(stored).length, 20);
});

test('a damaged index is started afresh rather than stopping every later change', async () => {
  const caches = new FakeCaches();
  await (await caches.open(photoIndexName)).put('/offline/photo-index.json', new Response('{not json'));
  const index = photoIndex(caches, 'photos', { now: () => 1, bytesLimit: 100 });
  assert.deepEqual(await index.kept('/a', 10), []);
  const stored = await (await (await caches.open(photoIndexName)).match('/offline/photo-index.json')).json();
  assert.deepEqual(stored, { '/a': { size: 10, usedAt: 1 } });
});

test('a kept log-out survives the worker starting again, and is sent first once the server answers', async () => {
  const caches = new FakeCaches();
  await pendingLogOut(caches).keep('csrf_token=abc');

  const restarted = pendingLogOut(caches);
  assert.equal(await restarted.form(), 'csrf_token=abc');
  assert.equal(await restarted.send(async () => { throw new TypeError('offline'); }), false);
  const sent = [];
  assert.equal(await restarted.send(async (url, init) => { sent.push([url, init.method, init.body]); }), true);
  assert.deepEqual(sent, [['/logout', 'POST', 'csrf_token=abc']]);
});

test('with no log-out waiting there is nothing to send, and nothing is asked of the server', async () => {
  const caches = new FakeCaches();
  const loggingOut = pendingLogOut(caches);
  assert.equal(await loggingOut.form(), null);
  assert.equal(await loggingOut.send(() => assert.fail('nothing to send')), true);
  assert.deepEqual(await caches.keys(), [], 'looking made no cache');
  await loggingOut.keep('form');
  loggingOut.forgotten();
  assert.equal(await loggingOut.form(), null);
});

test('usage counts each cache\'s entries and bytes', async () => {
  const caches = new FakeCaches();
  await (await caches.open('pages')).put('/', new Response('12345'));
  await (await caches.open('pages')).put('/news', new Response('123'));
  await (await caches.open('photos')).put('/p', new Response(new Uint8Array(10)));
  assert.deepEqual(await usage(caches), { pages: { bytes: 8, entries: 2 }, photos: { bytes: 10, entries: 1 } });
});

test('drafts are forgotten whether the deletion succeeds, fails or is blocked', async () => {
  for (const outcome of ['onsuccess', 'onerror', 'onblocked']) {
    const deleted = [];
    const indexedDB = {
      deleteDatabase(name) {
        deleted.push(name);
        const request = {};
        setTimeout(() => request[outcome]());
        return request;
      },
    };
    await forgetDrafts(indexedDB);
    assert.deepEqual(deleted, ['essential-feed']);
  }
});
