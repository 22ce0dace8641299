// FuzzHotPath — what a broker does on every round trip, and nothing more: classify the presented
// redirect URI in place, verify it against the app's registration for the caller's bundle ID,
// and find the `redirect_uri` of a broker request. The deep properties (FuzzRedirect, FuzzBroker,
// FuzzVerify) check much more per input and run at a few thousand inputs a second under ASan;
// this one keeps only cheap invariants, so that libFuzzer spends its time on the broker's own
// path (see Fuzz/README.md for the exec/s).
//
// Input (``HotPathInput``): LF-separated `presented`, `caller bundle ID`, `broker request URL`;
// a missing line is absent (no caller, no request), and so is an empty caller line. The target's custom mutator
// (``HotPathGenerator``) keeps inputs in that shape.
//
// Invariants:
// - classification never traps; a rejection's offset lies in the input, an acceptance's ranges
//   and bundle ID range lie in it, and a bundle ID range holds a bundle ID;
// - a form carries a bundle ID exactly when one is found; for an accepted URI, the in-place
//   classification agrees with `RedirectURI(parsing:)` on form and bundle ID;
// - verification against the presented URI's own registration: `syntax` fails exactly when the
//   classifier rejects; an accepted URI has no fragment; an acceptance for a caller (other than a
//   client-ID URI, which names no app) means the classifier's bundle ID, and the one extracted
//   independently of the library, are the caller's, byte for byte; and a bundle ID equal to the
//   caller's never fails rule `bundle-id`;
// - the request: the in-place `redirect_uri` lookup agrees with `QueryParameters.single`; a
//   duplicate fails `ambiguous-parameters`, an absent one fails before any redirect URI rule; an
//   accepted request's decoded `redirect_uri` verifies on its own, to the same registration.
@_spi(Testing) import RedirectURIKit

/// A FuzzHotPath input: the three LF-separated fields.
public struct HotPathInput: Sendable, Equatable {
    /// The presented redirect URI.
    public var presented: [UInt8]
    /// The caller's bundle ID, as the OS reported it; `nil` when the input has no second line.
    /// An empty line means no caller too (so that a request can follow without one).
    public var caller: [UInt8]?
    /// A broker request URL; `nil` when the input has no third line. It may hold line breaks.
    public var request: [UInt8]?

    /// An input made of its fields.
    public init(presented: [UInt8], caller: [UInt8]?, request: [UInt8]?) {
        self.presented = presented
        self.caller = caller
        self.request = request
    }

    /// Splits `bytes` at its first two line feeds.
    public init(_ bytes: some Collection<UInt8>) {
        let bytes = Array(bytes)
        guard let first = bytes.firstIndex(of: 0x0A) else {
            self.init(presented: bytes, caller: nil, request: nil)
            return
        }
        let rest = bytes[(first + 1)...]
        guard let second = rest.firstIndex(of: 0x0A) else {
            self.init(presented: Array(bytes[..<first]), caller: Array(rest), request: nil)
            return
        }
        self.init(presented: Array(bytes[..<first]), caller: Array(rest[..<second]), request: Array(rest[(second + 1)...]))
    }

    /// The fields joined by line feeds (the inverse of ``init(_:)`` as long as the presented URI
    /// and the caller hold no line feed).
    public var bytes: [UInt8] {
        var out = presented
        if let caller {
            out.append(0x0A)
            out += caller
            if let request {
                out.append(0x0A)
                out += request
            }
        }
        return out
    }
}

