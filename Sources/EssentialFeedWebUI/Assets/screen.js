// What every screen shares: loading HTML fragments, the error banner, retries, refresh
// controls, and what the device kept for reading offline.
import { notSavedHeader, offlineNotice, savedAtHeader, shownOnFirstScreen } from './offline.js';

const documentRoot = document.documentElement;
// The words for offline notices, in the screen's language (a logged-in person's screens only).
export const offlineTexts = JSON.parse(documentRoot.dataset.offlineTexts ?? '{}');
// When the screen itself comes from the device with no connection: when it was saved.
export const screenSavedAt = documentRoot.dataset.savedAt ? Number(documentRoot.dataset.savedAt) : null;

// "Offline — showing the feed saved 10 minutes ago", as the server says it.
export function deviceNotice(kind, savedAt) {
  return offlineNotice(kind, savedAt, Date.now(), offlineTexts);
}

// The worker that keeps this person's screens on the device; it takes over from an older
// version by itself. Browsers without one (or a refused registration) simply stay online-only.
if (documentRoot.dataset.serviceWorker && 'serviceWorker' in navigator) {
  const openedWithoutWorker = !navigator.serviceWorker.controller;
  navigator.serviceWorker.register(documentRoot.dataset.serviceWorker, { scope: '/', type: 'module' }).catch(() => {});
  // The first screen after logging in on a new device opened before the worker was there:
  // once it takes over, it is told what this screen showed, to keep it as the rest.
  if (openedWithoutWorker) {
    // Room for every request of a long first screen (the browser keeps 250 by default).
    performance.setResourceTimingBufferSize?.(1000);
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      const shown = shownOnFirstScreen(performance.getEntriesByType('resource'));
      navigator.serviceWorker.controller?.postMessage({ type: 'keep-shown', urls: [window.location.href, ...shown] });
    }, { once: true });
  }
}

// `reason` is 'not-found' when the server said the content does not exist, so a screen
// offers a way back rather than a retry.
export class FragmentError extends Error {
  constructor(displayMessage, reason = 'unavailable') {
    super(displayMessage || 'The fragment could not be loaded');
    this.displayMessage = displayMessage;
    this.reason = reason;
  }
}

export const isAbort = (error) => error?.name === 'AbortError';

// Fragments are the app's own escaped HTML; an error fragment carries the message to show.
export async function fetchFragment(url, signal) {
  return fragmentOf(await fetch(url, { signal, headers: { Accept: 'text/html' } }));
}

// Back after logging out must show nothing private: a page the browser restores from its
// back-forward cache asks whether its session still holds, and goes to the log-in if not.
window.addEventListener('pageshow', async (event) => {
  if (!event.persisted) return;
  try {
    const response = await fetch('/session', { cache: 'no-store', credentials: 'same-origin' });
    if (response.status === 401) window.location.replace('/login');
  } catch {
    // Offline: the page stays as it was, as every screen does offline.
  }
});

// The session ended (logged out in another tab, or expired): log in again, then come back here.
export function logInAgain() {
  const here = window.location.pathname + window.location.search;
  window.location.assign(here === '/' ? '/login' : `/login?next=${encodeURIComponent(here)}`);
}

export async function fragmentOf(response) {
  if (response.headers.get(notSavedHeader)) throw new FragmentError(offlineTexts.notSaved, 'not-saved');
  if (response.status === 401 && !response.headers.get('Content-Type')?.startsWith('text/html')) {
    logInAgain();
    throw new FragmentError(null, 'unauthorized');
  }
  const template = document.createElement('template');
  template.innerHTML = await response.text();
  // A template's content is parsed as if scripts were off, so a `<noscript>` there holds
  // real elements, whose images would load behind the script's back: drop them.
  for (const fallback of template.content.querySelectorAll('noscript')) fallback.remove();
  const root = template.content.firstElementChild;
  if (!response.ok || !root || root.dataset.fragment === 'error') {
    const isErrorFragment = root?.dataset.fragment === 'error';
    throw new FragmentError(isErrorFragment ? root.textContent : null, isErrorFragment ? root.dataset.reason : undefined);
  }
  const savedAt = response.headers.get(savedAtHeader);
  if (savedAt) root.dataset.savedOnDevice = savedAt;
  return root;
}

// The banner offers to try again, unless what failed does not exist (then it leads to the
// feed). Tapping elsewhere on it dismisses it — unless the screen has nothing else to show,
// where dismissing would leave a blank page. Retry is a link to the screen for browsers
// without scripts; here it loads again in place.
export function errorBanner(element, onRetry, { hasContent = () => true } = {}) {
  const message = element.querySelector('[data-role="error-message"]');
  const retry = element.querySelector('[data-action="retry"]');
  const goToFeed = element.querySelector('[data-action="go-to-feed"]');
  const fallbackMessage = message.textContent;
  element.addEventListener('click', (event) => {
    if (event.target.closest('[data-action="retry"]')) {
      event.preventDefault();
      onRetry();
    } else if (!event.target.closest('a') && hasContent()) {
      element.hidden = true;
    }
  });
  return {
    show(text, reason) {
      message.textContent = text || fallbackMessage;
      retry.hidden = reason === 'not-found';
      if (goToFeed) goToFeed.hidden = reason !== 'not-found';
      element.hidden = false;
    },
    hide() { element.hidden = true; },
    get isShown() { return !element.hidden; },
    get reason() { return element.dataset.reason ?? 'unavailable'; },
  };
}

