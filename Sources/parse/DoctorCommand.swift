import ArgumentParser
import Foundation
import RedirectURIDoctor

/// `parse doctor`: checks an app's Info.plist and entitlements for the broker flow.
struct Doctor: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check an app's Info.plist (and entitlements) for the URL-scheme registration the broker flow needs.",
        discussion: """
            Exit status: 0 when no finding is an error; 1 when any finding is an error; \
            2 for a usage error or a file that cannot be read.
            """
    )

    @Option(name: .customLong("info-plist"), help: ArgumentHelp("The app's Info.plist (XML or binary).", valueName: "path"))
    var infoPlist: String

    @Option(name: .long, help: ArgumentHelp("The app's .entitlements file.", valueName: "path"))
    var entitlements: String?

    @Option(name: .customLong("redirect-uri"), help: ArgumentHelp("The app's redirect URI (MSAL: derived from CFBundleIdentifier when omitted).", valueName: "uri"))
    var redirectURI: String?

    @Option(name: .long, help: "The SDK flavour: adal (queries msauth) or msal (queries msauthv2 and msauthv3).")
    var sdk: SDKFlavourArgument = .msal

    @Option(name: .customLong("keychain-group"), help: ArgumentHelp("A shared keychain group the SDK uses, checked in keychain-access-groups.", valueName: "name"))
    var keychainGroup: String?

    @Flag(name: .long, help: "Print {\"findings\": [...]} as JSON.")
    var json = false

    mutating func run() throws {
        let info = try Self.read(infoPlist)
        let entitlementsData = try entitlements.map(Self.read)
        let findings = AppConfigurationDoctor.diagnose(
            infoPlist: info, entitlements: entitlementsData, redirectURI: redirectURI, sdk: sdk.flavour,
            keychainGroup: keychainGroup)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(["findings": findings])
            print(String(decoding: data, as: UTF8.self))
        } else {
            print(Self.render(findings))
        }
        if findings.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
    }

    static func read(_ path: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            FileHandle.standardError.write(Data("parse doctor: cannot read file '\(path)'\n".utf8))
            throw ExitCode(2)
        }
        return data
    }

    static func render(_ findings: [DoctorFinding]) -> String {
        guard !findings.isEmpty else { return "No problems found." }
        return findings.map { finding in
            "\(finding.severity.rawValue): \(finding.code)\n  \(finding.message)\n  fix: \(finding.fix)"
        }.joined(separator: "\n")
    }
}

/// `--sdk adal|msal`.
enum SDKFlavourArgument: String, ExpressibleByArgument, CaseIterable {
    case adal, msal
    var flavour: SDKFlavour { self == .adal ? .adal : .msal }
}
