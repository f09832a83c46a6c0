import {
  deviceNotice, errorBanner, fetchFragment, isAbort, onRefresh, retryingOnItsOwn, screenSavedAt, setLoading,
} from './screen.js';
import { paintPlaceholders } from './blurhash.js';

// The news list and a story arrive with their content (or their error) in the HTML; this
// adds image placeholders, refresh, retries, and a back control that returns to the list
// where the reader left it — from the browser's own copy, without loading it again.
const content = document.querySelector('.news, .story');
const loadingIndicator = document.querySelector('[data-role="loading"]');
const emptyState = document.querySelector('[data-role="empty"]');
const offlineNotice = document.querySelector('[data-role="offline-notice"]');
const offlineMessage = offlineNotice.querySelector('[data-role="offline-message"]');
const noticeKind = content.matches('.news') ? 'news' : 'story';
const banner = errorBanner(document.querySelector('[data-role="error"]'), () => load(), {
  hasContent: () => content.children.length > 0,
});
const retries = retryingOnItsOwn(() => load({ quietly: true }));
let request = null;

function showImageState(image) {
  const frame = image.closest('.news-image-frame');
  if (!frame) return;
  const loaded = image.complete && image.naturalWidth > 0;
  frame.classList.toggle('is-loaded', loaded);
  frame.classList.toggle('is-failed', image.complete && !loaded && image.getAttribute('src') !== null);
}

function watchImages() {
  paintPlaceholders(content);
  for (const image of content.querySelectorAll('img.news-image')) {
    if (image.complete) showImageState(image);
  }
}

content.addEventListener('load', (event) => {
  if (event.target.matches('img.news-image')) showImageState(event.target);
}, true);
content.addEventListener('error', (event) => {
  if (event.target.matches('img.news-image')) showImageState(event.target);
}, true);

function showOfflineNotice(text) {
  offlineMessage.textContent = text ?? '';
  offlineNotice.hidden = text == null;
}

// `quietly`: a retry of its own while offline or failed, which changes the screen only when
// the API answers. Otherwise (refresh, retry) the reader sees it load and goes to the top.
async function load({ quietly = false } = {}) {
  if (request) return;
  retries.stop();
  request = new AbortController();
  if (!quietly) {
    window.scrollTo({ top: 0 });
    setLoading(content, loadingIndicator, true);
    banner.hide();
  }
  try {
    const fragment = await fetchFragment(content.dataset.source, request.signal);
    const offline = fragment.dataset.offlineNotice
      ?? (fragment.dataset.savedOnDevice ? deviceNotice(noticeKind, Number(fragment.dataset.savedOnDevice)) : null);
    if (!(quietly && offline !== null && content.children.length > 0)) {
      content.replaceChildren(...fragment.children);
      // A story that arrives brings its own heading: the stand-in that named the screen goes.
      if (content.children.length > 0) document.querySelector('[data-role="screen-title"]')?.remove();
      watchImages();
    }
    banner.hide();
    showOfflineNotice(offline);
    if (emptyState) emptyState.hidden = content.children.length > 0;
    if (offline !== null) retries.schedule();
  } catch (error) {
    if (!isAbort(error)) {
      const staysAsShown = error.reason === 'not-saved' && !offlineNotice.hidden;
      if (!staysAsShown && (!quietly || offlineNotice.hidden)) banner.show(error.displayMessage, error.reason);
      if (error.reason !== 'not-found' && error.reason !== 'unauthorized') retries.schedule();
    }
  } finally {
    request = null;
    setLoading(content, loadingIndicator, false);
  }
}

// Leaving for good cancels the request up to the API; a page only hidden (another tab, the
// back-forward cache) may be shown again, so it keeps loading.
window.addEventListener('pagehide', (event) => {
  if (!event.persisted) request?.abort();
});

// Back to the list this story was opened from: going back in history shows the browser's
// copy of it at the same place; opened any other way, the link opens the news.
document.querySelector('[data-action="back"]')?.addEventListener('click', (event) => {
  const from = document.referrer ? new URL(document.referrer) : null;
  if (from && from.origin === window.location.origin && from.pathname === '/news' && history.length > 1) {
    event.preventDefault();
    history.back();
  }
});

offlineNotice.querySelector('[data-action="retry"]').addEventListener('click', (event) => {
  event.preventDefault();
  load();
});
onRefresh(() => load());
watchImages();
if (screenSavedAt !== null) showOfflineNotice(deviceNotice(noticeKind, screenSavedAt));
if (!offlineNotice.hidden || (banner.isShown && banner.reason !== 'not-found')) retries.schedule();
