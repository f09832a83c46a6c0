import Foundation

/// How often one account may do something: `perWindow` times within `window`.
package struct ActionLimit: Equatable, Sendable {
    package var perWindow = 60
    package var window: TimeInterval = 60

    package init(perWindow: Int = 60, window: TimeInterval = 60) {
        self.perWindow = perWindow
        self.window = window
    }
}

/// What an account may do only so often; each is counted on its own.
package enum BoundedAction: String, Sendable, CaseIterable {
    /// Liking or unliking.
    case like
    /// Following or unfollowing.
    case follow
    /// Commenting.
    case comment
    /// Posting a description that mentions people (each post that tells someone).
    case mention
}

/// An account did `action` as often as its limit allows; it may again from `until` on.
package struct ActionLimitReached: Error, Equatable {
    package let action: BoundedAction
    package let until: Date

    package init(action: BoundedAction, until: Date) {
        self.action = action
        self.until = until
    }
}

/// Who acts, and the limit their action is held to.
package struct ActionQuota: Equatable, Sendable {
    package let accountID: Int64
    package let limit: ActionLimit

    package init(accountID: Int64, limit: ActionLimit) {
        self.accountID = accountID
        self.limit = limit
    }
}
