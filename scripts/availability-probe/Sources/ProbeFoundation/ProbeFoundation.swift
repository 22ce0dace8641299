import Foundation

/// Needs Foundation, which Linux cannot type-check for Apple platforms: the type-check skips this
/// target, and the symbol lookup must report what is planted here.
public func trimmed(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespaces)
}

/// `URL(filePath:)` is macOS 13 / iOS 16 (FoundationEssentials): reported everywhere but
/// visionOS, which inherits iOS 16 as visionOS 1.0.
public func fileURL(_ path: String) -> URL {
    URL(filePath: path)  // availability-probe: reported on all but visionos by symbols
}

/// The same behind `if #available`: never reported.
public func guardedFileURL(_ path: String) -> URL {
    if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
        return URL(filePath: path)
    }
    return URL(fileURLWithPath: path)
}

/// A declaration marked `@available` may use what it names: never reported.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public func availableFileURL(_ path: String) -> URL {
    URL(filePath: path)
}

/// Under `#if os(Linux)`, never compiled for an Apple platform: never reported.
public func linuxOnlyFileURL(_ path: String) -> URL {
    #if os(Linux)
    return URL(filePath: path)
    #else
    return URL(fileURLWithPath: path)
    #endif
}

/// The standard library's `String(validating:as:)` (macOS 15 / iOS 18) in a Foundation target.
public func validated(_ bytes: [UInt8]) -> String? {
    String(validating: bytes, as: UTF8.self)  // availability-probe: reported on all by symbols
}
