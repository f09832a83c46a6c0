// The reader's events, which the app carries from the API (`/events`): the bell's unread
// count in every open tab, and on the Following tab a control that shows the photos posted
// since the page loaded, above the ones being read. A tab that slept reconnects, and its
// stream tells it first what it missed (the browser sends the last event's id).

import { newElement } from './in-place.js';

// What the bell shows: nothing for none, up to 99, then "99+".
export function bellText(count) {
  if (!Number.isInteger(count) || count <= 0) return '';
  return count > 99 ? '99+' : String(count);
}

export function showUnread(bell, count) {
  const badge = bell?.querySelector('.bell-count');
  if (!badge) return;
  const text = bellText(count);
  badge.textContent = text;
  badge.hidden = text === '';
  const label = text === '' ? bell.dataset.label : bell.dataset.labelUnread?.replace('%@', text);
  if (label) bell.setAttribute('aria-label', label);
}

// The photos posted since the page loaded that it does not show yet, each counted once.
export class NewPhotos {
  constructor(shownIDs = []) {
    this.shown = new Set(shownIDs.map((id) => id.toUpperCase()));
    this.waiting = [];
  }

  add(imageID) {
    const id = String(imageID ?? '').toUpperCase();
    if (!id || this.shown.has(id) || this.waiting.includes(id)) return false;
    this.waiting.push(id);
    return true;
  }

  take() {
    for (const id of this.waiting) this.shown.add(id);
    const taken = this.waiting;
    this.waiting = [];
    return taken;
  }

  get count() {
    return this.waiting.length;
  }
}

export function newPhotosText(count, one, many) {
  return count === 1 ? one : (many ?? '%@').replace('%@', String(count));
}

// A page the browser keeps in its back/forward cache keeps its stream open, and with it one
// of the six connections a browser opens to a site: a few screens on, every request would
// wait for one of them. The stream closes as the page is hidden, and opens again if the page
// is shown anew from that cache.
export function startLive({
  nav = document.querySelector('nav[data-events]'), root = globalThis.document, page = globalThis, EventSourceType = globalThis.EventSource,
  retryDelay = 30_000,
} = {}) {
  if (!nav || !EventSourceType) return null;
  const bell = nav.querySelector('.app-nav-bell');
  if (bell) bell.dataset.label = bell.getAttribute('aria-label') ?? '';
  const following = root?.querySelector('.feed-tab[data-tab="following"][aria-current="page"]') ? root.querySelector('.feed[role="feed"]') : null;
  const photos = new NewPhotos([...(root?.querySelectorAll('.feed-item[data-image-id]') ?? [])].map((item) => item.dataset.imageId));
  const notificationsScreen = root?.querySelector('.notifications-screen[data-show-new]') ?? null;
  let control = null;
  let source = null;
  let retry = null;

  const showControl = () => {
    if (!following) return;
    if (!control) {
      control = newElement('button', { className: 'new-photos', role: 'new-photos', type: 'button' });
      control.addEventListener('click', () => showNewPhotos(following, photos, control));
      following.before(control);
    }
    control.textContent = newPhotosText(photos.count, nav.dataset.newPhotoOne, nav.dataset.newPhotos);
    control.hidden = photos.count === 0;
  };

  const connect = () => {
    retry = null;
    const opened = new EventSourceType(nav.dataset.events);
    source = opened;
    opened.addEventListener('notification', (event) => {
      const data = JSON.parse(event.data);
      showUnread(bell, data.unread_count);
      if (data.unread_count > 0 && data.items?.length > 0) offerNewNotifications(notificationsScreen);
    });
    opened.addEventListener('timeline', (event) => {
      if (photos.add(JSON.parse(event.data).image_id)) showControl();
    });
    // A stream the app could not open ends for good (204): try again later.
    opened.addEventListener('error', () => {
      if (opened.readyState === 2 && source === opened) retry = setTimeout(connect, retryDelay);
    });
  };
  const stop = () => {
    clearTimeout(retry);
    retry = null;
    source?.close();
    source = null;
  };
  page.addEventListener?.('pagehide', stop);
  page.addEventListener?.('pageshow', (event) => {
    if (event.persisted && !source && !retry) connect();
  });
  connect();
  return { stop, get source() { return source; } };
}

// On the notifications screen, what arrives after it opened is offered by a control that
// opens the screen again (which marks them read), rather than moving the list being read.
export function offerNewNotifications(screen) {
  if (!screen) return null;
  let control = screen.querySelector('[data-role="show-new-notifications"]');
  if (!control) {
    control = screen.ownerDocument.createElement('button');
    control.type = 'button';
    control.className = 'new-photos';
    control.dataset.role = 'show-new-notifications';
    control.textContent = screen.dataset.showNew;
    control.addEventListener('click', () => screen.ownerDocument.defaultView?.location.reload());
    screen.prepend(control);
  }
  control.hidden = false;
  return control;
}

// The new photos go above the first one shown, the reader staying where they were.
async function showNewPhotos(feed, photos, control) {
  control.disabled = true;
  try {
    const response = await fetch(feed.dataset.source, { headers: { Accept: 'text/html' } });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const page = document.createElement('template');
    page.innerHTML = await response.text();
    const wanted = new Set(photos.take());
    const fresh = [...page.content.querySelectorAll('.feed-item[data-image-id]')].filter((item) => wanted.has(item.dataset.imageId.toUpperCase()));
    const first = feed.querySelector('.feed-item');
    const before = document.documentElement.scrollTop;
    const height = feed.scrollHeight;
    for (const item of fresh) feed.insertBefore(item, first);
    feed.dispatchEvent(new CustomEvent('feed:inserted', { detail: fresh }));
    // Arriving, the photos moved nothing; asked for, the first of them is shown (the control
    // stays in sight while the reader scrolls) and takes the focus the control had.
    if (before > 0) window.scrollBy(0, feed.scrollHeight - height);
    control.hidden = true;
    if (fresh.length > 0) {
      fresh[0].scrollIntoView({ block: 'start', behavior: 'smooth' });
      fresh[0].querySelector('a[href]')?.focus({ preventScroll: true });
    }
  } catch {
    control.hidden = false;
  } finally {
    control.disabled = false;
  }
}

if (typeof document !== 'undefined' && document.querySelector?.('nav[data-events]')) startLive();
