// The join screen: each field's rule is said under it as the person types (after their
// first change, so an empty form is not scolded), and the browser will not send a form
// that breaks one. Without the script the app checks the same rules and says the same.
import { usernameProblem, passwordProblem } from './join-rules.js';

const form = document.querySelector('.join-form');
if (form) {
  const reserved = new Set((form.dataset.reserved ?? '').split(' ').filter(Boolean));
  const messages = {
    length: form.dataset.usernameLength,
    characters: form.dataset.usernameCharacters,
    reserved: form.dataset.usernameReserved,
    short: form.dataset.passwordShort,
    guessable: form.dataset.passwordGuessable,
  };
  const watch = (input, hint, problemOf) => {
    if (!input || !hint) return;
    const rule = hint.textContent;
    input.addEventListener('input', () => {
      const problem = input.value === '' ? null : problemOf(input.value);
      const message = problem ? messages[problem] : '';
      input.setCustomValidity(message);
      hint.textContent = message || rule;
      hint.classList.toggle('form-error', Boolean(message));
      if (message) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    });
  };
  watch(form.querySelector('#username'), form.querySelector('[data-role="username-hint"]'), (text) => usernameProblem(text, reserved));
  watch(form.querySelector('#password'), form.querySelector('[data-role="password-hint"]'), (text) => passwordProblem(text));
}
