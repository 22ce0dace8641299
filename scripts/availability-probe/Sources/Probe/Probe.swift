// Each line the availability check must report is marked; nothing else may be reported.

/// An iOS 26 API used unguarded: reported on every platform.
public func unguardedSpan(_ text: String) -> Int {
    text.utf8.span.count  // availability-probe: reported on all
}

/// The same API behind `if #available` naming every platform: never reported.
public func guardedSpan(_ text: String) -> Int {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
        return text.utf8.span.count
    }
    return text.utf8.count
}

/// `Int128` names visionOS 2.0 itself (iOS 18): reported on every platform, visionOS 1 included.
public func wideInteger() -> Int {
    MemoryLayout<Int128>.size  // availability-probe: reported on all
}

/// `_StringProcessing`'s `contains(_:)` is iOS 16 / macOS 13 and names no visionOS: visionOS 1.0
/// inherits it through the SDK's version map (visionOS 1.0 is iOS 17.1), so it is available
/// there. Reported everywhere else: a check that mapped visionOS wrongly fails here.
public func containsSeparator(_ text: String) -> Bool {
    text.contains("://")  // availability-probe: reported on all but visionos
}

/// A declaration of the package's own that names only iOS: visionOS inherits iOS 18 as 2.0.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
public func newerThanEveryFloor() -> Int { 1 }

/// Calls it unguarded: reported on every platform.
public func callsNewer() -> Int {
    newerThanEveryFloor()  // availability-probe: reported on all by typecheck
}

/// `package` access: visible to the package's other targets, as SwiftPM builds them.
package func packageOnly() -> Int { 1 }
