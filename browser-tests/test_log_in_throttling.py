"""Log-in throttling as deployed: the app and the API as two processes with their default flags."""

from concurrent.futures import ThreadPoolExecutor

from harness import DEMO_PASSWORD, DEMO_USERNAME, log_in


def test_guessesFromOneAddress_neverStopTheRightPasswordFromAnother_throughTheApp(separate_parts):
    app_url = separate_parts.app_url
    with ThreadPoolExecutor(max_workers=8) as pool:
        guesses = list(pool.map(lambda n: log_in(app_url, DEMO_USERNAME, f"wrong guess {n}", source="127.0.0.2"), range(24)))
    statuses = sorted(status for status, _, _ in guesses)
    assert all("ef_session" not in cookies for _, cookies, _ in guesses)
    assert statuses.count(429) >= 24 - 5, f"at most five guesses are checked: {statuses}"

    status, cookies, _ = log_in(app_url, DEMO_USERNAME, DEMO_PASSWORD, source="127.0.0.2")
    assert status == 429 and "ef_session" not in cookies, f"the guesser's address is not throttled: {status}"

    status, cookies, page = log_in(app_url, DEMO_USERNAME, DEMO_PASSWORD, source="127.0.0.3")
    assert status == 303 and "ef_session" in cookies, f"the owner was shut out by someone else's guesses: {status}\n{page[:500]}"
