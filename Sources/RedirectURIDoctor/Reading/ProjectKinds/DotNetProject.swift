import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What the doctor reads of a .NET MAUI or Xamarin.iOS project file (`.csproj`, MSBuild XML):
/// the properties of its `PropertyGroup`s that apply to iOS (no `Condition`, or one that names
/// iOS), and the `Include` of each `PackageReference`.
struct DotNetProject {
    var properties: [String: String] = [:]
    var packages: [String] = []

    /// The NuGet packages that are each SDK's, by prefix (`Auth0.OidcClient.iOS`,
    /// `Auth0.OidcClient.MAUI`): MSAL.NET, Intune's MAM SDK (which signs in with MSAL), Auth0's
    /// OIDC client, Google Sign-In's Xamarin binding.
    static let sdkPackages: [(prefix: String, sdk: SDKFlavour)] = [
        ("Microsoft.Identity.Client", .msal), ("Microsoft.Intune.MAM", .msal), ("Microsoft.Intune.Maui", .msal),
        ("Auth0.OidcClient", .auth0), ("Xamarin.Google.iOS.SignIn", .googleSignIn),
    ]

    /// Reads the project's XML; `nil` when it is not XML in UTF-8 (what `dotnet new` writes).
    init?(data: Data) {
        // swift-corelibs-foundation's XMLParser traps on an element name that is not UTF-8
        // (FuzzDoctorReaders found it), so bytes that are not UTF-8 never reach it.
        // (Decoding repairs ill-formed bytes, so the bytes are valid exactly when they survive it;
        // String(validating:as:) would say so directly but needs iOS 18 / macOS 15.)
        guard String(decoding: data, as: UTF8.self).utf8.elementsEqual(data) else { return nil }
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        guard parser.parse() else { return nil }
        properties = reader.properties
        packages = reader.packages
    }

    /// Most bytes a property's value grows by as the properties it names are put in: names that
    /// name each other several times would grow it exponentially.
    static let maximumExpansion = 64 << 10

    /// A property's value with the properties it names (`$(Name)`) put in, at most a few levels
    /// deep and never a property inside itself; a name the project does not set, or one past
    /// ``maximumExpansion``, stays as it is written.
    func value(_ name: String) -> String? {
        guard let value = properties[name] else { return nil }
        var budget = Self.maximumExpansion
        return expand(value, excluding: [name], depth: 0, budget: &budget).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func expand(_ text: String, excluding: Set<String>, depth: Int, budget: inout Int) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "$(") {
            result += rest[..<open.lowerBound]
            let afterOpen = rest[open.upperBound...]
            guard let close = afterOpen.firstIndex(of: ")") else {
                rest = rest[open.lowerBound...]
                break
            }
            let name = String(afterOpen[..<close])
            if depth < 4, !excluding.contains(name), let replacement = properties[name], replacement.utf8.count <= budget {
                budget -= replacement.utf8.count
                result += expand(replacement, excluding: excluding.union([name]), depth: depth + 1, budget: &budget)
            } else {
                result += rest[open.lowerBound...close]
            }
            rest = afterOpen[afterOpen.index(after: close)...]
        }
        return result + rest
    }

    /// Whether a `Condition` applies to the iOS build: none, or one naming iOS (`-ios`, `iPhone`).
    static func appliesToIOS(_ condition: String?) -> Bool {
        guard let condition = condition?.lowercased(), !condition.isEmpty else { return true }
        return condition.contains("ios") || condition.contains("iphone")
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var properties: [String: String] = [:]
        var packages: [String] = []
        private var path: [String] = []
        private var groupApplies = true
        private var text = ""
        /// Properties set under a condition naming iOS win over unconditional ones.
        private var conditional: Set<String> = []
        private var groupConditional = false

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            path.append(element)
            text = ""
            if element == "PropertyGroup" {
                groupApplies = DotNetProject.appliesToIOS(attributes["Condition"])
                groupConditional = attributes["Condition"] != nil
            }
            if element == "PackageReference", let name = attributes["Include"] ?? attributes["Update"],
                DotNetProject.appliesToIOS(attributes["Condition"])
            {
                packages.append(name)
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            if path.count == 3, path[1] == "PropertyGroup", groupApplies, !(conditional.contains(element) && !groupConditional) {
                properties[element] = text
                if groupConditional { conditional.insert(element) }
            }
            path.removeLast()
            text = ""
        }
    }
}
