// FuzzRoundTrip — for every input the library accepts as a URI reference:
// - recomposition (RFC 3986 §5.3) reproduces it: `URIComponents(ref).serialized == input`, and
//   `build()` of those components succeeds and returns the same text;
// - normalization (RFC 3986 §6.2.2) yields a valid reference and is idempotent:
//   normalized(normalized(x)) == normalized(x), and x is equivalent to its normal form;
// - the String, Substring and bytes entry points agree (same ranges, same components);
// - resolution against fixed bases (RFC 3986 §5.2) yields a URI that resolves to itself again;
// - building from arbitrary components (the input read as LF-separated scheme, userinfo, host,
//   port, path, query, fragment; a missing or empty line is an absent component, a line holding
//   only NUL an empty one): `build()` succeeds exactly when the serialization parses back to the
//   same components, and then returns that serialization.
import RedirectURIKit

enum RoundTripProperty {
    static func check(_ input: UnsafeBufferPointer<UInt8>) throws(PropertyFailure) {
        let bytes = Array(input)
        try checkBuild(bytes)
        guard case .success(let reference) = parseBytes(bytes, as: .uriReference) else { return }
        // Accepted input is ASCII, hence valid UTF-8.
        guard let string = validString(bytes) else { throw failure("accepted input is not UTF-8") }
        let text = reference.description
        try require(text == string, "text differs from the input")

        // String and bytes entry points agree.
        guard case .success(let viaString) = parseString(string, as: .uriReference) else {
            throw failure("bytes accepted, String rejected")
        }
        try require(viaString.ranges == reference.ranges, "String and bytes ranges differ")
        try require(URIComponents(viaString) == URIComponents(reference), "String and bytes components differ")
        try require(viaString == reference, "String and bytes references are not equal")

        // Recomposition.
        let components = URIComponents(reference)
        try require(components.serialized == text, "serialized \(components.serialized) != input")
        switch Result(catching: { () throws(URIBuildError) in try components.build() }) {
        case .success(let built):
            try require(built.description == text, "build() gave \(built.description)")
            try require(built.ranges == reference.ranges, "build() ranges differ")
        case .failure(let error):
            throw failure("build() of parsed components failed: \(error)")
        }

        // Normalization.
        let normal = reference.normalized()
        guard case .success(let normalReference) = parseString(normal, as: .uriReference) else {
            throw failure("normal form \(normal) does not parse")
        }
        let normalAgain = normalReference.normalized()
        try require(normalAgain == normal, "normalization is not idempotent: \(normal) -> \(normalAgain)")
        try require(reference.isEquivalent(to: normalReference), "not equivalent to its own normal form")
        try require(normalReference.hasScheme == reference.hasScheme, "normalization changed whether there is a scheme")
        try require((normalReference.host == nil) == (reference.host == nil), "normalization changed whether there is an authority")
        try require((normalReference.query == nil) == (reference.query == nil), "normalization changed whether there is a query")
        try require((normalReference.fragment == nil) == (reference.fragment == nil), "normalization changed whether there is a fragment")
        if let scheme = normalReference.scheme {
            try require(scheme == scheme.lowercased(), "normal scheme not lowercase")
        }

        // Resolution: the target has a scheme, and resolving it again changes nothing.
        for base in bases {
            guard case .success(let target) = Result(catching: { () throws(ReferenceResolutionError) in
                try reference.resolved(against: base)
            }) else {
                throw failure("resolution against \(base) failed")
            }
            try require(target.hasScheme, "resolved reference without a scheme")
            guard case .success(let again) = Result(catching: { () throws(ReferenceResolutionError) in
                try target.resolved(against: base)
            }) else {
                throw failure("re-resolving \(target) against \(base) failed")
            }
            try require(again == target, "resolution not idempotent against \(base): \(target) -> \(again)")
        }
    }

    /// Fixed bases for resolution, one per path shape (RFC 3986 §5.4's base first).
    static let bases: [URIReference] = [
        // Without dot segments: an empty reference takes the base path as it is (RFC 3986 §5.2.2),
        // so resolving twice against a base with dot segments legitimately differs.
        "http://a/b/c/d;p?q", "msauth://code/x", "x:", "x:a", "x:/a/b", "file:///", "x://h", "x:a/b/c",
    ].map { try! URIReference(parsing: $0) }

    /// `build()` accepts exactly the components that survive serialization and parsing.
    static func checkBuild(_ bytes: [UInt8]) throws(PropertyFailure) {
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        func component(_ index: Int) -> String? {
            guard index < lines.count, !lines[index].isEmpty else { return nil }
            return lines[index] == [0] ? "" : String(decoding: lines[index], as: UTF8.self)
        }
        let components = URIComponents(
            scheme: component(0), userinfo: component(1), host: component(2), port: component(3),
            path: component(4) ?? "", query: component(5), fragment: component(6))
        let serialized = components.serialized
        let survives: Bool
        if case .success(let parsed) = parseString(serialized, as: .uriReference) {
            survives = URIComponents(parsed) == components
        } else {
            survives = false
        }
        switch Result(catching: { () throws(URIBuildError) in try components.build() }) {
        case .success(let built):
            try require(survives, "build() accepted components that do not survive parsing: \(serialized)")
            try require(built.description == serialized, "build() returned \(built), not the serialization \(serialized)")
        case .failure(let error):
            try require(!survives, "build() rejected components that survive parsing (\(error)): \(serialized)")
            _ = error.description
        }
    }
}
