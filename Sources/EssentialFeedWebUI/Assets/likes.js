import { FragmentError, fragmentOf } from './screen.js';
import { clearBeside, sayBeside, sendInBackground } from './in-place.js';

// Hearts without leaving the page: the answer is the heart as the like left it, which takes
// the pressed one's place. A like needs the API: offline, or when the app cannot reach it,
// the heart stays as it was and says so beside it (nothing is queued to be sent later: a
// like sent hours afterwards would tell its owner of something the reader may have undone).
// A double tap on a feed photo likes it (the photo screen keeps its taps for zooming).

export function likeInPlace(root = document, {
  isOnline = () => navigator.onLine, navigate = (url) => window.location.assign(url), doubleTapWindow = 300,
} = {}) {
  learnHeartStates(root);
  const offlineMessage = () =>
    document.querySelector('[data-like-offline]')?.dataset.likeOffline ?? 'Liking needs a connection.';

  root.addEventListener('submit', async (event) => {
    const form = event.target.closest?.('.like-form');
    if (!form?.dataset.fragmentAction) return;
    event.preventDefault();
    if (!isOnline()) {
      sayBeside(form, 'like-error', offlineMessage());
      return;
    }
    const button = form.querySelector('button');
    button.disabled = true;
    clearBeside(form, 'like-error');
    try {
      const answer = await fragmentOf(await sendInBackground(form));
      const replacement = answer.matches('.like-form') ? answer : answer.querySelector('.like-form');
      if (!replacement) throw new FragmentError('', 'invalid');
      form.replaceWith(replacement);
      replacement.querySelector('button')?.focus();
    } catch (error) {
      button.disabled = false;
      sayBeside(form, 'like-error', error instanceof FragmentError && error.displayMessage ? error.displayMessage : offlineMessage());
    }
  });

  // A photo opens its comments on a tap; two taps in a row like it instead (the first waits
  // that long before opening).
  let pending = null;
  root.addEventListener('click', (event) => {
    const link = event.target.closest?.('.feed-image-link');
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (pending?.link === link) {
      clearTimeout(pending.timer);
      pending = null;
      likeThePhoto(link);
      return;
    }
    if (pending) clearTimeout(pending.timer);
    pending = { link, timer: setTimeout(() => { pending = null; navigate(link.href); }, doubleTapWindow) };
  });
}

// The hearts of pages everyone shares do not know whether the reader likes their photo: the
// app asks the API once for all of them on the page (or in what was just added).
export async function learnHeartStates(root = document, { unlikeLabel } = {}) {
  const forms = [...root.querySelectorAll('.like-form')].filter((form) => form.querySelector('.like-button[data-state="unknown"]'));
  const ids = forms.map(imageIDOf).filter(Boolean).slice(0, 50);
  if (ids.length === 0) return;
  let liked;
  try {
    // Posted: the photos' ids stay out of addresses, where they would read as their images.
    const response = await fetch('/fragments/likes', {
      method: 'POST', body: new URLSearchParams({ ids: ids.join(',') }), headers: { Accept: 'application/json' },
    });
    if (!response.ok) return;
    liked = new Set((await response.json()).liked.map((id) => id.toUpperCase()));
  } catch {
    return;
  }
  const label = unlikeLabel ?? document.querySelector('[data-unlike-label]')?.dataset.unlikeLabel ?? 'Unlike';
  for (const form of forms) {
    const id = imageIDOf(form);
    if (!id) continue;
    const button = form.querySelector('.like-button');
    button.removeAttribute('data-state');
    button.setAttribute('aria-pressed', liked.has(id) ? 'true' : 'false');
    if (!liked.has(id)) continue;
    form.action = form.action.replace(/\/like$/, '/unlike');
    form.dataset.fragmentAction = form.dataset.fragmentAction.replace(/\/like$/, '/unlike');
    button.setAttribute('aria-label', label);
    button.querySelector('span').textContent = '♥';
  }
}

export function imageIDOf(form) {
  const match = /\/images\/([0-9A-Fa-f-]{36})\/(?:un)?like$/.exec(form.getAttribute('action') ?? '');
  return match ? match[1].toUpperCase() : null;
}

// Likes (never unlikes) the photo of the article or screen the tap was on.
export function likeThePhoto(target) {
  const photo = target?.closest?.('.feed-image-container');
  if (!photo) return false;
  const form = photo.closest('article, main')?.querySelector('.like-form');
  const button = form?.querySelector('button');
  if (!form || !button || button.getAttribute('aria-pressed') === 'true' || button.disabled) return false;
  form.requestSubmit();
  return true;
}
