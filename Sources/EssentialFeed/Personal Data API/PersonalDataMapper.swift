import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reads the API's answers about a person's data export.
public enum PersonalDataMapper {
    private struct ExportBody: Decodable {
        let state: String
        let progress: Double
        let size: Int?
        let expires_at: Date?
    }

    /// The export; `nil` when there is none (`404`).
    /// - Throws: `AccountRefusal` for a refusal the API explains, `InvalidData` for anything else.
    public static func export(_ data: Data, from response: HTTPURLResponse) throws -> DataExport? {
        if response.statusCode == 404 { return nil }
        guard (200...202).contains(response.statusCode) else {
            try AccountSettingsMapper.done(data, from: response)
            throw InvalidData()
        }
        guard let body = try? APIDate.decoder.decode(ExportBody.self, from: data), let state = DataExport.State(rawValue: body.state),
            (0...1).contains(body.progress)
        else { throw InvalidData() }
        return DataExport(state: state, progress: body.progress, size: body.size, expiresAt: body.expires_at)
    }

    public struct InvalidData: Error, Equatable {
        public init() {}
    }
}
