// What a person typed (and the photo they chose) in a form that could not be sent yet, kept
// on the device until it is sent: closing the screen offline loses nothing. Removed with
// everything else the device keeps at log-out.
export const draftsDatabaseName = 'essential-feed';
const storeName = 'drafts';

function openDatabase() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(draftsDatabaseName, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(storeName);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run(mode, operation) {
  const database = await openDatabase();
  try {
    return await new Promise((resolve, reject) => {
      const transaction = database.transaction(storeName, mode);
      const request = operation(transaction.objectStore(storeName));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  } finally {
    database.close();
  }
}

// A draft that cannot be kept (private mode, a full disk) still stays in the form itself.
export async function readDraft(key) {
  try {
    return (await run('readonly', (store) => store.get(key))) ?? null;
  } catch {
    return null;
  }
}

export async function keepDraft(key, draft) {
  try {
    await run('readwrite', (store) => store.put(draft, key));
  } catch {
    // The form still holds it.
  }
}

export async function dropDraft(key) {
  try {
    await run('readwrite', (store) => store.delete(key));
  } catch {
    // Nothing to drop.
  }
}

// The form's text fields by name (never its token), for a draft.
export function textFieldsOf(form) {
  const fields = {};
  for (const field of form.querySelectorAll('textarea, input[type="text"], input:not([type])')) {
    if (field.name) fields[field.name] = field.value;
  }
  return fields;
}

// Puts a draft's texts back into fields the person has not typed in yet.
export function restoreTextFields(form, fields) {
  for (const [name, value] of Object.entries(fields ?? {})) {
    const field = form.elements.namedItem(name);
    if (field && 'value' in field && field.value === '' && typeof value === 'string') field.value = value;
  }
}
