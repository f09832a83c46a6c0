import EssentialFeed
import Foundation

actor FeedStoreSpy: FeedStore {
    enum ReceivedMessage: Equatable {
        case deleteCachedFeed
        case insert([LocalFeedImage], Date, entityTag: String? = nil)
        case retrieve
        case renewCache(Date)
    }

    private(set) var receivedMessages = [ReceivedMessage]()

    private var deletionError: NSError?
    private var insertionError: NSError?
    private var renewalError: NSError?
    private var retrievalResult: Result<CachedFeed?, NSError> = .success(nil)

    func stubDeletion(with error: NSError) {
        deletionError = error
    }

    func stubInsertion(with error: NSError) {
        insertionError = error
    }

    func stubRenewal(with error: NSError) {
        renewalError = error
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
        try insert(feed, timestamp: timestamp, entityTag: nil)
    }

    func insert(_ feed: [LocalFeedImage], timestamp: Date, entityTag: String?) throws {
        receivedMessages.append(.insert(feed, timestamp, entityTag: entityTag))
        if let insertionError { throw insertionError }
    }

    func renewCache(timestamp: Date) throws {
        receivedMessages.append(.renewCache(timestamp))
        if let renewalError { throw renewalError }
    }

    func retrieve() throws -> CachedFeed? {
        receivedMessages.append(.retrieve)
        return try retrievalResult.get()
    }
}
