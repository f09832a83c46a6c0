extension Optional {
    /// `map` for a transform that awaits.
    func asyncMap<Result>(_ transform: (Wrapped) async throws -> Result) async rethrows -> Result? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
