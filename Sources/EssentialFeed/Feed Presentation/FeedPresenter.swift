import Foundation

public enum FeedPresenter {
    public static var title: String {
        title(in: Locale(identifier: LocalizedStrings.defaultLanguage))
    }

    public static func title(in locale: Locale) -> String {
        FeedStrings.title.localized(in: locale)
    }
}
