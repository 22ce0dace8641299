import Foundation
import RedirectURIFoundation
import RedirectURIKit
import Testing

/// The bridges are exact or they throw, and every known disagreement with Foundation is pinned.
struct URLBridgingTests {
    /// Valid references of every shape: forms, absent versus empty components, IP literals,
    /// odd but valid ports, percent-encoding left as written.
    static let references = [
        "x-msauth-mytestiosapp://com.myapp.mytestapp",
        "msauth.com.contoso.MailApp://auth",
        "msauth://code/x-msauth-mytestiosapp%3A%2F%2Fcom.myapp.mytestapp",
        "msauth://com.example.app/1wIqXSqBj7w%2Bh11ZifsnqwgyKrY%3D",
        "com.example.app:/oauth2redirect/provider",
        "http://127.0.0.1:51004/callback",
        "http://[::1]:8080/cb",
        "https://login.example.com/cb?a=1&b=x+y%2B#frag",
        "x://h?", "x://h#", "x://h?#", "x:", "x:/", "file:///etc", "http://h:/", "http://h:080/",
        "http://u:p@h/", "http://u@h/", "http://h/a%2Fb/%7e%7E", "HTTP://Example.COM/./a/../b",
        "http://[v1.x]/", "urn:ietf:rfc:3986", "mailto:someone@example.com",
        "a", "/cb", "//host/path", "?q", "#f", "../a?b",
    ]

    @Test func urlRoundTripsExactly() throws {
        for text in Self.references {
            let reference = try URIReference(parsing: text)
            let url = try URL(reference)
            #expect(url.absoluteString == text)
            #expect(try URIReference(url) == reference, "\(text)")
        }
    }

    @Test func urlComponentsRoundTripExactly() throws {
        for text in Self.references {
            let reference = try URIReference(parsing: text)
            let components = try URLComponents(reference)
            #expect(components.string == text)
            #expect(components.scheme == reference.scheme.map(String.init), "\(text)")
            #expect(components.percentEncodedHost == reference.host.map(String.init), "\(text)")
            #expect(components.percentEncodedQuery == reference.query.map(String.init), "\(text)")
            #expect(components.percentEncodedFragment == reference.fragment.map(String.init), "\(text)")
            #expect(try URIReference(components) == reference, "\(text)")
        }
    }

    @Test func absentAndEmptyStayApart() throws {
        let empty = try URL(try URIReference(parsing: "x://h?"))
        let absent = try URL(try URIReference(parsing: "x://h"))
        #expect(empty.query == "")
        #expect(absent.query == nil)
        #expect(try URLComponents(try URIReference(parsing: "x://h#")).percentEncodedFragment == "")
        #expect(try URLComponents(try URIReference(parsing: "x://h")).percentEncodedFragment == nil)
    }

    @Test func theEmptyReferenceHasNoURL() throws {
        let empty = try URIReference(parsing: "")
        #expect(throws: FoundationConversionError.self) { try URL(empty) }
        do {
            _ = try URL(empty)
        } catch {
            #expect(error.kind == .refusedByFoundation)
        }
    }

    /// RFC 3986 sets no limit on a reg-name; `URLComponents` drops hosts over 2,048 bytes (nil,
    /// or an empty host after userinfo). `URL` keeps them.
    @Test func hostsOver2048BytesAreRefusedByURLComponents() throws {
        for host in [String(repeating: "a", count: 2_048), String(repeating: "a", count: 2_049)] {
            for text in ["x://\(host)/", "x://u@\(host)/"] {
                let reference = try URIReference(parsing: text)
                #expect(try URL(reference).absoluteString == text)
                if host.utf8.count <= 2_048 {
                    #expect(try URLComponents(reference).percentEncodedHost == host)
                } else {
                    do {
                        _ = try URLComponents(reference)
                        Issue.record("URLComponents kept a \(host.utf8.count)-byte host")
                    } catch {
                        #expect(error.kind == .changedByFoundation)
                        #expect(error.component == "host")
                    }
                }
            }
        }
    }

    @Test func portsStayTextWhileFoundationReadsNumbers() throws {
        let zero = try URLComponents(try URIReference(parsing: "http://h:080/"))
        #expect(zero.port == 80)
        #expect(zero.string == "http://h:080/")
        let empty = try URLComponents(try URIReference(parsing: "http://h:/"))
        #expect(empty.port == nil)
        #expect(empty.string == "http://h:/")
    }

    /// Foundation accepts what RFC 3986 does not; the strict parse refuses it.
    @Test func urlsOutsideRFC3986AreRejected() throws {
        let zoneID = try #require(URL(string: "http://[fe80::1%25en0]/"))
        #expect(throws: URIParseError.self) { try URIReference(zoneID) }
        // URL(string:) repairs '%zz'; the reference describes the repaired URL.
        let repaired = try #require(URL(string: "x:/%zz"))
        #expect(try URIReference(repaired).path == "/%25zz")
        #expect(throws: URIParseError.self) { try URIReference(parsing: "x:/%zz") }
    }

    @Test func componentsThatFormNoURLAreRefused() {
        var components = URLComponents()
        components.host = "h"
        components.path = "p"   // after a host, a path must start with '/'
        do {
            _ = try URIReference(components)
            Issue.record("components without a string were accepted")
        } catch {
            #expect(error.kind == .refusedByFoundation)
        }
    }

