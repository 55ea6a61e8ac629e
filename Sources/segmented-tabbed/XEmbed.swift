import CX11

/// The XEmbed protocol's numbers (freedesktop XEmbed 0.5) and its message,
/// as the embedder sends it.
enum XEmbed {
    /// The protocol version the embedder speaks.
    static let version = 0

    /// Messages (`_XEMBED` client messages' second datum).
    enum Message: Int {
        case embeddedNotify = 0, windowActivate = 1, windowDeactivate = 2, requestFocus = 3, focusIn = 4, focusOut = 5
        case focusNext = 6, focusPrev = 7
    }

    /// `FOCUS_IN`'s detail: keep the client's own focus where it was.
    static let focusCurrent = 0
    /// `_XEMBED_INFO`'s flag: the client wants to be mapped.
    static let mappedFlag: UInt = 1

    /// Sends `message` to `client` (a ClientMessage of type `_XEMBED`, event
    /// mask none: it goes to the client that made the window), with `time`
    /// (server milliseconds, `CurrentTime` when unknown) and the message's
    /// detail and data.
    @MainActor
    static func send(_ message: Message, to client: Window, atom: Atom, display: OpaquePointer, time: UInt = UInt(CurrentTime),
                     detail: Int = 0, data1: Int = 0, data2: Int = 0) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = client
        event.xclient.message_type = atom
        event.xclient.format = 32
        event.xclient.data.l = (Int(bitPattern: time), message.rawValue, detail, data1, data2)
        XSendEvent(display, client, 0, NoEventMask, &event)
    }

    /// The `_XEMBED_INFO` flags of a property's two longs (version, flags);
    /// nil for a property too short to hold them.
    static func flags(_ longs: [UInt]) -> UInt? {
        longs.count >= 2 ? longs[1] : nil
    }
}
