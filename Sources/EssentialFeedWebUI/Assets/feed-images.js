// The feed's photos: each requested when near the viewport (the size the screen needs),
// cancelled when scrolled far away before it arrives, with its loading, loaded and failed
// states and a retry.
// No DOM at the top of this module (nor of what it imports), so its rules run under Node's tests.
import { paintPlaceholders } from './blurhash.js';
import { onImagesSettled } from './image-events.js';

// The smallest size that is sharp where the image shows — its width in the box (a photo
// beyond the box's bounds is letterboxed) times the screen's pixel density — else the
// largest: as a browser chooses from `srcset`, but here, so the request can be cancelled.
export function chooseSource(image, box, pixelRatio = globalThis.devicePixelRatio || 1) {
  const candidates = (image.dataset.srcset ?? '').split(',')
    .map((candidate) => candidate.trim().split(/\s+/))
    .map(([url, width]) => ({ url, width: Number.parseInt(width, 10) }))
    .filter((candidate) => candidate.url && candidate.width > 0)
    .sort((a, b) => a.width - b.width);
  if (candidates.length === 0) return image.dataset.src;
  const photoRatio = Number(image.getAttribute('width')) / Number(image.getAttribute('height'));
  const boxRatio = box.clientWidth / Math.max(1, box.clientHeight);
  const shownWidth = box.clientWidth * (photoRatio > 0 && boxRatio > 0 ? Math.min(1, photoRatio / boxRatio) : 1);
  const needed = shownWidth * pixelRatio;
  return (candidates.find((candidate) => candidate.width >= needed) ?? candidates.at(-1)).url;
}

function showImageState(container, state) {
  container.classList.toggle('is-loading', state === 'loading');
  container.classList.toggle('is-failed', state === 'failed');
  container.classList.toggle('is-loaded', state === 'loaded');
  container.querySelector('.feed-image-retry').hidden = state !== 'failed';
}

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

// Whether the photo is still hidden behind its content warning.
export function isBehindWarning(container) {
  const warning = container.querySelector('.content-warning');
  return Boolean(warning) && !warning.open;
}

// The box's shape, for a browser whose stylesheet cannot read it from `data-ratio`.
function shapeBox(box) {
  if (box.dataset.ratio) box.style.setProperty('--ratio', box.dataset.ratio);
}

export function feedImages(feed) {
  const requests = new Map();
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) load(entry.target);
      else requests.get(entry.target)?.abort();
    }
  }, { rootMargin: '400px 0px' });

  async function load(container) {
    if (requests.has(container) || container.classList.contains('is-loaded')) return;
    if (isBehindWarning(container)) return; // loaded when the reader opens the warning
    const image = container.querySelector('img.feed-image');
    if (!image.dataset.src) return; // in the HTML itself: its load or error event tells
    const request = new AbortController();
    requests.set(container, request);
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
      if (error?.name !== 'AbortError') showImageState(container, 'failed');
    } finally {
      requests.delete(container);
    }
  }

  onImagesSettled(feed, 'img.feed-image', {
    loaded: (image) => showImageState(image.closest('.feed-image-container'), 'loaded'),
    failed: imageFailed
  });
  feed.addEventListener('click', (event) => {
    const retry = event.target.closest('[data-action="retry-image"]');
    if (retry) load(retry.closest('.feed-image-container'));
  });
  // `toggle` does not bubble: heard on its way down.
  feed.addEventListener('toggle', (event) => {
    if (event.target.matches?.('.content-warning') && event.target.open) load(event.target.closest('.feed-image-container'));
  }, true);

  return {
    // New articles on screen. An image the HTML loads itself may have finished before this ran.
    watch(articles) {
      for (const article of articles) {
        const container = article.querySelector('.feed-image-container');
        shapeBox(container);
        paintPlaceholders(article);
        const image = container.querySelector('img.feed-image');
        if (!image.dataset.src && image.hasAttribute('src')) {
          if (!image.complete) showImageState(container, 'loading');
          else if (image.naturalWidth > 0) showImageState(container, 'loaded');
          else imageFailed(image);
        } else if (!container.classList.contains('is-loaded')) {
          showImageState(container, 'waiting');
        }
        observer.observe(container);
      }
    },
    // A new first page in place of `shown`: every photo already shown stays as it is, so a
    // refresh does not make every picture load and fade in again.
    keepShown(shown, articles) {
      const shownImages = new Map();
      for (const article of shown) {
        const container = article.querySelector('.feed-image-container');
        if (container.classList.contains('is-loaded')) shownImages.set(article.dataset.imageId, container);
      }
      for (const request of requests.values()) request.abort();
      observer.disconnect();
      for (const article of articles) {
        const kept = shownImages.get(article.dataset.imageId);
        if (kept) article.querySelector('.feed-image-container').replaceWith(kept);
      }
    },
  };
}
