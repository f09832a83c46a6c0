import CoreMetrics
import Hummingbird
import Metrics
import Prometheus

/// What a server counts, served in Prometheus' text format at `GET /metrics`: its requests by
/// route and status with their latencies, and whatever its parts count through `factory`
/// (response-cache hits, uploads in the pipeline). One per server, not the process-wide
/// metrics system: the API and the app running in one process each keep their own.
public final class ServerMetrics: Sendable {
    public static let path = "/metrics"

    private let registry: PrometheusCollectorRegistry
    public let factory: any MetricsFactory

    public init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .milliseconds(1), .milliseconds(2.5), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
            .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10)
        ]
        self.factory = factory
    }

    /// Everything counted so far, in the text exposition format.
    public var exposition: String {
        registry.emitToString()
    }

    /// `GET /metrics`, for the operator's Prometheus; keep it off the public side of a proxy.
    public func addRoute<Context: RequestContext>(to router: some RouterMethods<Context>) {
        router.get(RouterPath(Self.path)) { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: self.exposition)))
        }
    }
}

/// Counts every request by method, route (the router's pattern, never the raw path: a bounded
/// set of series) and status, and times it.
public struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    private let metrics: ServerMetrics

    public init(metrics: ServerMetrics) {
        self.metrics = metrics
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        do {
            let response = try await next(request, context)
            record(request, route: context.endpointPath, status: response.status.code, since: started)
            return response
        } catch {
            record(request, route: context.endpointPath, status: HTTPResponse.Status.answering(error).code, since: started)
            throw error
        }
    }

    private func record(_ request: Request, route: String?, status: Int, since started: ContinuousClock.Instant) {
        let route = route ?? "unmatched"
        let method = request.method.rawValue
        Counter(
            label: "http_requests_total", dimensions: [("method", method), ("route", route), ("status", "\(status)")],
            factory: metrics.factory
        ).increment()
        Timer(label: "http_request_duration_seconds", dimensions: [("method", method), ("route", route)], factory: metrics.factory)
            .record(duration: started.duration(to: .now))
    }
}
