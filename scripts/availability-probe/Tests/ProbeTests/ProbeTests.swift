import Probe

// A test target: the type-check never sees it, the symbol lookup must.

/// `String(validating:as:)` (macOS 15 / iOS 18, visionOS 2) used unguarded in a test.
func validatedInATest(_ bytes: [UInt8]) -> Bool {
    String(validating: bytes, as: UTF8.self) != nil  // availability-probe: reported on all by symbols
}

/// The same behind `guard #available`: never reported.
func guardedValidatedInATest(_ bytes: [UInt8]) -> Bool {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return false }
    return String(validating: bytes, as: UTF8.self) != nil
}

/// A call into the probe's own API is the type-check's business, not the symbol lookup's.
func callsProbe() -> Int { guardedSpan("x") }
