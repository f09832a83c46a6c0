import EssentialFeed
import EssentialFeedWebUI
import Foundation
import Testing

@Suite struct ImageCommentsFragmentViewTests {
    @Test func html_escapesEveryTextFromTheAPI() {
        let html = renderComments([makeComment(message: "<b>hi</b> & \"bye\"", date: "<date>", username: "<u>me</u>", isoDate: "\"iso\"")])

        #expect(html.contains("&lt;b&gt;hi&lt;/b&gt; &amp; &quot;bye&quot;"))
        #expect(html.contains("&lt;u&gt;me&lt;/u&gt;"))
        #expect(html.contains("&lt;date&gt;"))
        #expect(html.contains("datetime=\"&quot;iso&quot;\""))
        #expect(!html.contains("<b>") && !html.contains("<u>"))
    }

    @Test func html_keepsTheCommentsOrder() throws {
        let html = renderComments([
            makeComment(message: "second in time", username: "b"),
            makeComment(message: "first in time", username: "a")
        ])

        let first = try #require(html.range(of: "second in time"))
        let second = try #require(html.range(of: "first in time"))
        #expect(first.lowerBound < second.lowerBound)
    }

    @Test func html_showsTheErrorMessageInsteadOfComments() {
        let view = ImageCommentsFragmentView()
        view.display([makeComment(message: "a", username: "b")])
        view.display(ResourceErrorViewModel.error(message: "Couldn't connect"))

        #expect(view.html == "<p data-fragment=\"error\" data-reason=\"unavailable\">Couldn&#39;t connect</p>\n")
    }

    @Test func html_saysWhenTheServerHasNoSuchContent() {
        let view = ImageCommentsFragmentView()
        view.display(ResourceErrorViewModel.notFound(message: "Gone"))

        #expect(view.isShowingNotFound)
        #expect(view.html == "<p data-fragment=\"error\" data-reason=\"not-found\">Gone</p>\n")
    }
}

@Suite struct ImageCommentAuthorTests {
    @Test func html_namesAnAuthorWithAName_asTheFeedDoes_andTheUsernameAloneOtherwise_leadingToTheirProfile() {
        let view = ImageCommentsFragmentView()
        view.display(ResourceErrorViewModel.noError)
        view.display([
            DatedImageCommentViewModel(comment: ImageCommentViewModel(message: "hi", date: "now", username: "maria", name: "Maria <S>"), isoDate: "x"),
            DatedImageCommentViewModel(comment: ImageCommentViewModel(message: "yo", date: "now", username: "visitor"), isoDate: "y")
        ])

        let initial = #"<span class="avatar avatar-inline avatar-hue-"#
        let named = #"<span class="author-name">Maria &lt;S&gt;</span> "#
        #expect(view.html.contains(#"<a class="comment-author" href="/@maria">"# + initial), "their initial, where a picture would be")
        #expect(view.html.contains(named + #"<span class="author-handle">@<span class="comment-username">maria</span></span></a>"#))
        #expect(view.html.contains(#"<p class="comment-header"><a class="comment-username" href="/@visitor">visitor</a> <span class="comment-meta"><time"#))
    }

    @Test func html_showsTheAuthorsPicture_whenTheyHaveOne() throws {
        let hex = String(repeating: "c", count: 64)
        let thumb = try #require(URL(string: "http://api.test/essential-feed/v1/images/\(hex).jpg"))
        let view = ImageCommentsFragmentView()
        view.display(ResourceErrorViewModel.noError)
        view.display([
            DatedImageCommentViewModel(
                comment: ImageCommentViewModel(
                    message: "hi", date: "now", username: "maria", name: "Maria", avatar: Avatar(thumbURL: thumb, smallURL: thumb)),
                isoDate: "x")
        ])

        #expect(
            view.html.contains(
                #"<a class="comment-author" href="/@maria"><img class="avatar avatar-inline avatar-picture" src="/avatars/\#(hex).jpg" alt="" "#))
    }

    @Test func html_withALanguage_saysHowManyCommentsThereAre_inTheFeedsWords() {
        let view = ImageCommentsFragmentView()
        view.locale = Locale(identifier: "en")
        view.display(ResourceErrorViewModel.noError)
        view.display([DatedImageCommentViewModel(comment: ImageCommentViewModel(message: "hi", date: "now", username: "a"), isoDate: "x")])

        #expect(view.html.hasPrefix(#"<ol data-fragment="comments" data-comments-label="1 comment">"#))
    }
}
