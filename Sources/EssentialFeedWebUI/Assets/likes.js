import { FragmentError, fragmentOf } from './screen.js';

// Hearts without leaving the page: the answer is the heart as the like left it, which takes
// the pressed one's place. A like needs the API: offline, or when the app cannot reach it,
// the heart stays as it was and says so beside it (nothing is queued to be sent later: a
// like sent hours afterwards would tell its owner of something the reader may have undone).
// A double tap on a feed photo likes it (the photo screen keeps its taps for zooming).
export function likeInPlace(root = document, { isOnline = () => navigator.onLine } = {}) {
  const offlineMessage = () =>
    document.querySelector('[data-like-offline]')?.dataset.likeOffline ?? 'Liking needs a connection.';

  const say = (form, text) => {
    clearMessage(form);
    const message = document.createElement('p');
    message.className = 'error-message like-error';
    message.dataset.role = 'like-error';
    message.setAttribute('role', 'alert');
    message.textContent = text;
    form.after(message);
  };

  root.addEventListener('submit', async (event) => {
    const form = event.target.closest?.('.like-form');
    if (!form?.dataset.fragmentAction) return;
    event.preventDefault();
    if (!isOnline()) {
      say(form, offlineMessage());
      return;
    }
    const button = form.querySelector('button');
    button.disabled = true;
    clearMessage(form);
    try {
      const response = await fetch(form.dataset.fragmentAction, { method: 'POST', headers: { Accept: 'text/html' } });
      const answer = await fragmentOf(response);
      const replacement = answer.matches('.like-form') ? answer : answer.querySelector('.like-form');
      if (!replacement) throw new FragmentError('', 'invalid');
      form.replaceWith(replacement);
      replacement.querySelector('button')?.focus();
    } catch (error) {
      button.disabled = false;
      say(form, error instanceof FragmentError && error.displayMessage ? error.displayMessage : offlineMessage());
    }
  });

  root.addEventListener('dblclick', (event) => likeThePhoto(event.target));
  let lastTap = { at: 0, target: null };
  root.addEventListener('pointerup', (event) => {
    if (event.pointerType !== 'touch') return;
    const photo = event.target.closest?.('.feed-image-container');
    if (!photo) return;
    const now = event.timeStamp;
    if (lastTap.target === photo && now - lastTap.at < 350) {
      lastTap = { at: 0, target: null };
      likeThePhoto(photo);
    } else {
      lastTap = { at: now, target: photo };
    }
  });
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

function clearMessage(form) {
  if (form.nextElementSibling?.matches('[data-role="like-error"]')) form.nextElementSibling.remove();
}
