import HTTPTypes
import Hummingbird
import NIOCore
import Testing

@testable import EssentialApp

@Suite struct FormBodyTests {
    @Test func aFormCutShortByItsClient_is400_notContentTooLarge() async throws {
        let cutShort = AsyncThrowingStream<ByteBuffer, any Error> { continuation in
            continuation.yield(ByteBuffer(string: "username=maria&pass"))
            continuation.finish(throwing: ClientHungUp())
        }

        await #expect {
            _ = try await FormBody(Self.request(RequestBody(asyncSequence: cutShort)))
        } throws: { error in
            (error as? HTTPError)?.status == .badRequest
        }
    }

    @Test func aFormOverTheLimit_is413_andOneWithinItIsRead() async throws {
        let tooLarge = RequestBody(buffer: ByteBuffer(string: "a=" + String(repeating: "x", count: FormBody.maximumSize)))
        let withinLimit = RequestBody(buffer: ByteBuffer(string: "a=1&b=two+words"))

        await #expect {
            _ = try await FormBody(Self.request(tooLarge))
        } throws: { error in
            (error as? HTTPError)?.status == .contentTooLarge
        }
        #expect(try await FormBody(Self.request(withinLimit))["b"] == "two words")
    }

    private static func request(_ body: RequestBody) -> Request {
        Request(
            head: HTTPRequest(
                method: .post, scheme: "http", authority: "127.0.0.1", path: "/login",
                headerFields: [.contentType: "application/x-www-form-urlencoded"]),
            body: body)
    }
}

private struct ClientHungUp: Error {}
