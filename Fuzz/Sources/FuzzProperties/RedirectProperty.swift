// FuzzRedirect — redirect-URI classification, building and verification (SPEC §2, §5–§7).
//
// Input: lines separated by LF (a byte no URI contains). Line 0 is the presented redirect URI,
// line 1 (when present and non-empty) a caller bundle ID, lines 2… the registered redirect URIs
// (when absent, the presented URI is the only registration).
//
// Properties:
// - classify → build → classify is stable: the builder of the classified form accepts the parts
//   classification extracted, and classifying what it built gives the same form and parts; the
//   built text is a fixed point (building from its parts gives it back);
// - a valid redirect URI (any form but `other`, no fragment; a wrapper also without a query)
//   verifies against itself, with and without its own bundle ID as the caller's;
// - verification never accepts when the caller's bundle ID differs from the one carried by the
//   (decoded) presented URI — checked against an independent extraction of that bundle ID, for the
//   caller in the input and for near-miss callers (case changed, a character added or removed);
//   case-insensitive comparison accepts only case differences, and says so in a diagnostic;
// - a redirect URI routes its own URL, with a lowercased scheme and with a query added, and never a
//   URL whose path differs by a trailing slash (SPEC §7);
// - build → classify returns the same parts, for builders fed arbitrary parts from the input
//   (each line as a bundle ID, scheme, host, package or path): whatever a builder accepts
//   classifies as that form with exactly those parts; the MSAL builder accepts every valid bundle
//   ID and the wrapper builder every ADAL or MSAL broker URI;
// - the bundle ID grammar agrees with a reference check; registration lint never traps;
// - the in-place classification (`RedirectURI.classify`, offsets only, wrappers decoded on the
//   stack) gives the form and bundle ID that `RedirectURI` gives, and its bundle ID range, when
//   present, spells exactly that bundle ID.
import RedirectURIKit

