// The rules of a new account's username and password, as the core writes them
// (`NewAccountRules`): the join screen says at once what the app and the API would refuse.
// Each check answers the name of the broken rule, or null.

export function usernameProblem(text, reserved) {
  if (text.length < 3 || text.length > 30) return 'length';
  if (!/^[A-Za-z0-9_]+$/.test(text)) return 'characters';
  if (reserved.has(text.toLowerCase())) return 'reserved';
  return null;
}

export function passwordProblem(text, minimum = 10) {
  const characters = [...text];
  if (characters.length < minimum) return 'short';
  if (!/[^\s\u200B-\u200F\u2060\uFEFF]/u.test(text) || characters.every((c) => c === characters[0])) return 'guessable';
  const steps = characters.slice(1).map((c, index) => c.codePointAt(0) - characters[index].codePointAt(0));
  if (steps.every((step) => step === steps[0]) && Math.abs(steps[0]) === 1) return 'guessable';
  return null;
}
