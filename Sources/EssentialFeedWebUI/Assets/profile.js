import { fetchFragment, isAbort, showScreenSavedNotice } from './screen.js';
import { followInPlace } from './follow.js';
import { likeInPlace } from './likes.js';
import { paintPlaceholders } from './blurhash.js';

// A profile arrives whole in the HTML; this adds the photos after the first ones as the
// reader nears the end of the grid, and sends Follow / Unfollow and the squares' hearts without
// leaving the page.
const grid = document.querySelector('[data-role="photos"]');
const more = document.querySelector('[data-role="more-photos"]');
let nextPage = grid?.dataset.nextPage ?? null;
let loading = null;

async function loadMore() {
  if (!nextPage || loading) return;
  loading = new AbortController();
  try {
    const page = await fetchFragment(nextPage, loading.signal);
    grid.append(...page.children);
    paintPlaceholders(grid);
    nextPage = page.dataset.nextPage ?? null;
    more.hidden = nextPage === null;
  } catch (error) {
    // The "More photos" link stays: a tap loads the next screen without the script.
    if (!isAbort(error)) observer.disconnect();
  } finally {
    loading = null;
  }
}

const observer = new IntersectionObserver((entries) => {
  if (entries.some((entry) => entry.isIntersecting)) loadMore();
}, { rootMargin: '600px 0px' });

followInPlace();
likeInPlace();

if (grid) {
  paintPlaceholders(grid);
  if (nextPage && more) observer.observe(more);
}

// Kept on the device and opened with no connection.
showScreenSavedNotice('profile');
