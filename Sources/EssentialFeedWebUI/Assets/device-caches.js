// What the service worker keeps in the device's Cache Storage beside the person's screens
// and photos: which photos it holds (to keep them within their bytes), and a log-out the
// server has not heard of yet. `caches` is the worker's CacheStorage (a fake in tests).
import { draftsDatabaseName } from './drafts.js';
import { photosToEvict } from './offline.js';

export const photoIndexName = 'photo-index';
const photoIndexURL = '/offline/photo-index.json';
const pendingLogOutName = 'pending-log-out';
const pendingLogOutURL = '/offline/pending-log-out';

// Each photo kept in `photosCacheName`, its size and when it was last shown; changed one
// change at a time.
export function photoIndex(caches, photosCacheName, { now, bytesLimit }) {
  let changes = Promise.resolve();

  function update(change) {
    changes = changes.then(async () => {
      const cache = await caches.open(photoIndexName);
      const stored = await cache.match(photoIndexURL);
      const index = stored ? await stored.json().catch(() => ({})) : {};
      change(index);
      await cache.put(photoIndexURL, new Response(JSON.stringify(index), { headers: { 'Content-Type': 'application/json' } }));
    }).catch(() => {});
    return changes;
  }

  return {
    shown(url) {
      return update((index) => {
        if (index[url]) index[url].usedAt = now();
      });
    },
    // Removes the least recently shown beyond the bytes allowed, now that this one is kept;
    // returns their addresses.
    async kept(url, size) {
      let evicted = [];
      await update((index) => {
        index[url] = { size, usedAt: now() };
        evicted = photosToEvict(Object.entries(index).map(([address, entry]) => ({ url: address, ...entry })), bytesLimit);
        for (const address of evicted) delete index[address];
      });
      const cache = await caches.open(photosCacheName);
      await Promise.all(evicted.map((address) => cache.delete(address, { ignoreVary: true })));
      return evicted;
    },
  };
}

// A log-out the server could not be told of: the form it was sent with, kept until it can
// be. `form()` is the kept form, or `null`.
export function pendingLogOut(caches) {
  let kept = read();

  async function read() {
    if (!(await caches.has(pendingLogOutName))) return null;
    const stored = await (await caches.open(pendingLogOutName)).match(pendingLogOutURL);
    return stored ? stored.text() : null;
  }

  return {
    form: () => kept,
    async keep(form) {
      await (await caches.open(pendingLogOutName)).put(pendingLogOutURL, new Response(form));
      kept = Promise.resolve(form);
    },
    // Tells the server of it; `true` once it answered (the session ended there, or had).
    async send(fetch) {
      const form = await kept;
      if (form === null) return true;
      try {
        await fetch('/logout', {
          method: 'POST', body: form, credentials: 'same-origin', redirect: 'manual',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        });
        return true;
      } catch {
        return false;
      }
    },
    // Once every cache is gone: the log-out went with them.
    forgotten() {
      kept = Promise.resolve(null);
    },
  };
}

// How many bytes the device holds, by cache (for the README's figures and the tests).
export async function usage(caches) {
  const byCache = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    let bytes = 0;
    let entries = 0;
    for (const request of await cache.keys()) {
      const response = await cache.match(request, { ignoreVary: true });
      bytes += (await response.blob()).size;
      entries += 1;
    }
    byCache[name] = { bytes, entries };
  }
  return byCache;
}

// The drafts a person was writing (IndexedDB, `drafts.js`); resolves whatever happens.
export function forgetDrafts(indexedDB) {
  return new Promise((resolve) => {
    const deletion = indexedDB.deleteDatabase(draftsDatabaseName);
    deletion.onsuccess = deletion.onerror = deletion.onblocked = () => resolve();
  });
}
