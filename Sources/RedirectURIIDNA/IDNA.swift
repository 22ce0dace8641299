import CICUShim

/// UTS #46 error flags reported by ICU (`UIDNA_ERROR_*`).
public struct IDNAErrors: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The raw ICU bits.
    public let rawValue: UInt32
    /// Creates flags from ICU's bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A label is empty.
    public static let emptyLabel = IDNAErrors(rawValue: 0x1)
    /// A label is longer than 63 bytes.
    public static let labelTooLong = IDNAErrors(rawValue: 0x2)
    /// The name is longer than 253 bytes.
    public static let domainNameTooLong = IDNAErrors(rawValue: 0x4)
    /// A label starts with a hyphen.
    public static let leadingHyphen = IDNAErrors(rawValue: 0x8)
    /// A label ends with a hyphen.
    public static let trailingHyphen = IDNAErrors(rawValue: 0x10)
    /// A label has hyphens in positions 3 and 4 without being an `xn--` label.
    public static let hyphen3And4 = IDNAErrors(rawValue: 0x20)
    /// A label starts with a combining mark.
    public static let leadingCombiningMark = IDNAErrors(rawValue: 0x40)
    /// A character is disallowed by UTS #46 (with the STD3 rules).
    public static let disallowed = IDNAErrors(rawValue: 0x80)
    /// An `xn--` label is not valid Punycode.
    public static let punycode = IDNAErrors(rawValue: 0x100)
    /// A label contains a dot after mapping.
    public static let labelHasDot = IDNAErrors(rawValue: 0x200)
    /// An `xn--` label decodes to something that fails the checks.
    public static let invalidACELabel = IDNAErrors(rawValue: 0x400)
    /// The bidi rule (RFC 5893) fails.
    public static let bidi = IDNAErrors(rawValue: 0x800)
    /// A zero-width joiner or non-joiner is in the wrong context (RFC 5892 CONTEXTJ).
    public static let contextJ = IDNAErrors(rawValue: 0x1000)

    static let names: [(IDNAErrors, String)] = [
        (.emptyLabel, "empty-label"), (.labelTooLong, "label-too-long"), (.domainNameTooLong, "domain-name-too-long"),
        (.leadingHyphen, "leading-hyphen"), (.trailingHyphen, "trailing-hyphen"), (.hyphen3And4, "hyphen-3-4"),
        (.leadingCombiningMark, "leading-combining-mark"), (.disallowed, "disallowed"), (.punycode, "punycode"),
        (.labelHasDot, "label-has-dot"), (.invalidACELabel, "invalid-ace-label"), (.bidi, "bidi"), (.contextJ, "contextj"),
    ]

    /// The names of the set flags, e.g. `disallowed, leading-hyphen`; other bits as hex.
    public var description: String {
        var parts = Self.names.filter { contains($0.0) }.map(\.1)
        let known = Self.names.reduce(UInt32(0)) { $0 | $1.0.rawValue }
        if rawValue & ~known != 0 { parts.append("0x" + String(rawValue & ~known, radix: 16)) }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }
}

/// The result of a UTS #46 conversion.
public struct IDNAResult: Sendable, Hashable {
    /// The converted name (meaningful only when `errors` is empty).
    public var output: String
    /// What went wrong; empty on success.
    public var errors: IDNAErrors
    /// Whether the conversion succeeded.
    public var isValid: Bool { errors.isEmpty }
}

/// Internationalised host names through the system's ICU (UTS #46, non-transitional, STD3 rules,
/// CheckBidi and CheckJoiners).
///
/// ```swift
/// IDNA.toASCII("Bücher.example").output   // "xn--bcher-kva.example"
/// IDNA.toASCII("faß.de").output           // "xn--fa-hia.de" (non-transitional: ß is kept)
/// IDNA.toUnicode("xn--bcher-kva.example").output   // "bücher.example"
/// ```
public enum IDNA {
    /// UTS #46 ToASCII.
    public static func toASCII(_ host: String) -> IDNAResult { convert(host, toASCII: true) }
    /// UTS #46 ToUnicode.
    public static func toUnicode(_ host: String) -> IDNAResult { convert(host, toASCII: false) }

    static func convert(_ host: String, toASCII: Bool) -> IDNAResult {
        let input = Array(host.utf16)
        var capacity = max(64, input.count * 4 + 16)
        // ICU reports the needed length when the buffer is too small; retry once with it.
        for _ in 0..<2 {
            var output = [UInt16](repeating: 0, count: capacity)
            var errors: UInt32 = 0
            let written = input.withUnsafeBufferPointer { source in
                output.withUnsafeMutableBufferPointer { target in
                    toASCII
                        ? redirecturi_idna_to_ascii(source.baseAddress, Int32(source.count), target.baseAddress, Int32(target.count), &errors)
                        : redirecturi_idna_to_unicode(source.baseAddress, Int32(source.count), target.baseAddress, Int32(target.count), &errors)
                }
            }
            if written < 0 { return IDNAResult(output: "", errors: .disallowed) }
            if Int(written) > capacity {
                capacity = Int(written)
                continue
            }
            return IDNAResult(output: String(decoding: output.prefix(Int(written)), as: UTF16.self), errors: IDNAErrors(rawValue: errors))
        }
        return IDNAResult(output: "", errors: .domainNameTooLong)
    }
}

