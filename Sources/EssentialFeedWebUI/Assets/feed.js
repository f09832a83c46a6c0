import { errorBanner, fetchFragment, isAbort, onRefresh, retryingOnItsOwn, setLoading } from './screen.js';

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
const banner = errorBanner(document.querySelector('[data-role="error"]'), () => loadFeed());
const offlineNotice = document.querySelector('[data-role="offline-notice"]');
const offlineMessage = offlineNotice.querySelector('[data-role="offline-message"]');
const retries = retryingOnItsOwn(() => loadFeed({ quietly: true }));

let nextPage = null;
let isLoadingFeed = false;
let loadMoreRequest = null;

// Images: requested when near the viewport, cancelled when scrolled far away before they arrive.
const imageRequests = new Map();
const imageObserver = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    if (entry.isIntersecting) loadImage(entry.target);
    else imageRequests.get(entry.target)?.abort();
  }
}, { rootMargin: '400px 0px' });

function showImageState(container, state) {
  container.classList.toggle('is-loading', state === 'loading');
  container.classList.toggle('is-failed', state === 'failed');
  container.classList.toggle('is-loaded', state === 'loaded');
  container.querySelector('.feed-image-retry').hidden = state !== 'failed';
}

async function loadImage(container) {
  if (imageRequests.has(container) || container.classList.contains('is-loaded')) return;
  const image = container.querySelector('img.feed-image');
  const request = new AbortController();
  imageRequests.set(container, request);
  showImageState(container, 'loading');
  try {
    const response = await fetch(image.dataset.src, { signal: request.signal });
    if (!response.ok) throw new Error(`Image status ${response.status}`);
    await response.arrayBuffer();
    // Shown from the browser's cache; `load` or `error` tells whether it is an image.
    image.src = image.dataset.src;
  } catch (error) {
    if (!isAbort(error)) showImageState(container, 'failed');
  } finally {
    imageRequests.delete(container);
  }
}

feed.addEventListener('load', (event) => {
  if (event.target.matches('img.feed-image')) showImageState(event.target.closest('.feed-image-container'), 'loaded');
}, true);
feed.addEventListener('error', (event) => {
  if (!event.target.matches('img.feed-image')) return;
  event.target.removeAttribute('src');
  showImageState(event.target.closest('.feed-image-container'), 'failed');
}, true);
feed.addEventListener('click', (event) => {
  const retry = event.target.closest('[data-action="retry-image"]');
  if (retry) loadImage(retry.closest('.feed-image-container'));
});

// Page Up / Page Down move between articles, as the ARIA feed pattern asks.
feed.addEventListener('keydown', (event) => {
  if (event.key !== 'PageDown' && event.key !== 'PageUp') return;
  const article = event.target.closest('article');
  const target = event.key === 'PageDown' ? article?.nextElementSibling : article?.previousElementSibling;
  if (target) {
    event.preventDefault();
    target.focus();
  }
});

function show(page, { replacing }) {
  const articles = [...page.children];
  if (replacing) {
    for (const container of imageRequests.keys()) imageRequests.get(container).abort();
    imageObserver.disconnect();
    feed.replaceChildren(...articles);
  } else {
    feed.append(...articles);
  }
  for (const article of articles) imageObserver.observe(article.querySelector('.feed-image-container'));

  nextPage = page.dataset.nextPage ?? null;
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

// Whether a first page starts the feed on screen the same way, so recovering from being
// offline needs to change nothing the person sees.
function continuesShownFeed(page) {
  const shown = [...feed.children].slice(0, page.children.length).map((article) => article.dataset.imageId);
  return page.children.length > 0 && shown.length === page.children.length
    && [...page.children].every((article, index) => article.dataset.imageId === shown[index]);
}

// `quietly`: a retry of its own while offline or failed, which keeps what is on screen
// until the API answers with something new.
async function loadFeed({ quietly = false } = {}) {
  if (isLoadingFeed) return;
  isLoadingFeed = true;
  retries.stop();
  if (!quietly) {
    loadMoreRequest?.abort();
    setLoading(feed, loadingIndicator, true);
    banner.hide();
  }
  try {
    const page = await fetchFragment(feed.dataset.source);
    if (!(quietly && continuesShownFeed(page))) {
      loadMoreRequest?.abort();
      show(page, { replacing: true });
      loadMoreError.hidden = true;
    }
    banner.hide();
    showOfflineNotice(page.dataset.offlineNotice);
    if (page.dataset.offlineNotice != null) retries.schedule();
  } catch (error) {
    if (!quietly || offlineNotice.hidden) banner.show(error.displayMessage, error.reason);
    if (error.reason !== 'not-found') retries.schedule();
  } finally {
    isLoadingFeed = false;
    setLoading(feed, loadingIndicator, false);
    watchLoadMoreArea();
  }
}

function showLoadMoreFailure(error) {
  const notFound = error.reason === 'not-found';
  loadMoreMessage.textContent = notFound ? error.displayMessage : loadMoreFailure;
  loadMoreRetry.hidden = notFound;
  backToTop.hidden = !notFound;
  loadMoreError.hidden = false;
}

async function loadMore() {
  if (!nextPage || loadMoreRequest || isLoadingFeed) return;
  loadMoreRequest = new AbortController();
  loadMoreError.hidden = true;
  loadMoreButton.hidden = true;
  loadingMore.hidden = false;
  let failed = false;
  try {
    show(await fetchFragment(nextPage, loadMoreRequest.signal), { replacing: false });
  } catch (error) {
    failed = !isAbort(error);
    if (failed) showLoadMoreFailure(error);
  } finally {
    loadMoreRequest = null;
    loadingMore.hidden = true;
    loadMoreButton.hidden = failed;
    if (!failed) watchLoadMoreArea();
  }
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

loadMoreButton.addEventListener('click', loadMore);
loadMoreRetry.addEventListener('click', loadMore);
backToTop.addEventListener('click', () => {
  window.scrollTo({ top: 0 });
  loadFeed();
});
offlineNotice.querySelector('[data-action="retry"]').addEventListener('click', () => loadFeed());
onRefresh(loadFeed);
loadFeed();