enum RedirectProperty {
    static func check(_ input: UnsafeBufferPointer<UInt8>) throws(PropertyFailure) {
        let bytes = Array(input)
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        let presentedBytes = lines[0]
        let caller = lines.count > 1 && !lines[1].isEmpty ? validString(lines[1]) : nil
        let registeredBytes = lines.count > 2 ? Array(lines[2...]) : [presentedBytes]
        let registered = registeredBytes.map { String(decoding: $0, as: UTF8.self) }

        // Bundle ID grammar, for every line.
        for line in lines {
            guard let text = validString(line) else { continue }
            try require((BundleID(text) != nil) == isBundleIDReference(line), "BundleID grammar disagrees for \(text)")
            _ = RegistrationLint.lint(text)
        }

        // Verification with the input's caller and registrations: an acceptance names the caller.
        for options in [VerificationOptions.strict, VerificationOptions(bundleIDComparison: .caseInsensitive)] {
            let verifier = RedirectVerifier(registered: registered, options: options)
            let verdict = verifier.verify(bytes: presentedBytes, caller: Caller(sourceApplication: caller))
            try require(verdict.accepted == (verdict.failedRule == nil), "accepted and failedRule disagree")
            _ = (verdict.failedRule?.description, verdict.diagnostics.map(\.description), verdict.explanation)
            if verdict.accepted, let caller {
                try checkCallerMatches(presentedBytes, caller: caller, options: options, verdict: verdict)
            }
            if verdict.accepted {
                try require(!presentedBytes.contains(UInt8(ascii: "#")), "accepted a URI with a fragment")
            }
        }

        try checkBuilders(lines: lines.compactMap(validString), bytes: bytes)

        guard case .success(let reference) = parseBytes(presentedBytes, as: .uri) else {
            if let text = validString(presentedBytes) {
                try require((try? RedirectURI(parsing: text)) == nil, "RedirectURI accepts what the parser rejects")
            }
            return
        }
        let redirect = RedirectURI(classifying: reference)
        try require(redirect.reference == reference, "classification changed the reference")
        if let text = validString(presentedBytes) {
            guard let viaString = try? RedirectURI(parsing: text) else { throw failure("RedirectURI(parsing:) rejects a valid URI") }
            try require(viaString == redirect, "RedirectURI(parsing:) and (classifying:) differ")
        }
        try checkCarriedBundleID(redirect)
        try checkInPlaceClassification(presentedBytes, agreesWith: redirect)
        _ = (Set([redirect]).count, redirect.diagnostics.map(\.description), redirect.bundleID.map { Set([$0]).count })

        // classify → build → classify.
        if let rebuilt = try rebuild(redirect) {
            try require(sameParts(rebuilt, redirect), "rebuilt \(rebuilt) (\(rebuilt.form.rawValue)) has other parts than \(redirect) (\(redirect.form.rawValue))")
            guard let again = try rebuild(rebuilt) else { throw failure("cannot rebuild the rebuilt \(rebuilt)") }
            try require(again.description == rebuilt.description, "building is not a fixed point: \(rebuilt) -> \(again)")
        } else {
            try require(redirect.form == .other, "no builder accepted the parts of a \(redirect.form.rawValue) URI")
        }

        // A valid redirect URI verifies against itself.
        let text = reference.description
        let isWrapperShaped = reference.scheme.map { $0.lowercased() == "msauth" } == true && reference.host == "code"
        if reference.fragment == nil {
            let selfVerifier = RedirectVerifier(registered: [text])
            // A wrapper verifies only in the shape of rule 4: no query, and an inner URI without a
            // fragment (classification accepts both, since responses come back that way).
            let isVerifiableWrapper = redirect.form == .certificateAuth && reference.query == nil
                && redirect.inner?.reference.fragment == nil
            if !isWrapperShaped || isVerifiableWrapper {
                let verdict = selfVerifier.verify(text, caller: .notReported)
                try require(verdict.accepted, "\(text) does not verify against itself: \(verdict.explanation)")
            }
            if redirect.form != .other, redirect.form != .certificateAuth || isVerifiableWrapper {
                if let bundleID = redirect.bundleID {
                    let verdict = selfVerifier.verify(text, caller: Caller(sourceApplication: bundleID.description))
                    try require(verdict.accepted, "\(text) does not verify against itself with its bundle ID: \(verdict.explanation)")
                }
            }
            // Near-miss callers are always rejected, by the bundle ID rule when the rest matches.
            for wrong in nearMisses(of: redirect.bundleID?.description ?? caller ?? "com.example.app") {
                let verdict = selfVerifier.verify(text, caller: Caller(sourceApplication: wrong))
                if verdict.accepted {
                    try checkCallerMatches(presentedBytes, caller: wrong, options: .strict, verdict: verdict)
                }
            }
        }

        // Routing (SPEC §7).
        let routesItself = redirect.routes(text)
        try require(routesItself.belongs, "\(text) does not route its own URL")
        var withQuery = URIComponents(reference)
        withQuery.query = "response=abc&hash=01"
        withQuery.fragment = nil
        try require(redirect.routes(withQuery.serialized).belongs, "\(text) does not route its URL with a response query")
        if let scheme = withQuery.scheme {
            withQuery.scheme = scheme.lowercased()
            try require(redirect.routes(withQuery.serialized).belongs, "\(text) does not route its URL with a lowercased scheme")
        }
        var withSlash = URIComponents(reference)
        withSlash.path += "/"
        if (try? withSlash.build()) != nil {
            let routing = redirect.routes(withSlash.serialized)
            try require(!routing.belongs, "\(text) routes a URL with an extra trailing slash")
            try require(routing.diagnostics.contains { $0.code.rawValue == "trailing-slash-mismatch" }, "no trailing-slash diagnostic for \(withSlash.serialized)")
        }
        for line in lines.dropFirst() {
            if let incoming = validString(line) { _ = redirect.routes(incoming) }
        }
    }

