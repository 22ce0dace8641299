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
        // The form read once, and whether it carries a bundle ID from its constant: each was a
        // call into the library.
        let form = CForm.constant(of: shape.form)
        classification.pointee = rdu_classification(
            form: form, carries_bundle_id: CForm.carriesBundleID(form) ? 1 : 0, bundle_id: rdu_range(shape.bundleIDRange),
            components: rdu_components(shape.ranges))
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
    /// Where each component lies, as the header writes it.
    @inline(__always)
    init(_ ranges: URIComponentRanges) {
        let hostKind: Int =
            switch ranges.hostKind {
            case nil: RDU_HOST_NONE
            case .regName: RDU_HOST_REG_NAME
            case .ipv4: RDU_HOST_IPV4
            case .ipv6: RDU_HOST_IPV6
            case .ipvFuture: RDU_HOST_IPVFUTURE
            }
        self.init(
            scheme: rdu_range(ranges.scheme), authority: rdu_range(ranges.authority), userinfo: rdu_range(ranges.userinfo),
            host: rdu_range(ranges.host), port: rdu_range(ranges.port), path: rdu_range(ranges.path), query: rdu_range(ranges.query),
            fragment: rdu_range(ranges.fragment), host_kind: rdu_host_kind(hostKind), reserved: 0)
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
