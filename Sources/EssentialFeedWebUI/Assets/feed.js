import {
  deviceNotice, errorBanner, fetchFragment, isAbort, offlineTexts, onRefresh, retryingOnItsOwn, screenSavedAt, setLoading,
} from './screen.js';
import { paintPlaceholders } from './blurhash.js';

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

// The smallest size that is sharp where the image shows — its width in the box (a photo
// beyond the box's bounds is letterboxed) times the screen's pixel density — else the
// largest: as a browser chooses from `srcset`, but here, so the request can be cancelled.
export function chooseSource(image, box) {
  const candidates = (image.dataset.srcset ?? '').split(',')
    .map((candidate) => candidate.trim().split(/\s+/))
    .map(([url, width]) => ({ url, width: Number.parseInt(width, 10) }))
    .filter((candidate) => candidate.url && candidate.width > 0)
    .sort((a, b) => a.width - b.width);
  if (candidates.length === 0) return image.dataset.src;
  const photoRatio = Number(image.getAttribute('width')) / Number(image.getAttribute('height'));
  const boxRatio = box.clientWidth / Math.max(1, box.clientHeight);
  const shownWidth = box.clientWidth * (photoRatio > 0 && boxRatio > 0 ? Math.min(1, photoRatio / boxRatio) : 1);
  const needed = shownWidth * (window.devicePixelRatio || 1);
  return (candidates.find((candidate) => candidate.width >= needed) ?? candidates.at(-1)).url;
}

async function loadImage(container) {
  if (imageRequests.has(container) || container.classList.contains('is-loaded')) return;
  const image = container.querySelector('img.feed-image');
  if (!image.dataset.src) return; // in the HTML itself: its load or error event tells
  const request = new AbortController();
  imageRequests.set(container, request);
  showImageState(container, 'loading');
  try {
    const source = chooseSource(image, container);
    const response = await fetch(source, { signal: request.signal });
    if (!response.ok) throw new Error(`Image status ${response.status}`);
    await response.arrayBuffer();
    // Shown from the browser's cache; `load` or `error` tells whether it is an image. A new
    // element, as one that failed before may keep its failure for the same address.
    const fresh = image.cloneNode(false);
    fresh.src = source;
    image.replaceWith(fresh);
  } catch (error) {
    if (!isAbort(error)) showImageState(container, 'failed');
  } finally {
    imageRequests.delete(container);
  }
}

// The box's shape, for a browser whose stylesheet cannot read it from `data-ratio`.
function shapeBox(box) {
  if (box.dataset.ratio) box.style.setProperty('--ratio', box.dataset.ratio);
}

// An image the HTML loads itself may have finished before this script ran.
function watchImages(articles) {
  for (const article of articles) {
    shapeBox(article.querySelector('.feed-image-container'));
    paintPlaceholders(article);
    const container = article.querySelector('.feed-image-container');
    const image = container.querySelector('img.feed-image');
    if (!image.dataset.src && image.hasAttribute('src')) {
      if (!image.complete) showImageState(container, 'loading');
      else if (image.naturalWidth > 0) showImageState(container, 'loaded');
      else imageFailed(image);
    } else if (!container.classList.contains('is-loaded')) {
      showImageState(container, 'waiting');
    }
    imageObserver.observe(container);
  }
}

feed.addEventListener('load', (event) => {
  if (event.target.matches('img.feed-image')) showImageState(event.target.closest('.feed-image-container'), 'loaded');
}, true);
// Retrying goes through the script's own loading, from the addresses the image had; the
// browser must not choose from them again on its own.
function imageFailed(image) {
  if (!image.dataset.src) image.dataset.src = image.getAttribute('src');
  for (const name of ['srcset', 'sizes']) {
    if (image.hasAttribute(name)) image.dataset[name] = image.getAttribute(name);
    image.removeAttribute(name);
  }
  image.removeAttribute('src');
  showImageState(image.closest('.feed-image-container'), 'failed');
}

