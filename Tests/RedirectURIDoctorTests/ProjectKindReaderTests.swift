import Foundation
import Testing

@testable import RedirectURIDoctor

/// The YAML subset of XcodeGen's project.yml: what it reads, and the line of what it refuses.
struct YAMLSubsetTests {
    static func read(_ text: String) throws(YAMLSubsetError) -> YAMLValue { try YAMLSubsetReader.read(Array(text.utf8)) }

    static func scalar(_ text: String, quoted: Bool = false, line: Int) -> YAMLValue { .scalar(text, quoted: quoted, line: line) }

    @Test func blockMappingsSequencesAndScalars() throws {
        let value = try Self.read(
            """
            # comment
            name: Mail   # trailing comment
            targets:
              App:
                sources: [App, "Shared Code"]
                settings: {A: 1, B: 'it''s'}
                list:
                - one
                - key: two
                  more: three
                text: |
                  line one
                  # not a comment
                folded: >-
                  a
                  b
            """)
        #expect(value["name"] == Self.scalar("Mail", line: 2))
        let app = try #require(value["targets"]?["App"])
        #expect(app["sources"]?.items.compactMap(\.text) == ["App", "Shared Code"])
        #expect(app["settings"]?["B"]?.text == "it's")
        #expect(app["settings"]?["A"] == Self.scalar("1", line: 6))
        #expect(app["list"]?.items.count == 2)
        #expect(app["list"]?.items.last?["more"]?.text == "three")
        #expect(app["text"]?.text == "line one\n# not a comment\n")
        #expect(app["folded"]?.text == "a b")
    }

    /// A value may stand on the line after its key, more indented (XcodeGen's own fixtures
    /// write `sources:` so); a second line there is a continued plain value, refused.
    @Test func valueOnTheNextLine() throws {
        let value = try Self.read("sources:\n  App\nlist:\n  - \n    item\nflow:\n  [a, b]\n")
        #expect(value["sources"]?.text == "App")
        #expect(value["list"]?.items.first?.text == "item")
        #expect(value["flow"]?.items.compactMap(\.text) == ["a", "b"])
        #expect(throws: YAMLSubsetError(line: 3, reason: "a plain value continued on the next line")) {
            try Self.read("sources:\n  App\n  More\n")
        }
    }

    /// `#` starts a comment only at the start of a line or after a space: `C#` and a URL's
    /// fragment are text.
    @Test func hashInsideAValueIsText() throws {
        let value = try Self.read("a: C#Sharp\nb: https://example.com/#top # comment\nc: \"x # y\"\n")
        #expect(value["a"]?.text == "C#Sharp")
        #expect(value["b"]?.text == "https://example.com/#top")
        #expect(value["c"]?.text == "x # y")
    }

    /// Quoted scalars are text (XcodeGen writes `"NO"` as NO, `false` as NO too; `"false"` stays).
    @Test func quotedScalarsAreMarked() throws {
        let value = try Self.read("a: false\nb: \"false\"\nc: \"\\u00e9\\t\"\nd: ~\ne:\n")
        #expect(value["a"] == Self.scalar("false", line: 1))
        #expect(value["b"] == Self.scalar("false", quoted: true, line: 2))
        #expect(value["c"]?.text == "é\t")
        #expect(value["d"]?.text == nil)
        #expect(value["e"]?.text == nil)
        #expect(XcodeGenSpec.settingValue(value["a"] ?? .sequence([], line: 0)) as? String == "NO")
        #expect(XcodeGenSpec.settingValue(value["b"] ?? .sequence([], line: 0)) as? String == "false")
    }

    /// What the subset refuses, at its line: never read as something else.
    @Test(arguments: [
        ("a: &x 1\nb: *x\n", 1, "an anchor, alias or tag"),
        ("a: 1\nb: *x\n", 2, "an anchor, alias or tag"),
        ("a: !!str 1\n", 1, "an anchor, alias or tag"),
        ("a: 1\na: 2\n", 2, "the key 'a' twice"),
        ("a:\n\tb: 1\n", 2, "a tab in indentation"),
        ("a: 1\n---\nb: 2\n", 2, "more than one document"),
        ("a: [1, 2\n", 1, "a flow sequence not closed on its line"),
        ("a: \"open\n", 1, "a quoted value not closed on its line"),
        ("a: plain\n  continued\n", 2, "a plain value continued on the next line"),
        ("a:\n  b: 1\n c: 2\n", 3, "a line indented more than its mapping"),
        ("<<: {a: 1}\n", 1, "a complex key or merge key"),
        ("just text\n", 1, "neither 'key: value' nor '- item'"),
    ])
    func refused(text: String, line: Int, reason: String) {
        #expect(throws: YAMLSubsetError(line: line, reason: reason)) { try Self.read(text) }
    }

    /// Nesting is bounded: a deep document is an error, not a deep recursion.
    @Test func deepNestingIsAnError() {
        let deep = (0..<200).map { String(repeating: " ", count: $0) + "k:" }.joined(separator: "\n")
        #expect(throws: YAMLSubsetError.self) { try Self.read(deep) }
        #expect(throws: YAMLSubsetError.self) { try Self.read("a: " + String(repeating: "[", count: 200)) }
    }
}

