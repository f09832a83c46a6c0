import { test } from 'node:test';
import assert from 'node:assert/strict';
import { refusesToSend } from '../../Sources/EssentialFeedWebUI/Assets/sending.js';

function recorder() {
  const said = [];
  return { said, showError: (message) => said.push(['error', message]), showOffline: () => said.push(['offline']) };
}

test('a form with nothing wrong, online, is sent and nothing is said', () => {
  const screen = recorder();
  assert.equal(refusesToSend(null, screen, true), false);
  assert.deepEqual(screen.said, []);
});

test("the form's own problem is said first, even offline", () => {
  const screen = recorder();
  assert.equal(refusesToSend('Write a comment first.', screen, false), true);
  assert.deepEqual(screen.said, [['error', 'Write a comment first.']]);
});

test('offline, a form with nothing wrong is kept and the person told why', () => {
  const screen = recorder();
  assert.equal(refusesToSend(null, screen, false), true);
  assert.deepEqual(screen.said, [['offline']]);
});