    static func checkCallerMatches(_ presented: [UInt8], caller: String, options: VerificationOptions, verdict: VerificationVerdict) throws(PropertyFailure) {
        guard let carried = carriedBundleID(presented) else {
            throw failure("accepted caller \(caller) but the URI carries no bundle ID")
        }
        switch options.bundleIDComparison {
        case .exact:
            try require(carried == caller, "accepted caller \(caller) for a URI carrying \(carried)")
        case .caseInsensitive:
            try require(carried.lowercased() == caller.lowercased(), "case-insensitively accepted caller \(caller) for \(carried)")
            if carried != caller {
                try require(verdict.diagnostics.contains { $0.code.rawValue == "bundle-id-case-relaxed" }, "case relaxation without a diagnostic")
            }
        }
    }

    /// Callers that differ from `bundleID` by little.
    static func nearMisses(of bundleID: String) -> [String] {
        var result = [bundleID + "2", bundleID + ".", "x" + bundleID, String(bundleID.dropLast()), bundleID.uppercased(), bundleID.lowercased(), ""]
        if let first = bundleID.first, first.isLetter {
            let flipped = first.isUppercase ? first.lowercased() : first.uppercased()
            result.append(flipped + bundleID.dropFirst())
        }
        return result.filter { $0 != bundleID }
    }

    /// The classifier's bundle ID agrees with the independent extraction.
    static func checkCarriedBundleID(_ redirect: RedirectURI) throws(PropertyFailure) {
        switch redirect.form {
        case .adalBroker, .msalBroker, .certificateAuth:
            guard let bundleID = redirect.bundleID else { throw failure("\(redirect.form.rawValue) without a bundle ID") }
            try require(carriedBundleID(Array(redirect.description.utf8)) == bundleID.description,
                "classifier bundle ID \(bundleID) vs independent \(String(describing: carriedBundleID(Array(redirect.description.utf8))))")
        default:
            try require(redirect.bundleID == nil, "\(redirect.form.rawValue) with a bundle ID")
        }
        if redirect.form == .certificateAuth {
            guard let inner = redirect.inner else { throw failure("wrapper without an inner URI") }
            try require(inner.form == .adalBroker || inner.form == .msalBroker, "wrapper around \(inner.form.rawValue)")
        }
        if redirect.form == .androidBroker {
            try require(redirect.signatureHash?.count == 20 && redirect.androidPackage != nil, "android parts")
        }
    }

    /// Builds the classified form again from its parts; `nil` for `other`.
    static func rebuild(_ redirect: RedirectURI) throws(PropertyFailure) -> RedirectURI? {
        let reference = redirect.reference
        func attempt(_ build: () throws(RedirectBuildError) -> RedirectURI) throws(PropertyFailure) -> RedirectURI {
            do {
                return try build()
            } catch {
                throw failure("building \(redirect.form.rawValue) from the parts of \(redirect) failed: \(error)")
            }
        }
        switch redirect.form {
        case .adalBroker:
            guard let scheme = reference.scheme, let bundleID = redirect.bundleID else { throw failure("ADAL parts missing") }
            return try attempt { () throws(RedirectBuildError) in
                try RedirectURI.adalBroker(scheme: String(scheme), bundleID: bundleID)
            }
        case .msalBroker:
            guard let bundleID = redirect.bundleID else { throw failure("MSAL bundle ID missing") }
            return try attempt { () throws(RedirectBuildError) in try RedirectURI.msalBroker(bundleID: bundleID) }
        case .msalClientID:
            guard let clientID = redirect.clientID else { throw failure("MSAL client ID missing") }
            return try attempt { () throws(RedirectBuildError) in try RedirectURI.msalClientID(String(clientID)) }
        case .certificateAuth:
            guard let inner = redirect.inner else { throw failure("wrapper without an inner URI") }
            return try attempt { () throws(RedirectBuildError) in try RedirectURI.certificateAuth(wrapping: inner) }
        case .androidBroker:
            guard let package = redirect.androidPackage, let hash = redirect.signatureHash else { throw failure("Android parts missing") }
            return try attempt { () throws(RedirectBuildError) in
                try RedirectURI.androidBroker(package: String(package), signatureHash: hash)
            }
        case .privateUse:
            guard let scheme = reference.scheme else { throw failure("private-use scheme missing") }
            return try attempt { () throws(RedirectBuildError) in
                try RedirectURI.privateUse(scheme: String(scheme), path: String(reference.path))
            }
        case .loopback:
            guard let host = RedirectURI.LoopbackHost(rawValue: String(reference.host ?? "")) else {
                throw failure("loopback host \(String(describing: reference.host))")
            }
            return try attempt { () throws(RedirectBuildError) in
                try RedirectURI.loopback(host: host, port: reference.portNumber, path: String(reference.path))
            }
        case .https:
            guard let host = reference.host else { throw failure("https host missing") }
            return try attempt { () throws(RedirectBuildError) in
                try RedirectURI.https(host: String(host), path: String(reference.path))
            }
        case .other:
            return nil
        }
    }

