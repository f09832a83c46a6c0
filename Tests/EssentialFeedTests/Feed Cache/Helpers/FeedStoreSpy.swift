import EssentialFeed
import Foundation

actor FeedStoreSpy: FeedStore {
    enum ReceivedMessage: Equatable {
        case deleteCachedFeed
        case insert([LocalFeedImage], Date)
        case retrieve
    }

    private(set) var receivedMessages = [ReceivedMessage]()

    private var deletionError: NSError?
    private var insertionError: NSError?
    private var retrievalResult: Result<CachedFeed?, NSError> = .success(nil)

    func stubDeletion(with error: NSError) {
        deletionError = error
    }

    func stubInsertion(with error: NSError) {
        insertionError = error
    }

    func stubRetrieval(with error: NSError) {
        retrievalResult = .failure(error)
    }

    func stubRetrieval(with cache: CachedFeed?) {
        retrievalResult = .success(cache)
    }

    func deleteCachedFeed() throws {
        receivedMessages.append(.deleteCachedFeed)
        if let deletionError { throw deletionError }
    }

    func insert(_ feed: [LocalFeedImage], timestamp: Date) throws {
        receivedMessages.append(.insert(feed, timestamp))
        if let insertionError { throw insertionError }
    }

    func retrieve() throws -> CachedFeed? {
        receivedMessages.append(.retrieve)
        return try retrievalResult.get()
    }
}
