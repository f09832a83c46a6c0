import EssentialFeed
import Foundation

/// The frame every screen shares: one stylesheet, one script module, no inline code.
/// The modules the screen's script imports are preloaded, so they arrive with it.
struct HTMLDocument {
    let language: String
    let title: String
    let script: String?
    var assets = WebAssetLinks()
    let body: HTML

    var html: HTML {
        let scriptTags = script.map { script in
            assets.modulesImported(by: script).map { module -> HTML in "<link rel=\"modulepreload\" href=\"\(module)\">\n" }.joined()
                + "<script type=\"module\" src=\"\(assets.path(of: script))\"></script>\n"
        } ?? .empty
        return """
        <!doctype html>
        <html lang="\(language)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title)</title>
        <link rel="icon" href="\(assets.path(of: "icon.svg"))" type="image/svg+xml">
        <link rel="stylesheet" href="\(assets.path(of: "app.css"))">
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

    var refreshButton: HTML {
        """
        <button type="button" class="refresh-button" data-action="refresh" aria-label="\(SharedStrings.refresh.localized(in: locale))"><span aria-hidden="true">↻</span></button>
        """
    }

    func statusArea(isLoading: Bool, error: ResourceErrorViewModel?) -> HTML {
        let message = error?.message ?? SharedStrings.connectionError.localized(in: locale)
        let isNotFound = error?.isNotFound == true
        return """
        <div class="pull-indicator" data-role="pull" aria-hidden="true" data-pull-text="\(SharedStrings.pullToRefresh.localized(in: locale))" data-release-text="\(SharedStrings.releaseToRefresh.localized(in: locale))"></div>
        <div class="error-banner" data-role="error" role="alert" title="\(SharedStrings.dismissError.localized(in: locale))"\(hidden(error == nil))\(isNotFound ? " data-reason=\"not-found\"" as HTML : .empty)><p data-role="error-message">\(message)</p><a class="banner-action" data-action="retry" href="\(screenURL)"\(hidden(isNotFound))>\(SharedStrings.retry.localized(in: locale))</a><a class="banner-action" data-action="go-to-feed" href="/"\(hidden(!isNotFound))>\(SharedStrings.goToFeed.localized(in: locale))</a></div>
        <p class="loading" data-role="loading" role="status"\(hidden(!isLoading))><span class="spinner" aria-hidden="true"></span>\(SharedStrings.loading.localized(in: locale))</p>
        """
    }
}
