import Foundation

/// A value a sample or template ships for the developer to replace: `YOUR_REVERSED_CLIENT_ID`,
/// `webcredentials:YOUR_AUTH0_DOMAIN`, `{yourDomain}`, `{customUriScheme}`, `<client-id>`.
///
/// The shapes are the ones the SDKs' own samples and quickstarts use (Google's
/// `YOUR_REVERSED_CLIENT_ID`, Auth0's `YOUR_AUTH0_DOMAIN` and `{yourDomain}`, Okta's
/// `{yourOktaDomain}` and `{customUriScheme}`, MSAL's `<your-client-id>`, Microsoft's samples'
/// `Enter_the_Application_Id_Here` and `Enter_the_Redirect_URI_Here`): a word that starts with
/// `YOUR`/`your` (`YOUR_…`, `YOUR-…`, `your_…`, `yourDomain`) or `Enter_the_`, or text in braces
/// or angle brackets. A build-setting reference (`${ENV_URL_HANDLER}`, `$(PRODUCT_BUNDLE_IDENTIFIER)`)
/// is not a placeholder: the build fills it in.
enum Placeholder {
    static func isPlaceholder(_ value: String) -> Bool {
        let scalars = Array(value.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let previous = index > 0 ? scalars[index - 1] : nil
            let startsWord = previous.map { !isWordCharacter($0) } ?? true
            if startsWord, startsYour(scalars, at: index) || startsEnterThe(scalars, at: index) { return true }
            if scalar == "{" || scalar == "<", previous != "$" {
                let close: Unicode.Scalar = scalar == "{" ? "}" : ">"
                var end = index + 1
                while end < scalars.count, scalars[end] != close, scalars[end] != scalar { end += 1 }
                // Text in braces names what to put there; a GUID in braces (`{6731DE76-…}`, how
                // Windows writes a client ID) is a value, written the wrong way, not a placeholder.
                if end < scalars.count, scalars[end] == close, end > index + 1,
                    scalars[(index + 1)..<end].contains(where: { CharacterSet.letters.contains($0) && !isHexDigit($0) })
                {
                    return true
                }
            }
            index += 1
        }
        return false
    }

    /// `YOUR_`, `YOUR-`, `your_`, `your-`, or `your` followed by an upper-case letter.
    private static func startsYour(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard index + 4 < scalars.count else { return false }
        let word = String(String.UnicodeScalarView(scalars[index..<(index + 4)]))
        let next = scalars[index + 4]
        if word == "YOUR" { return next == "_" || next == "-" }
        if word == "your" { return next == "_" || next == "-" || ("A"..."Z").contains(next) }
        return false
    }

    /// `Enter_the_` or `ENTER_THE_`, as Microsoft's samples write it.
    private static func startsEnterThe(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        let marker = Array("Enter_the_".unicodeScalars)
        guard index + marker.count < scalars.count else { return false }
        let word = String(String.UnicodeScalarView(scalars[index..<(index + marker.count)]))
        return word == "Enter_the_" || word == "ENTER_THE_"
    }

    private static func isHexDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
    }

    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        CharacterSet.alphanumerics.contains(scalar)
    }
}
