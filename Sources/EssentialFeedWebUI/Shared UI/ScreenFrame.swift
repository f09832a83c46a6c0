import EssentialFeed
import Foundation

/// The frame every screen fills: the document, the header (a way back, the title, the
/// screen's own controls, who is logged in and Log Out), the app's tabs for a logged-in
/// reader, then the screen's `<main>`.
struct ScreenFrame {
    /// The header's way back; `handledByScript` lets the screen's script return to where the
    /// reader was instead of reloading the address.
    struct BackLink {
        let href: String
        let label: String
        var handledByScript = true
    }

    enum Section {
        /// A page outside the app's sections: no account controls, no tabs.
        case none
        /// One of the app's screens, in the section `current` (none for a screen of its own).
        case app(current: AppSection?)
    }

    let context: ScreenContext
    let title: String
    var script: String? = nil
    var back: BackLink? = nil
    /// Whether the header shows the title; a screen whose content carries its own heading
    /// keeps the header's layout with a spacer instead.
    var titleInHeader = true
    /// The screen's own controls, one line each, between the title and the account.
    var actions: [HTML] = []
    var section = Section.none
    /// See `HTMLDocument.refreshAfter`.
    var refreshAfter: Int? = nil

    func html(main: HTML) -> HTML {
        var header: HTML = "<header class=\"screen-header\">\n"
        if let back {
            header += """
                <a class="back-link"\(back.handledByScript ? " data-action=\"back\"" as HTML : .empty) href="\(back.href)"><span aria-hidden="true">←</span> <span class="back-link-label">\(back.label)</span></a>

                """
        }
        header += titleInHeader ? "<h1>\(title)</h1>\n" : "<span class=\"header-spacer\"></span>\n"
        for action in actions {
            header += "\(action)\n"
        }
        var navigation = HTML.empty
        var isAppSection = false
        if case let .app(current) = section {
            isAppSection = true
            header += "\(AccountControls(account: context.account, locale: context.locale).html)\n"
            navigation = "\(context.account == nil ? .empty : AppNavigation(current: current, locale: context.locale).html)\n"
        }
        header += "</header>\n"
        return HTMLDocument(
            language: context.language, title: title, script: script, assets: context.assets,
            offlineTexts: context.account == nil ? nil : OfflineTexts(locale: context.locale), isLive: context.account != nil && isAppSection,
            refreshAfter: refreshAfter, body: header + navigation + main
        ).html
    }
}