    /// Same form and same extracted parts.
    static func sameParts(_ a: RedirectURI, _ b: RedirectURI) -> Bool {
        guard a.form == b.form, a.bundleID?.description == b.bundleID?.description, a.clientID == b.clientID,
            a.androidPackage == b.androidPackage, a.signatureHash == b.signatureHash,
            a.inner?.description == b.inner?.description
        else { return false }
        switch a.form {
        case .adalBroker: return a.reference.scheme == b.reference.scheme
        case .privateUse: return a.reference.scheme == b.reference.scheme && a.reference.path == b.reference.path
        case .loopback:
            return a.reference.host == b.reference.host && a.reference.portNumber == b.reference.portNumber
                && a.reference.path == b.reference.path
        case .https: return a.reference.host == b.reference.host && a.reference.path == b.reference.path
        default: return true
        }
    }

    /// Builders fed arbitrary parts: what they build classifies back to the same form and parts.
    static func checkBuilders(lines: [String], bytes: [UInt8]) throws(PropertyFailure) {
        func built(_ build: () throws(RedirectBuildError) -> RedirectURI) -> RedirectURI? {
            do { return try build() } catch { _ = error.description; return nil }
        }
        func reclassified(_ uri: RedirectURI) throws(PropertyFailure) -> RedirectURI {
            guard let again = try? RedirectURI(parsing: uri.description) else { throw failure("built \(uri) does not parse") }
            try require(again.form == uri.form, "built \(uri) reclassifies as \(again.form.rawValue), not \(uri.form.rawValue)")
            return again
        }
        let hash = Array((bytes + Array(repeating: 0, count: 20)).prefix(20))
        let port = bytes.count > 1 ? Int(bytes[0]) << 8 | Int(bytes[1]) : nil
        for (index, part) in lines.prefix(4).enumerated() {
            let other = lines[(index + 1) % lines.count]
            if let bundleID = BundleID(part) {
                guard let msal = built({ () throws(RedirectBuildError) in try RedirectURI.msalBroker(bundleID: bundleID) }) else {
                    throw failure("msalBroker rejects the valid bundle ID \(part)")
                }
                try require(msal.form == .msalBroker, "msalBroker form for \(part)")
                let msalAgain = try reclassified(msal)
                try require(msalAgain.bundleID == bundleID, "msalBroker parts for \(part)")
                if let adal = built({ () throws(RedirectBuildError) in try RedirectURI.adalBroker(scheme: other, bundleID: bundleID) }) {
                    let again = try reclassified(adal)
                    try require(again.bundleID == bundleID && again.reference.scheme.map(String.init) == other, "adalBroker parts for \(other) \(part)")
                }
                for inner in [msal] + [built({ () throws(RedirectBuildError) in try RedirectURI.adalBroker(scheme: "x-msauth-" + other, bundleID: bundleID) })].compactMap({ $0 }) {
                    guard let wrapper = built({ () throws(RedirectBuildError) in try RedirectURI.certificateAuth(wrapping: inner) }) else {
                        throw failure("certificateAuth rejects the broker URI \(inner)")
                    }
                    let again = try reclassified(wrapper)
                    try require(again.bundleID == bundleID && again.inner?.description == inner.description, "certificateAuth parts for \(inner)")
                }
            }
            if let android = built({ () throws(RedirectBuildError) in try RedirectURI.androidBroker(package: part, signatureHash: hash) }) {
                let again = try reclassified(android)
                try require(again.androidPackage.map(String.init) == part && again.signatureHash == hash, "androidBroker parts for \(part)")
            }
            if let privateUse = built({ () throws(RedirectBuildError) in try RedirectURI.privateUse(scheme: part, path: other) }) {
                let again = try reclassified(privateUse)
                try require(again.reference.scheme.map(String.init) == part && String(again.reference.path) == other, "privateUse parts for \(part) \(other)")
            }
            if let https = built({ () throws(RedirectBuildError) in try RedirectURI.https(host: part, path: other) }) {
                let again = try reclassified(https)
                try require(again.reference.host.map(String.init) == part && String(again.reference.path) == other, "https parts for \(part) \(other)")
            }
            for host in RedirectURI.LoopbackHost.allCases {
                if let loopback = built({ () throws(RedirectBuildError) in try RedirectURI.loopback(host: host, port: port, path: part) }) {
                    let again = try reclassified(loopback)
                    try require(again.reference.host.map(String.init) == host.rawValue && again.reference.portNumber == port
                        && String(again.reference.path) == part, "loopback parts for \(host) \(String(describing: port)) \(part)")
                } else if port.map({ (1...65535).contains($0) }) ?? true, part.isEmpty || (part.hasPrefix("/") && (try? URIReference(parsing: "http://h" + part, as: .uri))?.path == Substring(part)) {
                    throw failure("loopback rejects host \(host) port \(String(describing: port)) path \(part)")
                }
            }
            if let inner = try? RedirectURI(parsing: part), inner.form == .adalBroker || inner.form == .msalBroker {
                guard let wrapper = built({ () throws(RedirectBuildError) in try RedirectURI.certificateAuth(wrapping: inner) }) else {
                    throw failure("certificateAuth rejects the broker URI \(part)")
                }
                let wrapperAgain = try reclassified(wrapper)
                try require(wrapperAgain.inner?.description == part, "certificateAuth inner for \(part)")
            }
        }
    }

