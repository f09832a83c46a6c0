import EssentialFeed
import Foundation
import Testing

@Suite struct NewPostPresenterTests {
    private let english = Locale(identifier: "en")

    @Test func viewModel_labelsTheScreenAndSaysTheLimitsInTheLocalesDigits() {
        let viewModel = NewPostPresenter.viewModel(locale: english)

        #expect(viewModel.title == "New post")
        #expect(viewModel.photoLabel == "Photo")
        #expect(viewModel.photoHint == "A JPEG, PNG or WebP photo of up to 20 MB.")
        #expect(viewModel.textHint == "Optional, up to 500 characters.")
        #expect(viewModel.alternativeTextHint.hasSuffix("up to 500 characters."))
        #expect(viewModel.postButton == "Post")
        #expect(viewModel.maximumTextLength == 500)
        #expect(viewModel.maximumPhotoBytes == 20_000_000)
        #expect(viewModel.acceptedTypes == ["image/jpeg", "image/png", "image/webp"])
        #expect(NewPostPresenter.viewModel(locale: Locale(identifier: "el")).title == "Νέα ανάρτηση")
    }

    @Test func validated_trimsEachText_andLeavesBlankOnesOut() throws {
        let photo = Data([0xFF, 0xD8, 0xFF])

        let post = try NewPostPresenter.validated(photo: photo, description: "  A cat\n", location: " \t", alternativeText: nil)

        #expect(post == NewFeedImage(data: photo, description: "A cat", location: nil, alternativeText: nil))
    }

    @Test func validated_takesTextsOfUpTo500Characters_andNamesTheOneThatIsLonger() throws {
        let photo = Data([1])
        let longest = String(repeating: "é", count: 500)

        #expect(try NewPostPresenter.validated(photo: photo, description: longest, location: longest, alternativeText: longest).location == longest)
        #expect(throws: NewPostError.textTooLong(.alternativeText, maximum: 500)) {
            try NewPostPresenter.validated(photo: photo, description: nil, location: nil, alternativeText: longest + "a")
        }
    }

    @Test func validated_needsAPhotoOfOneByteTo20Megabytes() throws {
        #expect(throws: NewPostError.noPhoto) { try NewPostPresenter.validated(photo: nil, description: "x", location: nil, alternativeText: nil) }
        #expect(throws: NewPostError.noPhoto) { try NewPostPresenter.validated(photo: Data(), description: nil, location: nil, alternativeText: nil) }
        #expect(try NewPostPresenter.validated(photo: Data(count: 20_000_000), description: nil, location: nil, alternativeText: nil).data.count == 20_000_000)
        #expect(throws: NewPostError.photoTooLarge(maximumBytes: 20_000_000)) {
            try NewPostPresenter.validated(photo: Data(count: 20_000_001), description: nil, location: nil, alternativeText: nil)
        }
    }

    @Test func errorMessage_tellsEachFailureApart() {
        func message(_ error: any Error) -> String { NewPostPresenter.errorMessage(for: error, locale: english) }

        #expect(message(NewPostError.noPhoto) == "Choose a photo to post.")
        #expect(message(NewPostError.photoTooLarge(maximumBytes: 20_000_000)) == "This photo is too large. Choose one of up to 20 MB and 50 megapixels.")
        #expect(message(PostedFeedImageMapper.Error.tooLarge) == message(NewPostError.photoTooLarge(maximumBytes: 20_000_000)))
        #expect(message(NewPostError.textTooLong(.description, maximum: 500)) == "Each text can have at most 500 characters.")
        #expect(message(PostedFeedImageMapper.Error.unsupportedType).hasPrefix("This file isn't a photo we can take."))
        #expect(message(PostedFeedImageMapper.Error.unreadable).hasPrefix("This photo can't be read"))
        #expect(message(PostedFeedImageMapper.Error.authenticationRequired) == "Your session has ended. Log in again to post.")
        #expect(message(ConnectivityError()).hasPrefix("Couldn't post your photo:"))
        #expect(message(PostedFeedImageMapper.Error.invalidData) == message(ConnectivityError()))
    }

    @Test func errorMessage_isInTheReadersLanguage() {
        #expect(NewPostPresenter.errorMessage(for: NewPostError.noPhoto, locale: Locale(identifier: "pt-BR")) == "Escolha uma foto para publicar.")
    }
}
