import Foundation

/// A folder of files a test writes (a project, its Info.plist, an SDK's configuration file),
/// removed when the test is done with it.
final class TemporaryFolder {
    let url: URL

    /// Writes `files` (path relative to the folder → contents) into a new folder.
    init(_ files: [String: String]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-\(UUID().uuidString)").standardizedFileURL
        for (path, contents) in files {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: file)
        }
    }

    func callAsFunction(_ path: String) -> URL { url.appendingPathComponent(path) }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// A minimal XML property list (an Info.plist, entitlements, Auth0.plist) with `entries` written as they are inside its root `<dict>`.
func propertyListXML(_ entries: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \(entries)
    </dict>
    </plist>
    """
}
