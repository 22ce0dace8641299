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
            FindingRegistry.errorTypes.flatMap { $0.codes.map { ($0.code, $0.explanation) } }
            + VerificationRule.all.map { ($0.identifier, $0.requirement) }
        #expect(kinds.count > 40)
        for (code, meaning) in kinds {
            let definition = FindingRegistry.core.definition(of: code)
            #expect(definition?.severity == .error, "\(code)")
            #expect(definition?.meaning == meaning, "\(code)")
        }
    }

    /// Every error type of the core is a `CodedError` listed in the registry's error types, once:
    /// found in the sources, so that a new error type left out of the registry fails here.
    @Test func everyErrorTypeIsACodedErrorInTheRegistry() throws {
        var errorTypes: [String] = []
        var codedErrors: [String] = []
        for layer in LayeringTests.layers + ["Codable"] {
            for file in try LayeringTests.sources(in: layer) {
                errorTypes += Self.names(in: file.text, between: "public struct ", and: ": Error,")
                codedErrors += Self.names(in: file.text, between: "extension ", and: ": CodedError {")
            }
        }
        let registered = FindingRegistry.errorTypes.map { String(describing: $0) }
        #expect(Set(registered).count == registered.count, "an error type listed twice")
        #expect(errorTypes.count >= 7)
        // The registry's own conflict error reports two definitions; it has no kinds of its own.
        #expect(Set(errorTypes).subtracting(["Conflict"]) == Set(codedErrors))
        #expect(Set(codedErrors) == Set(registered))
    }

    /// The word between `prefix` and `suffix` on each line that has both, in that order.
    static func names(in text: String, between prefix: String, and suffix: String) -> [String] {
        text.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: prefix), let end = line.range(of: suffix, range: start.upperBound..<line.endIndex) else { return nil }
            let name = line[start.upperBound..<end.lowerBound]
            return name.allSatisfy { $0.isLetter || $0.isNumber } ? String(name) : nil
        }
    }

    /// Within one error type, each code is one row: a code written twice in one table would make
    /// two kinds that print the same.
    @Test func eachTableListsACodeOnce() {
        for errorType in FindingRegistry.errorTypes {
            let codes = errorType.codes.map(\.code)
            #expect(Set(codes).count == codes.count, "\(errorType)")
            #expect(!codes.isEmpty, "\(errorType)")
        }
    }

    /// A kind's code and explanation are its row of its type's table, and every row is a kind.
    @Test func kindsAreTheirTablesRows() {
        #expect(URIParseError.Kind.allKinds.map(\.code) == URIParseError.codes.map(\.code))
        #expect(URIParseError.Kind.invalidPort.code == "invalid-port")
        #expect(URIParseError.Kind.invalidPort.explanation == "a port must be decimal digits only")
        #expect(BrokerMessageError.Kind.allKinds.count == BrokerMessageError.codes.count)
        #expect(BrokerMessageError.Kind.lookAlikeParameter.code == "look-alike-parameter")
        let error = BrokerMessageError(.duplicateParameter, parameter: "redirect_uri", offset: 33)
        #expect(error.code == "duplicate-parameter")
        #expect(error.explanation == QueryParameterError.Kind.duplicateParameter.explanation)
        #expect(ReferenceResolutionError.Kind.baseWithoutScheme.code == "base-without-scheme")
    }

    /// An error type whose table gives a registered code another meaning.
    struct TwoMeanings: CodedError {
        static let codes: [(code: String, explanation: String)] = [("invalid-uri", "the text is not a redirect URI")]
        var kind: Kind { Kind(rawValue: 0) }
        var description: String { code }
    }

    /// The check can fail: registering a table with a code of another meaning is a conflict.
    @Test func aCodeWithTwoMeaningsIsAConflict() throws {
        #expect(throws: FindingRegistry.Conflict.self) {
            try FindingRegistry(FindingRegistry.coreDefinitions, FindingRegistry.definitions(of: TwoMeanings.self))
        }
        // The same code with the same meaning is one definition.
        let invalidURI = RedirectBuildError.Kind.invalidURI
        #expect(try FindingRegistry(FindingRegistry.coreDefinitions, [FindingDefinition(code: invalidURI.code, severity: .error, meaning: invalidURI.explanation)]).definitions.count == FindingRegistry.core.definitions.count)
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
