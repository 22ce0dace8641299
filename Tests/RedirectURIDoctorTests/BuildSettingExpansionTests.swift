import Foundation
import Testing
@testable import RedirectURIDoctor

/// Expansion of build-setting references as Xcode does it: operators, `$(inherited)`, levels,
/// cycles, unset and unexpanded settings, limits.
struct BuildSettingExpansionTests {
    /// Settings from levels given highest precedence first.
    static func settings(_ levels: [[String: String]]) -> BuildSettings {
        var settings = BuildSettings()
        for (index, level) in levels.enumerated() {
            settings.appendLevel(level.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, origin: "level \(index)")
        }
        return settings
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var levels: [[String: String]]
        var policy: BuildSettingExpander.UnsetPolicy = .xcodeSemantics
        var input: String
        var value: String
        var complete = true
        var unresolved: [String] = []
        var unset: [String] = []
        var signing: [String] = []
        var cycles: [[String]] = []
        var unsupported: [String] = []
        var line: Int
        var testDescription: String { "line \(line): \(input)" }

        init(
            _ levels: [[String: String]], _ input: String, _ value: String, policy: BuildSettingExpander.UnsetPolicy = .xcodeSemantics,
            complete: Bool = true, unresolved: [String] = [], unset: [String] = [], signing: [String] = [], cycles: [[String]] = [],
            unsupported: [String] = [], line: Int = #line
        ) {
            self.levels = levels
            self.input = input
            self.value = value
            self.policy = policy
            self.complete = complete
            self.unresolved = unresolved
            self.unset = unset
            self.signing = signing
            self.cycles = cycles
            self.unsupported = unsupported
            self.line = line
        }
    }

    static let id = ["PRODUCT_BUNDLE_IDENTIFIER": "com.contoso.MailApp"]