/// INFOPLIST_PREPROCESS as Xcode does it, on the directives Info.plists use.
struct InfoPlistPreprocessorTests {
    static func run(_ text: String, definitions: String = "", header: String? = nil, files: [String: String] = [:]) throws(InfoPlistPreprocessor
        .Failure)
        -> String
    {
        var preprocessor = InfoPlistPreprocessor(definitions: definitions) { files[$0].map { Array($0.utf8) } }
        if let header { try preprocessor.define(fromHeader: Array(header.utf8)) }
        return String(decoding: try preprocessor.process(Array(text.utf8)), as: UTF8.self)
    }

    @Test(arguments: [
        // Each removed line stays an empty line, so findings keep their line numbers.
        ("#ifdef A\nyes\n#else\nno\n#endif", "A", "\nyes\n\n\n"),
        ("#ifdef A\nyes\n#else\nno\n#endif", "", "\n\n\nno\n"),
        ("#ifndef A\nyes\n#endif", "", "\nyes\n"),
        ("#if A == 2\ntwo\n#elif defined(B) && !C\nb\n#else\nother\n#endif", "B C=0", "\n\n\nb\n\n\n"),
        ("#if A == 2\ntwo\n#elif defined(B)\nb\n#endif", "A=2 B", "\ntwo\n\n\n"),
        ("#if (A || B) && 1\nx\n#endif", "B", "\nx\n"),
        // Macros are replaced in the text, not inside "…" and not inside longer names.
        ("<string>SCHEME</string> \"SCHEME\" SCHEME_X", "SCHEME=msauth.com.contoso", "<string>msauth.com.contoso</string> \"SCHEME\" SCHEME_X"),
        ("#define A B\n#define B value\nA", "", "\n\nvalue"),
        // An #else inside a block that is off stays off.
        ("#ifdef A\n#ifdef B\nb\n#else\nnot b\n#endif\n#endif", "", "\n\n\n\n\n\n"),
        ("#ifdef A\n#ifdef B\nb\n#else\nnot b\n#endif\n#endif", "A", "\n\n\n\nnot b\n\n"),
        ("#define A A\nA", "", "\nA"),
        ("#define X 1\n#undef X\n#ifdef X\nx\n#endif", "", "\n\n\n\n"),
        ("a\n#include \"other.h\"\nb", "", "a\nincluded\nb"),
        ("https://example.com // kept", "", "https://example.com // kept"),
        // A definition is a word: a line break in the setting separates two (FuzzDoctorReaders).
        ("A\nB", "A=x\nB", "x\n1"),
    ])
    func preprocesses(text: String, definitions: String, expected: String) throws {
        #expect(try Self.run(text, definitions: definitions, files: ["other.h": "included"]) == expected)
    }

    @Test func prefixHeaderDefinesOnly() throws {
        #expect(try Self.run("V", header: "#define V from-header\nheader text") == "from-header")
    }

    @Test(arguments: [
        ("#if A\nx", 2, "#if without #endif"),
        ("#endif", 1, "#endif without #if"),
        ("#else", 1, "#else without #if"),
        ("#define F(x) x", 1, "a function-like macro"),
        ("#include <system.h>", 1, "an #include other than \"file\""),
        ("#include \"missing.h\"", 1, "#include \"missing.h\" cannot be read"),
        ("#error stop", 1, "#error"),
        ("#if A +\n#endif", 1, "an #if expression the doctor does not read (A +)"),
    ])
    func refuses(text: String, line: Int, reason: String) {
        #expect(throws: InfoPlistPreprocessor.Failure(line: line, reason: reason)) { try Self.run(text) }
    }

    /// An include cycle ends at the depth bound.
    @Test func includeCycleEnds() {
        #expect(throws: InfoPlistPreprocessor.Failure.self) { try Self.run("#include \"a.h\"", files: ["a.h": "#include \"a.h\""]) }
    }
}

/// What XcodeGen makes of a spec, rule by rule.
struct XcodeGenSpecTests {
    static func project(_ yaml: String) throws -> XcodeProject {
        try XcodeGenSpec.project(from: Array(yaml.utf8), root: URL(fileURLWithPath: "/spec"), display: "project.yml") { _ in nil }
    }

    static func settings(_ project: XcodeProject, _ target: String, _ configuration: String) throws -> BuildSettings {
        try ResolvedTarget.resolve(project, targetName: target, configurationName: configuration, overrides: BuildSettings()) { _ in nil }
            .settings
    }

