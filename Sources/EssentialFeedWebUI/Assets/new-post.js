import { newPostDraft } from './new-post-draft.js';
import { refusesToSend } from './sending.js';
import { checkingTheConnection, logInAgain, screenSavedAt } from './screen.js';

// The "New post" form: the photo is checked (type and size) and previewed as soon as it is
// chosen, then sent with a progress bar. On success the feed opens with the post first; on
// a failure the message shows and the photo and texts stay as they were. Without this
// script the form posts the page itself, and the app answers with the feed or the form.
const form = document.querySelector('form.new-post-form');
const photoInput = form.querySelector('input[type="file"]');
const preview = form.querySelector('[data-role="preview"]');
const errorMessage = form.querySelector('[data-role="post-error"]');
const progress = form.querySelector('[data-role="progress"]');
const progressBar = form.querySelector('[data-role="progress-bar"]');
const progressLabel = form.querySelector('[data-role="progress-label"]');
const status = form.querySelector('[data-role="post-status"]');
const postButton = form.querySelector('button[type="submit"]');
const maximumBytes = Number(form.dataset.maximumBytes);
const acceptedTypes = form.dataset.acceptedTypes.split(' ');
let previewURL = null;
let upload = null;
// A file whose type says photo but that the browser cannot show as one.
let unreadableFile = null;

// The script says what is missing in the screen's own words, next to the field, rather
// than the browser's bubble; without the script, `required` still stops an empty post.
form.noValidate = true;

const draft = newPostDraft(form, photoInput);

// The field a message is about is marked invalid and described by the message too.
function markValid() {
  form.querySelectorAll('[aria-invalid]').forEach((element) => {
    element.removeAttribute('aria-invalid');
    if (element !== photoInput) element.setAttribute('aria-describedby', `${element.id}-hint`);
  });
}

function showError(message, field = photoInput) {
  errorMessage.textContent = message;
  errorMessage.hidden = false;
  markValid();
  field.setAttribute('aria-invalid', 'true');
  if (field !== photoInput) field.setAttribute('aria-describedby', `${field.id}-hint ${errorMessage.id}`);
  field.focus();
}

// Before anything is typed, the screen says when posting has to wait for the connection;
// the notice goes once the app answers again.
const offlineNotice = document.querySelector('[data-role="offline-notice"]');
const connectionChecks = checkingTheConnection(window.location.pathname, (response) => response.ok, () => {
  offlineNotice.hidden = true;
});

function showOfflineNotice() {
  offlineNotice.hidden = false;
  connectionChecks.schedule();
}

if (screenSavedAt !== null || !navigator.onLine) showOfflineNotice();
window.addEventListener('offline', showOfflineNotice);

// Not a mistake in the form: nothing is marked wrong, and everything stays as it is.
function showOffline() {
  showOfflineNotice();
  markValid();
  errorMessage.textContent = form.dataset.offlineMessage;
  errorMessage.hidden = false;
  draft.keepNow();
}

function hideError() {
  errorMessage.hidden = true;
  markValid();
}

// What the browser can tell before sending: the type it guesses from the file, and the size.
// The server still tells photos apart by their bytes.
function problemWith(file) {
  if (!file) return form.dataset.noPhotoMessage;
  if (!acceptedTypes.includes(file.type)) return form.dataset.unsupportedMessage;
  if (file.size > maximumBytes) return form.dataset.tooLargeMessage;
  if (file.size === 0) return form.dataset.noPhotoMessage;
  if (file === unreadableFile) return form.dataset.unreadableMessage;
  return null;
}

function showPreview(file) {
  if (previewURL) URL.revokeObjectURL(previewURL);
  previewURL = file ? URL.createObjectURL(file) : null;
  if (previewURL) {
    preview.src = previewURL;
  } else {
    preview.removeAttribute('src');
  }
  preview.hidden = !previewURL;
}

// The preview is the first to know a file is not a photo: say so at once, not after Post.
preview.addEventListener('error', () => {
  if (!previewURL) return;
  unreadableFile = photoInput.files[0] ?? null;
  showPreview(null);
  showError(form.dataset.unreadableMessage);
});

// The chosen file's name, whole, on its own line (the browser's own text is cut short
// beside its button at large text sizes).
const chosenFile = form.querySelector('[data-role="chosen-file"]');
const noFileChosen = chosenFile.textContent;
function nameChosenFile() {
  chosenFile.textContent = photoInput.files[0]?.name ?? noFileChosen;
}
form.classList.add('names-chosen-file');
chosenFile.hidden = false;
nameChosenFile();

photoInput.addEventListener('change', () => {
  nameChosenFile();
  const file = photoInput.files[0];
  const problem = file ? problemWith(file) : null;
  showPreview(problem ? null : file);
  if (problem) {
    showError(problem);
  } else {
    hideError();
  }
});

function setSending(isSending) {
  postButton.disabled = isSending;
  progress.hidden = !isSending;
  form.setAttribute('aria-busy', String(isSending));
  if (isSending) {
    progressBar.value = 0;
    progressLabel.textContent = progressLabel.dataset.uploadingText;
  }
}

// The server answers an error as a fragment with its message; anything else (a proxy's page,
// a dropped connection) reads as a connection problem.
function messageOf(request) {
  const template = document.createElement('template');
  template.innerHTML = request.responseText || '';
  const root = template.content.firstElementChild;
  return root?.dataset.fragment === 'error' ? root.textContent.trim() : form.dataset.connectionError;
}

function fieldOf(request) {
  const name = request.getResponseHeader('X-Invalid-Field');
  return (name && form.elements.namedItem(name)) || photoInput;
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  if (upload) return;
  if (refusesToSend(problemWith(photoInput.files[0]), { showError, showOffline })) return;
  hideError();
  status.textContent = '';
  setSending(true);
  const request = new XMLHttpRequest();
  upload = request;
  request.open('POST', form.dataset.fragmentAction);
  request.setRequestHeader('Accept', 'text/html');
  request.upload.addEventListener('progress', (progressEvent) => {
    if (progressEvent.lengthComputable) progressBar.value = Math.round((progressEvent.loaded / progressEvent.total) * 100);
  });
  // Sent: the server now makes the renditions, which takes a moment for a large photo.
  request.upload.addEventListener('load', () => {
    progressBar.removeAttribute('value');
    progressLabel.textContent = progressLabel.dataset.processingText;
  });
  request.addEventListener('load', () => {
    upload = null;
    if (request.status === 201) {
      draft.drop();
      status.textContent = status.dataset.postedText;
      if (previewURL) URL.revokeObjectURL(previewURL);
      window.location.assign(request.getResponseHeader('Location') || '/');
      return;
    }
    setSending(false);
    if (request.status === 401 && !(request.getResponseHeader('Content-Type') || '').startsWith('text/html')) {
      logInAgain();
      return;
    }
    showError(messageOf(request), fieldOf(request));
  });
  // No answer at all: nothing was posted, and the photo and texts stay for when the
  // connection is back.
  for (const failure of ['error', 'timeout']) {
    request.addEventListener(failure, () => {
      upload = null;
      setSending(false);
      if (failure === 'error') showOffline();
      else showError(form.dataset.connectionError);
    });
  }
  request.addEventListener('abort', () => {
    upload = null;
    setSending(false);
  });
  request.send(new FormData(form));
});

// Leaving the screen stops the upload, all the way to the API.
window.addEventListener('pagehide', (event) => {
  if (!event.persisted) upload?.abort();
});

draft.restore();
