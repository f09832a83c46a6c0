import EssentialFeedWebUI
import Foundation
import Synchronization
import Testing

@Suite struct WebAssetsTests {
    @Test func asset_deliversEveryStylesheetAndScriptTheScreensUse() throws {
        let assets = WebAssets()

        let plainNames = [
            "app.css", "blurhash.js", "comments.js", "device-caches.js", "drafts.js", "feed-images.js", "feed-place.js", "feed.js", "follow-requests.js", "follow.js", "icon.svg",
            "image-events.js", "in-place.js", "join-rules.js", "join.js", "kept-responses.js", "likes.js", "live.js", "manifest.webmanifest",
            "new-post-draft.js", "new-post.js", "news.js", "offline.js", "photo.js",
            "profile-settings.js",
            "profile.js",
            "region.js", "screen.js", "sending.js", "service-worker.js", "worker-answers.js"
        ]
        #expect(assets.names.filter { plainNames.contains($0) } == plainNames)
        #expect(assets.names.count == 2 * plainNames.count, "no PNG icons without a renderer")
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
        // What the imported modules import is preloaded too, so no import waits for another.
        let rulesModule = assets.links.path(of: "offline.js")
        #expect(
            Set(assets.links.modulesImported(by: "feed.js")) == [
                rulesModule, screenModule, placeholderModule, assets.links.path(of: "feed-images.js"), assets.links.path(of: "feed-place.js"),
                assets.links.path(of: "image-events.js"), assets.links.path(of: "follow.js"), assets.links.path(of: "likes.js"),
                assets.links.path(of: "in-place.js")
            ])
        let regionModule = assets.links.path(of: "region.js")
        #expect(
            Set(assets.links.modulesImported(by: "news.js")) == [rulesModule, screenModule, regionModule, placeholderModule, assets.links.path(of: "image-events.js")])
        #expect(
            Set(assets.links.modulesImported(by: "comments.js")) == [
                rulesModule, screenModule, regionModule, placeholderModule, assets.links.path(of: "drafts.js"), assets.links.path(of: "sending.js")
            ])
        #expect(
            Set(assets.links.modulesImported(by: "photo.js")) == [
                rulesModule, screenModule, placeholderModule, assets.links.path(of: "likes.js"), assets.links.path(of: "in-place.js")
            ])
    }

    @Test func manifest_makesTheAppInstallableWithIconsDrawnFromTheSVG() throws {
        let drawn = Mutex<[String]>([])
        let assets = WebAssets(renderIcon: { svg, size, maskableOn in
            drawn.withLock { $0.append("\(size)\(maskableOn == nil ? "" : " maskable")") }
            return svg.isEmpty ? nil : Data("png \(size)".utf8)
        })
        let manifestData = try #require(assets.asset(named: "manifest.webmanifest"))
        let manifest = try #require(try JSONSerialization.jsonObject(with: manifestData.data) as? [String: Any])

        #expect(drawn.withLock { $0 } == ["192", "512", "512 maskable"])
        #expect(manifestData.contentType == "application/manifest+json")
        #expect(manifest["name"] as? String == "Essential Feed")
        #expect((manifest["short_name"] as? String)?.isEmpty == false)
        #expect(manifest["start_url"] as? String == "/")
        #expect(manifest["display"] as? String == "standalone")
        #expect(manifest["theme_color"] as? String == "#ffffff" && manifest["background_color"] as? String == "#ffffff")
        let dark = (manifest["user_preferences"] as? [String: Any])?["color_scheme_dark"] as? [String: String]
        #expect(dark == ["theme_color": "#000000", "background_color": "#000000"])
        let icons = try #require(manifest["icons"] as? [[String: String]])
        let pngs = icons.filter { $0["type"] == "image/png" }
        #expect(pngs.map { $0["sizes"] } == ["192x192", "512x512", "512x512"])
        #expect(pngs.map { $0["purpose"] } == ["any", "any", "maskable"])
        for icon in pngs {
            let name = try #require(icon["src"]?.split(separator: "/").last.map(String.init))
            #expect(assets.asset(named: name)?.contentType == "image/png")
            #expect(assets.asset(named: name)?.isFingerprinted == true)
        }
    }

    @Test func serviceWorker_namesEveryOtherAssetOfItsVersion_soAChangeToAnyIsANewWorker() throws {
        let assets = WebAssets(offline: OfflineStorage(photoBytesLimit: 1_234_567))
        let workerPath = assets.links.path(of: WebAssets.serviceWorkerName)
        let workerName = try #require(workerPath.split(separator: "/").last.map(String.init))
        let worker = try #require(assets.asset(named: workerName).flatMap { String(data: $0.data, encoding: .utf8) })

        #expect(workerName.range(of: #"^service-worker\.[0-9a-f]{16}\.js$"#, options: .regularExpression) != nil)
        #expect(!worker.contains("__CONFIGURATION__"))
        #expect(worker.contains("\"photoBytesLimit\":1234567"))
        #expect(worker.contains("\"maximumAgeMilliseconds\":604800000"))
        for name in ["app.css", "feed.js", "screen.js", "offline.js", "icon.svg", "manifest.webmanifest"] {
            #expect(worker.contains("\"\(assets.links.path(of: name))\""), "\(name) is not in the shell")
        }
        #expect(worker.contains("\"/new\"") && worker.contains("\"/offline\""), "screens that open offline unvisited")
        for module in ["offline.js", "device-caches.js", "kept-responses.js", "worker-answers.js"] {
            #expect(worker.contains("from './\(assets.links.path(of: module).split(separator: "/").last ?? "")'"), "\(module) is imported by name")
        }
        let otherLimit = WebAssets(offline: OfflineStorage(photoBytesLimit: 7)).links.path(of: WebAssets.serviceWorkerName)
        #expect(otherLimit != workerPath)
    }

    @Test func asset_deliversNothingForAnUnknownName() {
        #expect(WebAssets().asset(named: "../Package.swift") == nil)
    }

    @Test(arguments: [
        "app.css", "feed.js", "comments.js", "screen.js", "photo.js", "offline.js", "drafts.js", "service-worker.js", "device-caches.js",
        "kept-responses.js", "worker-answers.js"
    ])
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
        // Text follows the reader's text size; a heading may be capped by the room the window
        // or its box gives it (`vw`, `cqi`), never by a fixed size.
        for declaration in fontSizes {
            let value = declaration.split(separator: "font-size:").last.map(String.init) ?? ""
            #expect(value.contains("rem") && !value.contains("px") && !value.contains("%"), "\(declaration)")
        }
    }
}
