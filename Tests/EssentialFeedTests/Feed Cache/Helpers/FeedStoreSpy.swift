import EssentialFeed
import Foundation

actor FeedStoreSpy: FeedStore {
    enum ReceivedMessage: Equatable {
        case deleteCachedFeed
        case insert([LocalFeedImage], Date, entityTag: String? = nil)
        case retrieve
        case renewCache(Date)
        case append([LocalFeedImage], after: UUID)
        case retrievePage(after: UUID?, limit: Int)
        case retrieveImage(UUID)
    }

    private(set) var receivedMessages = [ReceivedMessage]()

    private var deletionError: NSError?
    private var insertionError: NSError?
    private var renewalError: NSError?
    private var retrievalResult: Result<CachedFeed?, NSError> = .success(nil)
    private var appendResult: Result<Bool, NSError> = .success(true)
    private var pageRetrievalResult: Result<CachedFeed?, NSError> = .success(nil)
    private var imageRetrievalResult: Result<LocalFeedImage?, NSError> = .success(nil)

    func stubAppend(with result: Result<Bool, NSError>) {
        appendResult = result
    }

    func stubPageRetrieval(with result: Result<CachedFeed?, NSError>) {
        pageRetrievalResult = result
    }

    func stubImageRetrieval(with result: Result<LocalFeedImage?, NSError>) {
        imageRetrievalResult = result
    }

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

    func append(_ page: [LocalFeedImage], after imageID: UUID) throws -> Bool {
        receivedMessages.append(.append(page, after: imageID))
        return try appendResult.get()
    }

    func retrieve(after imageID: UUID?, limit: Int) throws -> CachedFeed? {
        receivedMessages.append(.retrievePage(after: imageID, limit: limit))
        return try pageRetrievalResult.get()
    }

    func retrieve(imageWithID id: UUID) throws -> LocalFeedImage? {
        receivedMessages.append(.retrieveImage(id))
        return try imageRetrievalResult.get()
    }

    func retrieve() throws -> CachedFeed? {
        receivedMessages.append(.retrieve)
        return try retrievalResult.get()
    }
}
