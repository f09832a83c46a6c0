// The profile settings' picture: the chosen photo shows in place of the current picture,
// cropped to a circle as it will be, before it is sent. Without the script the form sends
// the photo all the same.
const input = document.querySelector('[data-role="avatar-file"]');
const current = document.querySelector('[data-role="avatar-current"]');
let previewURL = null;

input?.addEventListener('change', () => {
  if (previewURL) URL.revokeObjectURL(previewURL);
  const file = input.files?.[0];
  previewURL = file && file.type.startsWith('image/') ? URL.createObjectURL(file) : null;
  let preview = document.querySelector('[data-role="avatar-preview"]');
  if (!previewURL) {
    preview?.remove();
    if (current) current.hidden = false;
    return;
  }
  if (!preview) {
    preview = document.createElement('img');
    preview.className = 'avatar avatar-large avatar-picture';
    preview.alt = '';
    preview.dataset.role = 'avatar-preview';
    current?.after(preview);
  }
  preview.src = previewURL;
  if (current) current.hidden = true;
});
