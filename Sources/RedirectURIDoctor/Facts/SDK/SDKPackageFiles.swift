import Foundation

/// How the package managers' files name an SDK, read as text (never run): a Podfile.lock's pods,
/// a Podfile's pods per target, the package names of Flutter's `pubspec.yaml`/`pubspec.lock` and
/// of React Native's `package.json`, and a repository named in `Package.resolved`, a `Cartfile`
/// or a `Package.swift`. ``SDKDetection`` matches what these return against each SDK's ``SDKDetection/Names``.
extension SDKDetection {
    /// The top-level pod names of a Podfile.lock's `PODS:` section (`  - MSAL (1.2.3)`,
    /// `  - GoogleSignIn (7.0.0):`, `  - Okta/Core (1.0)` → `Okta`).
    static func pods(_ text: String) -> Set<String> {
        var names: Set<String> = []
        for line in text.components(separatedBy: "\n") {
            guard line.hasPrefix("  - ") else { continue }
            // A pod with a subspec or a version constraint is written quoted: `  - "Okta/Core (1.0)"`.
            var rest = line.dropFirst(4)
            if rest.first == "\"" { rest = rest.dropFirst() }
            let name = rest.prefix { $0 != " " && $0 != "/" && $0 != ":" && $0 != "\"" }
            if !name.isEmpty { names.insert(String(name)) }
        }
        return names
    }

    /// The pods a Podfile asks for, each with the targets whose block holds it (`nil` at the top
    /// level or in an `abstract_target`, which every target inherits): `pod 'MSAL'`,
    /// `pod "AppAuth/Core", :path => '../'` → `AppAuth`. Pods of a `def` count where the `def` is
    /// called. Blocks are followed by their `do` and `end`; the depth is bounded, so a malformed
    /// file reads as top-level pods rather than trapping.
    static func podfilePods(_ text: String) -> [(pod: String, targets: [String]?)] {
        enum Block {
            case target(String)
            case definition(String)
            case other
        }
        var stack: [Block] = []
        var definitions: [String: [String]] = [:]
        var found: [(pod: String, targets: [String]?)] = []
        func currentTarget() -> String? {
            for block in stack.reversed() { if case .target(let name) = block { return name } }
            return nil
        }
        func currentDefinition() -> String? {
            for block in stack.reversed() { if case .definition(let name) = block { return name } }
            return nil
        }
        func record(_ pod: String) {
            if let definition = currentDefinition() {
                definitions[definition, default: []].append(pod)
            } else {
                found.append((pod, currentTarget().map { [$0] }))
            }
        }
        for raw in text.components(separatedBy: "\n") {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let words = trimmed.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard let first = words.first else { continue }
            if first == "end" {
                _ = stack.popLast()
                continue
            }
            // A subspec (`'MSAL/app-lib'`) names its pod; a name that starts with `/` names none.
            if first == "pod", words.count > 1, let name = Self.rubyName(words[1]) {
                let pod = name.prefix { $0 != "/" }
                if !pod.isEmpty { record(String(pod)) }
            }
            if first == "def", words.count > 1 {
                if stack.count < 64 { stack.append(.definition(String(words[1].prefix { $0 != "(" }))) }
                continue
            }
            if words.count == 1, let pods = definitions[first] {
                pods.forEach(record)
                continue
            }
            let opensBlock =
                words.contains("do") || words.last?.hasPrefix("do|") == true
                || ["if", "unless", "case", "begin", "while", "until"].contains(first)
            guard opensBlock else { continue }
            if first == "target", words.count > 1, let name = Self.rubyName(words[1]) {
                if stack.count < 64 { stack.append(.target(name)) }
            } else if stack.count < 64 {
                stack.append(.other)
            }
        }
        return found
    }

    /// `'Name'`, `"Name",`, `:Name` → `Name`.
    fileprivate static func rubyName(_ word: String) -> String? {
        var name = Substring(word)
        while name.last == "," || name.last == ")" { name = name.dropLast() }
        if name.first == "(" { name = name.dropFirst() }
        if name.first == ":" { name = name.dropFirst() }
        if let quote = name.first, quote == "'" || quote == "\"" {
            name = name.dropFirst()
            guard let end = name.firstIndex(of: quote) else { return nil }
            name = name[..<end]
        }
        return name.isEmpty ? nil : String(name)
    }

