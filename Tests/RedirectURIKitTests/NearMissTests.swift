import Testing
import RedirectURIKit

/// A rejection names the nearest registration and the one way it differs: every kind, the rule
/// that picks the nearest, and what is no near miss.
struct NearMissTests {
    struct Row: CustomStringConvertible {
        let presented: String
        let registered: [String]
        /// `nil`: no near miss.
        let difference: NearMiss.Difference?
        var component: NearMiss.Component? = nil
        var nearest: String? = nil
        var rule = "exact-match"
        let line: Int

        var description: String { "line \(line): \(presented)" }
    }

    static let msal = "msauth.com.contoso.app://auth"

    static let rows: [Row] = [
        // Each kind, alone.
        Row(presented: "msauth.com.contoso.app://auth ", registered: [msal], difference: .surroundingWhitespace, rule: "syntax", line: #line),
        Row(presented: "\tmsauth.com.contoso.app://auth", registered: [msal], difference: .surroundingWhitespace, rule: "syntax", line: #line),
        Row(presented: msal, registered: [msal + " "], difference: .surroundingWhitespace, nearest: msal + " ", line: #line),
        Row(presented: "msauth.com.contoso.app://%61uth", registered: [msal], difference: .percentEncoding, component: .host, line: #line),
        Row(presented: "https://login.example.com/%63b", registered: ["https://login.example.com/cb"], difference: .percentEncoding, component: .path, line: #line),
        Row(presented: "msauth.com.Contoso.app://auth", registered: [msal], difference: .letterCase, component: .scheme, line: #line),
        Row(presented: "https://LOGIN.example.com/cb", registered: ["https://login.example.com/cb"], difference: .letterCase, component: .host, line: #line),
        Row(presented: "https://login.example.com/CB", registered: ["https://login.example.com/cb"], difference: .letterCase, component: .path, line: #line),
        Row(presented: "msauth.com.contoso.app://auth/", registered: [msal], difference: .trailingSlash, component: .path, line: #line),
        Row(presented: "https://login.example.com/cb", registered: ["https://login.example.com/cb/"], difference: .trailingSlash, component: .path, line: #line),
        Row(presented: "com.contoso.app://auth", registered: [msal], difference: .msauthPrefix, component: .scheme, line: #line),
        Row(presented: "msauth-com.contoso.app://auth", registered: [msal], difference: .msauthPrefix, component: .scheme, line: #line),
        Row(presented: "msauth.com.contoso.app://auth:443", registered: [msal], difference: .port, component: .port, line: #line),
        Row(presented: "https://login.example.com/cb", registered: ["https://login.example.com:8443/cb"], difference: .port, component: .port, line: #line),
        Row(presented: "msauth.com.contoso.app://callback", registered: [msal], difference: .host, component: .host, line: #line),
        Row(presented: "https://login.example.com/cb2", registered: ["https://login.example.com/cb"], difference: .path, component: .path, line: #line),
        // A wrapper is explained through its decoded URI.
        Row(presented: "msauth://code/msauth.com.contoso.app%3A%2F%2Fauth%2Fx", registered: [msal], difference: .path, component: .path, line: #line),
        // The nearest: the earlier kind wins, whatever the order of registration; then the first.
        Row(presented: "msauth.com.contoso.app://auth/", registered: ["msauth.com.contoso.app://other/", msal], difference: .trailingSlash, nearest: msal, line: #line),
        Row(presented: "https://a.example/x", registered: ["https://b.example/x", "https://a.example/y"], difference: .host, nearest: "https://b.example/x", line: #line),
        Row(presented: "https://a.example/x", registered: ["https://a.example/y", "https://b.example/x"], difference: .host, nearest: "https://b.example/x", line: #line),
        Row(presented: "https://a.example/x", registered: ["https://a.example/y", "https://a.example/z"], difference: .path, nearest: "https://a.example/y", line: #line),
        // No near miss: two differences, the query, another scheme, nothing registered.
        Row(presented: "msauth.com.contoso.app://callback/", registered: [msal], difference: nil, line: #line),
        Row(presented: "msauth.com.contoso.app://auth?x=1", registered: [msal], difference: nil, line: #line),
        Row(presented: "x-app://com.contoso.app", registered: ["y-app://com.contoso.app"], difference: nil, line: #line),
        Row(presented: msal, registered: [], difference: nil, line: #line),
        Row(presented: "msauth.com.contoso.app://auth  x", registered: [msal], difference: nil, rule: "syntax", line: #line),
    ]

    @Test(arguments: rows)
    func explainsTheNearestRegistration(row: Row) throws {
        let verdict = RedirectVerifier(registered: row.registered).verify(row.presented, caller: .notReported)
        #expect(verdict.failedRule?.identifier == row.rule)
        #expect(verdict.nearMiss?.difference == row.difference)
        if let component = row.component { #expect(verdict.nearMiss?.component == component) }
        if let difference = row.difference {
            let nearest = row.nearest ?? row.registered.first
            #expect(verdict.nearMiss?.registered == nearest)
            // The explanation says it, with the registration's text.
            #expect(verdict.explanation.contains(verdict.nearMiss?.message ?? "?"))
            #expect(verdict.explanation.contains("'\(nearest ?? "")'"), "\(difference)")
        }
    }

    @Test func everyKindHasARow() {
        #expect(Set(Self.rows.compactMap(\.difference)) == Set(NearMiss.Difference.allCases))
        #expect(Self.rows.count == 26)
    }

    /// Inside a broker request, `redirect_uri=…+` decodes to a trailing space.
    @Test func aRequestsRedirectURIWithATrailingSpaceIsExplained() {
        let verdict = RedirectVerifier(registered: [Self.msal])
            .verify(
                request: "msauthv2://broker?" + BrokerRequestVerificationTests.complete("redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth+"),
                caller: .reportedByOS(bundleID: "com.contoso.app"))
        #expect(verdict.failedRule == .syntax)
        #expect(verdict.nearMiss?.difference == .surroundingWhitespace)
    }

    /// A near miss never turns into an acceptance, and an acceptance has none.
    @Test func nearMissesNeverAccept() {
        let verifier = RedirectVerifier(registered: [Self.msal])
        #expect(verifier.verify(Self.msal, caller: .notReported).nearMiss == nil)
        #expect(verifier.verify("MSAUTH.com.contoso.app://auth", caller: .notReported).accepted)
        #expect(verifier.verify("MSAUTH.com.contoso.app://auth", caller: .notReported).nearMiss == nil)
    }
}
