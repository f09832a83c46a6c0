// What every screen shares: loading HTML fragments, the error banner, refresh controls.

export class FragmentError extends Error {
  constructor(displayMessage) {
    super(displayMessage || 'The fragment could not be loaded');
    this.displayMessage = displayMessage;
  }
}

export const isAbort = (error) => error?.name === 'AbortError';

// Fragments are the app's own escaped HTML; an error fragment carries the message to show.
export async function fetchFragment(url, signal) {
  const response = await fetch(url, { signal, headers: { Accept: 'text/html' } });
  const template = document.createElement('template');
  template.innerHTML = await response.text();
  const root = template.content.firstElementChild;
  if (!response.ok || !root || root.dataset.fragment === 'error') {
    throw new FragmentError(root?.dataset.fragment === 'error' ? root.textContent : null);
  }
  return root;
}

export function errorBanner(element) {
  const fallbackMessage = element.textContent;
  element.addEventListener('click', () => { element.hidden = true; });
  return {
    show(message) {
      element.textContent = message || fallbackMessage;
      element.hidden = false;
    },
    hide() { element.hidden = true; },
  };
}

export function setLoading(list, indicator, isLoading) {
  list.setAttribute('aria-busy', String(isLoading));
  indicator.hidden = !isLoading;
}

// The refresh button, and pulling down from the top of the page on touch screens.
export function onRefresh(refresh) {
  document.querySelector('[data-action="refresh"]').addEventListener('click', refresh);

  const indicator = document.querySelector('[data-role="pull"]');
  const threshold = 80;
  let startY = null;
  let distance = 0;
  const reset = () => {
    startY = null;
    distance = 0;
    indicator.textContent = '';
    indicator.classList.remove('is-pulling', 'is-armed');
  };

  window.addEventListener('touchstart', (event) => {
    startY = window.scrollY === 0 && event.touches.length === 1 ? event.touches[0].clientY : null;
  }, { passive: true });
  window.addEventListener('touchmove', (event) => {
    if (startY === null) return;
    distance = Math.max(0, event.touches[0].clientY - startY);
    const armed = distance > threshold;
    indicator.classList.toggle('is-pulling', distance > 10);
    indicator.classList.toggle('is-armed', armed);
    indicator.textContent = armed ? indicator.dataset.releaseText : indicator.dataset.pullText;
  }, { passive: true });
  window.addEventListener('touchend', () => {
    const shouldRefresh = startY !== null && distance > threshold;
    reset();
    if (shouldRefresh) refresh();
  });
  window.addEventListener('touchcancel', reset);
}
