import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clearBeside, newElement, sayBeside } from '../../Sources/EssentialFeedWebUI/Assets/in-place.js';

function fakeDocument() {
  return {
    createElement: (tag) => {
      const attributes = {};
      return {
        tagName: tag.toUpperCase(), dataset: {}, attributes,
        setAttribute: (name, value) => { attributes[name] = value; },
      };
    },
  };
}

function formWithSiblings(doc) {
  const parent = { children: [] };
  const form = {
    get nextElementSibling() { return parent.children[parent.children.indexOf(form) + 1] ?? null; },
    after: (element) => {
      parent.children.splice(parent.children.indexOf(form) + 1, 0, element);
      element.remove = () => parent.children.splice(parent.children.indexOf(element), 1);
    },
  };
  parent.children.push(form);
  return { form, parent, doc };
}

test('a new element carries its class, the role the scripts find it by, and its properties', () => {
  const element = newElement('button', { className: 'new-photos', role: 'new-photos', type: 'button' }, fakeDocument());
  assert.equal(element.tagName, 'BUTTON');
  assert.equal(element.className, 'new-photos');
  assert.equal(element.dataset.role, 'new-photos');
  assert.equal(element.type, 'button');
});

test('a refusal is said once beside the form, as an alert, replacing what was said before', () => {
  const { form, parent, doc } = formWithSiblings(fakeDocument());
  sayBeside(form, 'like-error', 'Liking needs a connection.', doc);
  const latest = sayBeside(form, 'like-error', 'This photo is no longer available.', doc);
  assert.equal(parent.children.length, 2);
  assert.equal(parent.children[1], latest);
  assert.equal(latest.textContent, 'This photo is no longer available.');
  assert.equal(latest.className, 'error-message like-error');
  assert.equal(latest.attributes.role, 'alert');
});

test('clearing takes away only what was said for that form, never the next element of the page', () => {
  const { form, parent, doc } = formWithSiblings(fakeDocument());
  const unrelated = { dataset: { role: 'follow-error' }, remove: () => assert.fail('removed') };
  parent.children.push(unrelated);
  clearBeside(form, 'like-error');
  assert.deepEqual(parent.children, [form, unrelated]);
  sayBeside(form, 'like-error', 'No.', doc);
  clearBeside(form, 'like-error');
  assert.deepEqual(parent.children, [form, unrelated]);
});
