import Probe
import ProbeShim

/// Calls the C module and the Swift module it depends on; the unguarded span proves this target
/// was type-checked, not skipped.
public func shimmedLength(_ text: String) -> Int {
    let units = Array(text.utf16)
    let length = Int(probe_shim_length(units, Int32(clamping: units.count)))
    return length + packageOnly() + guardedSpan(text) + text.utf8.span.count  // availability-probe: reported on all
}