    static let rows: [Row] = [
        // The three forms, nesting, escapes.
        Row([id], "com.contoso.app", "com.contoso.app"),
        Row([id], "$(PRODUCT_BUNDLE_IDENTIFIER)", "com.contoso.MailApp"),
        Row([id], "msauth.${PRODUCT_BUNDLE_IDENTIFIER}", "msauth.com.contoso.MailApp"),
        Row([id], "msauth.$PRODUCT_BUNDLE_IDENTIFIER", "msauth.com.contoso.MailApp"),
        Row([["A": "x"]], "$A.b", "$A.b", unset: ["A.b"]),                          // Xcode's bare names take '.', kept as written
        Row([["A": "x"]], "$A-b", "x-b"),
        Row([["ID_Debug": "d", "ID_Release": "r", "CONFIGURATION": "Release"]], "$(ID_$(CONFIGURATION))", "r"),
        Row([[:]], "a$$b", "a$b"),
        Row([[:]], "https:/$()/login.example.com", "https://login.example.com"),   // the .xcconfig '//' trick
        Row([["A": "$(B)", "B": "$(C)", "C": "end"]], "$(A)", "end"),
        // Operators, each and chained.
        Row([["PRODUCT_NAME": "Mail App"]], "$(PRODUCT_NAME:lower)", "mail app"),
        Row([["PRODUCT_NAME": "Mail App"]], "$(PRODUCT_NAME:upper)", "MAIL APP"),
        Row([["PRODUCT_NAME": "Straße"]], "$(PRODUCT_NAME:upper)", "STRASSE"),     // full case mapping
        Row([["PRODUCT_NAME": "Mail App.v2_beta"]], "$(PRODUCT_NAME:rfc1034identifier)", "Mail-App-v2-beta"),
        Row([["PRODUCT_NAME": "7Eleven"]], "$(PRODUCT_NAME:rfc1034identifier)", "-Eleven"),   // no leading digit
        Row([["PRODUCT_NAME": "A7"]], "$(PRODUCT_NAME:rfc1034identifier)", "A7"),
        Row([["PRODUCT_NAME": "Café"]], "$(PRODUCT_NAME:rfc1034identifier)", "Caf-"),         // one '-' per character
        Row([["PRODUCT_NAME": "Cafe\u{301}"]], "$(PRODUCT_NAME:rfc1034identifier)", "Caf-"),  // decomposed the same
        Row([["PRODUCT_NAME": "Mail App-2.0"]], "$(PRODUCT_NAME:identifier)", "Mail_App_2_0"),
        Row([["PRODUCT_NAME": "9to5"]], "$(PRODUCT_NAME:identifier)", "_to5"),
        Row([["PRODUCT_NAME": "Mail App"]], "$(PRODUCT_NAME:c99extidentifier)", "Mail_App"),
        Row([["PRODUCT_NAME": "Café-Crème"]], "$(PRODUCT_NAME:c99extidentifier)", "Café_Crème"), // Annex D letters kept
        Row([["PRODUCT_NAME": "3D"]], "$(PRODUCT_NAME:c99extidentifier)", "_D"),
        Row([["PRODUCT_NAME": "\u{661}x"]], "$(PRODUCT_NAME:c99extidentifier)", "_x"),       // Arabic-Indic leading digit
        Row([["PRODUCT_NAME": "a☃b"]], "$(PRODUCT_NAME:c99extidentifier)", "a_b"),
        Row([["PRODUCT_NAME": "Mail App"]], "com.contoso.$(PRODUCT_NAME:rfc1034identifier:lower)", "com.contoso.mail-app"),
        Row([[:]], "$(SUFFIX:default=prod)", "prod"),                                       // unset, no warning
        Row([["SUFFIX": ""]], "$(SUFFIX:default=prod)", "prod"),
        Row([["SUFFIX": "beta"]], "$(SUFFIX:default=prod)", "beta"),
        Row([["FALLBACK": "f"]], "$(SUFFIX:default=$(FALLBACK):upper)", "F"),
        Row([[:]], "$(SUFFIX:default=a)", "$(SUFFIX:default=a)", policy: .keepReference, complete: false, unresolved: ["SUFFIX"]),
        Row([["A": "/p/x.plist"]], "$(A:dir)", "$(A:dir)", complete: false, unsupported: ["dir"]),
        Row([["A": "x"]], "$(A:rfc1034identifier=)", "$(A:rfc1034identifier=)", complete: false, unsupported: ["rfc1034identifier="]),
        // $(inherited) and levels.
        Row([["A": "$(inherited) target"], ["A": "project"]], "$(A)", "project target"),
        Row([["A": "$(inherited).debug"], ["A": "$(inherited).mail"], ["A": "com.contoso"]], "$(A)", "com.contoso.mail.debug"),
        Row([["A": "x $(inherited)"]], "$(A)", "x "),                                       // nothing below: empty
        Row([[:]], "a$(inherited)b", "ab"),                                                 // outside a setting: empty
        Row([["A": "$(A) -ObjC"], ["A": "-lz"]], "$(A)", "-lz -ObjC"),                       // self-reference is inherited
        Row([["A": "$(B)x", "B": "$(A)"], ["A": "base"]], "$(A)", "basex"),                  // loop falls to the next level
        // Cycles, unset and unexpanded settings.
        Row([["A": "$(B)", "B": "$(A)"]], "[$(A)]", "[]", cycles: [["A", "B", "A"]]),
        Row([["A": "$(B)", "B": "$(C)", "C": "$(A)"]], "$(A)", "", cycles: [["A", "B", "C", "A"]]),
        Row([[:]], "msauth.$(PRODUCT_BUNDLE_IDENTIFIER)", "msauth.", unset: ["PRODUCT_BUNDLE_IDENTIFIER"]),
        Row([[:]], "msauth.$(PRODUCT_BUNDLE_IDENTIFIER)", "msauth.$(PRODUCT_BUNDLE_IDENTIFIER)", policy: .keepReference,
            complete: false, unresolved: ["PRODUCT_BUNDLE_IDENTIFIER"]),
        Row([["A": "com.$(B)"]], "$(A)", "com.$(B)", policy: .keepReference, complete: false, unresolved: ["B"]),
        Row([[:]], "$(A)$(B)$(A)", "$(A)$(B)$(A)", policy: .keepReference, complete: false, unresolved: ["A", "B"]),
        Row([[:]], "$(X_$(Y))", "$(X_$(Y))", policy: .keepReference, complete: false, unresolved: ["Y"]),
        Row([[:]], "$UNSET_NAME", "$UNSET_NAME", unset: ["UNSET_NAME"]),                     // Xcode keeps $NAME as written
        Row([[:]], "$(A", "$(A", complete: false),
        // Signing variables.
        Row([id], "$(AppIdentifierPrefix)$(PRODUCT_BUNDLE_IDENTIFIER)", "$(AppIdentifierPrefix)com.contoso.MailApp", complete: false,
            signing: ["AppIdentifierPrefix"]),
        Row([[:]], "$(TeamIdentifierPrefix)group", "$(TeamIdentifierPrefix)group", policy: .keepReference, complete: false,
            signing: ["TeamIdentifierPrefix"]),
        Row([["AppIdentifierPrefix": "ABCDE12345."]], "$(AppIdentifierPrefix)g", "ABCDE12345.g"),   // a given value wins
    ]

    @Test(arguments: rows)
    func expands(row: Row) {
        let expansion = BuildSettingExpander(settings: Self.settings(row.levels), unsetPolicy: row.policy).expand(row.input)
        #expect(expansion.value == row.value)
        #expect(expansion.isComplete == row.complete)
        #expect(expansion.unresolved == row.unresolved)
        #expect(expansion.unset == row.unset)
        #expect(expansion.signing == row.signing)
        #expect(expansion.cycles == row.cycles)
        #expect(expansion.unsupportedOperators == row.unsupported)
        #expect(expansion.limit == nil)
    }

