import Foundation

/// Needs Foundation, which Linux cannot type-check for Apple platforms: the check skips it.
public func trimmed(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespaces)
}
