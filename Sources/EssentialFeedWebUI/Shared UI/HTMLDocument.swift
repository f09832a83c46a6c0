import EssentialFeed
import Foundation

/// The frame every screen shares: one stylesheet, the screen's script module (and, on a
/// logged-in person's screens, `live.js` for the bell), no inline code.
/// The modules the screen's script imports are preloaded, so they arrive with it. Every
/// screen names the web app manifest; a logged-in person's screens also name the service
/// worker that keeps them for reading offline, and the words for saying so.
struct HTMLDocument {
    let language: String
    let title: String
    let script: String?
    var assets = WebAssetLinks()
    var offlineTexts: OfflineTexts? = nil
    /// Whether the page carries the reader's live events (the bell's count, new photos).
    var isLive = false
    /// Seconds after which the browser loads the page again, for a page that follows a job
    /// without scripts; `nil` for none.
    var refreshAfter: Int? = nil
    let body: HTML

    var html: HTML {
        let scriptTags =
            script.map { script in
                assets.modulesImported(by: script).map { module -> HTML in "<link rel=\"modulepreload\" href=\"\(module)\">\n" }.joined()
                    + "<script type=\"module\" src=\"\(assets.path(of: script))\"></script>\n"
            } ?? .empty
        let refreshTag: HTML = refreshAfter.map { "<meta http-equiv=\"refresh\" content=\"\($0)\">\n" } ?? .empty
        let liveTag: HTML = isLive ? "<script type=\"module\" src=\"\(assets.path(of: "live.js"))\"></script>\n" : .empty
        let offline =
            offlineTexts.map { texts -> HTML in
                " data-service-worker=\"\(assets.path(of: WebAssets.serviceWorkerName))\" data-offline-texts=\"\(texts.attributeValue)\""
            } ?? .empty
        return """
            <!doctype html>
            <html lang="\(language)"\(offline)>
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title)</title>
            <meta name="theme-color" content="\(AppManifest.lightColour)" media="(prefers-color-scheme: light)">
            <meta name="theme-color" content="\(AppManifest.darkColour)" media="(prefers-color-scheme: dark)">
            <link rel="manifest" href="\(assets.path(of: AppManifest.name))">
            <link rel="icon" href="\(assets.path(of: "icon.svg"))" type="image/svg+xml">
            <link rel="apple-touch-icon" href="\(assets.path(of: "icon-192.png"))">
            <link rel="stylesheet" href="\(assets.path(of: "app.css"))">
            \(refreshTag)\(scriptTags)\(liveTag)</head>
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