/// FuzzHotPath's property (see the top of this file). Public, unlike the other properties: the
/// target calls it directly, not through ``FuzzTarget/check(_:)``.
public enum HotPathProperty {
    /// Checks the hot-path invariants on `input`; throws the first failure.
    public static func check(_ input: UnsafeBufferPointer<UInt8>) throws(PropertyFailure) {
        // The fields as slices of libFuzzer's buffer: every array copy is an allocation, which
        // ASan makes expensive.
        let first = input.firstIndex(of: 0x0A) ?? input.endIndex
        let second = first < input.endIndex ? input[(first + 1)...].firstIndex(of: 0x0A) ?? input.endIndex : input.endIndex
        let presented = UnsafeBufferPointer(rebasing: input[..<first])
        let callerBytes = first < input.endIndex ? input[(first + 1)..<second] : input[first..<first]
        let caller = callerBytes.isEmpty ? nil : String(decoding: callerBytes, as: UTF8.self)
        let request = second < input.endIndex ? UnsafeBufferPointer(rebasing: input[(second + 1)...]) : nil
        // A broker reads URLs as Strings; invalid UTF-8 becomes U+FFFD, which no URI holds, so the
        // bytes path adds nothing here that FuzzParse does not cover.
        let text = String(decoding: presented, as: UTF8.self)
        let verifier = RedirectVerifier(registered: [text])

        // Classification, in place on an exact-size copy (ASan sees a read past the end).
        let classified = withExactCopy(of: presented) { bytes in
            Result { () throws(URIParseError) in try RedirectURI.classify(bytes) }
        }
        let verdict = verifier.verify(text, caller: Caller(sourceApplication: caller))
        let classification: RedirectClassification
        switch classified {
        case .failure(let error):
            try require(error.offset >= 0 && error.offset <= presented.count, "error offset \(error.offset) outside 0...\(presented.count)")
            // Invalid UTF-8 turns into U+FFFD in the text, which fails the URI grammar as well.
            try require(!verdict.accepted && verdict.failedRule == .syntax, "the classifier rejects \(text) (\(error.kind)) but verification fails \(verdict.failedRule?.identifier ?? "nothing")")
            try checkRequest(request, verifier: verifier, caller: caller)
            return
        case .success(let value): classification = value
        }
        let count = presented.count
        let ranges = classification.ranges
        try require(ranges.count == count && ranges.path.upperBound <= count && (ranges.fragment?.upperBound ?? 0) <= count
            && (ranges.query?.upperBound ?? 0) <= count && (ranges.host?.upperBound ?? 0) <= count,
            "ranges outside the \(count) bytes")

        let form = classification.form
        let extracted = classification.bundleID(in: text)
        if let range = classification.bundleIDRange {
            try require(range.lowerBound >= 0 && range.upperBound <= count && form.carriesBundleID, "bundle ID range \(range) for a \(form.rawValue) URI of \(count) bytes")
            try require(isBundleIDReference(presented[range]), "the bundle ID range \(range) holds no bundle ID")
            try require(extracted.map { $0.text.utf8.elementsEqual(presented[range]) } == true, "bundleID(in:) is not the bytes of bundleIDRange")
        }
        try require(form.carriesBundleID == (extracted != nil), "a \(form.rawValue) URI with bundle ID \(extracted?.description ?? "nil")")
        if verdict.accepted {
            // What the verifier decided on is the full classification: for an accepted URI it
            // must be the in-place one. (FuzzRedirect and FuzzVerify compare the two on every
            // input; here only where a wrong answer issues a token.)
            guard let redirect = try? RedirectURI(parsing: text) else { throw failure("classify accepts what RedirectURI(parsing:) rejects") }
            try require(redirect.form == form && redirect.bundleID?.text == extracted?.text,
                "classify: \(form.rawValue) \(extracted?.description ?? "nil"); RedirectURI: \(redirect.form.rawValue) \(redirect.bundleID?.description ?? "nil")")
        }

        // Verification against its own registration.
        try require(verdict.failedRule != .syntax, "verification fails syntax for a URI the classifier accepts")
        if verdict.accepted {
            try require(ranges.fragment == nil, "accepted with a fragment")
        }
        if let caller {
            let equal = classification.bundleID(in: text, equals: caller)
            try require(equal == (extracted?.text.utf8.elementsEqual(caller.utf8) == true), "bundleID(in:equals:) disagrees with bundleID(in:)")
            if verdict.accepted {
                // The client-ID form carries no bundle ID, so no caller passes it; a one-word
                // ADAL-shaped host passes only when it is the caller's exactly, a reading that is
                // verification's alone (the classifier declines it), alone or as the decoded URI
                // of a certificate-auth wrapper.
                try require(form != .msalClientID, "a client-ID redirect URI verified for caller \(caller)")
                let parsed = try? RedirectURI(parsing: text)
                var carrierHost = parsed?.reference.host.map(String.init)
                if let parsed, parsed.reference.scheme?.lowercased() == "msauth", parsed.reference.host == "code",
                    let inner = try? PercentEncoding.decodeString(parsed.reference.path.dropFirst())
                {
                    carrierHost = (try? RedirectURI(parsing: inner)).flatMap { $0.form == .other ? $0.reference.host.map(String.init) : nil }
                }
                let oneWordReading = form == .other && !caller.utf8.contains(UInt8(ascii: ".")) && carrierHost == caller
                try require(equal || oneWordReading, "verified for caller \(caller) but the classifier's bundle ID is \(extracted?.description ?? "nil")")
                let independent = carriedBundleID(Array(presented))
                try require(independent == caller, "verified for caller \(caller) but the URI carries \(independent ?? "nil")")
            }
            if equal {
                try require(verdict.failedRule != .bundleID, "rule bundle-id fails for the caller's own bundle ID: \(verdict.explanation)")
            }
        }
        try checkRequest(request, verifier: verifier, caller: caller)
    }

