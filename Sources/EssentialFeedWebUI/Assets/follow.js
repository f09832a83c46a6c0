import { fragmentOf } from './screen.js';

// Follow and Unfollow without leaving the page: the answer is the person's profile header,
// which replaces the one on a profile; elsewhere (people to follow) only its button's form
// takes the old one's place. Whatever fails, the browser sends the form itself.
export function followInPlace(root = document) {
  root.addEventListener('submit', async (event) => {
    const form = event.target.closest?.('.follow-form');
    if (!form?.dataset.fragmentAction) return;
    event.preventDefault();
    const button = form.querySelector('button');
    button.disabled = true;
    try {
      const response = await fetch(form.dataset.fragmentAction, {
        method: 'POST',
        body: new URLSearchParams(new FormData(form)),
        headers: { Accept: 'text/html' },
      });
      const header = await fragmentOf(response);
      const profileHeader = form.closest('[data-role="profile-header"]');
      const replacement = profileHeader ? header : header.querySelector('.follow-form');
      if (!replacement) throw new Error('the answer has no form');
      replacement.querySelector?.('input[name="next"]')?.setAttribute('value', form.elements.next?.value ?? '');
      (profileHeader ?? form).replaceWith(replacement);
      replacement.querySelector('.follow-form button, button')?.focus();
    } catch {
      form.submit();
    }
  });
}
