import {
  deviceNotice, errorBanner, fetchFragment, isAbort, offlineTexts, onRefresh, retryingOnItsOwn, screenSavedAt, setLoading,
} from './screen.js';
import { paintPlaceholders } from './blurhash.js';
import { feedImages } from './feed-images.js';
import { feedPlace } from './feed-place.js';
import { followInPlace } from './follow.js';
import { learnHeartStates, likeInPlace } from './likes.js';

// The screen arrives with its first page (or its error) in the HTML; this adds paging as
// the reader scrolls, image loading, refresh, retries, and keeping the reader's place.
const feed = document.querySelector('[role="feed"]');
const loadingIndicator = document.querySelector('[data-role="loading"]');
const emptyState = document.querySelector('[data-role="empty"]');
const feedEnd = document.querySelector('[data-role="feed-end"]');
const loadMoreArea = document.querySelector('[data-role="load-more"]');
const loadMoreButton = loadMoreArea.querySelector('[data-action="load-more"]');
const loadingMore = loadMoreArea.querySelector('[data-role="loading-more"]');
const loadMoreError = loadMoreArea.querySelector('[data-role="load-more-error"]');
const loadMoreMessage = loadMoreError.querySelector('[data-role="load-more-message"]');
const loadMoreRetry = loadMoreError.querySelector('[data-action="retry-load-more"]');
const backToTop = loadMoreError.querySelector('[data-action="back-to-top"]');
const loadMoreFailure = loadMoreMessage.textContent;
const banner = errorBanner(document.querySelector('[data-role="error"]'), () => loadFeed(), {
  hasContent: () => feed.children.length > 0,
});
const bannerSlot = document.querySelector('[data-role="banner"]');
const offlineNotice = document.querySelector('[data-role="offline-notice"]');
const offlineMessage = offlineNotice.querySelector('[data-role="offline-message"]');
const retries = retryingOnItsOwn(() => loadFeed({ quietly: true }));

let nextPage = feed.dataset.nextPage ?? null;
let isLoadingFeed = false;
let loadMoreRequest = null;

const images = feedImages(feed);

// Page Up / Page Down move between articles, as the ARIA feed pattern asks; Enter on an
// article opens its comments.
feed.addEventListener('keydown', (event) => {
  const article = event.target.closest('article');
  if (!article) return;
  if (event.key === 'Enter' && event.target === article) {
    event.preventDefault();
    window.location.assign(article.dataset.comments);
    return;
  }
  if (event.key !== 'PageDown' && event.key !== 'PageUp') return;
  const target = event.key === 'PageDown' ? article.nextElementSibling : article.previousElementSibling;
  if (target) {
    event.preventDefault();
    // The next post from its top, below the header (the page's scroll padding).
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'start' });
  }
});

// Replacing the feed keeps the image of every article still in it, so a refresh does not
// make every picture load and fade in again.
function show(page, { replacing }) {
  const articles = [...page.children];
  if (replacing) {
    images.keepShown([...feed.children], articles);
    feed.replaceChildren(...articles);
  } else {
    feed.append(...articles);
  }
  images.watch(articles);
  learnHeartStates(feed);
  showPaging(page.dataset.nextPage ?? null);
}

function showPaging(next) {
  nextPage = next;
  const count = feed.children.length;
  emptyState.hidden = count > 0;
  loadMoreArea.hidden = nextPage === null;
  feedEnd.hidden = nextPage !== null || count === 0;
  if (nextPage === null) {
    for (const article of feed.children) article.setAttribute('aria-setsize', String(count));
  }
}

function showOfflineNotice(text) {
  offlineMessage.textContent = text ?? '';
  offlineNotice.hidden = text == null;
}

// The server's notice (the API down), or the device's (no connection, the page kept here).
function noticeOf(page) {
  if (page.dataset.offlineNotice != null) return page.dataset.offlineNotice;
  return page.dataset.savedOnDevice ? deviceNotice('feed', Number(page.dataset.savedOnDevice)) : null;
}

// Whether a first page starts the feed on screen the same way, so recovering from being
// offline needs to change nothing the person sees.
function continuesShownFeed(page) {
  const shown = [...feed.children].slice(0, page.children.length).map((article) => article.dataset.imageId);
  return page.children.length > 0 && shown.length === page.children.length
    && [...page.children].every((article, index) => article.dataset.imageId === shown[index]);
}

// `quietly`: a retry of its own while offline or failed, which keeps what is on screen
// until the API answers with something new. Otherwise (refresh, retry) the reader is
// taken to the top of the new feed.
async function loadFeed({ quietly = false } = {}) {
  if (isLoadingFeed) return;
  isLoadingFeed = true;
  retries.stop();
  if (!quietly) {
    loadMoreRequest?.abort();
    window.scrollTo({ top: 0 });
    setLoading(feed, loadingIndicator, true);
    banner.hide();
  }
  if (!quietly) loadBanner();
  try {
    const page = await fetchFragment(feed.dataset.source);
    if (!(quietly && continuesShownFeed(page))) {
      loadMoreRequest?.abort();
      if (!quietly) window.scrollTo({ top: 0 });
      show(page, { replacing: true });
      loadMoreError.hidden = true;
    }
    banner.hide();
    const notice = noticeOf(page);
    showOfflineNotice(notice);
    if (notice != null) retries.schedule();
  } catch (error) {
    // Offline with the feed kept on the device: the notice already says so.
    const staysAsShown = error.reason === 'not-saved' && !offlineNotice.hidden;
    if (!staysAsShown && (!quietly || offlineNotice.hidden)) banner.show(error.displayMessage, error.reason);
    if (error.reason !== 'not-found') retries.schedule();
  } finally {
    isLoadingFeed = false;
    setLoading(feed, loadingIndicator, false);
    place.remember();
    watchLoadMoreArea();
  }
}

