import EssentialFeed
import Foundation

/// A photo something is about — its comments, or its deletion — small, in its own shape,
/// leading to its screen, with who posted it and what they said of it.
struct PhotoSubjectFigure {
    let subject: ImageCommentsScreen.Subject
    let locale: Locale

    var html: HTML {
        let item = FeedItemViewModel(
            id: UUID(), image: subject.image, imageURL: subject.imageURL, commentsURL: "", placeholder: subject.placeholder,
            photoURL: subject.photoURL, renditions: subject.renditions)
        let photo = PhotoImage(
            item: item, alternativeText: FeedImagePresenter.alternativeText(for: subject.image, in: locale), className: "comments-subject-image",
            sizes: "5rem")
        // Behind a content warning the photo stays covered, blurred, until the reader opens it.
        let warning = subject.image.contentWarning.map { "\n" + ContentWarningLabels(locale: locale).overlay($0) } ?? .empty
        let frame: HTML = "<div class=\"comments-subject-frame\"\(photo.boxAttributes())\(subject.placeholder?.attributes)>\(photo.eager(isFirst: true))\(warning)</div>"
        var html: HTML = "<figure class=\"comments-subject\">\n"
        if let photoURL = subject.photoURL {
            html += "<a class=\"comments-subject-link\" href=\"\(photoURL)\" title=\"\(FeedStrings.openPhoto.localized(in: locale))\">\(frame)</a>\n"
        } else {
            html += frame + "\n"
        }
        html += "<figcaption>"
        if let author = subject.image.author {
            html += authorLine(author)
        }
        if let location = subject.image.location {
            html += "<p class=\"feed-image-location\">\(location)</p>"
        }
        if let description = subject.image.description {
            html += "<p class=\"comments-subject-description\">\(LinkedText.html(description))</p>"
        }
        return html + "</figcaption>\n</figure>"
    }
}
