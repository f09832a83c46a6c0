import { newElement } from './in-place.js';

// The profile settings' picture: the chosen photo shows in place of the current picture,
// cropped to a circle as it will be, before it is sent; a file too large, or one the browser
// cannot show, is told at once and not sent. Without the script the form sends the photo all
// the same and the server says what is wrong. Saving the name and bio with a picture chosen
// but not saved sends the picture first, so nothing chosen is lost.
const form = document.querySelector('.avatar-form');
const input = document.querySelector('[data-role="avatar-file"]');
const current = document.querySelector('[data-role="avatar-current"]');
const error = document.getElementById('avatar-error');
const maximumBytes = Number(form?.dataset.maxBytes ?? Infinity);
let previewURL = null;

function showError(message) {
  error.textContent = message ?? '';
  error.hidden = !message;
  if (message) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
}

function showPreview(url) {
  let preview = document.querySelector('[data-role="avatar-preview"]');
  if (!url) {
    preview?.remove();
    if (current) current.hidden = false;
    return;
  }
  if (!preview) {
    preview = newElement('img', { className: 'avatar avatar-large avatar-picture', role: 'avatar-preview', alt: '' });
    preview.addEventListener('error', () => {
      showPreview(null);
      showError(form.dataset.unsupported);
    });
    current?.after(preview);
  }
  preview.src = url;
  if (current) current.hidden = true;
}

input?.addEventListener('change', () => {
  if (previewURL) URL.revokeObjectURL(previewURL);
  previewURL = null;
  showError(null);
  const file = input.files?.[0];
  if (!file) return showPreview(null);
  if (file.size > maximumBytes) {
    showPreview(null);
    return showError(form.dataset.tooLarge);
  }
  previewURL = URL.createObjectURL(file);
  showPreview(previewURL);
});

form?.addEventListener('submit', (event) => {
  if (input.getAttribute('aria-invalid') === 'true' && !error.hidden) event.preventDefault();
});

const profileForm = document.querySelector('.profile-settings-form');
profileForm?.addEventListener('submit', async (event) => {
  const file = input?.files?.[0];
  if (!file || input.getAttribute('aria-invalid') === 'true') return;
  event.preventDefault();
  try {
    // The picture's own answer sends the browser back to these settings when it is kept.
    const response = await fetch(form.action, { method: 'POST', body: new FormData(form) });
    if (!response.ok) throw new Error('the picture was not kept');
    profileForm.submit();
  } catch {
    // The picture's form itself, whose answer says what is wrong with it.
    form.submit();
  }
});