    @Test func rowCountIsPinned() { #expect(Self.rows.count == 51) }

    @Test func usedSettingsAreRecordedInOrder() {
        let expansion = BuildSettingExpander(settings: Self.settings([["A": "$(B)$(inherited)", "B": "b"], ["A": "a"]]),
                                             unsetPolicy: .xcodeSemantics).expand("$(A)$(C:default=x)")
        #expect(expansion.value == "bax")
        #expect(expansion.used == ["A", "B", "C"])
    }

    /// Each level doubles the one below: 2^40 bytes unless expansion stops.
    @Test func exponentialGrowthStopsAtTheLengthLimit() {
        var level: [String: String] = ["A0": "xxxxxxxx"]
        for index in 1...40 { level["A\(index)"] = "$(A\(index - 1))$(A\(index - 1))" }
        let expansion = BuildSettingExpander(settings: Self.settings([level]), unsetPolicy: .xcodeSemantics).expand("$(A40)")
        #expect(expansion.limit != nil)
        #expect(!expansion.isComplete)
        #expect(expansion.value.utf8.count <= 2 * BuildSettingExpander.maximumLength + 64)
    }

    @Test func longChainsStopAtTheDepthLimit() {
        var level: [String: String] = ["A0": "end"]
        for index in 1...100 { level["A\(index)"] = "$(A\(index - 1))" }
        let settings = Self.settings([level])
        let deep = BuildSettingExpander(settings: settings, unsetPolicy: .xcodeSemantics).expand("$(A100)")
        #expect(deep.limit?.contains("levels deep") == true)
        let shallow = BuildSettingExpander(settings: settings, unsetPolicy: .xcodeSemantics).expand("$(A20)")
        #expect(shallow.value == "end")
        let nested = String(repeating: "$(", count: 5_000) + "A0" + String(repeating: ")", count: 5_000)
        #expect(BuildSettingExpander(settings: settings, unsetPolicy: .xcodeSemantics).expand(nested).limit != nil)
    }

    @Test func manyReferencesStopAtTheReferenceLimit() {
        let text = String(repeating: "$(A)", count: BuildSettingExpander.maximumReferences + 10)
        let expansion = BuildSettingExpander(settings: Self.settings([["A": ""]]), unsetPolicy: .xcodeSemantics).expand(text)
        #expect(expansion.limit?.contains("references") == true)
    }

    /// Any bytes, as values and settings, expand without trapping.
    @Test func randomTextNeverTraps() {
        var state: UInt64 = 99
        func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
        let alphabet = Array("$(){}:=_ABab01.-/\\ \u{0}é".unicodeScalars)
        func text(_ length: Int) -> String {
            String(String.UnicodeScalarView((0..<length).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] }))
        }
        for length in 0..<300 {
            let settings = Self.settings([["A": text(length % 40), "B": text(length % 17), "a": "$(A)$(B)"], ["A": text(9)]])
            for policy in [BuildSettingExpander.UnsetPolicy.keepReference, .xcodeSemantics] {
                let expansion = BuildSettingExpander(settings: settings, unsetPolicy: policy).expand(text(length))
                #expect(expansion.value.utf8.count <= 2 * BuildSettingExpander.maximumLength + 1_000)
            }
        }
    }

    @Test func c99TableIsSortedDisjointAndHoldsItsDigits() {
        for ranges in [C99Identifier.ranges, C99Identifier.digitRanges] {
            for (lower, upper) in zip(ranges, ranges.dropFirst()) {
                #expect(lower.upperBound < upper.lowerBound)
            }
        }
        for digits in C99Identifier.digitRanges {
            #expect(C99Identifier.allows(digits.lowerBound) && C99Identifier.allows(digits.upperBound))
        }
        #expect(C99Identifier.allows(0x5F) && !C99Identifier.allows(0x2D) && !C99Identifier.allows(0x2E))
        #expect(C99Identifier.allows(0xD7A3) && !C99Identifier.allows(0xD7A4) && !C99Identifier.allows(0x10FFFF))
    }

    @Test(arguments: [
        ("PRODUCT_BUNDLE_IDENTIFIER", "PRODUCT_BUNDLE_IDENTIFIER", false),
        ("PRODUCT_BUNDLE_IDENTIFIER[sdk=iphoneos*]", "PRODUCT_BUNDLE_IDENTIFIER", true),
        ("CODE_SIGN_IDENTITY[sdk=iphoneos*][arch=*]", "CODE_SIGN_IDENTITY", true),
        ("_A9", "_A9", false),
    ])
    func settingKeys(key: String, name: String, conditional: Bool) {
        let parsed = BuildSettings.parseKey(key)
        #expect(parsed?.name == name)
        #expect(parsed?.conditional == conditional)
    }

    @Test(arguments: ["", "9A", "A B", "A[x", "$(A)", "A-B"])
    func invalidSettingKeys(key: String) {
        #expect(BuildSettings.parseKey(key) == nil)
        #expect(!BuildSettings.isValidName(key))
    }
}
