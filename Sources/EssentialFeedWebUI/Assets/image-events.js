// Calls `loaded` or `failed` with each image matching `selector` inside `container` as it
// finishes. Load and error events do not bubble: they are caught on their way down.
export function onImagesSettled(container, selector, { loaded, failed = loaded }) {
  container.addEventListener('load', (event) => {
    if (event.target.matches(selector)) loaded(event.target);
  }, true);
  container.addEventListener('error', (event) => {
    if (event.target.matches(selector)) failed(event.target);
  }, true);
}
