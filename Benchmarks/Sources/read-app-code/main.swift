// read-app-code: how long the doctor takes to read a large app's code. It writes a generated app
// of N source files (80 % Swift, 20 % Objective-C, about 150 lines each, with the shapes the
// doctor looks for: comments, raw and interpolated strings, closures, message sends, an MSAL
// configuration, a scene delegate) into a temporary folder, then times the doctor's reading of
// it (enumerating, reading, tokenizing, facts, URL hand-off) over a few rounds.
//
//     swift run -c release read-app-code [files] [rounds]      (defaults: 2000 files, 5 rounds)
import Foundation
@_spi(Benchmarking) import RedirectURIDoctor

let arguments = CommandLine.arguments.dropFirst()
let fileCount = arguments.first.flatMap { Int($0) } ?? 2000
let rounds = arguments.dropFirst().first.flatMap { Int($0) } ?? 5

/// A Swift file of the generated app; `index` varies its names and values.
func swiftFile(_ index: Int) -> String {
    var text = "import UIKit\nimport MSAL\n\n/* Screen \(index). /* Nested */ comment with a \"quote\". */\n"
    text += "final class Screen\(index)ViewController: UIViewController {\n"
    text += "    private let identifier = #\"screen-\(index) \"raw\" \\(not interpolated)\"#\n"
    for method in 0..<12 {
        text += """
                // Method \(method): loads and shows its rows.
                func load\(method)(count: Int, completion: @escaping ([String]) -> Void) {
                    let title = "Rows \\(count) of \\(self.identifier.count) (\(method))"
                    var rows: [String] = []
                    for row in 0..<count where row % 2 == 0 {
                        rows.append("\\(title): row \\(row)")
                    }
                    DispatchQueue.main.async { [weak self] in
                        guard let self else { return }
                        self.navigationItem.title = title
                        completion(rows.map { $0.uppercased() })
                    }
                }

            """
    }
    if index % 100 == 0 {
        text += """
                func makeApplication() throws -> MSALPublicClientApplication {
                    let config = MSALPublicClientApplicationConfig(
                        clientId: "6b2f4b6c-7a1e-4c55-9f0e-0c1d2e3f\(String(format: "%04d", index))",
                        redirectUri: "msauth.\\(Bundle.main.bundleIdentifier!)://auth",
                        authority: try MSALAADAuthority(url: URL(string: "https://login.microsoftonline.com/common")!))
                    config.cacheConfig.keychainSharingGroup = "com.contoso.shared"
                    return try MSALPublicClientApplication(configuration: config)
                }

            """
    }
    text += "}\n"
    if index == 1 {
        text += """

            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
                    guard let url = URLContexts.first?.url else { return }
                    MSALPublicClientApplication.handleMSALResponse(url, sourceApplication: nil)
                }
            }

            """
    }
    return text
}

/// An Objective-C file of the generated app.
func objectiveCFile(_ index: Int) -> String {
    var text = "#import <UIKit/UIKit.h>\n#define kTitle\(index) @\"Legacy \(index)\"\n\n@implementation Legacy\(index)\n\n"
    for method in 0..<12 {
        text += """
            // Method \(method): builds its rows.
            - (NSArray<NSString *> *)rows\(method):(NSInteger)count
            {
                NSMutableArray *rows = [NSMutableArray array];
                for (NSInteger row = 0; row < count; row++) {
                    /* "not a string" */ [rows addObject:[NSString stringWithFormat:@"%@ %ld", kTitle\(index), (long)row]];
                }
                [self.tableView reloadData];
                return [rows copy];
            }

            """
    }
    return text + "@end\n"
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("read-app-code-\(ProcessInfo.processInfo.processIdentifier)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
var bytes = 0
for index in 0..<fileCount {
    let isObjectiveC = index % 5 == 4
    let text = isObjectiveC ? objectiveCFile(index) : swiftFile(index)
    bytes += text.utf8.count
    let group = folder.appendingPathComponent("Group\(index / 100)")
    try FileManager.default.createDirectory(at: group, withIntermediateDirectories: true)
    try text.write(to: group.appendingPathComponent(isObjectiveC ? "Legacy\(index).m" : "Screen\(index).swift"), atomically: false, encoding: .utf8)
}

var times: [Double] = []
var counts: AppCodeBenchmark.Counts?
for _ in 0..<rounds {
    let start = DispatchTime.now().uptimeNanoseconds
    counts = AppCodeBenchmark.read(folder: folder)
    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}
times.sort()
let median = times[times.count / 2]
print("generated app: \(fileCount) files, \(bytes / 1024) KiB")
if let counts {
    print("read: \(counts.files) files, \(counts.facts) facts, \(counts.entryPoints) entry points, \(counts.forwards) handler calls")
}
print(String(format: "time: median %.3f s, min %.3f s, max %.3f s over %d rounds (%.1f MB/s)", median, times.first ?? 0, times.last ?? 0, rounds, Double(bytes) / median / 1e6))
