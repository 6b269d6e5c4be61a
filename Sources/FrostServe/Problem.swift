import Foundation

/// A failed request as RFC 9457 problem details (`application/problem+json`): a type URI, a
/// title, the status, a detail that names the problem in words, and extension members (the
/// valid values, the limit that was exceeded). Bad input is always one of these, with a 4xx
/// status; a 5xx means Frost itself failed.
public struct Problem: Error, Sendable, Equatable {
    public var status: Int
    /// A short slug; the type URI is `urn:frost:problem:<slug>`.
    public var slug: String
    public var title: String
    public var detail: String
    /// Extra members, as JSON-ready strings, numbers or string lists.
    public var extensions: [String: ProblemValue] = [:]
    /// Seconds a client should wait before retrying (503s).
    public var retryAfter: Int?

    public init(status: Int, slug: String, title: String, detail: String, extensions: [String: ProblemValue] = [:], retryAfter: Int? = nil) {
        self.status = status; self.slug = slug; self.title = title; self.detail = detail
        self.extensions = extensions; self.retryAfter = retryAfter
    }

    public enum ProblemValue: Sendable, Equatable {
        case text(String), number(Double), list([String])
    }

    public static let contentType = "application/problem+json"

    /// The JSON body (keys sorted, so the same problem is the same bytes).
    public var json: [UInt8] {
        var members: [String: Any] = ["type": "urn:frost:problem:\(slug)", "title": title, "status": status, "detail": detail]
        for (key, value) in extensions {
            switch value {
            case .text(let s): members[key] = s
            case .number(let n): members[key] = n.rounded() == n && abs(n) < 1e15 ? Int(n) as Any : n as Any
            case .list(let l): members[key] = l
            }
        }
        let data = (try? JSONSerialization.data(withJSONObject: members, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return Array(data) + [10]
    }

    // MARK: The problems the API answers

    static func badParameter(_ name: String, _ detail: String, valid: [String]? = nil) -> Problem {
        Problem(
            status: 400, slug: "invalid-parameter", title: "Invalid parameter", detail: "\(name): \(detail)",
            extensions: ["parameter": .text(name)].merging(valid.map { ["valid": .list($0)] } ?? [:]) { a, _ in a })
    }
    static func unreadableImage(_ detail: String) -> Problem {
        Problem(status: 400, slug: "unreadable-image", title: "Unreadable image", detail: detail)
    }
    static func tooLarge(_ detail: String, limit: Int, unit: String) -> Problem {
        Problem(status: 413, slug: "too-large", title: "Content too large", detail: detail, extensions: ["limit": .number(Double(limit)), "unit": .text(unit)])
    }
    static func unprocessable(_ detail: String) -> Problem {
        Problem(status: 422, slug: "unprocessable", title: "Cannot render this", detail: detail)
    }
    static func busy(retryAfter: Int) -> Problem {
        Problem(
            status: 503, slug: "busy", title: "Server busy", detail: "every worker is busy and the queue is full; retry after \(retryAfter) s",
            retryAfter: retryAfter)
    }
    static func timedOut(_ seconds: Double) -> Problem {
        Problem(
            status: 503, slug: "timeout", title: "Request took too long", detail: "the render did not finish within \(Int(seconds)) s",
            retryAfter: 1)
    }
    static func bodyTimedOut(_ seconds: Int) -> Problem {
        Problem(status: 408, slug: "timeout", title: "Request Timeout", detail: "the request body was not complete within \(seconds) s")
    }
    static func methodNotAllowed(_ method: String, _ path: String, allowed: [String]) -> Problem {
        Problem(
            status: 405, slug: "method-not-allowed", title: "Method not allowed",
            detail: "\(path) answers \(allowed.joined(separator: ", ")), not \(method)", extensions: ["valid": .list(allowed)])
    }
    static func notFound(_ path: String) -> Problem {
        Problem(status: 404, slug: "not-found", title: "Not found", detail: "no route \(path); see /openapi.yaml")
    }
}