feed.addEventListener('error', (event) => {
  if (event.target.matches('img.feed-image')) imageFailed(event.target);
}, true);
feed.addEventListener('click', (event) => {
  const retry = event.target.closest('[data-action="retry-image"]');
  if (retry) loadImage(retry.closest('.feed-image-container'));
});

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
    const shownImages = new Map();
    for (const article of feed.children) {
      const container = article.querySelector('.feed-image-container');
      if (container.classList.contains('is-loaded')) shownImages.set(article.dataset.imageId, container);
    }
    for (const container of imageRequests.keys()) imageRequests.get(container).abort();
    imageObserver.disconnect();
    for (const article of articles) {
      const kept = shownImages.get(article.dataset.imageId);
      if (kept) article.querySelector('.feed-image-container').replaceWith(kept);
    }
    feed.replaceChildren(...articles);
  } else {
    feed.append(...articles);
  }
  watchImages(articles);
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
    rememberPlace();
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

// The reader's place: how many items the screen has and the article at the top of the
// window, kept in this history entry. Coming back to it (back button, back control), the
// pages are loaded again and the article brought back where it was — also when the browser
// could not keep the page itself in its back-forward cache.
const placeKey = 'essential-feed.place';
let placeTimer = null;

function topArticle() {
  for (const article of feed.children) {
    const box = article.getBoundingClientRect();
    if (box.bottom > 0) return { article, offset: box.top };
  }
  return null;
}

function rememberPlace() {
  const top = topArticle();
  const place = top && window.scrollY > 0
    ? { id: top.article.dataset.imageId, offset: top.offset, count: feed.children.length }
    : null;
  history.replaceState({ ...(history.state ?? {}), [placeKey]: place }, '');
}

window.addEventListener('scroll', () => {
  clearTimeout(placeTimer);
  placeTimer = setTimeout(rememberPlace, 150);
}, { passive: true });
window.addEventListener('pagehide', rememberPlace);

function findArticle(id) {
  return [...feed.children].find((article) => article.dataset.imageId === id);
}

async function restorePlace(place) {
  // Bounded: at most 50 pages, and only while the feed still has the article.
  for (let pages = 0; !findArticle(place.id) && feed.children.length < place.count + 10 && pages < 50; pages += 1) {
    if (!(await loadMore())) break;
  }
  const article = findArticle(place.id);
  if (!article) return;
  window.scrollTo({ top: window.scrollY + article.getBoundingClientRect().top - place.offset });
}

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
watchImages([...feed.children]);
if (feed.children.length > 0 || !emptyState.hidden) showPaging(nextPage);
if (screenSavedAt !== null) showOfflineNotice(deviceNotice('feed', screenSavedAt));
if (!offlineNotice.hidden || (banner.isShown && banner.reason !== 'not-found')) retries.schedule();
// Back from a photo's screen (Esc or its back control): the focus on that photo's post.
const focusKey = 'essential-feed.focus';

function focusReturnedArticle() {
  const id = sessionStorage.getItem(focusKey);
  if (!id) return;
  sessionStorage.removeItem(focusKey);
  const article = findArticle(id);
  if (!article) return;
  const box = article.getBoundingClientRect();
  article.focus({ preventScroll: box.bottom > 0 && box.top < window.innerHeight });
}

// Comment counts written on a comments screen since this one was shown (`comments.js`
// leaves them), for a screen the browser brings back as it was.
const commentsLabelPrefix = 'essential-feed.comments-label.';

function showCommentCounts() {
  for (const key of Object.keys(sessionStorage)) {
    if (!key.startsWith(commentsLabelPrefix)) continue;
    const label = findArticle(key.slice(commentsLabelPrefix.length))?.querySelector('.feed-comments-label');
    if (label) label.textContent = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
  }
}

window.addEventListener('pageshow', (event) => {
  if (!event.persisted) return;
  showCommentCounts();
  focusReturnedArticle();
});

const savedPlace = history.state?.[placeKey];
showCommentCounts();
if (savedPlace) {
  restorePlace(savedPlace).finally(() => {
    watchLoadMoreArea();
    focusReturnedArticle();
  });
} else {
  watchLoadMoreArea();
  focusReturnedArticle();
}
