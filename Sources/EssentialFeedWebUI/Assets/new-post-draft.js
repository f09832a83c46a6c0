// The New post form's draft: the photo and texts stay on the device until posted, so a
// screen closed offline keeps them. Cancel keeps the draft for next time; Discard, beside it
// while there is one, forgets it.
import { dropDraft, keepDraft, readDraft, restoreTextFields, textFieldsOf } from './drafts.js';

const draftKey = 'new-post';

export function newPostDraft(form, photoInput) {
  const discardButton = form.querySelector('[data-action="discard"]');
  let timer = null;

  function keepNow() {
    clearTimeout(timer);
    timer = null;
    return keepDraft(draftKey, { fields: textFieldsOf(form), photo: photoInput.files[0] ?? null });
  }

  function keepSoon() {
    clearTimeout(timer);
    timer = setTimeout(keepNow, 300);
  }

  function showDiscard() {
    const hasText = Object.values(textFieldsOf(form)).some((value) => value.trim() !== '');
    discardButton.hidden = !hasText && photoInput.files.length === 0;
  }

  // Nothing of it stays: posted, or discarded.
  function drop() {
    clearTimeout(timer);
    timer = null;
    return dropDraft(draftKey);
  }

  discardButton.addEventListener('click', async () => {
    await drop();
    form.reset();
    window.location.assign('/');
  });

  // Leaving by Cancel waits until the draft is written, however quickly it follows the typing.
  for (const cancel of document.querySelectorAll('.cancel-link, .screen-header .back-link')) {
    cancel.addEventListener('click', async (event) => {
      if (timer === null) return;
      event.preventDefault();
      await keepNow();
      window.location.assign(cancel.href);
    });
  }

  form.addEventListener('input', keepSoon);
  form.addEventListener('input', showDiscard);
  form.addEventListener('change', showDiscard);
  window.addEventListener('pagehide', () => {
    if (timer !== null) keepNow();
  });

  return {
    keepNow,
    drop,
    // The draft kept last time, into the form (the photo as if chosen again).
    async restore() {
      const draft = await readDraft(draftKey);
      if (draft) {
        restoreTextFields(form, draft.fields);
        if (draft.photo instanceof File && photoInput.files.length === 0) {
          const chosen = new DataTransfer();
          chosen.items.add(draft.photo);
          photoInput.files = chosen.files;
          photoInput.dispatchEvent(new Event('change'));
        }
      }
      showDiscard();
    },
  };
}
