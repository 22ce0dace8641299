import Foundation

/// Property lists as the doctor reads them: XML or binary, with a dictionary at the root (an
/// Info.plist, entitlements, an SDK's configuration plist).
enum PropertyList {
    /// The root dictionary, or `nil` when the bytes are not a property list or its root is not a
    /// dictionary.
    static func dictionary(_ data: Data) -> [String: Any]? {
        if let memo = ReadOnce.current, let known = memo.plists[data] { return known }
        ReadCount.record(.plistParse)
        let plist = (try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)) as? [String: Any]
        ReadOnce.current?.plists[data] = .some(plist)
        return plist
    }
}
