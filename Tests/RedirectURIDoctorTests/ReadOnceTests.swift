import Foundation
import Testing

@testable import RedirectURIDoctor

/// Within one run of the doctor a file is read from disk once, a property list parsed once and a
/// source file lexed once, whatever path spelling, absence or failure: the memo's own rules, each
/// with the run on a whole project it stands for (ReadCountTests pins those runs' totals).
struct ReadOnceTests {
    static func fileReads(_ events: [ReadCount.Event: Int]) -> [String: Int] {
        var reads: [String: Int] = [:]
        for (event, count) in events { if case .fileRead(let path) = event { reads[path] = count } }
        return reads
    }

    /// One file named three ways — as INFOPLIST_FILE, through `..` (a target in a sibling folder)
    /// and through `./` (an `#include "./Shared.xcconfig"`) — is one read.
    @Test func aFileNamedTwoWaysIsReadOnce() throws {
        let folder = try TemporaryFolder(["App/Info.plist": propertyListXML("")])
        let (bytes, events) = ReadCount.counting {
            ReadOnce.run {
                [folder("App/Info.plist"), folder("Widget/../App/Info.plist"), folder("./App/./Info.plist")].map(ReadCount.contents(of:))
            }
        }
        #expect(bytes.allSatisfy { $0 != nil && $0 == bytes.first })
        #expect(Self.fileReads(events) == [folder("App/Info.plist").path: 1])
    }

    /// A file that is not there (an optional `#include?` of an .xcconfig, a Podfile.lock never
    /// committed) is looked for once per run, however many configurations and targets ask.
    @Test func anAbsentFileIsLookedForOnce() throws {
        let folder = try TemporaryFolder([:])
        let missing = folder("Config/Local.xcconfig")
        let (found, events) = ReadCount.counting { ReadOnce.run { (0..<3).map { _ in ReadCount.contents(of: missing) } } }
        #expect(found == [nil, nil, nil])
        #expect(Self.fileReads(events) == [missing.path: 1])
    }

    /// Bytes that are not a property list (a broken Info.plist several targets share, an
    /// .entitlements file with a merge conflict) are parsed once, and stay unreadable.
    @Test func bytesThatAreNotAPropertyListAreParsedOnce() {
        let broken = Data("<<<<<<< HEAD\n<plist>".utf8)
        let (results, events) = ReadCount.counting { ReadOnce.run { (0..<3).map { _ in PropertyList.dictionary(broken) } } }
        #expect(results.allSatisfy { $0 == nil })
        #expect(events[.plistParse] == 1)
    }

    /// A source file's tokens are handed out again only for the same bytes: a file at the same
    /// path with other bytes (a generated source written again, a copy another target compiles)
    /// is lexed for what it holds now.
    @Test func tokensAreReusedOnlyForTheSameBytes() {
        let path = "App/Generated/AuthConfig.swift"
        let first = Array("enum AuthConfig { static let appRedirect = redirect(for: app) }".utf8)
        let second = Array("enum AuthConfig { static let betaRedirect = redirect(for: beta) }".utf8)
        let (files, events) = ReadCount.counting {
            ReadOnce.run {
                [first, first, second].map { ReadOnce.lexed(path: path, language: .swift, bytes: $0) }
            }
        }
        let texts = files.map { $0.tokens.map(\.text) }
        #expect(texts[0] == texts[1])
        #expect(texts[2].contains("betaRedirect"))
        #expect(!texts[2].contains("appRedirect"))
        #expect(events[.lex(path)] == 2)
    }
}
