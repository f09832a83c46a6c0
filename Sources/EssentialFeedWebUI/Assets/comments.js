import { errorBanner, fetchFragment, isAbort, onRefresh, retryingOnItsOwn, setLoading } from './screen.js';

const list = document.querySelector('ol.comments');
const loadingIndicator = document.querySelector('[data-role="loading"]');
const emptyState = document.querySelector('[data-role="empty"]');
const banner = errorBanner(document.querySelector('[data-role="error"]'), () => loadComments());
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

onRefresh(loadComments);
loadComments();
