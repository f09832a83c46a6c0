import EssentialFeed
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("A 507 from the API: no room to keep it, said as such")
struct InsufficientStorageTests {
    private let english = Locale(identifier: "en_US")

    @Test func everyWriteMapper_tellsA507Apart() {
        let full = HTTPURLResponse(statusCode: 507)
        #expect(throws: InsufficientStorageError()) { try SessionMapper.map(Data(), from: full) }
        #expect(throws: InsufficientStorageError()) { try PostedFeedImageMapper.map(Data(), from: full) }
        #expect(throws: InsufficientStorageError()) { try PostedImageCommentMapper.map(Data(), from: full) }
    }

    @Test func everyFormSaysThereIsNoRoom_neverThatTheConnectionFailed() {
        let expected = "There is no room to keep this right now: the server's storage is full. Try again later."
        #expect(LogInPresenter.errorMessage(for: InsufficientStorageError(), locale: english) == expected)
        #expect(NewPostPresenter.errorMessage(for: InsufficientStorageError(), locale: english) == expected)
        #expect(ImageCommentFormPresenter.errorMessage(for: InsufficientStorageError(), locale: english) == expected)
        #expect(LogInPresenter.errorMessage(for: InsufficientStorageError(), locale: Locale(identifier: "el_GR")).hasPrefix("Δεν υπάρχει χώρος"))
    }
}
