import EssentialFeedWebUI
import Foundation
import Testing

@Suite struct WebAssetsTests {
    @Test func asset_deliversEveryStylesheetAndScriptTheScreensUse() throws {
        let assets = WebAssets()

        #expect(assets.names == ["app.css", "comments.js", "feed.js", "screen.js"])
        for name in assets.names {
            let asset = try #require(assets.asset(named: name))
            #expect(!asset.data.isEmpty, "\(name) is empty")
        }
        #expect(assets.asset(named: "app.css")?.contentType == "text/css; charset=utf-8")
        #expect(assets.asset(named: "feed.js")?.contentType == "text/javascript; charset=utf-8")
    }

    @Test func asset_deliversNothingForAnUnknownName() {
        #expect(WebAssets().asset(named: "../Package.swift") == nil)
    }

    @Test(arguments: ["app.css", "feed.js", "comments.js", "screen.js"])
    func assets_useNoOtherOriginAndNoInlineStyle(name: String) throws {
        let text = try #require(WebAssets().asset(named: name).flatMap { String(data: $0.data, encoding: .utf8) })

        #expect(!text.contains("http://") && !text.contains("https://"))
        #expect(!text.contains("setAttribute('style'") && !text.contains("innerHTML = `"))
        #expect(!text.contains("eval("))
    }

    @Test func stylesheet_sizesTextInRemOnly() throws {
        let css = try #require(WebAssets().asset(named: "app.css").flatMap { String(data: $0.data, encoding: .utf8) })
        let fontSizes = css.split(separator: ";").filter { $0.contains("font-size:") }

        #expect(!fontSizes.isEmpty)
        for declaration in fontSizes {
            #expect(declaration.hasSuffix("rem") || declaration.hasSuffix("rem "), "\(declaration)")
        }
    }
}
