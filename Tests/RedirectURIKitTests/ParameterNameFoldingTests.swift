import Foundation
import Testing

@testable import RedirectURIKit

/// The fold that decides which names a server reads as a broker field (`ParameterNameFolding`).
struct ParameterNameFoldingTests {
    /// A decoded name and the field it folds into (`nil`: none).
    static let rows: [(name: String, field: BrokerField?, why: String)] = [
        ("REDIRECT_URI", .redirectURI, "ASCII case"),
        ("Client_Id", .clientID, "ASCII case"),
        (" redirect_uri", .redirectURI, "leading space"),
        ("redirect_uri\t\n", .redirectURI, "trailing controls"),
        ("redirect_uri\u{7F}", .redirectURI, "DEL"),
        ("\u{1}redirect_uri", .redirectURI, "a C0 control"),
        ("redirect_uri\u{0}", .redirectURI, "NUL at the end"),
        ("redirect_uri\u{0}x", .redirectURI, "cut at NUL"),
        ("\u{0}redirect_uri", nil, "cut at NUL: nothing left"),
        ("\u{A0}redirect_uri", .redirectURI, "NBSP"),
        ("redirect_uri\u{3000}", .redirectURI, "ideographic space"),
        ("redirect_uri\u{2028}", .redirectURI, "line separator"),
        ("\u{FEFF}redirect_uri", .redirectURI, "BOM, default-ignorable"),
        ("redi\u{AD}rect_uri", .redirectURI, "soft hyphen inside"),
        ("redirect\u{200B}_uri", .redirectURI, "zero-width space inside"),
        ("ｒedirect_uri", .redirectURI, "full-width r"),
        ("ＲＥＤＩＲＥＣＴ＿ＵＲＩ", .redirectURI, "full-width capitals and low line"),
        ("red\u{131}rect_uri", .redirectURI, "dotless i"),
        ("RED\u{130}RECT_URI", .redirectURI, "capital I with dot"),
        ("\u{17F}cope", .scope, "long s"),
        ("broker_\u{212A}ey", .brokerKey, "Kelvin sign"),
        ("redirect_ur\u{2170}", .redirectURI, "small Roman numeral one"),
        ("\u{1D42B}edirect_uri", .redirectURI, "mathematical bold r"),
        ("redirect_u\u{24E1}i", .redirectURI, "circled r"),
        ("redirect_uri\u{FE0F}", .redirectURI, "variation selector"),
        ("redirect.uri", .redirectURI, "PHP: '.'"),
        ("redirect uri", .redirectURI, "PHP: space"),
        ("redirect[uri", .redirectURI, "PHP: '[' without ']'"),
        ("redirect_uri[]", .redirectURI, "PHP, Rack, qs: an array"),
        ("redirect_uri[0]", .redirectURI, "an index"),
        ("redirect.uri[x]", .redirectURI, "'.' and an index"),
        ("redirect\u{FF0E}uri", .redirectURI, "full-width '.'"),
        ("extra.qp", .extraQP, "every field the same"),
        ("MSG_PROTOCOL_VER", .msgProtocolVer, "a response field"),
        ("Hash", .hash, "a response field"),
        // Near misses.
        ("redirect-uri", nil, "no server reads '-' as '_'"),
        ("redirect_uri_x", nil, "a longer name"),
        ("redirect\u{FC}ri", nil, "a letter with a mark is another letter"),
        ("redirect_ur\u{456}", nil, "Cyrillic i folds to nothing ASCII"),
        ("redirectx_uri", nil, "another letter"),
        ("x[redirect_uri]", nil, "the name is before the index"),
        ("redirect_uri]", nil, "a ']' alone stays"),
        ("X_Custom", nil, "a capital in no field's name"),
        ("", nil, "empty"),
        ("\u{A0}", nil, "only white space"),
    ]

    @Test func rowsArePinned() {
        #expect(Self.rows.count == 45)
    }

