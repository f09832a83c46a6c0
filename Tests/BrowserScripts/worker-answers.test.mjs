import assert from 'node:assert/strict';
import { test } from 'node:test';

import { notSavedHeader, savedAtHeader } from '../../Sources/EssentialFeedWebUI/Assets/offline.js';
import { loggedOutPage, marked, markedScreen, notSaved } from '../../Sources/EssentialFeedWebUI/Assets/worker-answers.js';

test('the logged-out page links only the shell\'s styles and says it was never saved', async () => {
  const page = loggedOutPage(['/assets/app.1.css', '/assets/feed.2.js', '/assets/icon.3.svg']);
  assert.equal(page.status, 503);
  assert.equal(page.headers.get(notSavedHeader), 'true');
  const html = await page.text();
  assert.match(html, /<link rel="stylesheet" href="\/assets\/app\.1\.css">/);
  assert.doesNotMatch(html, /feed\.2\.js|icon\.3\.svg/);
  assert.match(html, /You are logged out on this device/);
});

test('an answer for what was never kept is empty and marked as not saved', async () => {
  const answer = notSaved();
  assert.equal(answer.status, 503);
  assert.equal(answer.headers.get(notSavedHeader), 'true');
  assert.equal(await answer.text(), '');
});

test('a kept screen carries when it was saved on its root element', async () => {
  const kept = new Response('<!doctype html><html lang="en"><body>Feed</body></html>', {
    headers: { [savedAtHeader]: '1700000000000', 'Content-Type': 'text/html' },
  });
  const screen = await markedScreen(kept);
  assert.equal(screen.status, 200);
  assert.equal(await screen.text(), '<!doctype html><html data-saved-at="1700000000000" lang="en"><body>Feed</body></html>');
});

test('a saved-at mark that is not a number reads as NaN, never as markup', async () => {
  const kept = new Response('<html lang="en"></html>', { headers: { [savedAtHeader]: '"><script>' } });
  assert.equal(await (await markedScreen(kept)).text(), '<html data-saved-at="NaN" lang="en"></html>');
});

test('a kept answer is served whole with its headers, as a fresh 200', async () => {
  const served = marked(new Response('bytes', { status: 203, headers: { 'Content-Type': 'image/jpeg' } }));
  assert.equal(served.status, 200);
  assert.equal(served.headers.get('Content-Type'), 'image/jpeg');
  assert.equal(await served.text(), 'bytes');
});
