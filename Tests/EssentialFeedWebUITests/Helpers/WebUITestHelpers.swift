import EssentialFeed
import EssentialFeedWebUI
import Foundation

let english = Locale(identifier: "en")
let brazilianPortuguese = Locale(identifier: "pt-BR")

func anyUUID(_ suffix: Int) -> UUID {
    UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", suffix))!
}

func makeItem(_ number: Int, description: String? = nil, location: String? = nil) -> FeedItemViewModel {
    let id = anyUUID(number)
    return FeedItemViewModel(
        id: id,
        image: FeedImageViewModel(description: description, location: location),
        imageURL: "/feed-images/\(id.uuidString)",
        commentsURL: "/images/\(id.uuidString)/comments"
    )
}

func renderFeedFragment(_ page: FeedPageViewModel, locale: Locale = english) -> String {
    let view = FeedFragmentView(locale: locale)
    view.display(ResourceErrorViewModel.noError)
    view.display(page)
    return view.html
}

func renderFeedError(_ message: String, locale: Locale = english) -> String {
    let view = FeedFragmentView(locale: locale)
    view.display(ResourceErrorViewModel.error(message: message))
    return view.html
}

func renderComments(_ comments: [DatedImageCommentViewModel]) -> String {
    let view = ImageCommentsFragmentView()
    view.display(ResourceErrorViewModel.noError)
    view.display(comments)
    return view.html
}

func makeComment(message: String, date: String = "1 day ago", username: String, isoDate: String = "2020-05-20T11:24:59Z") -> DatedImageCommentViewModel {
    DatedImageCommentViewModel(comment: ImageCommentViewModel(message: message, date: date, username: username), isoDate: isoDate)
}
