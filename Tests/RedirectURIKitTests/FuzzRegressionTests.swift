import Foundation
import Testing
@testable import RedirectURIKit

/// Replays every crasher the fuzzers ever found (`Corpus/regressions/<Target>/<name>`, kept
/// forever) through the library, checking the property its target checks. See
/// `Corpus/regressions/README.md` for the input formats.
struct FuzzRegressionTests {
    static let root = TestFiles.repositoryRoot.appendingPathComponent("Corpus/regressions")

    static var files: [(target: String, name: String)] {
        let manager = FileManager.default
        let targets = (try? manager.contentsOfDirectory(atPath: root.path)) ?? []
        return targets.sorted().flatMap { target -> [(String, String)] in
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: root.appendingPathComponent(target).path, isDirectory: &isDirectory), isDirectory.boolValue else { return [] }
            let names = (try? manager.contentsOfDirectory(atPath: root.appendingPathComponent(target).path)) ?? []
            return names.sorted().map { (target, $0) }
        }
    }

    @Test func regressionsAreThere() {
        #expect(Self.files.count >= 2)
    }

    @Test(arguments: files.map { "\($0.target)/\($0.name)" })
    func replay(path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.root.appendingPathComponent(path)))
        let target = String(path.split(separator: "/")[0])
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        switch target {
        case "FuzzRedirect":
            Self.checkRedirect(lines)
        case "FuzzBroker":
            try Self.checkBroker(lines[0])
        case "FuzzDifferential":
            Self.checkParse(bytes)
            Self.checkVectorScan(bytes)
        default:
            Self.checkParse(bytes)
        }
    }

    /// The vectorised parse and the plain byte loop agree (FuzzDifferential's library-side
    /// property; its Foundation comparison needs Foundation's own quirks, listed in the target).
    static func checkVectorScan(_ bytes: [UInt8]) {
        for grammar in [URIGrammar.uriReference, .uri, .absoluteURI, .relativeReference] {
            VectorScanTests.expectFastAndPlainParsesAgree(bytes, as: grammar)
        }
    }

    static func checkParse(_ bytes: [UInt8]) {
        for grammar in [URIGrammar.uriReference, .uri, .absoluteURI, .relativeReference] {
            guard let reference = try? URIReference(bytes: bytes, as: grammar) else { continue }
            #expect(URIComponents(reference).serialized == reference.description)
            let normalized = reference.normalized()
            #expect((try? URIReference(parsing: normalized))?.normalized() == normalized)
        }
        _ = try? PercentEncoding.decodeString(String(decoding: bytes, as: UTF8.self))
    }

    /// Whatever a builder accepts classifies as that form with exactly the parts it was given.
    static func checkRedirect(_ lines: [String]) {
        for scheme in lines {
            for path in lines {
                if let built = try? RedirectURI.privateUse(scheme: scheme, path: path) {
                    #expect(built.reference.scheme.map(String.init) == scheme)
                    #expect(String(built.reference.path) == path)
                    #expect(built.form == .privateUse)
                }
                if let built = try? RedirectURI.https(host: scheme, path: path) {
                    #expect(built.reference.host.map(String.init) == scheme)
                    #expect(String(built.reference.path) == path)
                }
            }
        }
        // classify → build → classify is stable for the forms that carry a bundle ID.
        if let redirect = try? RedirectURI(parsing: lines[0]), let bundleID = redirect.bundleID {
            switch redirect.form {
            case .adalBroker:
                let scheme = String(redirect.reference.scheme ?? "")
                #expect((try? RedirectURI.adalBroker(scheme: scheme, bundleID: bundleID))?.bundleID == bundleID)
            case .msalBroker:
                #expect((try? RedirectURI.msalBroker(bundleID: bundleID))?.form == .msalBroker)
            default:
                break
            }
        }
        let verdict = RedirectVerifier(registered: lines.count > 2 ? Array(lines[2...]) : [lines[0]])
            .verify(lines[0], callerBundleID: lines.count > 1 && !lines[1].isEmpty ? lines[1] : nil)
        #expect(verdict.accepted == (verdict.failedRule == nil))
    }

    /// A message that parses rebuilds to one that parses to the same message.
    static func checkBroker(_ url: String) throws {
        if let response = try? BrokerResponse(parsing: url) {
            let rebuilt = BrokerResponse.url(redirectURI: String(response.redirectURI), parameters: response.parameters)
            #expect(try BrokerResponse(parsing: rebuilt) == response)
        }
        if let request = try? BrokerRequest.parseParameters(url) {
            #expect(try BrokerRequest.parseParameters(request.url) == request)
        }
    }
}
