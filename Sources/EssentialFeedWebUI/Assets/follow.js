import { FragmentError, fragmentOf } from './screen.js';
import { clearBeside, sayBeside, sendInBackground } from './in-place.js';

// Follow and Unfollow, Mute and their undoing, without leaving the page: the answer is the
// person's profile header, which replaces the one on a profile; elsewhere (people to follow)
// only its button's form takes the old one's place. When the app answers that it could not (the API down), it says
// so beside the button and the page stays; when there is no answer at all, the browser sends
// the form itself.
export function followInPlace(root = document) {
  root.addEventListener('submit', async (event) => {
    const form = event.target.closest?.('.follow-form, .relation-form');
    if (!form?.dataset.fragmentAction) return;
    event.preventDefault();
    const button = form.querySelector('button');
    button.disabled = true;
    clearBeside(form, 'follow-error');
    try {
      const header = await fragmentOf(await sendInBackground(form));
      const profileHeader = form.closest('[data-role="profile-header"]');
      const replacement = profileHeader ? header : header.querySelector('.follow-form');
      if (!replacement) throw new Error('the answer has no form');
      replacement.querySelector?.('input[name="next"]')?.setAttribute('value', form.elements.next?.value ?? '');
      (profileHeader ?? form).replaceWith(replacement);
      const kind = form.classList.contains('relation-form') ? '.relation-form button' : '.follow-form button';
      (replacement.querySelector(kind) ?? replacement.querySelector('button'))?.focus();
    } catch (error) {
      if (error instanceof FragmentError && error.displayMessage) {
        sayBeside(form, 'follow-error', error.displayMessage);
        button.disabled = false;
        button.focus();
        return;
      }
      form.submit();
    }
  });
}
