import CX11
import Dispatch

/// What the error handler knows about the strips' own XIDs, so
/// that it can tell a destroyed window from a back buffer the server had no
/// memory for. The handler is a C function pointer: this is static state, in
/// `XErrorReporting.state` behind its lock (Xlib runs the handler on the
/// thread of whichever Xlib call met the error; the strips' own calls are all
/// on the main queue, but another connection of the process may be elsewhere).
extension XErrorReporting {
    /// One XID of a strip: its window, its back buffer or a picture on either.
    struct StripXID {
        /// The strip's window.
        var owner: UInt
        /// The drawable the XID stands for or draws to: the back buffer
        /// for that Pixmap and its Picture, the window for the window and a Picture on it.
        var drawable: UInt
    }

    /// The strips' XIDs as the handler sees them; part of `State`.
    struct StripXIDs {
        /// XIDs of strips by id: windows, back buffers and their pictures.
        var byID = [UInt: StripXID]()
        /// Strip windows the server said no longer exist (their own BadWindow or
        /// BadDrawable, or their DestroyNotify).
        var vanished = Set<UInt>()
        /// Back buffers being created, by the serial of their XCreatePixmap request.
        var pixmapRequests = [UInt: (pixmap: UInt, owner: UInt)]()
        /// Back buffers the server refused with BadAlloc; every later error on them (or their picture) is fallout.
        var failedPixmaps = Set<UInt>()
        /// Run on the main queue when a strip's back buffer is refused, by the strip's window.
        var backBufferRefused = [UInt: @MainActor @Sendable () -> Void]()
        /// Ids given up, with the serial of the last request that named them:
        /// their errors may arrive until the server has processed that request.
        var retired: [(id: UInt, serial: UInt)] = []

        mutating func register(_ id: UInt, owner: UInt, drawable: UInt) {
            guard id != 0 else { return }
            byID[id] = StripXID(owner: owner, drawable: drawable)
        }

        /// Forgets retired ids and pixmap requests up to the serial `processed`.
        mutating func forget(processedUpTo processed: UInt) {
            guard !retired.isEmpty || !pixmapRequests.isEmpty else { return }
            retired.removeAll { entry in
                guard entry.serial <= processed else { return false }
                byID[entry.id] = nil
                failedPixmaps.remove(entry.id)
                vanished.remove(entry.id)
                return true
            }
            pixmapRequests = pixmapRequests.filter { $0.key > processed }
        }

        /// See `XErrorReporting.absorb(_:)`; also returns what to run on the main queue.
        mutating func absorb(_ event: XErrorEvent) -> (absorbed: Bool, refused: (@MainActor @Sendable () -> Void)?) {
            let code = Int32(event.error_code)
            if code == BadAlloc, let request = pixmapRequests.removeValue(forKey: event.serial) {
                failedPixmaps.insert(request.pixmap)
                return (true, backBufferRefused[request.owner])
            }
            guard let xid = byID[event.resourceid] else { return (false, nil) }
            if event.resourceid == xid.owner {
                // Only the window's own BadWindow or BadDrawable says it is gone; anything else about it is a real error.
                guard code == BadWindow || code == BadDrawable else { return (false, nil) }
                vanished.insert(xid.owner)
                return (true, nil)
            }
            // A back buffer or picture: its errors are expected when the buffer was
            // refused or the window went away, and are printed otherwise.
            return (failedPixmaps.contains(xid.drawable) || vanished.contains(xid.owner), nil)
        }
    }

    /// Marks `id` as an XID of the strip whose window is `owner`.
    static func register(_ id: UInt, owner: UInt, drawable: UInt) {
        state.withLock { $0.strips.register(id, owner: owner, drawable: drawable) }
    }

    /// Notes that the XCreatePixmap request numbered `serial` makes the back buffer `pixmap` of strip `owner`.
    static func expectPixmap(_ pixmap: UInt, serial: UInt, owner: UInt) {
        state.withLock { state in
            state.strips.pixmapRequests[serial] = (pixmap, owner)
            state.strips.register(pixmap, owner: owner, drawable: pixmap)
        }
    }

    /// Notes that the strip window `window` is gone (destroyed, or the server said so).
    static func markVanished(_ window: UInt) {
        _ = state.withLock { $0.strips.vanished.insert(window) }
    }

    /// Whether the server said the strip window `window` no longer exists (or the strip destroyed it).
    static func hasVanished(_ window: UInt) -> Bool {
        state.withLock { $0.strips.vanished.contains(window) }
    }

    /// Whether the server refused the back buffer `pixmap` (BadAlloc).
    static func isFailedPixmap(_ pixmap: UInt) -> Bool {
        state.withLock { $0.strips.failedPixmaps.contains(pixmap) }
    }

    /// Sets (nil: clears) what runs on the main queue when the back buffer of strip `window` is refused.
    static func setBackBufferRefused(_ window: UInt, _ body: (@MainActor @Sendable () -> Void)?) {
        state.withLock { $0.strips.backBufferRefused[window] = body }
    }

    /// Gives up `ids` after the requests already made with them (frees
    /// included); they are forgotten once the server has processed those
    /// requests, so that late errors on them are still known as the strip's.
    static func retire(_ ids: [UInt], display: OpaquePointer) {
        let last = XNextRequest(display) &- 1
        state.withLock { state in
            for id in ids where id != 0 { state.strips.retired.append((id, last)) }
        }
        forgetProcessed(display: display)
    }

    /// Forgets retired ids and pixmap requests the server has processed: no error can come for them any more.
    static func forgetProcessed(display: OpaquePointer) {
        let processed = XLastKnownRequestProcessed(display)
        state.withLock { $0.strips.forget(processedUpTo: processed) }
    }

    /// Whether the error is about a strip's own XIDs and is handled here
    /// (not printed): a back buffer refused for lack of memory, the fallout of
    /// that, or a strip window that no longer exists and the fallout of that.
    static func absorb(_ event: XErrorEvent) -> Bool {
        let (absorbed, refused) = state.withLock { state -> (Bool, (@MainActor @Sendable () -> Void)?) in
            let code = Int32(event.error_code)
            if code == BadWindow && event.resourceid == state.foreignWindow { return (true, nil) }
            // A client window the program works on may be gone, or not viewable, by the time a request about it arrives.
            if [BadWindow, BadDrawable, BadMatch, BadValue].contains(code), state.clientWindows.contains(event.resourceid) { return (true, nil) }
            if state.expectedKinds.contains(Int(code) << 8 | Int(event.request_code)) { return (true, nil) }
            return state.strips.absorb(event)
        }
        // No Xlib call may be made from inside the handler: the strip hears of it after the call that read the error.
        if let refused { DispatchQueue.main.async(execute: refused) }
        return absorbed
    }

    /// Marks `window` as another client's window that the program watches
    /// (the settings manager's; nil: none): its BadWindow says that it went,
    /// which can happen at any moment, and is not printed.
    static func watchForeignWindow(_ window: UInt?) {
        state.withLock { $0.foreignWindow = window }
    }

    /// Prints `message` as one warning line on stderr.
    static func warn(_ message: String) {
        ProcessOutput.error("\(state.withLock { $0.programName }): warning: \(message)")
    }

    /// Prints `message` as one warning line on stderr the first time `key` is seen.
    static func warnOnce(_ key: String, _ message: String) {
        let (first, program) = state.withLock { ($0.warned.insert(key).inserted, $0.programName) }
        guard first else { return }
        ProcessOutput.error("\(program): warning: \(message)")
    }
}