    @Test func componentsOutsideRFC3986AreInvalidReferences() {
        var components = URLComponents()
        components.scheme = "http"
        components.percentEncodedHost = "[fe80::1%25en0]"
        do {
            _ = try URIReference(components, as: .uri)
            Issue.record("a zone ID was accepted")
        } catch {
            #expect(error.kind == .invalidReference || error.kind == .refusedByFoundation)
            if error.kind == .invalidReference { #expect(error.parseError?.kind == .invalidIPv6Address) }
        }
    }

    @Test func redirectURIsAndResponsesFromURLs() throws {
        let redirect = try RedirectURI(try URL(try URIReference(parsing: "msauth.com.contoso.app://auth")))
        #expect(redirect.form == .msalBroker)
        #expect(redirect.bundleID?.description == "com.contoso.app")
        let incoming = try #require(URL(string: "MSAUTH.com.contoso.app://auth?error_code=-50005&error_description=User+cancelled"))
        #expect(redirect.routes(incoming).belongs)
        #expect(!redirect.routes(try #require(URL(string: "msauth.com.contoso.app://auth/?x=1"))).belongs)
        let response = try BrokerResponse(incoming)
        #expect(response.kind == .error)
        #expect(response.value("error_description") == "User cancelled")
        #expect(throws: URIParseError.self) { try RedirectURI(try #require(URL(string: "a"))) }
    }
}

struct QueryItemBridgingTests {
    @Test func formDecodingReadsPlusAsSpace() throws {
        let query = QueryParameters("a=x+y%2B&b&c=", decoding: .form)
        #expect(try query.queryItems() == [URLQueryItem(name: "a", value: "x y+"), URLQueryItem(name: "b", value: nil), URLQueryItem(name: "c", value: "")])
        let rfc3986 = QueryParameters("a=x+y%2B&b&c=", decoding: .rfc3986)
        #expect(try rfc3986.queryItems() == [URLQueryItem(name: "a", value: "x+y+"), URLQueryItem(name: "b", value: nil), URLQueryItem(name: "c", value: "")])
    }

    /// With RFC 3986 decoding the items are Foundation's, except for the documented differences.
    @Test func rfc3986DecodingAgreesWithFoundation() throws {
        for query in ["a=1&b=2", "a=x+y%2B", "redirect_uri=msauth.com.contoso.app%3A%2F%2Fauth", "a", "a=", "=b", "a=%C3%A9", "a=1&a=2"] {
            let foundation = try #require(URLComponents(string: "x://h?" + query)?.queryItems)
            #expect(try QueryParameters(Substring(query), decoding: .rfc3986).queryItems() == foundation, "\(query)")
        }
        // Foundation keeps empty pieces as items with an empty name; they carry nothing.
        #expect(URLComponents(string: "x://h?a=1&&b=2")?.queryItems?.count == 3)
        #expect(try QueryParameters("a=1&&b=2", decoding: .rfc3986).queryItems().count == 2)
        // Foundation turns undecodable UTF-8 into an empty name; the library says so.
        #expect(URLComponents(string: "x://h?%FF=1")?.queryItems == [URLQueryItem(name: "", value: "1")])
        #expect(throws: QueryParameterError.self) { try QueryParameters("%FF=1", decoding: .rfc3986).queryItems() }
    }

    /// Items written by the library read back the same, under both decodings, whatever they hold.
    @Test func itemsRoundTrip() throws {
        let texts = ["", "a", "a b", "a+b", "a%2Bb", "&", "=", "#", "?", "/", "é", "😀", "x-msauth-app://com.app", " + & = % # "]
        for decoding in [QueryDecoding.form, .rfc3986] {
            var items: [URLQueryItem] = []
            for name in texts where !name.isEmpty {
                for value in texts.map(Optional.some) + [nil] { items.append(URLQueryItem(name: name, value: value)) }
            }
            items.append(URLQueryItem(name: "", value: "empty name"))
            let query = QueryParameters(items, decoding: decoding)
            #expect(try query.queryItems() == items)
            // The written query is a valid RFC 3986 query.
            #expect(try URIReference(parsing: "x://h?" + query.query).query == query.query)
        }
    }

    @Test func anEmptyItemHasNoWrittenForm() throws {
        let query = QueryParameters([URLQueryItem(name: "a", value: "1"), URLQueryItem(name: "", value: nil)])
        #expect(query.query == "a=1")
    }

    /// The pitfall this bridge exists for: `URLComponents.queryItems` leaves `+` as it is, so a
    /// form decoder (a broker) reads a plus in a value as a space.
    @Test func foundationQueryItemsLeavePlusForAFormDecoderToMisread() throws {
        var components = URLComponents()
        components.queryItems = [URLQueryItem(name: "scope", value: "a+b")]
        let foundationQuery = try #require(components.percentEncodedQuery)
        #expect(try QueryParameters(Substring(foundationQuery), decoding: .form).queryItems() == [URLQueryItem(name: "scope", value: "a b")])
        let ours = QueryParameters([URLQueryItem(name: "scope", value: "a+b")], decoding: .form)
        #expect(ours.query == "scope=a%2Bb")
        #expect(try ours.queryItems() == [URLQueryItem(name: "scope", value: "a+b")])
    }

    @Test func brokerParametersAndQueryItems() {
        let parameter = BrokerParameter("redirect_uri", "msauth.com.contoso.app://auth")
        #expect(BrokerParameter(URLQueryItem(parameter)) == parameter)
        #expect(URLQueryItem(BrokerParameter("flag", nil)).value == nil)
    }
}
