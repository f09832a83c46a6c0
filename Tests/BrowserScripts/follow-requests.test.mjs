import { test } from 'node:test';
import assert from 'node:assert/strict';
import { removeAnswered } from '../../Sources/EssentialFeedWebUI/Assets/follow-requests.js';

function screen(rowCount) {
  const empty = { hidden: true };
  const list = { rows: [], querySelector: (selector) => (selector === '.follow-request' ? list.rows[0] ?? null : null) };
  for (let index = 0; index < rowCount; index += 1) {
    const row = { parentElement: list, remove: () => list.rows.splice(list.rows.indexOf(row), 1) };
    list.rows.push(row);
  }
  const root = { querySelector: (selector) => (selector === '.empty-state' ? empty : null) };
  return { list, empty, root };
}

test('an answered request leaves the list, the others stay, and nothing says the list is empty', () => {
  const { list, empty, root } = screen(2);
  const [first, second] = list.rows;
  removeAnswered(first, root);
  assert.deepEqual(list.rows, [second]);
  assert.equal(empty.hidden, true);
});

test('once the last request is answered, the screen says nobody waits', () => {
  const { list, empty, root } = screen(1);
  removeAnswered(list.rows[0], root);
  assert.equal(list.rows.length, 0);
  assert.equal(empty.hidden, false);
});
