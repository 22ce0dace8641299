import RedirectURIKit
import Testing

/// `parse help` names every verification rule and the article that defines them, so a rule
/// added to the engine cannot be left out of the command's help.
struct HelpCitesTheRulesTests {
    @Test func analyzeHelpNamesEveryRule() throws {
        let help = try CommandRunner.runUnchecked(["help", "analyze"])
        #expect(help.status == 0)
        let text = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("\"Verification rules\""))
        for rule in VerificationRule.all {
            #expect(text.contains(rule.identifier), "parse help does not name \(rule)")
        }
    }
}
