// What the device keeps for reading offline, and how it tells about it: the rules the
// service worker and the screens share.

// On the app's answers a device may keep: `fresh`, or `saved=<ms since 1970>` when the app's
// own cache stood in for the API.
export const keepHeader = 'Essential-Feed-Keep';
// On what the worker answers from the device instead of the network: when it was saved.
export const savedAtHeader = 'Essential-Feed-Saved-At';
// On the worker's answer for something it never kept, while there is no connection.
export const notSavedHeader = 'Essential-Feed-Not-Saved';
// On the app's answers a device may keep: when the session they belong to ends (ms since 1970).
export const sessionEndsHeader = 'Essential-Feed-Session-Ends';

const minute = 60 * 1000;
const hour = 60 * minute;
const day = 24 * hour;

// When content was saved, from the app's mark; `null` when it must not be kept.
export function savedAtFromMark(mark, now) {
  if (mark === 'fresh') return now;
  const saved = /^saved=(\d{1,15})$/.exec(mark ?? '');
  return saved ? Math.min(Number(saved[1]), now) : null;
}

// Whether kept content belongs to a session that has ended by `now`.
export function outlivesSession(sessionEnds, now) {
  return Number.isFinite(sessionEnds) && sessionEnds > 0 && now >= sessionEnds;
}

// Within the seven days (or the age given) the app's own cache keeps content for.
export function isFresh(savedAt, now, maximumAge) {
  return Number.isFinite(savedAt) && now - savedAt <= maximumAge;
}

// Whole calendar months from one date to a later one, as the server's calendar counts them.
function monthsBetween(from, to) {
  let months = (to.getFullYear() - from.getFullYear()) * 12 + (to.getMonth() - from.getMonth());
  const sameMonthDay = new Date(from);
  sameMonthDay.setMonth(from.getMonth() + months);
  if (sameMonthDay > to) months -= 1;
  return Math.max(0, months);
}

// "3 hours ago", in the words the screen carries: counted as the server counts them
// (`RelativeDate`), so a notice reads the same whichever side wrote it.
export function relativeAge(savedAt, now, texts) {
  const elapsed = now - savedAt;
  const say = (count, one, other) => (count === 1 ? texts[one] : texts[other]).replace('%@', String(count));
  if (elapsed < minute) return texts.now;
  if (elapsed < hour) return say(Math.floor(elapsed / minute), 'minute', 'minutes');
  if (elapsed < day) return say(Math.floor(elapsed / hour), 'hour', 'hours');
  const days = Math.floor(elapsed / day);
  if (days < 7) return say(days, 'day', 'days');
  const months = monthsBetween(new Date(savedAt), new Date(now));
  if (months >= 12) return say(Math.floor(months / 12), 'year', 'years');
  if (months >= 1) return say(months, 'month', 'months');
  return say(Math.floor(days / 7), 'week', 'weeks');
}

// "Offline — showing the feed saved 10 minutes ago"; `kind` is feed, news, story or comments.
export function offlineNotice(kind, savedAt, now, texts) {
  if (now - savedAt < minute) return texts[`${kind}JustSaved`] ?? '';
  return (texts[kind] ?? '').replace('%@', relativeAge(savedAt, now, texts));
}

// The photos to remove so the rest fit in `limit` bytes: the least recently shown first.
export function photosToEvict(photos, limit) {
  const byUse = [...photos].sort((a, b) => a.usedAt - b.usedAt);
  let total = byUse.reduce((sum, photo) => sum + photo.size, 0);
  const evicted = [];
  for (const photo of byUse) {
    if (total <= limit) break;
    evicted.push(photo.url);
    total -= photo.size;
  }
  return evicted;
}

// What a first screen opened before its worker showed, from its resource timings: the
// fragments and photos it loaded. A request that failed (status 0) or was refused left a
// timing too, yet nothing of it was on screen, so it is not kept as if it had been read.
export function shownOnFirstScreen(entries) {
  return entries
    .filter((entry) => entry.responseStatus === undefined || (entry.responseStatus >= 200 && entry.responseStatus < 300))
    .map((entry) => entry.name)
    .filter((url) => {
      const { pathname } = new URL(url);
      return /^\/(fragments|feed-images|news-images)\//.test(pathname) && !isActionPath(pathname);
    });
}

// What a screen sends rather than shows (the hearts' states asked for, a like, a follow, a
// block, a request answered): posted, never read back, so never kept.
export function isActionPath(pathname) {
  return pathname === '/fragments/likes'
    || /^\/fragments\/images\/[^/]+\/(like|unlike)$/.test(pathname)
    || /^\/fragments\/@[^/]+\/(follow|unfollow|block|unblock|mute|unmute)$/.test(pathname)
    || /^\/fragments\/.+\/(accept|reject)$/.test(pathname);
}

// Photos, kept apart from the screens and bounded in bytes.
export function isPhotoPath(pathname) {
  return pathname.startsWith('/feed-images/') || pathname.startsWith('/news-images/');
}

// What a screen may ask the worker to keep: the person's screens and photos, never assets,
// the banner (a new photo each time) or the screens about sessions.
export function isKeptPath(pathname) {
  if (pathname.startsWith('/assets/') || pathname.startsWith('/fragments/feed-banner') || isActionPath(pathname)) return false;
  return !['/login', '/logout', '/offline', '/session'].includes(pathname);
}

// The distinct addresses worth keeping among what a screen says it showed (at most
// `maximum` looked at): of this origin, of a kept kind.
export function keptAddresses(candidates, origin, maximum) {
  const wanted = new Set();
  for (const candidate of candidates.slice(0, maximum)) {
    if (typeof candidate !== 'string') continue;
    let url;
    try {
      url = new URL(candidate, origin);
    } catch {
      continue;
    }
    if (url.origin === origin && isKeptPath(url.pathname)) wanted.add(url.href);
  }
  return [...wanted];
}