    /// The broker request: the `redirect_uri` lookup, and verification through it.
    static func checkRequest(_ requestBytes: UnsafeBufferPointer<UInt8>?, verifier: RedirectVerifier, caller: String?) throws(PropertyFailure) {
        guard let requestBytes else { return }
        let request = String(decoding: requestBytes, as: UTF8.self)
        let verdict = caller.map { verifier.verify(request: request, caller: Caller(sourceApplication: $0)) } ?? verifier.verify(request: request, caller: .notReported)
        guard let reference = try? URIReference(parsing: request, as: .uri) else {
            try require(!verdict.accepted && verdict.failedRule == .syntax, "a request that does not parse fails \(verdict.failedRule?.identifier ?? "nothing")")
            return
        }
        let isRequest = BrokerEndpoint(reference) != nil && reference.ranges.fragment == nil
        let lookup = Result { () throws(QueryParameterError) in try reference.queryParameter("redirect_uri") }
        let single = Result { () throws(QueryParameterError) in try QueryParameters(reference.query ?? "").single("redirect_uri") }
        let queryStart = reference.ranges.query?.lowerBound ?? 0
        switch (lookup, single) {
        case (.success(let inPlace), .success(let sliced)):
            try require(inPlace?.rawName == sliced?.rawName && inPlace?.rawValue == sliced?.rawValue, "queryParameter and single find other pieces")
            if let inPlace {
                try require(inPlace.hasName("redirect_uri"), "the piece found is named \(inPlace.rawName)")
            } else if isRequest {
                try require(!verdict.accepted && [.ambiguousParameters, .missingRedirectURI].contains(verdict.failedRule), "no redirect_uri, yet \(verdict.failedRule?.identifier ?? "accepted")")
            }
        case (.failure(let inPlace), .failure(let sliced)):
            try require(inPlace.kind == .duplicateParameter && sliced.kind == .duplicateParameter, "lookup threw \(inPlace)")
            try require(inPlace.offset == sliced.offset.map { $0 + queryStart }, "lookup offset \(inPlace.offset ?? -1) vs \(sliced.offset ?? -1) + \(queryStart)")
            try require((inPlace.offset ?? -1) >= queryStart && (inPlace.offset ?? .max) < reference.ranges.count, "duplicate offset \(inPlace.offset ?? -1) outside the query")
            if isRequest {
                try require(!verdict.accepted && verdict.failedRule == .ambiguousParameters, "a duplicate redirect_uri, yet \(verdict.failedRule?.identifier ?? "accepted")")
            }
        default: throw failure("queryParameter and single disagree: \(lookup) vs \(single)")
        }
        guard verdict.accepted else { return }
        try require(isRequest, "accepted a URL that is not a broker request")
        guard case .success(let found?) = lookup, let value = try? found.value(.form) ?? "" else {
            throw failure("accepted a request whose redirect_uri is not found or does not decode")
        }
        let direct = verifier.verify(value, caller: Caller(sourceApplication: caller))
        try require(direct.accepted && direct.matched == verdict.matched, "the request is accepted but its redirect_uri \(value) alone: \(direct.explanation)")
    }
}
