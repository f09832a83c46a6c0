import Testing

@testable import EssentialApp

@Suite(.timeLimit(.minutes(1)))
struct SharedLoadsTests {
    @Test func concurrentLoadsOfOneKey_shareOneRunOfTheWork() async throws {
        let (sut, work) = makeSUT()
        let first = Task { try await sut.load(1) { try await work.load() } }
        await work.waitForPendingLoad()
        let second = Task { try await sut.load(1) { try await work.load() } }
        await waitUntil(sut, has: 2, waitersFor: 1)

        await work.complete(with: .success("page"))

        #expect(try await first.value == "page")
        #expect(try await second.value == "page")
        #expect(work.loadCount == 1)
    }

    @Test func loadAfterTheSharedOneFinished_runsTheWorkAgain() async throws {
        let (sut, work) = makeSUT()
        let first = Task { try await sut.load(1) { try await work.load() } }
        await work.complete(with: .success("old"))
        _ = try await first.value

        let second = Task { try await sut.load(1) { try await work.load() } }
        await work.complete(with: .success("new"))

        #expect(try await second.value == "new")
        #expect(work.loadCount == 2)
    }

    @Test func loadsOfDifferentKeys_runSeparately() async throws {
        let (sut, work) = makeSUT()
        let first = Task { try await sut.load(1) { try await work.load() } }
        await work.waitForPendingLoad()
        let second = Task { try await sut.load(2) { try await work.load() } }
        await work.waitUntil(pendingLoads: 2)

        await work.complete(with: .success("one"))
        await work.complete(with: .success("two"))

        #expect(try await first.value == "one")
        #expect(try await second.value == "two")
        #expect(work.loadCount == 2)
    }

    @Test func sharedFailure_reachesEveryWaiter() async throws {
        let (sut, work) = makeSUT()
        let first = Task { try await sut.load(1) { try await work.load() } }
        await work.waitForPendingLoad()
        let second = Task { try await sut.load(1) { try await work.load() } }
        await waitUntil(sut, has: 2, waitersFor: 1)

        await work.complete(with: .failure(Failure()))

        await #expect(throws: Failure.self) { try await first.value }
        await #expect(throws: Failure.self) { try await second.value }
    }

    @Test func cancellingOneOfTwoWaiters_keepsTheWorkForTheOther() async throws {
        let (sut, work) = makeSUT()
        let leaving = Task { try await sut.load(1) { try await work.load() } }
        await work.waitForPendingLoad()
        let staying = Task { try await sut.load(1) { try await work.load() } }
        await waitUntil(sut, has: 2, waitersFor: 1)

        leaving.cancel()
        await waitUntil(sut, has: 1, waitersFor: 1)
        await work.complete(with: .success("page"))

        #expect(try await staying.value == "page")
        #expect(work.cancelledCount == 0)
    }

    @Test func cancellingEveryWaiter_cancelsTheWork() async throws {
        let (sut, work) = makeSUT()
        let only = Task { try await sut.load(1) { try await work.load() } }
        await work.waitForPendingLoad()

        only.cancel()

        await #expect(throws: CancellationError.self) { try await only.value }
        #expect(work.cancelledCount == 1)
        #expect(sut.waiters(for: 1) == 0)
    }

    // MARK: - Helpers

    private struct Failure: Error {}

    private func makeSUT() -> (SharedLoads<Int, String>, LoaderSpy<String>) {
        (SharedLoads<Int, String>(), LoaderSpy<String>())
    }

    private func waitUntil(_ sut: SharedLoads<Int, String>, has count: Int, waitersFor key: Int) async {
        await sut.waitUntil(waiters: count, for: key)
    }
}
