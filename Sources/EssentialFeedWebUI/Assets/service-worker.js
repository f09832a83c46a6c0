// Keeps a logged-in person's screens on their device, so that with no connection (a train,
// a plane, the app's server down) what they read opens as they saw it, with the same rules
// as the app's own cache: nothing older than seven days, photos bounded, least recently
// shown out first. Everything kept belongs to the person logged in, and goes at log-out.
import {
  isFresh, keepHeader, notSavedHeader, outlivesSession, photosToEvict, savedAtFromMark, savedAtHeader,
  sessionEndsHeader,
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
// A log-out the server could not be told of yet: the form it was sent with, kept until the
// server can be reached. Nothing else of the person stays meanwhile.
const pendingLogOutCacheName = 'pending-log-out';
const pendingLogOutURL = '/offline/pending-log-out';
let pendingLogOut = readPendingLogOut();

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
  if (event.data?.type === 'keep-shown' && Array.isArray(event.data.urls)) event.waitUntil(keepShown(event.data.urls));
});

// A screen opened before this worker looked after it (the first one after logging in on a
// new device) lists what it showed; the worker asks for each again (the browser's own cache
// mostly answers) and keeps it, so that screen too opens offline as read.
const maximumShownURLs = 200;

async function keepShown(urls) {
  if (await pendingLogOut !== null) return;
  const wanted = new Set();
  for (const candidate of urls.slice(0, maximumShownURLs)) {
    if (typeof candidate !== 'string') continue;
    let url;
    try {
      url = new URL(candidate, self.location.origin);
    } catch {
      continue;
    }
    if (url.origin === self.location.origin && isKeptKind(url.pathname)) wanted.add(url.href);
  }
  await Promise.all([...wanted].map(async (url) => {
    const { pathname } = new URL(url);
    try {
      if (isPhoto(pathname)) {
        if (await readKept(photosCacheName, url)) return;
        await keepPhoto(url, await fetch(url, { credentials: 'same-origin' }));
      } else {
        const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'text/html' } });
        if (response.status === 401) await forgetEverything();
        else await keep(pagesCacheName, url, response);
      }
    } catch {
      // Not kept: read again online, it will be.
    }
  }));
}

function isPhoto(pathname) {
  return pathname.startsWith('/feed-images/') || pathname.startsWith('/news-images/');
}

function isKeptKind(pathname) {
  if (pathname.startsWith('/assets/') || pathname.startsWith('/fragments/feed-banner')) return false;
  if (['/login', '/logout', '/offline', '/session'].includes(pathname)) return false;
  return true;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === 'POST' && url.pathname === '/logout') {
    event.respondWith(logOut(request));
    return;
  }
  if (request.method !== 'GET') {
    // A form sent from a screen still open after an offline log-out (another tab, Back):
    // the server hears of the log-out first, so the old session cookie acts for nobody.
    event.respondWith(afterAnyPendingLogOut(event, () => fetch(request)));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(fromShell(request));
  } else if (url.pathname === '/login') {
    // The log-in screen: whoever comes next finds nothing of the last person.
    event.respondWith(afterAnyPendingLogOut(event, async () => {
      event.waitUntil(forgetEverything());
      return fetch(request);
    }));
  } else if (request.mode === 'navigate') {
    event.respondWith(afterAnyPendingLogOut(event, () => networkFirst(event, { isScreen: true })));
  } else if (url.pathname.startsWith('/fragments/') && !url.pathname.startsWith('/fragments/feed-banner')) {
    event.respondWith(afterAnyPendingLogOut(event, () => networkFirst(event, { isScreen: false })));
  } else if (isPhoto(url.pathname)) {
    event.respondWith(afterAnyPendingLogOut(event, () => photo(event)));
  }
});

// Log-out: the device forgets the person whether or not the server answers. When it cannot
// be reached, the form is kept, and sent before anything else once it can: until then the
// browser's session cookie (which no script can delete) must not log anyone in.
async function logOut(request) {
  const form = await request.clone().text();
  try {
    const response = await fetch(request);
    await forgetEverything();
    return response;
  } catch {
    await forgetPerson();
    await keepPendingLogOut(form);
    return Response.redirect(new URL('/login', self.location.origin).href, 303);
  }
}

async function afterAnyPendingLogOut(event, respond) {
  if (await pendingLogOut === null) return respond();
  // What navigation preload asked for, with the old session, is never shown.
  if (event.preloadResponse) event.waitUntil(event.preloadResponse.catch(() => null));
  if (await sendPendingLogOut()) return fetch(event.request);
  if (event.request.mode === 'navigate') return loggedOutPage();
  return new Response('', { status: 503, headers: { [notSavedHeader]: 'true', 'Content-Type': 'text/plain' } });
}

