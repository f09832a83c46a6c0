"""Each screen in the browser's language (Accept-Language), English otherwise."""

import pytest

from screens import CommentsScreen, FeedScreen

LANGUAGES = [
    ("pt-BR", "pt", "Meu Feed", "Comentários", "há "),
    ("el", "el", "Το Feed μου", "Σχόλια", "πριν από "),
]


@pytest.mark.parametrize("language, html_lang, feed_title, comments_title, date_prefix", LANGUAGES)
def test_screens_speakTheBrowsersLanguage(make_browser, system, feed_api, language, html_lang,
                                         feed_title, comments_title, date_prefix):
    driver = make_browser(language=language)
    assert driver.execute_script("return navigator.language").lower().startswith(html_lang)

    feed = FeedScreen(driver).open(system.app_url).wait_until_loaded()
    assert feed.title() == feed_title
    assert feed.html_lang().lower().startswith(html_lang)

    item, _ = feed_api.first_item_with_comment(lambda c: True)
    comments = CommentsScreen(driver).open(system.app_url, item["id"]).wait_until_loaded(minimum_comments=1)
    assert comments.title() == comments_title
    assert comments.html_lang().lower().startswith(html_lang)
    dates = [c["date"] for c in comments.comment_contents()]
    assert all(date.startswith(date_prefix) for date in dates), dates


def test_screens_fallBackToEnglish_forAnUnsupportedLanguage(make_browser, system, feed_api):
    driver = make_browser(language="ja")

    feed = FeedScreen(driver).open(system.app_url).wait_until_loaded()

    assert feed.title() == "My Feed"
    assert feed.html_lang().lower().startswith("en")
