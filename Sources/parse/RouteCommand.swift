import ArgumentParser
import Foundation
import RedirectURIKit
import RedirectURIReport

/// `parse route`: the client side's check, as a command — does the URL the app received answer
/// its redirect URI, which way, or why not. A thin shell over RouteReport.
struct Route: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Say whether an incoming URL answers a redirect URI (and which sub-route), or why not.",
        discussion: """
            Each incoming URL is checked against --redirect-uri the way the sign-in SDK routes what \
            the system opens the app with: the scheme compares ignoring case (the system may \
            lower-case it), the authority and the path exactly; the query carries the response and \
            is not compared, nor is a fragment. The path may be followed by one of the sub-routes \
            MSAL and the broker answer on: /broker (outcome broker), /switch_browser \
            (switch-browser) and /switch_browser_resume (switch-browser-resume). Anything else is \
            a mismatch, and a diagnostic says why: trailing-slash-mismatch (the classic \
            '…://auth' vs '…://auth/'), scheme-mismatch, authority-mismatch, path-mismatch or \
            incoming-invalid. scheme-case-differs notes a scheme that differs only in case.

            With no incoming URL, reads one per line from standard input (split on LF only).

            --format json (or --json) prints one object per incoming URL per line: {"belongs", \
            "diagnostics", "incoming", "outcome", "redirectURI"}. xcode, github and sarif are \
            'parse doctor' formats: they place a finding at a line of a file, and a URL is in no \
            file.

            Exit status: 0 when every incoming URL belongs; 1 when any does not; 2 for a usage \
            error (no --redirect-uri, or one that is not an absolute URI, or a format route does \
            not print).
            """
    )

    @Option(
        name: .customLong("redirect-uri"),
        help: ArgumentHelp("The app's redirect URI, as it registered it.", valueName: "uri"))
    var redirectURI: String

    @Argument(help: "Incoming URLs, as the app received them. Pass URLs that start with '-' after '--'.")
    var incoming: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "How to print the answers: text (the default), or json (one object per incoming URL per line). xcode, github and sarif are 'parse doctor' formats.",
            valueName: "format"))
    var format: ReportFormat?

    @Flag(name: .long, help: "The same as --format json.")
    var json = false

    static let inputs = "an incoming URL"

    /// Printed at the end of `parse route --help`; `HelpExampleTests` runs them.
    static let exampleLines = [
        "parse route --redirect-uri 'msauth.com.contoso.app://auth' 'msauth.com.contoso.app://auth/broker?response=abc'",
        "parse route --json --redirect-uri 'msauth.com.contoso.app://auth' 'msauth.com.contoso.app://auth/?code=1'",
    ]

    func validate() throws {
        _ = try ReportFormat.resolve(format, json: json, inputs: Self.inputs)
        if let error = Analyze.absoluteURIError(redirectURI) {
            throw ValidationError("--redirect-uri '\(RawArguments.display(redirectURI))' is not an absolute RFC 3986 URI: \(error)")
        }
    }

    mutating func run() throws {
        let json = try ReportFormat.resolve(format, json: json, inputs: Self.inputs)
        let redirect = try RedirectURI(parsing: redirectURI)
        var inputs = incoming.map(RawArguments.bytes(of:))
        if incoming.isEmpty {
            inputs = Analyze.standardInputLines(
                hint: "parse route: reading one incoming URL per line from standard input (end with Ctrl-D); or pass one after --redirect-uri <uri>")
        }
        let reports = inputs.map { RouteReport(redirect: redirect, incoming: $0) }
        for report in reports {
            print(json ? report.jsonLine() : report.text(), terminator: json ? "\n" : "")
        }
        let status = RouteReport.status(of: reports)
        if status != ParseExitStatus.success { throw ExitCode(status) }
    }
}
