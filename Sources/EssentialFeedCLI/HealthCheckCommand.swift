import ArgumentParser
import AsyncHTTPClient
import Foundation

/// `essential-feed health-check URL`: exits 0 once `URL` answers `200`, for a service
/// manager's readiness check (no curl needed on the machine).
struct HealthCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health-check",
        abstract: "Exit 0 once a server's health URL answers 200 (waiting up to --wait seconds), 1 otherwise."
    )

    @Argument(help: "The URL to ask, such as http://127.0.0.1:8081/health/ready.")
    var url: String

    @Option(help: "How many seconds to keep asking before giving up (0: ask once).")
    var wait = 0

    func validate() throws {
        guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme), parsed.host != nil else {
            throw ValidationError("\(url) is not an http:// or https:// URL.")
        }
        guard (0...3_600).contains(wait) else {
            throw ValidationError("--wait must be from 0 to 3600 seconds, got \(wait).")
        }
    }

    func run() async throws {
        let deadline = ContinuousClock.now + .seconds(wait)
        var lastProblem = ""
        repeat {
            do {
                var request = HTTPClientRequest(url: url)
                request.method = .GET
                let response = try await HTTPClient.shared.execute(request, timeout: .seconds(5))
                if response.status == .ok { return }
                lastProblem = "answered \(response.status.code)"
            } catch {
                lastProblem = "did not answer (\(error))"
            }
            if ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(200)) }
        } while ContinuousClock.now < deadline
        FileHandle.standardError.write(Data("\(url) \(lastProblem)\n".utf8))
        throw ExitCode.failure
    }
}