    /// `RedirectURI.classify` (offsets, no strings) agrees with `RedirectURI` on the same bytes.
    static func checkInPlaceClassification(_ bytes: [UInt8], agreesWith redirect: RedirectURI) throws(PropertyFailure) {
        let classified = withExactCopy(of: bytes) { buffer in
            Result { () throws(URIParseError) in try RedirectURI.classify(buffer) }
        }
        guard case .success(let classification) = classified else { throw failure("RedirectURI.classify rejects a valid URI") }
        try require(classification.form == redirect.form,
            "in-place form \(classification.form.rawValue) differs from \(redirect.form.rawValue) for \(redirect)")
        try require(classification.ranges == redirect.reference.ranges, "in-place ranges differ for \(redirect)")
        let text = String(decoding: bytes, as: UTF8.self)
        try require(classification.bundleID(in: text) == redirect.bundleID, "in-place bundle ID differs for \(redirect)")
        if let range = classification.bundleIDRange {
            try require(redirect.bundleID.map { Array($0.text.utf8) } == Array(bytes[range]),
                "the bundle ID range does not spell the bundle ID in \(redirect)")
        } else {
            try require(redirect.bundleID == nil || redirect.form == .certificateAuth,
                "no bundle ID range for the \(redirect.form.rawValue) URI \(redirect)")
        }
    }
}
