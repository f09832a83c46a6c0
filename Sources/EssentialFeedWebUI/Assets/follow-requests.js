import { sendInBackground } from './in-place.js';

// Accept and Reject without leaving the page: once the app says it is done, the person's row
// goes, and when the last one goes the screen says nobody waits. Without an answer (or with a
// refusal) the browser sends the form itself, and the screen says what happened.
export function answerInPlace(root = document) {
  root.addEventListener('submit', async (event) => {
    const form = event.target.closest?.('.follow-request form[data-fragment-action]');
    if (!form) return;
    event.preventDefault();
    const row = form.closest('.follow-request');
    for (const button of row.querySelectorAll('button')) button.disabled = true;
    try {
      const response = await sendInBackground(form);
      if (!response.ok) throw new Error(`the app answered ${response.status}`);
      removeAnswered(row, root);
    } catch {
      form.submit();
    }
  });
}

// Takes an answered request's row off its list, and shows the empty state when none is left.
export function removeAnswered(row, root) {
  const list = row.parentElement;
  row.remove();
  if (list?.querySelector('.follow-request')) return;
  const empty = root.querySelector('.empty-state');
  if (empty) empty.hidden = false;
}

if (typeof document !== 'undefined') answerInPlace();