    @Test(arguments: Self.rows.indices)
    func fold(_ index: Int) {
        let row = Self.rows[index]
        let field = StringBytes.withUTF8(row.name) { ParameterNameFolding.field(folding: $0) }
        #expect(field == row.field, "\(row.why): \(row.name.debugDescription)")
        // Through a request, the name is a look-alike exactly when it folds.
        let encoded = PercentEncoding.encode(row.name, allowing: .unreserved)
        guard !encoded.isEmpty, let url = try? URIReference(parsing: "msauthv2://broker?\(encoded)=1", as: .uri) else { return }
        let kind = BrokerMessage(url).ambiguity?.kind
        let recognition = BrokerMessage(url).recognition
        if let field = row.field, field.isRequestField, case .request = recognition {
            #expect(kind == .lookAlikeParameter, "\(row.why)")
        } else if row.field == nil {
            #expect(kind == nil, "\(row.why)")
        }
    }

    /// The runs are sorted and do not overlap (the binary search needs it), and each image is
    /// what the fold may produce.
    @Test func runsAreSortedAndDisjoint() {
        let runs = ParameterNameFolding.runs
        #expect(runs.count > 300)
        var end: UInt32 = 0x80
        for run in runs {
            #expect(run.first >= end, "U+\(String(run.first, radix: 16)) overlaps")
            #expect(run.count > 0)
            end = run.first + run.count
            let image = run.image.withUTF8Buffer { Array($0) }
            #expect(image.allSatisfy { "abcdefghijklmnopqrstuvwxyz0123456789_.[] ".utf8.contains($0) })
            #expect(run.step == 0 || image.count == 1)
        }
        #expect(end <= 0x110000)
    }

    /// The table against this platform's Unicode (Foundation's NFKC, the standard library's case
    /// mappings and properties), for every code point: what they fold to ASCII the table folds
    /// to the same ASCII. The table may know characters newer than this platform's Unicode.
    @Test func tableAgreesWithThePlatformsUnicode() {
        var checked = 0
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            guard properties.changesWhenNFKCCaseFolded || properties.isWhitespace || properties.changesWhenCaseMapped else { continue }
            let expected = Self.platformImage(scalar)
            var folded: [UInt8] = []
            let inTable = ParameterNameFolding.appendImage(of: value, to: &folded)
            if let expected {
                checked += 1
                #expect(inTable && folded == Array(expected.utf8), "U+\(String(value, radix: 16, uppercase: true)) \(properties.name ?? "")")
            } else if inTable, properties.age != nil, !properties.isDefaultIgnorableCodePoint {
                // In the table alone: a simple case mapping (İ to i), or a character whose
                // compatibility mapping this platform's Foundation does not know yet (newer than
                // its Unicode; the standard library's data says it has one).
                let newerThanFoundation = String(scalar).precomposedStringWithCompatibilityMapping == String(scalar)
                #expect(newerThanFoundation || Self.caseImages(scalar).contains(String(decoding: folded, as: UTF8.self)),
                        "U+\(String(value, radix: 16, uppercase: true)) \(properties.name ?? "") folds to \(String(decoding: folded, as: UTF8.self))")
            }
        }
        #expect(checked > 3000)
    }

    /// What the platform folds `scalar` to, when it is the ASCII a name is made of.
    static func platformImage(_ scalar: Unicode.Scalar) -> String? {
        if scalar.properties.isDefaultIgnorableCodePoint { return "" }
        if scalar.properties.isWhitespace { return " " }
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789_.[] ")
        let compatible = String(scalar).precomposedStringWithCompatibilityMapping
        let folded = compatible.lowercased().uppercased().lowercased().precomposedStringWithCompatibilityMapping
        guard !folded.isEmpty, folded.allSatisfy(allowed.contains) else { return nil }
        return folded
    }

    /// The simple case mappings that Java and .NET compare with, read from the full ones.
    static func caseImages(_ scalar: Unicode.Scalar) -> [String] {
        let text = String(scalar)
        return [text.lowercased(), text.uppercased().lowercased()] + (text.lowercased().unicodeScalars.first.map { [String($0)] } ?? [])
    }
}