    /// The keys of a YAML file's indented `name:` lines (pubspec.yaml's dependencies,
    /// pubspec.lock's packages).
    static func yamlKeys(_ text: String) -> Set<String> {
        var keys: Set<String> = []
        for line in text.components(separatedBy: "\n") where line.first == " " {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard let colon = trimmed.firstIndex(of: ":") else { continue }
            let key = trimmed[..<colon].trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            if !key.isEmpty, !key.contains(" ") { keys.insert(key) }
        }
        return keys
    }

    /// The names in package.json's `dependencies` and `devDependencies`.
    static func npmDependencies(_ data: Data) -> Set<String> {
        guard let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return [] }
        var names: Set<String> = []
        for key in ["dependencies", "devDependencies"] {
            for name in (json[key] as? [String: Any] ?? [:]).keys { names.insert(name) }
        }
        return names
    }

    /// Whether lower-cased `text` names `repository` as a whole name: a URL's last component
    /// (`/googlesignin-ios.git`, `/googlesignin-ios"`) or Package.resolved's `"identity"`.
    static func names(_ text: String, repository: String) -> Bool {
        text.contains("/" + repository + "\"") || text.contains("/" + repository + ".git") || text.contains("\"" + repository + "\"")
            || text.contains("/" + repository + "/") || text.contains("/" + repository + " ")
    }

    /// The files of the folder above a wrapper's iOS project that name the app's packages:
    /// Flutter's, React Native's and Capacitor's, and Kotlin Multiplatform's Gradle build.
    static let wrapperFiles = ["pubspec.yaml", "pubspec.lock", "package.json", "build.gradle.kts", "build.gradle"]

    /// Reads the package and configuration files of `roots` (and their direct subfolders) not read
    /// before.
    mutating func readFiles(in roots: [URL], wrapperRoots: [URL], display: (URL) -> String) {
        var files: [URL] = []
        var folders: [URL] = []
        for root in roots where !folders.contains(root.standardizedFileURL) {
            folders.append(root.standardizedFileURL)
        }
        for folder in folders {
            let entries = Self.entries(folder)
            files += entries.filter { Self.packageFiles.contains($0) || Self.configurationFiles.contains($0) }.map {
                folder.appendingPathComponent($0)
            }
            for entry in entries {
                let sub = folder.appendingPathComponent(entry)
                if entry.hasSuffix(".xcodeproj") {
                    files.append(sub.appendingPathComponent("project.xcworkspace/xcshareddata/swiftpm/Package.resolved"))
                } else if entry.hasSuffix(".xcworkspace") {
                    files.append(sub.appendingPathComponent("xcshareddata/swiftpm/Package.resolved"))
                } else if Self.mayHoldConfiguration(entry) {
                    files += Self.entries(sub).filter(Self.configurationFiles.contains).map { sub.appendingPathComponent($0) }
                }
            }
        }
        for folder in wrapperRoots.map(\.standardizedFileURL) where !folders.contains(folder) {
            files += Self.wrapperFiles.map { folder.appendingPathComponent($0) }
            // Kotlin Multiplatform declares the module's pods in its Gradle build (the shared/ or
            // composeApp/ folder beside iosApp/).
            for entry in Self.entries(folder) where Self.mayHoldConfiguration(entry) {
                files += ["build.gradle.kts", "build.gradle"].map { folder.appendingPathComponent(entry).appendingPathComponent($0) }
            }
        }
        for file in files {
            guard readPaths.insert(file.standardizedFileURL.path).inserted, let data = Self.contents(file) else { continue }
            read(file.lastPathComponent, data, shown: display(file))
        }
    }

    /// The pods a Kotlin Multiplatform module's Gradle build declares in its `cocoapods { }` block
    /// (`pod("MSAL")`, `pod("GoogleSignIn") { version = … }`; the Kotlin CocoaPods plugin links
    /// them into the framework the iOS app embeds). Comments are left out; a build with no
    /// `cocoapods` block declares none.
    static func gradlePods(_ text: String) -> Set<String> {
        let code = text.components(separatedBy: "\n").map { line in line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? line }
            .joined(separator: "\n")
        guard code.contains("cocoapods") else { return [] }
        var pods: Set<String> = []
        var rest = Substring(code)
        while let call = rest.range(of: "pod(") {
            rest = rest[call.upperBound...].drop { $0 == " " }
            guard let quote = rest.first, quote == "\"" || quote == "'" else { continue }
            let name = rest.dropFirst().prefix { $0 != quote && $0 != "\n" }
            if !name.isEmpty { pods.insert(String(name)) }
        }
        return pods
    }
}
