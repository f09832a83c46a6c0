// The part of a screen that loads from its fragment, and every state it goes through: loading,
// loaded, failed with the error banner and its retry, kept on the device with a notice that
// says since when, and retries of its own while offline or failed. A screen's script gives
// what is its own (how a fragment is shown) and calls `start()`.
import {
  deviceNotice, errorBanner, fetchFragment, isAbort, onRefresh, retryingOnItsOwn, screenSavedAt, setLoading,
} from './screen.js';

// `content`: the element the fragment's children replace. `noticeKind`: the offline texts'
// name for this screen (comments, news, story). `show(fragment)`: puts a fragment on screen.
// `beforeLoad()`: what a load the reader asked for does first (a retry of its own does not).
export function loadingRegion({ content, noticeKind, show, beforeLoad = () => {} }) {
  const loadingIndicator = document.querySelector('[data-role="loading"]');
  const emptyState = document.querySelector('[data-role="empty"]');
  const offlineNotice = document.querySelector('[data-role="offline-notice"]');
  const offlineMessage = offlineNotice.querySelector('[data-role="offline-message"]');
  const banner = errorBanner(document.querySelector('[data-role="error"]'), () => load(), {
    hasContent: () => content.children.length > 0,
  });
  const retries = retryingOnItsOwn(() => load({ quietly: true }));
  let request = null;

  function showOfflineNotice(text) {
    offlineMessage.textContent = text ?? '';
    offlineNotice.hidden = text == null;
  }

  // `quietly`: a retry of its own while offline or failed, which changes the screen only when
  // the API answers. Otherwise (refresh, retry) the reader sees it load.
  async function load({ quietly = false } = {}) {
    if (request) return;
    retries.stop();
    request = new AbortController();
    if (!quietly) {
      beforeLoad();
      setLoading(content, loadingIndicator, true);
      banner.hide();
    }
    try {
      const fragment = await fetchFragment(content.dataset.source, request.signal);
      const offline = fragment.dataset.offlineNotice
        ?? (fragment.dataset.savedOnDevice ? deviceNotice(noticeKind, Number(fragment.dataset.savedOnDevice)) : null);
      if (!(quietly && offline !== null && content.children.length > 0)) show(fragment);
      if (emptyState) emptyState.hidden = content.children.length > 0;
      banner.hide();
      showOfflineNotice(offline);
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

  // What the screen arrived with: a notice if it came from the device, retries if it failed.
  function start() {
    offlineNotice.querySelector('[data-action="retry"]')?.addEventListener('click', (event) => {
      event.preventDefault();
      load();
    });
    // Leaving for good cancels the request up to the API; a page only hidden (another tab,
    // the back-forward cache) may be shown again, so it keeps loading.
    window.addEventListener('pagehide', (event) => {
      if (!event.persisted) request?.abort();
    });
    onRefresh(() => load());
    if (screenSavedAt !== null) showOfflineNotice(deviceNotice(noticeKind, screenSavedAt));
    if (!offlineNotice.hidden || (banner.isShown && banner.reason !== 'not-found')) retries.schedule();
  }

  // Something else put new content in place (a comment posted): the error it replaces goes.
  function shown() {
    if (emptyState) emptyState.hidden = content.children.length > 0;
    banner.hide();
  }

  return { load, start, shown };
}

// A back control to the screen this one was opened from (`pathname`): going back in history
// returns to the same place, from the browser's own copy; opened any other way, the link
// goes where it says.
export function backTo(pathname) {
  document.querySelector('[data-action="back"]')?.addEventListener('click', (event) => {
    const from = document.referrer ? new URL(document.referrer) : null;
    if (from && from.origin === window.location.origin && from.pathname === pathname && history.length > 1) {
      event.preventDefault();
      history.back();
    }
  });
}
