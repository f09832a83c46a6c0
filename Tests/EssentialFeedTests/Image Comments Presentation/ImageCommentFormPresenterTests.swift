import EssentialFeed
import Foundation
import Testing

@Suite struct ImageCommentFormPresenterTests {
    private let english = Locale(identifier: "en")

    @Test func viewModel_labelsTheFormAndSaysTheLimitInTheLocalesDigits() {
        let viewModel = ImageCommentFormPresenter.viewModel(locale: english)

        #expect(viewModel.title == "Add a comment")
        #expect(viewModel.messageLabel == "Your comment")
        #expect(viewModel.sendButton == "Send")
        #expect(viewModel.hint == "Up to 2,000 characters.")
        #expect(viewModel.maximumLength == 2_000)
        #expect(ImageCommentFormPresenter.viewModel(locale: Locale(identifier: "pt-BR")).hint == "Até 2.000 caracteres.")
    }

    @Test func validated_trimsAndAcceptsOneToTwoThousandCharacters() throws {
        #expect(try ImageCommentFormPresenter.validated("  Nice!\n") == "Nice!")
        #expect(try ImageCommentFormPresenter.validated(String(repeating: "é", count: 2_000)).count == 2_000)
        #expect(throws: ImageCommentMessageError.empty) { try ImageCommentFormPresenter.validated(" \n\t ") }
        for invisible in ["\u{200B}\u{200E}\u{202E}", "\u{2066}\u{2069}\u{FEFF}", "\u{3164}\u{2800}\u{00A0}", "\u{180E}\u{FE0F}"] {
            #expect(throws: ImageCommentMessageError.empty, "\(invisible.unicodeScalars.map(\.value))") {
                try ImageCommentFormPresenter.validated(invisible)
            }
        }
        #expect(try ImageCommentFormPresenter.validated("\u{200F}שלום") == "\u{200F}שלום", "a direction mark beside text is kept")
        #expect(try ImageCommentFormPresenter.validated("👍🏽") == "👍🏽")
        #expect(throws: ImageCommentMessageError.tooLong(maximum: 2_000)) {
            try ImageCommentFormPresenter.validated(String(repeating: "a", count: 2_001))
        }
    }

    @Test func validated_dropsControlCharactersButLineBreaksAndTabs_soNoStoreCutsTheMessageShort() throws {
        #expect(try ImageCommentFormPresenter.validated("before\u{0}after") == "beforeafter")
        #expect(try ImageCommentFormPresenter.validated("\u{1B}[31mred\u{7}\u{85}") == "[31mred")
        #expect(try ImageCommentFormPresenter.validated("one\r\ntwo\tthree") == "one\r\ntwo\tthree")
        #expect(throws: ImageCommentMessageError.empty) { try ImageCommentFormPresenter.validated("\u{0}\u{1}") }
    }

    @Test func errorMessage_tellsEachFailureApart() {
        func message(_ error: any Error) -> String { ImageCommentFormPresenter.errorMessage(for: error, locale: english) }

        #expect(message(ImageCommentMessageError.empty) == "Write something before sending.")
        #expect(message(ImageCommentMessageError.tooLong(maximum: 2_000)) == "Comments can have at most 2,000 characters.")
        #expect(message(PostedImageCommentMapper.Error.authenticationRequired) == "Your session has ended. Log in again to comment.")
        #expect(message(PostedImageCommentMapper.Error.imageNotFound) == "This image no longer exists.")
        #expect(message(ConnectivityError()).hasPrefix("Couldn't send your comment:"))
    }
}
