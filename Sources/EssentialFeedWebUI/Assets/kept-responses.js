// The person's screens and photos as the service worker keeps them in Cache Storage
// (`caches`; a fake in tests): each marked with when it was saved, the session it belongs
// to, and the shell (this worker's version) it was made with; read only within its seven
// days and its session.
import {
  isFresh, keepHeader, outlivesSession, savedAtFromMark, savedAtHeader, sessionEndsHeader,
} from './offline.js';

const shellHeader = 'Essential-Feed-Shell';
export const shellPrefix = 'shell:';

// `onSessionEnded` forgets the person: called when a kept answer shows their session is over.
export function keptResponses(caches, { now, maximumAge, version, onSessionEnded }) {
  const outlivedItsSession = (response) => outlivesSession(Number(response.headers.get(sessionEndsHeader)), now());

  return {
    outlivedItsSession,

    async read(cacheName, url) {
      // Looking must not make an empty cache where the person's were deleted.
      if (!(await caches.has(cacheName))) return null;
      const cache = await caches.open(cacheName);
      const response = await cache.match(url, { ignoreVary: true });
      if (!response) return null;
      if (outlivedItsSession(response)) {
        // The session ended (its cookie expired) while the device was offline: nothing of it stays.
        await onSessionEnded();
        return null;
      }
      if (!isFresh(Number(response.headers.get(savedAtHeader)), now(), maximumAge)) {
        await cache.delete(url, { ignoreVary: true });
        return null;
      }
      return response;
    },

    // Only what the app marks as the person's content, whole (`200`), within the seven days
    // (the shell's screens, which show no content, whatever their age). Returns the bytes
    // kept, or `null`.
    async keep(cacheName, url, response, { ignoringAge = false } = {}) {
      if (response.status !== 200 || response.redirected) return null;
      const savedAt = savedAtFromMark(response.headers.get(keepHeader), now());
      if (savedAt === null || (!ignoringAge && !isFresh(savedAt, now(), maximumAge))) return null;
      const body = await response.blob();
      const headers = new Headers(response.headers);
      headers.set(savedAtHeader, String(savedAt));
      headers.set(shellHeader, version);
      headers.delete(keepHeader);
      await (await caches.open(cacheName)).put(url, new Response(body, { status: 200, headers }));
      return body.size;
    },

    // Older shells go once no page kept in `pagesCacheName` was made with them.
    async dropUnusedShells(pagesCacheName) {
      const pages = await caches.open(pagesCacheName);
      const inUse = new Set([version]);
      for (const request of await pages.keys()) {
        const shell = (await pages.match(request, { ignoreVary: true }))?.headers.get(shellHeader);
        if (shell) inUse.add(shell);
      }
      for (const name of await caches.keys()) {
        if (name.startsWith(shellPrefix) && !inUse.has(name.slice(shellPrefix.length))) await caches.delete(name);
      }
    },
  };
}
