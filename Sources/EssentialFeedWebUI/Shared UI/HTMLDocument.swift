import EssentialFeed
import Foundation

/// The frame every screen shares: one stylesheet, one script module, no inline code.
/// The modules the screen's script imports are preloaded, so they arrive with it.
struct HTMLDocument {
    let language: String
    let title: String
    let script: String?
    var assets = WebAssetLinks()
    let body: String

    var html: String {
        let scriptTags = script.map { script in
            assets.modulesImported(by: script).map { "<link rel=\"modulepreload\" href=\"\($0.htmlEscaped)\">\n" }.joined()
                + "<script type=\"module\" src=\"\(assets.path(of: script).htmlEscaped)\"></script>\n"
        } ?? ""
        return """
        <!doctype html>
        <html lang="\(escaping: language)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escaping: title)</title>
        <link rel="icon" href="\(escaping: assets.path(of: "icon.svg"))" type="image/svg+xml">
        <link rel="stylesheet" href="\(escaping: assets.path(of: "app.css"))">
        \(scriptTags)</head>
        <body>
        \(body)
        </body>
        </html>

        """
    }
}

/// The parts of a screen that show how its content is loading: the pull-to-refresh hint,
/// the refresh control, the error banner and the loading indicator. Retry is a link to the
/// screen itself, so it works without scripts too.
struct LoadingControls {
    let locale: Locale
    var screenURL = "/"

    var refreshButton: String {
        """
        <button type="button" class="refresh-button" data-action="refresh" aria-label="\(escaping: SharedStrings.refresh.localized(in: locale))"><span aria-hidden="true">↻</span></button>
        """
    }

    func statusArea(isLoading: Bool, error: ResourceErrorViewModel?) -> String {
        let message = error?.message ?? SharedStrings.connectionError.localized(in: locale)
        let retryHidden = error?.isNotFound == true ? " hidden" : ""
        return """
        <div class="pull-indicator" data-role="pull" aria-hidden="true" data-pull-text="\(escaping: SharedStrings.pullToRefresh.localized(in: locale))" data-release-text="\(escaping: SharedStrings.releaseToRefresh.localized(in: locale))"></div>
        <div class="error-banner" data-role="error" role="alert" title="\(escaping: SharedStrings.dismissError.localized(in: locale))"\(error == nil ? " hidden" : "")\(error?.isNotFound == true ? " data-reason=\"not-found\"" : "")><p data-role="error-message">\(escaping: message)</p><a class="banner-action" data-action="retry" href="\(escaping: screenURL)"\(retryHidden)>\(escaping: SharedStrings.retry.localized(in: locale))</a><a class="banner-action" data-action="go-to-feed" href="/"\(error?.isNotFound == true ? "" : " hidden")>\(escaping: SharedStrings.goToFeed.localized(in: locale))</a></div>
        <p class="loading" data-role="loading" role="status"\(isLoading ? "" : " hidden")><span class="spinner" aria-hidden="true"></span>\(escaping: SharedStrings.loading.localized(in: locale))</p>
        """
    }
}