/// ICU's spoof-check results (`USPOOF_*` bits).
public struct SpoofChecks: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The raw ICU bits.
    public let rawValue: Int32
    /// Creates checks from ICU's bits.
    public init(rawValue: Int32) { self.rawValue = rawValue }
    /// Confusable with another string of the same script.
    public static let singleScriptConfusable = SpoofChecks(rawValue: 1)
    /// Confusable with a string of another script mix.
    public static let mixedScriptConfusable = SpoofChecks(rawValue: 2)
    /// Confusable with a string wholly in another script.
    public static let wholeScriptConfusable = SpoofChecks(rawValue: 4)
    /// Mixes scripts beyond the restriction level (e.g. Latin with Cyrillic).
    public static let restrictionLevel = SpoofChecks(rawValue: 16)
    /// Contains invisible characters in a way that can hide others.
    public static let invisible = SpoofChecks(rawValue: 32)
    /// Contains characters outside the allowed set.
    public static let characterLimit = SpoofChecks(rawValue: 64)
    /// Mixes digits from different numbering systems.
    public static let mixedNumbers = SpoofChecks(rawValue: 128)
    /// Contains characters that may overlay others.
    public static let hiddenOverlay = SpoofChecks(rawValue: 256)

    static let names: [(SpoofChecks, String)] = [
        (.singleScriptConfusable, "single-script-confusable"), (.mixedScriptConfusable, "mixed-script-confusable"),
        (.wholeScriptConfusable, "whole-script-confusable"), (.restrictionLevel, "mixed-script"),
        (.invisible, "invisible"), (.characterLimit, "character-limit"), (.mixedNumbers, "mixed-numbers"),
        (.hiddenOverlay, "hidden-overlay"),
    ]

    /// The names of the set checks.
    public var description: String {
        let parts = Self.names.filter { contains($0.0) }.map(\.1)
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }
}

/// Confusable and mixed-script checks (UTS #39) through ICU's spoof checker.
///
/// ```swift
/// Confusables.check("pаypal")                     // [.restrictionLevel] — Cyrillic 'а' among Latin letters
/// Confusables.skeleton("pаypal")                  // "paypal"
/// Confusables.areConfusable("pаypal", "paypal")   // true
/// ```
///
/// On Apple platforms ICU's spoof checker is looked up in the system's `libicucore` when first
/// needed; where that library lacks it, ``isAvailable`` is `false`, ``check(_:)`` reports
/// ``SpoofChecks/characterLimit`` for every identifier, ``areConfusable(_:_:)`` answers `false`
/// and ``skeleton(_:)`` returns its input. Check ``isAvailable`` before relying on a clean result.
public enum Confusables {
    /// Whether this system's ICU has the spoof checker. Always `true` with the distribution's ICU
    /// on Linux; on Apple platforms, whether `libicucore` exports it.
    public static var isAvailable: Bool { redirecturi_spoof_available() == 1 }

    /// The default spoof checks of one identifier (a host label or a scheme).
    public static func check(_ identifier: String) -> SpoofChecks {
        let text = Array(identifier.utf16)
        let result = text.withUnsafeBufferPointer { redirecturi_spoof_check($0.baseAddress, Int32($0.count)) }
        return result < 0 ? [.characterLimit] : SpoofChecks(rawValue: result)
    }

    /// Whether two identifiers look alike (UTS #39 skeletons are equal).
    public static func areConfusable(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf16)
        let right = Array(b.utf16)
        let result = left.withUnsafeBufferPointer { l in
            right.withUnsafeBufferPointer { r in redirecturi_spoof_are_confusable(l.baseAddress, Int32(l.count), r.baseAddress, Int32(r.count)) }
        }
        return result > 0
    }

    /// The UTS #39 skeleton: what the identifier looks like.
    public static func skeleton(_ identifier: String) -> String {
        let input = Array(identifier.utf16)
        var capacity = input.count * 4 + 16
        for _ in 0..<2 {
            var output = [UInt16](repeating: 0, count: capacity)
            let written = input.withUnsafeBufferPointer { source in
                output.withUnsafeMutableBufferPointer {
                    redirecturi_spoof_skeleton(source.baseAddress, Int32(source.count), $0.baseAddress, Int32($0.count))
                }
            }
            if written < 0 { return identifier }
            if Int(written) > capacity {
                capacity = Int(written)
                continue
            }
            return String(decoding: output.prefix(Int(written)), as: UTF16.self)
        }
        return identifier
    }
}
