// Keeps a logged-in person's screens on their device, so that with no connection (a train,
// a plane, the app's server down) what they read opens as they saw it, with the same rules
// as the app's own cache: nothing older than seven days, photos bounded, least recently
// shown out first. Everything kept belongs to the person logged in, and goes at log-out.
import { forgetDrafts, pendingLogOut, photoIndex, photoIndexName, usage } from './device-caches.js';
import { keptResponses, shellPrefix } from './kept-responses.js';
import { isKeptPath, isPhotoPath, keepHeader, keptAddresses } from './offline.js';
import { loggedOutPage, marked, markedScreen, notSaved } from './worker-answers.js';

// Written in by the app: this version's assets, the screens kept from the start, the bounds.
const configuration = __CONFIGURATION__;

// This worker's own fingerprinted address names its version.
const version = self.location.pathname;
const shellCacheName = `${shellPrefix}${version}`;
const pagesCacheName = 'pages';
const photosCacheName = 'photos';
const loggingOut = pendingLogOut(caches);
const photos = photoIndex(caches, photosCacheName, { now: () => now(), bytesLimit: configuration.photoBytesLimit });
// A kept page opens offline with the shell (assets) it was made with.
const keptCopies = keptResponses(caches, {
  now: () => now(), maximumAge: configuration.maximumAgeMilliseconds, version, onSessionEnded: () => forgetPerson(),
});
const { read: readKept, keep } = keptCopies;

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
    await keptCopies.dropUnusedShells(pagesCacheName);
  })());
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'forget-everything') event.waitUntil(forgetEverything());
  if (event.data?.type === 'clock' && Number.isFinite(event.data.offset) && event.data.offset >= 0) clockOffset = event.data.offset;
  if (event.data?.type === 'usage') {
    event.waitUntil(usage(caches).then((bytes) => event.source?.postMessage({ type: 'usage', usage: bytes })));
  }
  if (event.data?.type === 'keep-shown' && Array.isArray(event.data.urls)) event.waitUntil(keepShown(event.data.urls));
});

// A screen opened before this worker looked after it (the first one after logging in on a
// new device) lists what it showed; the worker asks for each again (the browser's own cache
// mostly answers) and keeps it, so that screen too opens offline as read.
const maximumShownURLs = 200;

async function keepShown(urls) {
  if (await loggingOut.form() !== null) return;
  await Promise.all(keptAddresses(urls, self.location.origin, maximumShownURLs).map(async (url) => {
    try {
      if (isPhotoPath(new URL(url).pathname)) {
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
  } else if (isPhotoPath(url.pathname)) {
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
    await loggingOut.keep(form);
    return Response.redirect(new URL('/login', self.location.origin).href, 303);
  }
}

async function afterAnyPendingLogOut(event, respond) {
  if (await loggingOut.form() === null) return respond();
  // What navigation preload asked for, with the old session, is never shown.
  if (event.preloadResponse) event.waitUntil(event.preloadResponse.catch(() => null));
  if (await loggingOut.send(fetch)) {
    await forgetEverything();
    return fetch(event.request);
  }
  return event.request.mode === 'navigate' ? loggedOutPage(configuration.shell) : notSaved();
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
    const notSavedPage = await shell.match(new URL('/offline', self.location.origin).href, { ignoreVary: true });
    if ([shellPage, notSavedPage].some((page) => page && keptCopies.outlivedItsSession(page))) {
      await forgetPerson();
      return loggedOutPage(configuration.shell);
    }
    // Marked as from the device, so the screen can say posting waits for the connection.
    if (shellPage) return markedScreen(shellPage);
    if (notSavedPage) return new Response(await notSavedPage.blob(), { status: 503, headers: notSavedPage.headers });
    // Nothing kept at all: the person's kept screens went with a session that ended.
    return loggedOutPage(configuration.shell);
  }
  return notSaved();
}

// Photos: once kept, shown from the device (an address always names the same bytes);
// bounded in bytes, the least recently shown removed first.
async function photo(event) {
  const { request } = event;
  const kept = await readKept(photosCacheName, request.url);
  if (kept) {
    event.waitUntil(photos.shown(request.url));
    return marked(kept);
  }
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    if (request.signal?.aborted) throw error;
    return notSaved();
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
  await photos.kept(url, size);
}

// Log-out, a session the app refused, or the log-in screen: every cache, every draft, and
// this worker itself.
async function forgetEverything() {
  await Promise.all((await caches.keys()).map((name) => caches.delete(name)));
  loggingOut.forgotten();
  await forgetDrafts(indexedDB);
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
  await forgetDrafts(indexedDB);
}
