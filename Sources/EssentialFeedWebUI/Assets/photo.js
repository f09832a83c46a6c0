import { paintPlaceholders } from './blurhash.js';
import { likeInPlace } from './likes.js';
import { isAbort, showScreenSavedNotice } from './screen.js';

// The photo's screen arrives with the size the feed showed (from the browser's cache) over
// its BlurHash; this loads the full size over it — cancelled, up to the API, when the screen
// is left first — and adds → and ← for the next and previous photo, Esc back to the feed at
// this photo's post, swipes, and fit / actual size with panning.
const screen = document.querySelector('.photo-screen');
const stage = screen.querySelector('[data-role="stage"]');
const frame = screen.querySelector('.photo-frame');
const loading = screen.querySelector('[data-role="full-loading"]');
const unavailable = screen.querySelector('[data-role="full-unavailable"]');
const zoom = screen.querySelector('[data-action="zoom"]');
let image = screen.querySelector('img.photo-image');

// Where Esc and the back control return: the feed, to the post of the photo shown.
const fromFeedKey = 'essential-feed.photo-from-feed';
const focusKey = 'essential-feed.focus';

const from = document.referrer ? new URL(document.referrer) : null;
if (from?.origin === window.location.origin && from.pathname === '/') sessionStorage.setItem(fromFeedKey, '1');
else if (from?.origin !== window.location.origin || !from.pathname.startsWith('/images/')) sessionStorage.removeItem(fromFeedKey);

function backToFeed() {
  if (screen.dataset.photoId) sessionStorage.setItem(focusKey, screen.dataset.photoId);
  if (sessionStorage.getItem(fromFeedKey) === '1' && history.length > 1) history.back();
  else window.location.assign(screen.dataset.feed);
}

// The next and previous photos replace this one in the history, so Back returns to the feed.
function step(direction) {
  const address = direction === 'next' ? screen.dataset.next : screen.dataset.previous;
  if (address) window.location.replace(address);
}

if (frame) {
  if (frame.dataset.ratio) frame.style.setProperty('--ratio', frame.dataset.ratio);
  paintPlaceholders(stage);
}

let fullRequest = null;

async function loadFull() {
  const full = image?.dataset.full;
  if (!full) return;
  // Shown by the script that loads the full size: without scripts nothing is loading.
  loading.hidden = false;
  fullRequest = new AbortController();
  try {
    const response = await fetch(full, { signal: fullRequest.signal });
    if (!response.ok) throw new Error(`Full size status ${response.status}`);
    await response.arrayBuffer();
    // From the browser's cache, into a new element decoded before it takes the smaller one's place.
    const fullImage = image.cloneNode(false);
    for (const name of ['srcset', 'sizes', 'fetchpriority']) fullImage.removeAttribute(name);
    fullImage.src = full;
    await fullImage.decode();
    image.replaceWith(fullImage);
    image = fullImage;
    stage.classList.add('is-full');
    zoom.hidden = false;
  } catch (error) {
    if (isAbort(error)) return;
    unavailable.hidden = false;
  } finally {
    fullRequest = null;
    loading.hidden = true;
  }
}

// Leaving for good cancels the download; a page only hidden (the back-forward cache) keeps it.
window.addEventListener('pagehide', (event) => {
  if (!event.persisted) fullRequest?.abort();
});

// Back to a photo deleted meanwhile (here, or in another tab): a screen the browser restores
// from its back-forward cache asks whether the photo is still there, and shows the app's
// not-found page if not. Offline, it stays as it was.
window.addEventListener('pageshow', async (event) => {
  if (!event.persisted) return;
  try {
    const response = await fetch(window.location.href, { cache: 'no-store', headers: { Accept: 'text/html' } });
    if (response.status === 404) window.location.reload();
  } catch {
    // Offline: the screen stays as it was, as every screen does offline.
  }
});

// Actual size: one pixel of the photo to one of the screen, panned by scrolling the stage
// (a finger does it natively; a mouse drags).
function setActualSize(actual) {
  stage.classList.toggle('is-actual-size', actual);
  zoom.setAttribute('aria-pressed', String(actual));
  zoom.textContent = actual ? zoom.dataset.fitLabel : zoom.dataset.actualLabel;
  if (actual) {
    // The largest size's own pixels, as the server knows them: a browser derives an image's
    // natural width from the size it chose for the feed's column, even for the same address.
    const width = Number(frame.dataset.actualWidth) || image.naturalWidth;
    frame.style.width = `${width / (window.devicePixelRatio || 1)}px`;
    stage.scrollTo({ left: (stage.scrollWidth - stage.clientWidth) / 2, top: (stage.scrollHeight - stage.clientHeight) / 2 });
  } else {
    frame.style.removeProperty('width');
  }
}

zoom?.addEventListener('click', () => setActualSize(!stage.classList.contains('is-actual-size')));

let drag = null;
stage?.addEventListener('pointerdown', (event) => {
  drag = { x: event.clientX, y: event.clientY, left: stage.scrollLeft, top: stage.scrollTop, type: event.pointerType };
});
stage?.addEventListener('pointermove', (event) => {
  if (!drag || drag.type !== 'mouse' || !stage.classList.contains('is-actual-size')) return;
  stage.scrollLeft = drag.left - (event.clientX - drag.x);
  stage.scrollTop = drag.top - (event.clientY - drag.y);
});
stage?.addEventListener('pointerup', (event) => {
  const start = drag;
  drag = null;
  if (!start || stage.classList.contains('is-actual-size')) return;
  const dx = event.clientX - start.x;
  const dy = event.clientY - start.y;
  if (Math.abs(dx) > 60 && Math.abs(dx) > 2 * Math.abs(dy)) step(dx < 0 ? 'next' : 'previous');
});
stage?.addEventListener('pointercancel', () => { drag = null; });
// A mouse drags the photo to pan or swipe, never to drag the image out of the page.
stage?.addEventListener('dragstart', (event) => event.preventDefault());

document.addEventListener('keydown', (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  if (event.target.closest?.('input, textarea, select')) return;
  if (event.key === 'ArrowRight') step('next');
  else if (event.key === 'ArrowLeft') step('previous');
  else if (event.key === 'Escape') backToFeed();
  else return;
  event.preventDefault();
});

document.querySelector('[data-action="back"]')?.addEventListener('click', (event) => {
  event.preventDefault();
  backToFeed();
});

loadFull();

// Kept on the device and opened with no connection (the photo itself is the same either way).
showScreenSavedNotice('photo');
likeInPlace();