    /// A configuration's settings match its name in any case (XcodeGen matches `debug` to
    /// Debug); `base` is under them; a boolean is YES or NO.
    @Test func configurationSettingsMatchTheirNameInAnyCase() throws {
        let project = try Self.project(
            """
            targets:
              App:
                type: application
                platform: iOS
                settings:
                  base: {PRODUCT_BUNDLE_IDENTIFIER: com.contoso.app, FLAG: true}
                  configs:
                    debug: {PRODUCT_BUNDLE_IDENTIFIER: com.contoso.app.debug}
            """)
        let expander = { (settings: BuildSettings) in BuildSettingExpander(settings: settings, unsetPolicy: .keepReference) }
        let debug = try Self.settings(project, "App", "Debug")
        #expect(expander(debug).expand("$(PRODUCT_BUNDLE_IDENTIFIER)").value == "com.contoso.app.debug")
        #expect(expander(debug).expand("$(FLAG)").value == "YES")
        #expect(expander(debug).expand("$(SDKROOT)").value == "iphoneos")
        let release = try Self.settings(project, "App", "Release")
        #expect(expander(release).expand("$(PRODUCT_BUNDLE_IDENTIFIER)").value == "com.contoso.app")
        #expect(project.targets.map(\.productType) == ["com.apple.product-type.application"])
    }

    /// bundleIdPrefix gives `<prefix>.<target>` only where nothing sets the bundle ID.
    @Test func bundleIdPrefixOnlyWhereUnset() throws {
        let project = try Self.project(
            """
            options:
              bundleIdPrefix: com.contoso
            settings:
              configs:
                Release: {PRODUCT_BUNDLE_IDENTIFIER: com.contoso.project}
            targets:
              App: {type: application, platform: iOS}
            """)
        let expander = BuildSettingExpander(settings: try Self.settings(project, "App", "Release"), unsetPolicy: .keepReference)
        #expect(expander.expand("$(PRODUCT_BUNDLE_IDENTIFIER)").value == "com.contoso.project")
        let plain = try Self.project("options: {bundleIdPrefix: com.contoso}\ntargets:\n  App: {type: application, platform: iOS}\n")
        let plainExpander = BuildSettingExpander(settings: try Self.settings(plain, "App", "Debug"), unsetPolicy: .keepReference)
        #expect(plainExpander.expand("$(PRODUCT_BUNDLE_IDENTIFIER)").value == "com.contoso.App")
    }
}

/// The .csproj and app.json readers.
struct ProjectFileReaderTests {
    @Test func csprojPropertiesForIOS() throws {
        let project = try #require(
            DotNetProject(
                data: Data(
                    """
                    <Project Sdk="Microsoft.NET.Sdk">
                      <PropertyGroup Condition="'$(TargetFramework)' == 'net8.0-ios'"><ApplicationId>com.contoso.ios</ApplicationId></PropertyGroup>
                      <PropertyGroup><ApplicationId>com.contoso.all</ApplicationId><Prefix>com.x</Prefix><Id>$(Prefix).app</Id></PropertyGroup>
                      <PropertyGroup Condition="$(TargetFramework.Contains('-android'))"><ApplicationId>com.contoso.android</ApplicationId></PropertyGroup>
                      <ItemGroup>
                        <PackageReference Include="Auth0.OidcClient.MAUI" Version="1.0.0" />
                        <PackageReference Include="Xamarin.Google.iOS.SignIn" Condition="'$(TargetFramework)' == 'net8.0-android'" />
                      </ItemGroup>
                    </Project>
                    """.utf8)))
        // The iOS group wins over an unconditional one, whatever their order; Android's is not read.
        #expect(project.value("ApplicationId") == "com.contoso.ios")
        #expect(project.value("Id") == "com.x.app")
        #expect(project.packages == ["Auth0.OidcClient.MAUI"])
        #expect(DotNetProject(data: Data("not xml".utf8)) == nil)
        // Not UTF-8: never given to Foundation's XML parser, which traps on such an element name.
        #expect(DotNetProject(data: Data([0x3C, 0x61, 0xF4, 0x69, 0x3E, 0x3C, 0x2F, 0x61, 0xF4, 0x69, 0x3E])) == nil)
    }

    @Test func expoConfig() throws {
        let file = URL(fileURLWithPath: "/fixture/app.json")
        let config = try ExpoAppConfig.read(
            Data(
                #"{"expo": {"scheme": ["one", "two"], "ios": {"bundleIdentifier": "com.contoso.app", "scheme": "three", "associatedDomains": ["applinks:contoso.com"]}}}"#
                    .utf8),
            file: file)
        let types = config.info["CFBundleURLTypes"] as? [[String: Any]]
        #expect(types?.first?["CFBundleURLSchemes"] as? [String] == ["one", "two", "three", "com.contoso.app"])
        #expect(config.entitlements["com.apple.developer.associated-domains"] as? [String] == ["applinks:contoso.com"])
        #expect(config.bundleID == "com.contoso.app")
        // Without the `expo` wrapper, the top level is the configuration.
        #expect(try ExpoAppConfig.read(Data(#"{"ios": {"bundleIdentifier": "com.b"}}"#.utf8), file: file).bundleID == "com.b")
        #expect(throws: DoctorProjectError.self) { try ExpoAppConfig.read(Data("[]".utf8), file: file) }
        #expect(throws: DoctorProjectError.self) { try ExpoAppConfig.read(Data(#"{"plugins": ["react-native-msal"]}"#.utf8), file: file) }
    }
}
