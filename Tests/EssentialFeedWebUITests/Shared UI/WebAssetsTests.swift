import EssentialFeedWebUI
import Foundation
import Testing

@Suite struct WebAssetsTests {
    @Test func asset_deliversEveryStylesheetAndScriptTheScreensUse() throws {
        let assets = WebAssets()

        let plainNames = ["app.css", "blurhash.js", "comments.js", "feed.js", "icon.svg", "new-post.js", "news.js", "photo.js", "screen.js"]
        #expect(assets.names.filter { plainNames.contains($0) } == plainNames)
        #expect(assets.names.count == 2 * plainNames.count)
        for name in assets.names {
            let asset = try #require(assets.asset(named: name))
            #expect(!asset.data.isEmpty, "\(name) is empty")
        }
        #expect(assets.asset(named: "app.css")?.contentType == "text/css; charset=utf-8")
        #expect(assets.asset(named: "feed.js")?.contentType == "text/javascript; charset=utf-8")
        #expect(assets.asset(named: "icon.svg")?.contentType == "image/svg+xml")
    }

    @Test func links_nameEveryAssetByAFingerprintOfItsContent() throws {
        let assets = WebAssets()

        for name in ["app.css", "comments.js", "feed.js", "icon.svg", "screen.js"] {
            let path = assets.links.path(of: name)
            let fingerprinted = try #require(path.split(separator: "/").last.map(String.init))
            let asset = try #require(assets.asset(named: fingerprinted))
            #expect(fingerprinted.range(of: #"^[a-z]+\.[0-9a-f]{16}\.(css|js|svg)$"#, options: .regularExpression) != nil, "\(path)")
            #expect(asset.isFingerprinted)
            #expect(asset.data == assets.asset(named: name)?.data)
            #expect(assets.asset(named: name)?.isFingerprinted == false)
        }
    }

    @Test func scripts_importTheFingerprintedModules_whichTheScreensPreload() throws {
        let assets = WebAssets()
        let screenModule = assets.links.path(of: "screen.js")
        let feedScript = try #require(assets.asset(named: "feed.js").flatMap { String(data: $0.data, encoding: .utf8) })

        #expect(feedScript.contains("from './\(screenModule.split(separator: "/").last ?? "")'"))
        #expect(!feedScript.contains("'./screen.js'"))
        let placeholderModule = assets.links.path(of: "blurhash.js")
        #expect(!feedScript.contains("'./blurhash.js'"))
        #expect(assets.links.modulesImported(by: "feed.js") == [screenModule, placeholderModule])
        #expect(assets.links.modulesImported(by: "news.js") == [screenModule, placeholderModule])
        #expect(assets.links.modulesImported(by: "comments.js") == [screenModule, placeholderModule])
        #expect(Set(assets.links.modulesImported(by: "photo.js")) == [screenModule, placeholderModule])
    }

    @Test func asset_deliversNothingForAnUnknownName() {
        #expect(WebAssets().asset(named: "../Package.swift") == nil)
    }

    @Test(arguments: ["app.css", "feed.js", "comments.js", "screen.js", "photo.js"])
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
