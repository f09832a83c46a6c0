import EssentialFeed
import Foundation

/// The frame every screen shares: one stylesheet, one script module, no inline code.
struct HTMLDocument {
    let language: String
    let title: String
    let script: String
    let body: String

    var html: String {
        """
        <!doctype html>
        <html lang="\(escaping: language)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escaping: title)</title>
        <link rel="icon" href="/assets/icon.svg" type="image/svg+xml">
        <link rel="stylesheet" href="/assets/app.css">
        <script type="module" src="/assets/\(escaping: script)"></script>
        </head>
        <body>
        \(body)
        </body>
        </html>

        """
    }
}

/// The parts of a screen that show how its content is loading: the pull-to-refresh hint,
/// the refresh control, the error banner and the loading indicator.
struct LoadingControls {
    let locale: Locale

    var refreshButton: String {
        """
        <button type="button" class="refresh-button" data-action="refresh" aria-label="\(escaping: SharedStrings.refresh.localized(in: locale))"><span aria-hidden="true">↻</span></button>
        """
    }

    var statusArea: String {
        """
        <div class="pull-indicator" data-role="pull" aria-hidden="true" data-pull-text="\(escaping: SharedStrings.pullToRefresh.localized(in: locale))" data-release-text="\(escaping: SharedStrings.releaseToRefresh.localized(in: locale))"></div>
        <div class="error-banner" data-role="error" role="alert" title="\(escaping: SharedStrings.dismissError.localized(in: locale))" hidden><p data-role="error-message">\(escaping: SharedStrings.connectionError.localized(in: locale))</p><button type="button" class="banner-action" data-action="retry">\(escaping: SharedStrings.retry.localized(in: locale))</button></div>
        <p class="loading" data-role="loading" role="status"><span class="spinner" aria-hidden="true"></span>\(escaping: SharedStrings.loading.localized(in: locale))</p>
        """
    }
}
