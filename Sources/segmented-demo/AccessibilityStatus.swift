import SegmentedX11

/// Reports each change of the accessibility bridge's status as an
/// `accessibility` trace line, and a failure as a warning too.
@MainActor
func traceAccessibilityStatus(to trace: Trace, startTime: Double) {
    StripAccessibility.statusChanged = { status in
        let name: String
        var fields: [String: Any] = [:]
        switch status {
        case .notChecked: name = "notChecked"
        case .noBus: name = "noBus"
        case .active: name = "active"
        case let .failed(reason):
            name = "failed"
            fields["reason"] = reason
            warn("accessibility: \(reason)")
        }
        fields["status"] = name
        fields["elapsedSeconds"] = SegmentedStrip.now() - startTime
        trace.emit("accessibility", fields)
    }
}
