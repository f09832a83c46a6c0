import EssentialFeed
import Foundation

actor FeedImageDataStoreSpy: FeedImageDataStore {
    enum ReceivedMessage: Equatable {
        case insert(data: Data, for: URL)
        case retrieve(dataFor: URL)
    }

    private(set) var receivedMessages = [ReceivedMessage]()

    private var insertionError: NSError?
    private var retrievalResult: Result<Data?, any Error> = .success(nil)

    func stubInsertion(with error: NSError) {
        insertionError = error
    }

    func stubRetrieval(with error: NSError) {
        retrievalResult = .failure(error)
    }

    func stubRetrievalCancelled() {
        retrievalResult = .failure(CancellationError())
    }

    func stubRetrieval(with data: Data?) {
        retrievalResult = .success(data)
    }

    func insert(_ data: Data, for url: URL) throws {
        receivedMessages.append(.insert(data: data, for: url))
        if let insertionError { throw insertionError }
    }

    func retrieve(dataForURL url: URL) throws -> Data? {
        receivedMessages.append(.retrieve(dataFor: url))
        return try retrievalResult.get()
    }
}