// What a screen shows offline after a log-out: the kept screens name the person, so none
// of them; only this version's styles.
function loggedOutPage() {
  const styles = configuration.shell.filter((url) => url.endsWith('.css'))
    .map((url) => `<link rel="stylesheet" href="${url}">`).join('');
  const html = '<!doctype html><html lang="en"><head><meta charset="utf-8">'
    + '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Essential Feed</title>'
    + `${styles}</head><body><main class="logged-out-offline"><h1>Logged out</h1>`
    + '<p>You are logged out on this device. Connect to the internet to log in again.</p></main></body></html>';
  return new Response(html, {
    status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8', [notSavedHeader]: 'true' },
  });
}

// `true` once the server has been told (any answer: the session ended there, or had).
async function sendPendingLogOut() {
  const form = await pendingLogOut;
  if (form === null) return true;
  try {
    await fetch('/logout', {
      method: 'POST', body: form, credentials: 'same-origin', redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
  } catch {
    return false;
  }
  await forgetEverything();
  return true;
}

async function readPendingLogOut() {
  if (!(await caches.has(pendingLogOutCacheName))) return null;
  const kept = await (await caches.open(pendingLogOutCacheName)).match(pendingLogOutURL);
  return kept ? kept.text() : null;
}

async function keepPendingLogOut(form) {
  await (await caches.open(pendingLogOutCacheName)).put(pendingLogOutURL, new Response(form));
  pendingLogOut = Promise.resolve(form);
}

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
  } else if (upstreamFailures.has(response.status)) {
    // The app answered but could not load the content (its API is down): what was kept
    // reads better than an error, as with no connection at all.
    const kept = await readKept(pagesCacheName, request.url);
    if (kept) return isScreen ? markedScreen(kept) : marked(kept);
  } else {
    event.waitUntil(keep(pagesCacheName, request.url, response.clone()));
  }
  return response;
}

const upstreamFailures = new Set([502, 503, 504]);

async function offlineAnswer(request, { isScreen }) {
  const kept = await readKept(pagesCacheName, request.url);
  if (kept) return isScreen ? markedScreen(kept) : marked(kept);
  if (isScreen) {
    const shell = await caches.open(shellCacheName);
    const shellPage = await shell.match(request.url, { ignoreVary: true });
    const notSaved = await shell.match(new URL('/offline', self.location.origin).href, { ignoreVary: true });
    if ([shellPage, notSaved].some((page) => page && hasOutlivedItsSession(page))) {
      await forgetPerson();
      return loggedOutPage();
    }
    // Marked as from the device, so the screen can say posting waits for the connection.
    if (shellPage) return markedScreen(shellPage);
    if (notSaved) return new Response(await notSaved.blob(), { status: 503, headers: notSaved.headers });
    // Nothing kept at all: the person's kept screens went with a session that ended.
    return loggedOutPage();
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
  // Looking must not make an empty cache where the person's were deleted.
  if (!(await caches.has(cacheName))) return null;
  const cache = await caches.open(cacheName);
  const response = await cache.match(url, { ignoreVary: true });
  if (!response) return null;
  if (hasOutlivedItsSession(response)) {
    // The session ended (its cookie expired) while the device was offline: nothing of it stays.
    await forgetPerson();
    return null;
  }
  if (!isFresh(Number(response.headers.get(savedAtHeader)), now(), configuration.maximumAgeMilliseconds)) {
    await cache.delete(url, { ignoreVary: true });
    return null;
  }
  return response;
}

function hasOutlivedItsSession(response) {
  return outlivesSession(Number(response.headers.get(sessionEndsHeader)), now());
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
  } else {
    event.waitUntil(keepPhoto(request.url, response.clone()));
  }
  return response;
}

async function keepPhoto(url, response) {
  if (response.status !== 200 || !response.headers.has(keepHeader)) return;
  const size = await keep(photosCacheName, url, response);
  if (size === null) return;
  await updateIndex((index) => {
    index[url] = { size, usedAt: now() };
  });
  await evictPhotos();
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
  pendingLogOut = Promise.resolve(null);
  await forgetDrafts();
  await self.registration.unregister();
}

// A log-out the server has not heard of yet: everything of the person goes, the kept screens
// too (they name the person); this version's assets stay.
async function forgetPerson() {
  await Promise.all([pagesCacheName, photosCacheName, photoIndexName].map((name) => caches.delete(name)));
  for (const name of await caches.keys()) {
    if (!name.startsWith(shellPrefix)) continue;
    const shell = await caches.open(name);
    await Promise.all(configuration.pages.map((url) => shell.delete(url, { ignoreVary: true })));
  }
  await forgetDrafts();
}

function forgetDrafts() {
  return new Promise((resolve) => {
    const deletion = indexedDB.deleteDatabase(draftsDatabase);
    deletion.onsuccess = deletion.onerror = deletion.onblocked = () => resolve();
  });
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
