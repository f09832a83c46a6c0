import EssentialFeed
import Foundation

/// Where one's own photos and comments are changed.
public enum OwnPostLinks {
    public static func edit(_ imageID: UUID) -> String {
        "/images/\(UUIDText.string(from: imageID))/edit"
    }

    public static func delete(_ imageID: UUID) -> String {
        "/images/\(UUIDText.string(from: imageID))/delete"
    }

    public static func deleteComment(_ commentID: UUID, on imageID: UUID) -> String {
        "/images/\(UUIDText.string(from: imageID))/comments/\(UUIDText.string(from: commentID))/delete"
    }
}

/// The actions on one's own photo: links, each to a screen of its own, so they work
/// without scripts and a deletion is always confirmed first.
struct OwnPostActions {
    let imageID: UUID
    let locale: Locale

    var html: HTML {
        """
        <nav class="own-post-actions" aria-label="\(OwnPostStrings.actionsLabel.localized(in: locale))">\
        <a class="own-post-edit" href="\(OwnPostLinks.edit(imageID))">\(OwnPostStrings.edit.localized(in: locale))</a> \
        <a class="own-post-delete" href="\(OwnPostLinks.delete(imageID))">\(OwnPostStrings.delete.localized(in: locale))</a>\
        </nav>
        """
    }
}
