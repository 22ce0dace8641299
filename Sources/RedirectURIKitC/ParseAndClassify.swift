import CRedirectURIKit
@_spi(Toolkit) import RedirectURIKit

/// `rdu_version`: ``ToolkitVersion/current``, the version `parse --version` prints.
@_cdecl("rdu_version")
public func cVersion() -> UnsafePointer<CChar>? {
    versionString.entries.first?.pointer
}

/// `rdu_parse`: ``URIParser/parse(_:as:)`` on the caller's bytes.
@_cdecl("rdu_parse")
public func cParse(
    _ input: UnsafePointer<CChar>?, _ length: Int, _ grammar: rdu_grammar, _ components: UnsafeMutablePointer<rdu_components>?,
    _ errorOut: UnsafeMutablePointer<rdu_error>?
) -> rdu_status {
    guard let bytes = inputBytes(input, length), let components, let grammar = URIGrammar(grammar) else {
        return Status.invalidArgument
    }
    do {
        components.pointee = rdu_components(try URIParser.parse(bytes, as: grammar))
        return succeeded(errorOut)
    } catch {
        return failed(error, errorOut)
    }
}

/// `rdu_classify`: ``RedirectURI/classify(_:)-(UnsafeBufferPointer<UInt8>)`` on the caller's bytes.
@_cdecl("rdu_classify")
public func cClassify(
    _ input: UnsafePointer<CChar>?, _ length: Int, _ classification: UnsafeMutablePointer<rdu_classification>?,
    _ errorOut: UnsafeMutablePointer<rdu_error>?
) -> rdu_status {
    guard let bytes = inputBytes(input, length), let classification else { return Status.invalidArgument }
    do {
        let shape = try RedirectURI.classify(bytes)
        // Read from the classification's storage: a RedirectForm, a HostKind and ten optional
        // ranges made only to be written out (each Range checking its bounds) cost 50
        // instructions a call. The RDU_FORM_ constants are the forms' positions in allCases
        // (CForm.headerOrder).
        let (form, bundleIDOffset, bundleIDLength) = shape.formIndexAndBundleID
        classification.pointee.form = rdu_form(form)
        classification.pointee.carries_bundle_id = CForm.carriesBundleID(rdu_form(form)) ? 1 : 0
        classification.pointee.bundle_id = rdu_range(offset: Int64(bundleIDOffset), length: Int64(bundleIDLength))
        classification.pointee.components.write(shape.ranges)
        return succeeded(errorOut)
    } catch {
        return failed(error, errorOut)
    }
}

/// `rdu_form_name`: the form's raw value.
@_cdecl("rdu_form_name")
public func cFormName(_ form: rdu_form) -> UnsafePointer<CChar>? {
    guard form >= 0, Int(form) < formNames.entries.count else { return nil }
    return formNames.entries[Int(form)].pointer
}

/// `rdu_copy_bundle_id`: ``RedirectURI/bundleID`` of the caller's bytes.
@_cdecl("rdu_copy_bundle_id")
public func cCopyBundleID(
    _ input: UnsafePointer<CChar>?, _ length: Int, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ bundleIDLength: UnsafeMutablePointer<Int>?, _ errorOut: UnsafeMutablePointer<rdu_error>?
) -> rdu_status {
    guard let bytes = inputBytes(input, length), let output = OutputBuffer(buffer, capacity), let bundleIDLength else {
        return Status.invalidArgument
    }
    do {
        let redirect = try RedirectURI(parsing: inputText(bytes))
        let status = output.write(redirect.bundleID?.text ?? "", length: bundleIDLength)
        return status == Status.ok ? succeeded(errorOut) : status
    } catch {
        return failed(error, errorOut)
    }
}

extension URIGrammar {
    /// The grammar of an `RDU_GRAMMAR_` constant; `nil` for another value.
    init?(_ constant: rdu_grammar) {
        switch Int(constant) {
        case RDU_GRAMMAR_URI_REFERENCE: self = .uriReference
        case RDU_GRAMMAR_URI: self = .uri
        case RDU_GRAMMAR_ABSOLUTE_URI: self = .absoluteURI
        case RDU_GRAMMAR_RELATIVE_REFERENCE: self = .relativeReference
        default: return nil
        }
    }
}

extension rdu_components {
    /// Where each component lies, as the header writes it; the RDU_HOST_ constants are HostKind's
    /// raw values + 1 (a test holds them equal).
    @inline(__always)
    init(_ ranges: URIComponentRanges) {
        let pairs = ranges.offsetsAndLengths
        self.init(
            scheme: rdu_range(pairs.scheme), authority: rdu_range(pairs.authority), userinfo: rdu_range(pairs.userinfo),
            host: rdu_range(pairs.host), port: rdu_range(pairs.port), path: rdu_range(pairs.path), query: rdu_range(pairs.query),
            fragment: rdu_range(pairs.fragment), host_kind: rdu_host_kind(ranges.hostKindIndex &+ 1), reserved: 0)
    }
}

extension rdu_components {
    /// Writes where each component lies field by field: each pair stored as soon as it is made
    /// leaves fewer values live than one struct assigned whole.
    @inline(__always)
    mutating func write(_ ranges: URIComponentRanges) {
        let pairs = ranges.offsetsAndLengths
        scheme = rdu_range(pairs.scheme)
        authority = rdu_range(pairs.authority)
        userinfo = rdu_range(pairs.userinfo)
        host = rdu_range(pairs.host)
        port = rdu_range(pairs.port)
        path = rdu_range(pairs.path)
        query = rdu_range(pairs.query)
        fragment = rdu_range(pairs.fragment)
        host_kind = rdu_host_kind(ranges.hostKindIndex &+ 1)
        reserved = 0
    }
}

extension rdu_range {
    /// The range at `pair`'s offset (-1 when absent) and length.
    @inline(__always)
    init(_ pair: URIComponentRanges.OffsetAndLength) {
        self.init(offset: Int64(pair.offset), length: Int64(pair.length))
    }
}

/// The header's `RDU_FORM_` constants and the library's forms.
enum CForm {
    /// The forms in the order of their constants (`RDU_FORM_ADAL_BROKER` is 0).
    static let headerOrder: [RedirectForm] = [
        .adalBroker, .msalBroker, .msalClientID, .certificateAuth, .androidBroker, .privateUse, .loopback, .https, .other,
    ]

    /// Whether the form of `constant` carries a bundle ID (``RedirectForm/carriesBundleID``).
    @inline(__always)
    static func carriesBundleID(_ constant: rdu_form) -> Bool {
        let value = Int(constant)
        return value == RDU_FORM_ADAL_BROKER || value == RDU_FORM_MSAL_BROKER || value == RDU_FORM_CERTIFICATE_AUTH
    }

    /// The constant of `form`.
    @inline(__always)
    static func constant(of form: RedirectForm) -> rdu_form {
        let constant: Int =
            switch form {
            case .adalBroker: RDU_FORM_ADAL_BROKER
            case .msalBroker: RDU_FORM_MSAL_BROKER
            case .msalClientID: RDU_FORM_MSAL_CLIENT_ID
            case .certificateAuth: RDU_FORM_CERTIFICATE_AUTH
            case .androidBroker: RDU_FORM_ANDROID_BROKER
            case .privateUse: RDU_FORM_PRIVATE_USE
            case .loopback: RDU_FORM_LOOPBACK
            case .https: RDU_FORM_HTTPS
            case .other: RDU_FORM_OTHER
            }
        return rdu_form(constant)
    }
}
