import { errorBanner, fetchFragment, isAbort, onRefresh, retryingOnItsOwn, setLoading } from './screen.js';

// The screen arrives with its comments (or its error) in the HTML; this adds refresh,
// retries, and a back control that returns to the feed where the reader left it.
const list = document.querySelector('ol.comments');
const loadingIndicator = document.querySelector('[data-role="loading"]');
const emptyState = document.querySelector('[data-role="empty"]');
const banner = errorBanner(document.querySelector('[data-role="error"]'), () => loadComments(), {
  hasContent: () => list.children.length > 0,
});
const retries = retryingOnItsOwn(() => loadComments());
let request = null;

async function loadComments() {
  if (request) return;
  retries.stop();
  request = new AbortController();
  setLoading(list, loadingIndicator, true);
  banner.hide();
  try {
    const fragment = await fetchFragment(list.dataset.source, request.signal);
    list.replaceChildren(...fragment.children);
    emptyState.hidden = list.children.length > 0;
  } catch (error) {
    if (!isAbort(error)) {
      banner.show(error.displayMessage, error.reason);
      if (error.reason !== 'not-found') retries.schedule();
    }
  } finally {
    request = null;
    setLoading(list, loadingIndicator, false);
  }
}

// Leaving for good cancels the request up to the API; a page only hidden
// (another tab, the back-forward cache) may be shown again, so it keeps loading.
window.addEventListener('pagehide', (event) => {
  if (!event.persisted) request?.abort();
});

// Back to the feed this screen was opened from: going back in history returns to the same
// place; opened any other way, the link goes to the feed's first page.
document.querySelector('[data-action="back"]').addEventListener('click', (event) => {
  const from = document.referrer ? new URL(document.referrer) : null;
  if (from && from.origin === window.location.origin && from.pathname === '/' && history.length > 1) {
    event.preventDefault();
    history.back();
  }
});

onRefresh(loadComments);
if (banner.isShown && banner.reason !== 'not-found') retries.schedule();
