import Testing

@testable import RedirectURIKit

/// One registry of codes: each code once, with one severity and one meaning, across findings,
/// error kinds and verification rules.
struct FindingRegistryTests {
    @Test func theCoreRegistryHasNoConflict() throws {
        let registry = try FindingRegistry(FindingRegistry.coreDefinitions)
        #expect(registry.definitions.map(\.code) == FindingRegistry.core.definitions.map(\.code))
        #expect(Set(registry.definitions.map(\.code)).count == registry.definitions.count)
    }

    /// Every finding this module reports is registered, and the registry lists no other finding.
    @Test func findingsAreRegistered() {
        #expect(FindingRegistry.findingDefinitions.map(\.code) == FindingCode.allCodes.map(\.rawValue))
    }

    /// The classification table's severities are the registry's.
    @Test func classificationSeveritiesAreTheRegistrys() {
        for entry in RedirectFindings.codes {
            #expect(FindingRegistry.core.definition(of: entry.code.rawValue)?.severity == entry.severity, "\(entry.code)")
        }
    }

    /// Every error kind and rule is registered as an error, with its own explanation: two types
    /// share a code (`duplicate-parameter`) only with one meaning.
    @Test func errorKindsAndRulesAreRegistered() {
        let kinds: [(String, String)] =
            URIParseError.Kind.allKinds.map { ($0.code, $0.explanation) }
            + PercentDecodingError.Kind.allKinds.map { ($0.code, $0.explanation) }
            + QueryParameterError.Kind.allKinds.map { ($0.code, $0.explanation) }
            + BrokerMessageError.Kind.allKinds.map { ($0.code, $0.explanation) }
            + VerificationRule.all.map { ($0.identifier, $0.requirement) }
        for (code, meaning) in kinds {
            let definition = FindingRegistry.core.definition(of: code)
            #expect(definition?.severity == .error, "\(code)")
            #expect(definition?.meaning == meaning, "\(code)")
        }
    }

    /// The codes the issue found colliding now mean one thing each.
    @Test func formerCollisionsAreGone() {
        #expect(BrokerMessageError.Kind.unbindableRedirectURI.code == "unbindable-redirect-uri")
        #expect(FindingRegistry.core.definition(of: "invalid-redirect-uri")?.severity == .warning)
        #expect(!BrokerMessageError.Kind.allKinds.map(\.code).contains("redirect-mismatch"))
    }

    /// The check can fail: a code defined twice differently is a conflict.
    @Test func aConflictIsReported() {
        let first = FindingDefinition(code: "x-code", severity: .warning, meaning: "one thing")
        #expect(throws: FindingRegistry.Conflict(first: first, second: FindingDefinition(code: "x-code", severity: .error, meaning: "one thing"))) {
            try FindingRegistry([first], [FindingDefinition(code: "x-code", severity: .error, meaning: "one thing")])
        }
        #expect(throws: FindingRegistry.Conflict.self) {
            try FindingRegistry(FindingRegistry.coreDefinitions, [FindingDefinition(.invalidRedirectURI, .error, "the redirect URI is invalid")])
        }
        #expect((try? FindingRegistry([first], [first])) != nil)  // the same definition twice is one
    }
}
