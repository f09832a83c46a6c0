import assert from 'node:assert/strict';
import { test } from 'node:test';

import { isKeptPath, isPhotoPath, keptAddresses, shownOnFirstScreen } from '../../Sources/EssentialFeedWebUI/Assets/offline.js';

const origin = 'https://feed.example';
const timing = (path, responseStatus) => ({ name: `${origin}${path}`, responseStatus });

test('a first screen keeps the fragments and photos it loaded', () => {
  const entries = [
    timing('/fragments/feed', 200),
    timing('/feed-images/A/small.jpg', 200),
    timing('/news-images/B/thumb.jpg', 200),
    timing('/assets/app.css', 200),
    timing('/session', 200),
  ];
  assert.deepEqual(shownOnFirstScreen(entries), [
    `${origin}/fragments/feed`, `${origin}/feed-images/A/small.jpg`, `${origin}/news-images/B/thumb.jpg`,
  ]);
});

test('what a screen sent (likes asked for, a like, a follow) is an action, not something it showed', () => {
  const entries = [
    timing('/fragments/likes', 200),
    timing('/fragments/images/A/like', 200),
    timing('/fragments/images/A/unlike', 200),
    timing('/fragments/@ana/follow', 200),
    timing('/fragments/@ana/mute', 200),
    timing('/fragments/@me/follow-requests/ana/accept', 200),
    timing('/fragments/images/A/comments', 200),
  ];
  assert.deepEqual(shownOnFirstScreen(entries), [`${origin}/fragments/images/A/comments`]);
  assert.equal(isKeptPath('/fragments/likes'), false);
  assert.equal(isKeptPath('/fragments/images/A/comments'), true);
});

test('a request that failed or was refused was never on screen, so it is not kept', () => {
  const entries = [
    timing('/fragments/feed?after=X', 0),
    timing('/fragments/feed?after=Y', 503),
    timing('/feed-images/A/small.jpg', 404),
    timing('/fragments/feed', 200),
  ];
  assert.deepEqual(shownOnFirstScreen(entries), [`${origin}/fragments/feed`]);
});

test('a browser that does not report the status keeps what it loaded', () => {
  assert.deepEqual(shownOnFirstScreen([{ name: `${origin}/fragments/feed` }]), [`${origin}/fragments/feed`]);
});

test('of what a screen says it showed, only this origin\'s screens and photos are kept, each once', () => {
  const origin = 'https://feed.example';
  const shown = [
    '/fragments/feed', `${origin}/fragments/feed`, '/feed-images/A/small.jpg', '/assets/app.css', '/login',
    '/fragments/feed-banner', 'https://elsewhere.example/feed', 42, 'http://[bad', '/news',
  ];
  assert.deepEqual(keptAddresses(shown, origin, 200), [
    `${origin}/fragments/feed`, `${origin}/feed-images/A/small.jpg`, `${origin}/news`,
  ]);
});

test('a screen cannot make the worker fetch more than the bound it is given', () => {
  const many = Array.from({ length: 500 }, (_, n) => `/photo/${n}`);
  assert.equal(keptAddresses(many, 'https://feed.example', 200).length, 200);
});

test('feed and news photos are photos; screens are not', () => {
  assert.equal(isPhotoPath('/feed-images/A/small.jpg'), true);
  assert.equal(isPhotoPath('/news-images/B/thumb.jpg'), true);
  assert.equal(isPhotoPath('/photo/A'), false);
});
