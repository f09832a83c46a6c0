import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usernameProblem, passwordProblem } from '../../Sources/EssentialFeedWebUI/Assets/join-rules.js';

const reserved = new Set(['admin', 'settings']);

test('a username of 3 to 30 letters, digits and _ breaks no rule, whatever its case', () => {
  for (const name of ['rita', 'Rita_2026', 'abc', 'x'.repeat(30)]) assert.equal(usernameProblem(name, reserved), null);
});

test('a username too short or too long breaks the length rule', () => {
  assert.equal(usernameProblem('ab', reserved), 'length');
  assert.equal(usernameProblem('x'.repeat(31), reserved), 'length');
});

test('dots, spaces and accented letters break the characters rule', () => {
  for (const name of ['rita.s', 'ri ta', 'rité', 'r-ta']) assert.equal(usernameProblem(name, reserved), 'characters');
});

test("the service's own names are refused in any case", () => {
  assert.equal(usernameProblem('Admin', reserved), 'reserved');
  assert.equal(usernameProblem('SETTINGS', reserved), 'reserved');
});

test('a password needs ten characters, counted as a person sees them', () => {
  assert.equal(passwordProblem('123456789'), 'short');
  assert.equal(passwordProblem('éàéàéàéàéà'), null);
  assert.equal(passwordProblem('🙂🙃🙂🙃🙂🙃🙂🙃🙂🙃'), null);
});

test('a password that only looks long is guessable: one character, a run, nothing visible', () => {
  for (const password of ['aaaaaaaaaa', '1111111111', '0123456789', '9876543210', 'abcdefghijk', ' '.repeat(12), '\u200B'.repeat(10)]) {
    assert.equal(passwordProblem(password), 'guessable', JSON.stringify(password));
  }
  assert.equal(passwordProblem('a long unusual phrase'), null);
  assert.equal(passwordProblem('0123456788'), null);
});
