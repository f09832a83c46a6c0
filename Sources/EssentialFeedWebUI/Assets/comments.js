import { dropDraft, keepDraft, readDraft } from './drafts.js';
import { fragmentOf } from './screen.js';
import { backTo, loadingRegion } from './region.js';
import { paintPlaceholders } from './blurhash.js';
import { refusesToSend } from './sending.js';

// The screen arrives with its comments (or its error) in the HTML; this adds refresh,
// retries, and a back control that returns to the feed where the reader left it.
const list = document.querySelector('ol.comments');
const subject = document.querySelector('.comments-subject-frame');
if (subject) {
  if (subject.dataset.ratio) subject.style.setProperty('--ratio', subject.dataset.ratio);
  paintPlaceholders(subject.parentElement);
}
// The count the feed shows for this photo, left for the feed screen the reader goes back
// to (the browser may bring it back as it was, with the old count).
const imageID = /\/images\/([0-9A-Fa-f-]{36})\/comments/.exec(list.dataset.source)?.[1];
const countHeading = document.querySelector('[data-role="comments-count"]');
function keepCommentCount(label) {
  // The screen's own count follows the list it heads.
  if (countHeading && label) {
    countHeading.textContent = label;
    countHeading.hidden = list.children.length === 0;
  }
  if (!imageID || !label) return;
  try {
    sessionStorage.setItem(`essential-feed.comments-label.${imageID}`, label);
  } catch {
    // Storage full or refused: the feed shows the count it has.
  }
}
keepCommentCount(list.dataset.commentsLabel);

const region = loadingRegion({
  content: list,
  noticeKind: 'comments',
  show: (fragment) => {
    list.replaceChildren(...fragment.children);
    keepCommentCount(fragment.dataset.commentsLabel);
  },
});

// Back to the feed this screen was opened from, at the same place.
backTo('/');

// The comment form posts in place: the new list replaces the old one with the comment first,
// and on failure the message shows under the box and the text stays in it. Without this
// script the form posts the page itself, and the app answers with the screen again.
const form = document.querySelector('form.comment-form');
if (form) {
  const [textArea, sendButton, formError, formStatus] = ['textarea', 'button[type="submit"]', '[data-role="comment-error"]', '[data-role="comment-status"]']
    .map((selector) => form.querySelector(selector));
  const sendText = sendButton.textContent;
  const draftKey = `comment:${imageID}`;
  let sending = false;
  let draftTimer = null;
  // What was typed stays on the device until sent, so a screen closed offline keeps it.
  const keepTheDraftNow = () => {
    clearTimeout(draftTimer);
    draftTimer = null;
    if (textArea.value.trim() === '') dropDraft(draftKey);
    else keepDraft(draftKey, { text: textArea.value });
  };
  textArea.addEventListener('input', () => {
    clearTimeout(draftTimer);
    draftTimer = setTimeout(keepTheDraftNow, 300);
  });
  window.addEventListener('pagehide', () => {
    if (draftTimer !== null) keepTheDraftNow();
  });
  readDraft(draftKey).then((draft) => {
    if (typeof draft?.text === 'string' && textArea.value === '') textArea.value = draft.text;
  });
  const showOffline = () => {
    formError.textContent = form.dataset.offlineMessage;
    formError.hidden = false;
    textArea.removeAttribute('aria-invalid');
    keepTheDraftNow();
  };
  const showError = (message) => {
    formError.textContent = message;
    formError.hidden = false;
    textArea.setAttribute('aria-invalid', 'true');
    textArea.focus();
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (sending) return;
    if (refusesToSend(textArea.value.trim() === '' ? form.dataset.emptyMessage : null, { showError, showOffline })) return;
    sending = true;
    sendButton.disabled = true;
    sendButton.textContent = sendButton.dataset.sendingText;
    formError.hidden = true;
    formStatus.textContent = '';
    try {
      const response = await fetch(form.dataset.fragmentAction, {
        method: 'POST',
        headers: { Accept: 'text/html' },
        body: new URLSearchParams(new FormData(form)),
      });
      const fragment = await fragmentOf(response);
      list.replaceChildren(...fragment.children);
      keepCommentCount(fragment.dataset.commentsLabel);
      region.shown();
      textArea.value = '';
      clearTimeout(draftTimer);
      dropDraft(draftKey);
      textArea.removeAttribute('aria-invalid');
      formStatus.textContent = formStatus.dataset.sentText;
    } catch (error) {
      // No answer at all: nothing was sent, and the text stays for when the connection is back.
      if (error instanceof TypeError) showOffline();
      else if (error.reason !== 'unauthorized') showError(error.displayMessage || form.dataset.connectionError);
    } finally {
      sending = false;
      sendButton.disabled = false;
      sendButton.textContent = sendText;
    }
  });
}

region.start();
