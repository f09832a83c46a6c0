// Parts of the screens that change in place: forms sent in the background, and what appears
// beside them.

// A new element of the page, named by the role the scripts find it by.
export function newElement(tag, { className, role, ...properties } = {}, doc = document) {
  const element = doc.createElement(tag);
  if (className) element.className = className;
  if (role) element.dataset.role = role;
  return Object.assign(element, properties);
}

// Sends a form as the browser would, to the address that answers with the markup taking its
// place.
export function sendInBackground(form) {
  return fetch(form.dataset.fragmentAction, {
    method: 'POST',
    body: new URLSearchParams(new FormData(form)),
    headers: { Accept: 'text/html' },
  });
}

// Says beside a form why it did not do what was asked; what was said there before goes.
export function sayBeside(form, role, text, doc = document) {
  clearBeside(form, role);
  const message = newElement('p', { className: `error-message ${role}`, role, textContent: text }, doc);
  message.setAttribute('role', 'alert');
  form.after(message);
  return message;
}

export function clearBeside(form, role) {
  const next = form.nextElementSibling;
  if (next?.dataset?.role === role) next.remove();
}