// A new random photo on each refresh; when none comes, the feed shows without one.
async function loadBanner() {
  if (!bannerSlot) return;
  try {
    const slot = await fetchFragment(bannerSlot.dataset.source);
    paintPlaceholders(slot);
    bannerSlot.replaceChildren(...slot.children);
  } catch {
    bannerSlot.replaceChildren();
  }
}

function showLoadMoreFailure(error) {
  const notFound = error.reason === 'not-found';
  const notSaved = error.reason === 'not-saved';
  loadMoreMessage.textContent = notFound ? error.displayMessage : notSaved ? offlineTexts.moreNotSaved : loadMoreFailure;
  loadMoreRetry.hidden = notFound;
  backToTop.hidden = !notFound;
  loadMoreError.hidden = false;
}

// After the next frame is drawn (or a tenth of a second, where frames are not drawn: a tab in the background).
function frameDrawn() {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
}

async function loadMore() {
  if (!nextPage || loadMoreRequest || isLoadingFeed) return false;
  loadMoreRequest = new AbortController();
  loadMoreError.hidden = true;
  loadMoreButton.hidden = true;
  // The indicator is a new element in the paging area's place, and goes away as the page
  // arrives where it was: nothing that was on screen moves (no layout shift).
  const indicator = loadingMore.cloneNode(true);
  indicator.hidden = false;
  loadMoreArea.before(indicator);
  loadMoreArea.hidden = true;
  let failed = false;
  try {
    // A frame with the area hidden is drawn before the page lands, even when it comes at
    // once (from the device): else the area would seem to jump from there to below the page.
    const [page] = await Promise.all([fetchFragment(nextPage, loadMoreRequest.signal), frameDrawn()]);
    indicator.remove();
    show(page, { replacing: false });
  } catch (error) {
    failed = !isAbort(error);
    if (failed) showLoadMoreFailure(error);
  } finally {
    indicator.remove();
    loadMoreRequest = null;
    loadMoreArea.hidden = nextPage === null;
    loadMoreButton.hidden = failed;
    if (!failed) watchLoadMoreArea();
  }
  return !failed;
}

// More pages load as the end comes near; after a failure only the retry button loads again.
const loadMoreObserver = new IntersectionObserver((entries) => {
  if (entries.some((entry) => entry.isIntersecting) && loadMoreError.hidden) loadMore();
}, { rootMargin: '0px 0px 600px 0px' });

function watchLoadMoreArea() {
  // Observing again reports whether the area is still near, after the page grew.
  loadMoreObserver.unobserve(loadMoreArea);
  if (nextPage !== null) loadMoreObserver.observe(loadMoreArea);
}

const place = feedPlace(feed, { loadMore });

loadMoreButton.addEventListener('click', (event) => {
  event.preventDefault();
  loadMore();
});
loadMoreRetry.addEventListener('click', loadMore);
document.querySelector('[data-action="scroll-to-top"]').addEventListener('click', (event) => {
  event.preventDefault();
  window.scrollTo({ top: 0, behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  feed.firstElementChild?.focus({ preventScroll: true });
});
backToTop.addEventListener('click', () => loadFeed());
offlineNotice.querySelector('[data-action="retry"]').addEventListener('click', (event) => {
  event.preventDefault();
  loadFeed();
});
onRefresh(loadFeed);

if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
if (bannerSlot) paintPlaceholders(bannerSlot);
images.watch([...feed.children]);
if (feed.children.length > 0 || !emptyState.hidden) showPaging(nextPage);
if (screenSavedAt !== null) showOfflineNotice(deviceNotice('feed', screenSavedAt));
if (!offlineNotice.hidden || (banner.isShown && banner.reason !== 'not-found')) retries.schedule();
place.comeBack(watchLoadMoreArea);
// People to follow, on an empty Following tab.
followInPlace(document.querySelector('[data-role="empty"]') ?? document);
likeInPlace();
// New photos the live stream put above the first (live.js).
feed.addEventListener('feed:inserted', (event) => { images.watch(event.detail); learnHeartStates(feed); });

// The tab shown is the one the feed opens on next time.
const tabs = document.querySelector('.feed-tabs');
const shownTab = tabs?.querySelector('[aria-current="page"]')?.dataset.tab;
if (shownTab) document.cookie = `${tabs.dataset.cookie}=${shownTab}; path=/; max-age=31536000; SameSite=Lax`;
