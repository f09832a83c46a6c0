import { backTo, loadingRegion } from './region.js';
import { paintPlaceholders } from './blurhash.js';
import { onImagesSettled } from './image-events.js';

// The news list and a story arrive with their content (or their error) in the HTML; this
// adds image placeholders, refresh, retries, and a back control that returns to the list
// where the reader left it — from the browser's own copy, without loading it again.
const content = document.querySelector('.news, .story');

function showImageState(image) {
  const frame = image.closest('.news-image-frame');
  if (!frame) return;
  const loaded = image.complete && image.naturalWidth > 0;
  frame.classList.toggle('is-loaded', loaded);
  frame.classList.toggle('is-failed', image.complete && !loaded && image.getAttribute('src') !== null);
}

function watchImages() {
  paintPlaceholders(content);
  for (const image of content.querySelectorAll('img.news-image')) {
    if (image.complete) showImageState(image);
  }
}

onImagesSettled(content, 'img.news-image', { loaded: showImageState });

const region = loadingRegion({
  content,
  noticeKind: content.matches('.news') ? 'news' : 'story',
  // Refresh and retry go to the top, where the reader sees the screen load.
  beforeLoad: () => window.scrollTo({ top: 0 }),
  show: (fragment) => {
    content.replaceChildren(...fragment.children);
    // A story that arrives brings its own heading: the stand-in that named the screen goes.
    if (content.children.length > 0) document.querySelector('[data-role="screen-title"]')?.remove();
    watchImages();
  },
});

backTo('/news');
watchImages();
region.start();
