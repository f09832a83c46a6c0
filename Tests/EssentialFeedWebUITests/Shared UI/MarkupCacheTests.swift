import EssentialFeedWebUI
import Testing

struct MarkupCacheTests {
    @Test func rendersOnce_forTheSameKey() {
        let cache = MarkupCache<String>(capacity: 4)
        var renders = 0
        let render: () -> HTML = {
            renders += 1
            return "<p>one</p>"
        }

        let first = cache.markup(for: "a", render: render)
        let second = cache.markup(for: "a", render: render)

        #expect(renders == 1)
        #expect(first == second)
    }

    @Test func rendersAgain_forAnotherKey() {
        let cache = MarkupCache<String>(capacity: 4)

        _ = cache.markup(for: "a") { "<p>a</p>" }
        let other = cache.markup(for: "b") { "<p>b</p>" }

        #expect(other.rendered == "<p>b</p>")
        #expect(cache.count == 2)
    }

    @Test func keepsAtMostItsCapacity_droppingTheLeastRecentlyUsed() {
        let cache = MarkupCache<Int>(capacity: 2)
        _ = cache.markup(for: 1) { "one" }
        _ = cache.markup(for: 2) { "two" }
        _ = cache.markup(for: 1) { "one again" }

        _ = cache.markup(for: 3) { "three" }

        #expect(cache.count == 2)
        #expect(cache.markup(for: 1) { "rendered" }.rendered == "one")
        #expect(cache.markup(for: 2) { "rendered" }.rendered == "rendered")
    }
}