// Asks the app for `url` (HEAD, never from a cache) on its own, backing off, until
// `isBack(response)` says the connection is back; then `onBack()`. Start with `schedule()`.
export function checkingTheConnection(url, isBack, onBack) {
  const checks = retryingOnItsOwn(async () => {
    try {
      const response = await fetch(url, { method: 'HEAD', cache: 'no-store' });
      if (isBack(response)) {
        checks.stop();
        onBack();
        return;
      }
    } catch {
      // Still offline.
    }
    checks.schedule();
  });
  return checks;
}

// Tries again on its own while a screen shows an error or the offline notice: after 2 s,
// then twice as long each time up to a minute, and at once when the browser is back online.
export function retryingOnItsOwn(action) {
  const firstDelay = 2000;
  let delay = firstDelay;
  let timer = null;
  const run = () => {
    timer = null;
    action();
  };
  window.addEventListener('online', () => {
    if (timer === null) return;
    clearTimeout(timer);
    run();
  });
  return {
    schedule() {
      clearTimeout(timer);
      timer = setTimeout(run, delay);
      delay = Math.min(delay * 2, 60000);
    },
    stop() {
      clearTimeout(timer);
      timer = null;
      delay = firstDelay;
    },
  };
}

export function setLoading(list, indicator, isLoading) {
  list.setAttribute('aria-busy', String(isLoading));
  indicator.hidden = !isLoading;
}

// The refresh button, and pulling down from the top of the page on touch screens.
export function onRefresh(refresh) {
  document.querySelector('[data-action="refresh"]').addEventListener('click', refresh);

  const indicator = document.querySelector('[data-role="pull"]');
  const threshold = 80;
  let startY = null;
  let distance = 0;
  const reset = () => {
    startY = null;
    distance = 0;
    indicator.textContent = '';
    indicator.classList.remove('is-pulling', 'is-armed');
  };

  window.addEventListener('touchstart', (event) => {
    startY = window.scrollY === 0 && event.touches.length === 1 ? event.touches[0].clientY : null;
  }, { passive: true });
  window.addEventListener('touchmove', (event) => {
    if (startY === null) return;
    distance = Math.max(0, event.touches[0].clientY - startY);
    const armed = distance > threshold;
    indicator.classList.toggle('is-pulling', distance > 10);
    indicator.classList.toggle('is-armed', armed);
    indicator.textContent = armed ? indicator.dataset.releaseText : indicator.dataset.pullText;
  }, { passive: true });
  window.addEventListener('touchend', () => {
    const shouldRefresh = startY !== null && distance > threshold;
    reset();
    if (shouldRefresh) refresh();
  });
  window.addEventListener('touchcancel', reset);
}

// Scrolling down tucks the header away and scrolling up brings it back; the stylesheet
// lets it go only on a short window (a phone held sideways), where it would take much of it.
const header = document.querySelector('.screen-header');
if (header) {
  // Whatever is scrolled to (Page Down in the feed, a link to a part of the page) lands
  // below the header that stays, never under it.
  new ResizeObserver(() => {
    documentRoot.style.setProperty('--header-height', `${header.offsetHeight}px`);
  }).observe(header);
  let lastY = window.scrollY;
  window.addEventListener('scroll', () => {
    const y = window.scrollY;
    if (Math.abs(y - lastY) < 8) return;
    header.classList.toggle('is-tucked-away', y > lastY && y > header.offsetHeight);
    lastY = y;
  }, { passive: true });
  // The keyboard's focus never lands behind a tucked-away header.
  header.addEventListener('focusin', () => header.classList.remove('is-tucked-away'));
}

// The page shown offline for a screen the device never kept: the screen itself opens as
// soon as the connection is back.
if (document.querySelector('[data-role="not-saved-offline"]')) {
  // On the feed itself, a link to the feed would only lead back here.
  if (window.location.pathname === '/') {
    document.querySelector('[data-role="not-saved-offline"] .go-to-feed').hidden = true;
    document.querySelector('[data-role="not-saved-offline"] [data-action="retry"]').hidden = false;
  }
  checkingTheConnection(window.location.href, (response) => !response.headers.get(notSavedHeader),
    () => window.location.reload()).schedule();
}

// A screen kept on the device and opened with no connection: its notice says since when
// (`kind` as `deviceNotice` takes it), and goes once the app answers again.
export function showScreenSavedNotice(kind) {
  const notice = document.querySelector('[data-role="offline-notice"]');
  if (!notice || screenSavedAt === null) return;
  notice.querySelector('[data-role="offline-message"]').textContent = deviceNotice(kind, screenSavedAt);
  notice.hidden = false;
  checkingTheConnection(window.location.href, (response) => response.ok, () => { notice.hidden = true; }).schedule();
}
