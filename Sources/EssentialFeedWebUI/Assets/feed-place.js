// The reader's place in the feed: how many items the screen has and the article at the top
// of the window, kept in this history entry. Coming back to it (back button, back control),
// the pages are loaded again and the article brought back where it was — also when the
// browser could not keep the page itself in its back-forward cache. With it, the focus on
// the post a photo's screen was left for, and the comment counts changed meanwhile.
const placeKey = 'essential-feed.place';
const focusKey = 'essential-feed.focus';
// Written by `comments.js` for a screen the browser brings back as it was.
const commentsLabelPrefix = 'essential-feed.comments-label.';

// `loadMore()` loads the next page and says whether it came.
export function feedPlace(feed, { loadMore }) {
  let placeTimer = null;

  const findArticle = (id) => [...feed.children].find((article) => article.dataset.imageId === id);

  function topArticle() {
    for (const article of feed.children) {
      const box = article.getBoundingClientRect();
      if (box.bottom > 0) return { article, offset: box.top };
    }
    return null;
  }

  function remember() {
    const top = topArticle();
    const place = top && window.scrollY > 0
      ? { id: top.article.dataset.imageId, offset: top.offset, count: feed.children.length }
      : null;
    history.replaceState({ ...(history.state ?? {}), [placeKey]: place }, '');
  }

  async function restore(place) {
    // Bounded: at most 50 pages, and only while the feed still has the article.
    for (let pages = 0; !findArticle(place.id) && feed.children.length < place.count + 10 && pages < 50; pages += 1) {
      if (!(await loadMore())) break;
    }
    const article = findArticle(place.id);
    if (!article) return;
    window.scrollTo({ top: window.scrollY + article.getBoundingClientRect().top - place.offset });
  }

  // Back from a photo's screen (Esc or its back control): the focus on that photo's post.
  function focusReturnedArticle() {
    const id = sessionStorage.getItem(focusKey);
    if (!id) return;
    sessionStorage.removeItem(focusKey);
    const article = findArticle(id);
    if (!article) return;
    const box = article.getBoundingClientRect();
    article.focus({ preventScroll: box.bottom > 0 && box.top < window.innerHeight });
  }

  function showCommentCounts() {
    for (const key of Object.keys(sessionStorage)) {
      if (!key.startsWith(commentsLabelPrefix)) continue;
      const label = findArticle(key.slice(commentsLabelPrefix.length))?.querySelector('.feed-comments-label');
      if (label) label.textContent = sessionStorage.getItem(key);
      sessionStorage.removeItem(key);
    }
  }

  window.addEventListener('scroll', () => {
    clearTimeout(placeTimer);
    placeTimer = setTimeout(remember, 150);
  }, { passive: true });
  window.addEventListener('pagehide', remember);
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    showCommentCounts();
    focusReturnedArticle();
  });

  return {
    remember,
    // Back where the reader was, if this history entry has a place; `ready()` then runs
    // before the focus returns to the post a photo's screen was left for.
    async comeBack(ready) {
      const saved = history.state?.[placeKey];
      showCommentCounts();
      try {
        if (saved) await restore(saved);
      } finally {
        ready();
        focusReturnedArticle();
      }
    },
  };
}
