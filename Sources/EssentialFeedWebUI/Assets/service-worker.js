// Keeps a logged-in person's screens on their device, so that with no connection (a train,
// a plane, the app's server down) what they read opens as they saw it, with the same rules
// as the app's own cache: nothing older than seven days, photos bounded, least recently
// shown out first. Everything kept belongs to the person logged in, and goes at log-out.
import {
  isFresh, keepHeader, notSavedHeader, photosToEvict, savedAtFromMark, savedAtHeader,
} from './offline.js';

// Written in by the app: this version's assets, the screens kept from the start, the bounds.
const configuration = __CONFIGURATION__;

// This worker's own fingerprinted address names its version.
const version = self.location.pathname;
const shellPrefix = 'shell:';
const shellCacheName = `${shellPrefix}${version}`;
const pagesCacheName = 'pages';
const photosCacheName = 'photos';
const photoIndexName = 'photo-index';
const photoIndexURL = '/offline/photo-index.json';
// Which shell a kept page was saved with: it opens offline with the assets it was made for.
const shellHeader = 'Essential-Feed-Shell';
const draftsDatabase = 'essential-feed';

// The device's clock, which a test may move ahead to check the seven-day rule. Only ahead:
// that can only hide kept content sooner, never show it past its seven days.
let clockOffset = 0;
const now = () => Date.now() + clockOffset;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const shell = await caches.open(shellCacheName);
    await shell.addAll(configuration.shell);
    // The screens that open offline unvisited belong to this version, like its assets.
    await Promise.all(configuration.pages.map(async (url) => {
      try {
        await keep(shellCacheName, url, await fetch(url, { credentials: 'same-origin' }), { ignoringAge: true });
      } catch {
        // Kept on the next install instead.
      }
    }));
    // Screens already open keep the assets they loaded; the next screen opened is all new.
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    // Screens are asked for while the worker starts, not after.
    await self.registration.navigationPreload?.enable();
    await self.clients.claim();
    await dropUnusedShells();
  })());
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'forget-everything') event.waitUntil(forgetEverything());
  if (event.data?.type === 'clock' && Number.isFinite(event.data.offset) && event.data.offset >= 0) clockOffset = event.data.offset;
  if (event.data?.type === 'usage') event.waitUntil(reportUsage(event.source));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== 'GET') return;
  if (url.pathname === '/login') {
    // The log-in screen: whoever comes next finds nothing of the last person.
    event.waitUntil(forgetEverything());
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(fromShell(request));
  } else if (request.mode === 'navigate') {
    event.respondWith(networkFirst(event, { isScreen: true }));
  } else if (url.pathname.startsWith('/fragments/') && !url.pathname.startsWith('/fragments/feed-banner')) {
    event.respondWith(networkFirst(event, { isScreen: false }));
  } else if (url.pathname.startsWith('/feed-images/') || url.pathname.startsWith('/news-images/')) {
    event.respondWith(photo(event));
  }
});

// Fingerprinted names never change what they name: whichever shell has it serves it.
async function fromShell(request) {
  const kept = await caches.match(request, { ignoreVary: true });
  return kept ?? fetch(request);
}

// The network's answer, kept for next time; with no connection, what was kept, marked
// with when it was saved — or plainly that nothing was.
async function networkFirst(event, { isScreen }) {
  const { request } = event;
  let response;
  try {
    response = (isScreen ? await event.preloadResponse : null) ?? await fetch(request);
  } catch (error) {
    if (request.signal?.aborted) throw error;
    return offlineAnswer(request, { isScreen });
  }
  if (response.status === 401) {
    event.waitUntil(forgetEverything());
  } else {
    event.waitUntil(keep(pagesCacheName, request.url, response.clone()));
  }
  return response;
}

async function offlineAnswer(request, { isScreen }) {
  const kept = await readKept(pagesCacheName, request.url);
  if (kept) return isScreen ? markedScreen(kept) : marked(kept);
  if (isScreen) {
    const shell = await caches.open(shellCacheName);
    const shellPage = await shell.match(request.url, { ignoreVary: true });
    if (shellPage) return shellPage;
    const notSaved = await shell.match(new URL('/offline', self.location.origin).href, { ignoreVary: true });
    if (notSaved) return new Response(await notSaved.blob(), { status: 503, headers: notSaved.headers });
  }
  return new Response('', { status: 503, headers: { [notSavedHeader]: 'true', 'Content-Type': 'text/plain' } });
}

function marked(response) {
  return new Response(response.body, { status: 200, headers: response.headers });
}

