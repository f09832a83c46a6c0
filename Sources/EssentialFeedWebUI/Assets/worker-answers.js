// The answers the service worker makes up itself, rather than the network's or a kept one.
import { notSavedHeader, savedAtHeader } from './offline.js';

// What a screen shows offline after a log-out: the kept screens name the person, so none of
// them; only the styles of this version's shell (`shell`, the assets' addresses).
export function loggedOutPage(shell) {
  const styles = shell.filter((url) => url.endsWith('.css'))
    .map((url) => `<link rel="stylesheet" href="${url}">`).join('');
  const html = '<!doctype html><html lang="en"><head><meta charset="utf-8">'
    + '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Essential Feed</title>'
    + `${styles}</head><body><main class="logged-out-offline"><h1>Logged out</h1>`
    + '<p>You are logged out on this device. Connect to the internet to log in again.</p></main></body></html>';
  return new Response(html, {
    status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8', [notSavedHeader]: 'true' },
  });
}

// For something never kept, while the network cannot be reached: the script says so.
export function notSaved() {
  return new Response('', { status: 503, headers: { [notSavedHeader]: 'true', 'Content-Type': 'text/plain' } });
}

// A kept answer served as the network's would be.
export function marked(response) {
  return new Response(response.body, { status: 200, headers: response.headers });
}

// A kept screen says on its root element when it was saved, for its script to tell.
export async function markedScreen(response) {
  const savedAt = Number(response.headers.get(savedAtHeader));
  const html = (await response.text()).replace('<html ', `<html data-saved-at="${savedAt}" `);
  return new Response(html, { status: 200, headers: response.headers });
}
