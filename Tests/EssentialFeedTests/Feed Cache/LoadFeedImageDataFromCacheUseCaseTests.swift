import EssentialFeed
import Foundation
import Testing

@Suite struct LoadFeedImageDataFromCacheUseCaseTests {
    @Test func init_doesNotMessageStoreUponCreation() async {
        let (_, store) = makeSUT()

        #expect(await store.receivedMessages == [])
    }

    @Test func loadImageData_requestsStoredDataForURL() async throws {
        let (sut, store) = makeSUT()
        let url = URL(string: "https://a-given-url.com/image.jpg")!
        await store.stubRetrieval(with: anyData())

        _ = try await sut.loadImageData(from: url)

        #expect(await store.receivedMessages == [.retrieve(dataFor: url)])
    }

    @Test func loadImageData_failsOnStoreError() async {
        let (sut, store) = makeSUT()
        await store.stubRetrieval(with: anyNSError())

        await #expect(throws: LocalFeedImageDataLoader.LoadError.failed) {
            try await sut.loadImageData(from: anyURL())
        }
    }

    @Test func loadImageData_deliversNotFoundErrorWhenNoDataIsStored() async {
        let (sut, store) = makeSUT()
        await store.stubRetrieval(with: nil as Data?)

        await #expect(throws: LocalFeedImageDataLoader.LoadError.notFound) {
            try await sut.loadImageData(from: anyURL())
        }
    }

    @Test func loadImageData_deliversStoredData() async throws {
        let (sut, store) = makeSUT()
        let storedData = Data("stored image bytes".utf8)
        await store.stubRetrieval(with: storedData)

        #expect(try await sut.loadImageData(from: anyURL()) == storedData)
    }

    @Test func loadImageData_deliversCancellationRatherThanFailureWhenStoreIsCancelled() async {
        let (sut, store) = makeSUT()
        await store.stubRetrievalCancelled()

        await #expect(throws: CancellationError.self) {
            try await sut.loadImageData(from: anyURL())
        }
    }

    @Test func loadImageData_doesNotDeliverDataAfterTaskIsCancelled() async {
        let (sut, store) = makeSUT()
        await store.stubRetrieval(with: anyData())

        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await sut.loadImageData(from: anyURL())
        }

        await #expect(throws: CancellationError.self) {
            try await task.value
        }
    }

    @Test func saveImageData_requestsDataInsertionForURL() async throws {
        let (sut, store) = makeSUT()
        let url = URL(string: "https://a-given-url.com/image.jpg")!
        let data = Data("image bytes".utf8)

        try await sut.save(data, for: url)

        #expect(await store.receivedMessages == [.insert(data: data, for: url)])
    }

    @Test func saveImageData_failsOnStoreInsertionError() async {
        let (sut, store) = makeSUT()
        await store.stubInsertion(with: anyNSError())

        await #expect(throws: LocalFeedImageDataLoader.SaveError.failed) {
            try await sut.save(anyData(), for: anyURL())
        }
    }

    // MARK: - Helpers

    private func makeSUT() -> (sut: LocalFeedImageDataLoader, store: FeedImageDataStoreSpy) {
        let store = FeedImageDataStoreSpy()
        let sut = LocalFeedImageDataLoader(store: store)
        return (sut, store)
    }
}