// A kept screen says on its root element when it was saved, for its script to tell.
async function markedScreen(response) {
  const savedAt = response.headers.get(savedAtHeader);
  const html = (await response.text()).replace('<html ', `<html data-saved-at="${Number(savedAt)}" `);
  return new Response(html, { status: 200, headers: response.headers });
}

async function readKept(cacheName, url) {
  const cache = await caches.open(cacheName);
  const response = await cache.match(url, { ignoreVary: true });
  if (!response) return null;
  if (!isFresh(Number(response.headers.get(savedAtHeader)), now(), configuration.maximumAgeMilliseconds)) {
    await cache.delete(url, { ignoreVary: true });
    return null;
  }
  return response;
}

// Only what the app marks as the person's content, whole (`200`), within the seven days
// (the shell's screens, which show no content, whatever their age).
async function keep(cacheName, url, response, { ignoringAge = false } = {}) {
  if (response.status !== 200 || response.redirected) return null;
  const savedAt = savedAtFromMark(response.headers.get(keepHeader), now());
  if (savedAt === null || (!ignoringAge && !isFresh(savedAt, now(), configuration.maximumAgeMilliseconds))) return null;
  const body = await response.blob();
  const headers = new Headers(response.headers);
  headers.set(savedAtHeader, String(savedAt));
  headers.set(shellHeader, version);
  headers.delete(keepHeader);
  await (await caches.open(cacheName)).put(url, new Response(body, { status: 200, headers }));
  return body.size;
}

// Photos: once kept, shown from the device (an address always names the same bytes);
// bounded in bytes, the least recently shown removed first.
async function photo(event) {
  const { request } = event;
  const kept = await readKept(photosCacheName, request.url);
  if (kept) {
    event.waitUntil(updateIndex((index) => {
      if (index[request.url]) index[request.url].usedAt = now();
    }));
    return marked(kept);
  }
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    if (request.signal?.aborted) throw error;
    return new Response('', { status: 503, headers: { [notSavedHeader]: 'true' } });
  }
  if (response.status === 401) {
    event.waitUntil(forgetEverything());
  } else if (response.status === 200 && response.headers.has(keepHeader)) {
    event.waitUntil((async () => {
      const size = await keep(photosCacheName, request.url, response.clone());
      if (size === null) return;
      await updateIndex((index) => {
        index[request.url] = { size, usedAt: now() };
      });
      await evictPhotos();
    })());
  }
  return response;
}

// What photos the device holds and when each was last shown, kept beside them; changes one at a time.
let indexChanges = Promise.resolve();

function updateIndex(change) {
  indexChanges = indexChanges.then(async () => {
    const cache = await caches.open(photoIndexName);
    const stored = await cache.match(photoIndexURL);
    const index = stored ? await stored.json().catch(() => ({})) : {};
    change(index);
    await cache.put(photoIndexURL, new Response(JSON.stringify(index), { headers: { 'Content-Type': 'application/json' } }));
  }).catch(() => {});
  return indexChanges;
}

async function evictPhotos() {
  let evicted = [];
  await updateIndex((index) => {
    const photos = Object.entries(index).map(([url, entry]) => ({ url, ...entry }));
    evicted = photosToEvict(photos, configuration.photoBytesLimit);
    for (const url of evicted) delete index[url];
  });
  const cache = await caches.open(photosCacheName);
  await Promise.all(evicted.map((url) => cache.delete(url, { ignoreVary: true })));
}

// Older shells go once no kept page was made with them.
async function dropUnusedShells() {
  const pages = await caches.open(pagesCacheName);
  const inUse = new Set([version]);
  for (const request of await pages.keys()) {
    const response = await pages.match(request, { ignoreVary: true });
    const shell = response?.headers.get(shellHeader);
    if (shell) inUse.add(shell);
  }
  for (const name of await caches.keys()) {
    if (name.startsWith(shellPrefix) && !inUse.has(name.slice(shellPrefix.length))) await caches.delete(name);
  }
}

// Log-out, a session the app refused, or the log-in screen: every cache, every draft, and
// this worker itself.
async function forgetEverything() {
  await Promise.all((await caches.keys()).map((name) => caches.delete(name)));
  await new Promise((resolve) => {
    const deletion = indexedDB.deleteDatabase(draftsDatabase);
    deletion.onsuccess = deletion.onerror = deletion.onblocked = () => resolve();
  });
  await self.registration.unregister();
}

// How many bytes the device holds, by kind (for the README's figures and the tests).
async function reportUsage(client) {
  const usage = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    let bytes = 0;
    let entries = 0;
    for (const request of await cache.keys()) {
      const response = await cache.match(request, { ignoreVary: true });
      bytes += (await response.blob()).size;
      entries += 1;
    }
    usage[name] = { bytes, entries };
  }
  client?.postMessage({ type: 'usage', usage });
}
