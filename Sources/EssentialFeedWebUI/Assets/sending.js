// Whether a form must not be sent now, saying why where the person looks: its own problem
// (an empty comment, a file that is no photo) first, then a lost connection, as sending
// would fail anyway.
export function refusesToSend(problem, { showError, showOffline }, online = navigator.onLine) {
  if (problem) {
    showError(problem);
    return true;
  }
  if (!online) {
    showOffline();
    return true;
  }
  return false;
}
