// One case for the model and the engine: a presented redirect URI with its registrations and
// caller, a broker request, a routing question and a broker response. FuzzVerify builds cases from
// recipes; tests build them by hand. The raw text form (`!raw`, one `key:value` line each) is how
// hand-written seeds and regressions are stored.

public struct VerificationCase: Sendable, Hashable, CustomStringConvertible {
    /// The presented redirect URI: any bytes.
    public var presented: [UInt8]
    public var registered: [String]
    public var callerBundleID: String?
    public var bundleIDCaseInsensitive: Bool
    /// A broker request URL, verified against `registered` for `callerBundleID`.
    public var request: String?
    /// Routing: the redirect URI and the incoming URL.
    public var routeRedirectURI: String?
    public var routeIncoming: String?
    /// A broker response URL (for the duplicate rule).
    public var response: String?

    public init(presented: [UInt8], registered: [String], callerBundleID: String? = nil,
                bundleIDCaseInsensitive: Bool = false, request: String? = nil,
                routeRedirectURI: String? = nil, routeIncoming: String? = nil, response: String? = nil) {
        self.presented = presented
        self.registered = registered
        self.callerBundleID = callerBundleID
        self.bundleIDCaseInsensitive = bundleIDCaseInsensitive
        self.request = request
        self.routeRedirectURI = routeRedirectURI
        self.routeIncoming = routeIncoming
        self.response = response
    }

    public init(_ presented: String, registered: [String], callerBundleID: String? = nil) {
        self.init(presented: Array(presented.utf8), registered: registered, callerBundleID: callerBundleID)
    }

    /// The raw form's first line.
    public static let rawHeader = "!raw"

    /// The case as raw text (`!raw`, then `P:` presented, `C:` caller, `I:` when bundle IDs
    /// compare ignoring case, `R:` each registration, `Q:` request, `D:`/`N:` routing redirect URI
    /// and incoming URL, `S:` response), or `nil` when a field holds a line break.
    public var rawText: [UInt8]? {
        var lines: [[UInt8]] = [Array(Self.rawHeader.utf8), Array("P:".utf8) + presented]
        if let callerBundleID { lines.append(Array("C:\(callerBundleID)".utf8)) }
        if bundleIDCaseInsensitive { lines.append(Array("I:".utf8)) }
        for entry in registered { lines.append(Array("R:\(entry)".utf8)) }
        if let request { lines.append(Array("Q:\(request)".utf8)) }
        if let routeRedirectURI { lines.append(Array("D:\(routeRedirectURI)".utf8)) }
        if let routeIncoming { lines.append(Array("N:\(routeIncoming)".utf8)) }
        if let response { lines.append(Array("S:\(response)".utf8)) }
        for line in lines.dropFirst() where line.contains(0x0A) || line.contains(0x0D) { return nil }
        var out: [UInt8] = []
        for line in lines { out += line + [0x0A] }
        return out
    }

    /// Reads the raw form; `nil` when `bytes` does not start with `!raw` and a line break.
    public init?(raw bytes: [UInt8]) {
        let header = Array((Self.rawHeader + "\n").utf8)
        guard bytes.count >= header.count, Array(bytes[0..<header.count]) == header else { return nil }
        self.init(presented: [], registered: [])
        for line in split(Array(bytes[header.count...]), on: 0x0A) where line.count >= 2 && line[1] == UInt8(ascii: ":") {
            let value = Array(line[2...])
            let string = String(decoding: value, as: UTF8.self)
            switch line[0] {
            case UInt8(ascii: "P"): presented = value
            case UInt8(ascii: "C"): callerBundleID = string
            case UInt8(ascii: "I"): bundleIDCaseInsensitive = true
            case UInt8(ascii: "R"): registered.append(string)
            case UInt8(ascii: "Q"): request = string
            case UInt8(ascii: "D"): routeRedirectURI = string
            case UInt8(ascii: "N"): routeIncoming = string
            case UInt8(ascii: "S"): response = string
            default: break
            }
        }
    }

    public var description: String {
        if let raw = rawText { return String(decoding: raw, as: UTF8.self) }
        var lines = ["presented: \(escapedText(presented))"]
        lines.append("caller: \(callerBundleID.map(escapedText) ?? "(none)")\(bundleIDCaseInsensitive ? " (case-insensitive)" : "")")
        for entry in registered { lines.append("registered: \(escapedText(entry))") }
        if let request { lines.append("request: \(escapedText(request))") }
        if let routeRedirectURI, let routeIncoming { lines.append("route: \(escapedText(routeRedirectURI)) <- \(escapedText(routeIncoming))") }
        if let response { lines.append("response: \(escapedText(response))") }
        return lines.joined(separator: "\n")
    }
}

/// Printable ASCII as is, every other byte as `\xHH`.
public func escapedText(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    for byte in bytes {
        if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") {
            out.append(byte)
        } else {
            out += Array("\\x".utf8) + [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
        }
    }
    return String(decoding: out, as: UTF8.self)
}

public func escapedText(_ string: String) -> String { escapedText(Array(string.utf8)) }
