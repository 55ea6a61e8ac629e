import CXft
import Dispatch

/// What the error handler knows about the strips' own server resources, so
/// that it can tell a destroyed window from a back buffer the server had no
/// memory for. The handler is a C function pointer: this is static state, and
/// all of it is touched on the main queue only (Xlib runs the handler on the
/// thread that made the call, and every Xlib call is on the main queue).
extension XErrorReporting {
    /// One server resource of a strip.
    struct StripResource {
        /// The strip's window.
        var owner: UInt
        /// The drawable the resource stands for or draws to: the back buffer
        /// for that Pixmap and its Picture, the window for the window and a Picture on it.
        var drawable: UInt
    }

    /// Resources of strips by id: windows, back buffers and their pictures.
    nonisolated(unsafe) static var stripResources = [UInt: StripResource]()
    /// Strip windows the server said no longer exist (their own BadWindow or
    /// BadDrawable, or their DestroyNotify).
    nonisolated(unsafe) static var vanished = Set<UInt>()
    /// Back buffers being created, by the serial of their XCreatePixmap request.
    nonisolated(unsafe) static var pixmapRequests = [UInt: (pixmap: UInt, owner: UInt)]()
    /// Back buffers the server refused with BadAlloc; every later error on them (or their picture) is fallout.
    nonisolated(unsafe) static var failedPixmaps = Set<UInt>()
    /// Run on the main queue when a strip's back buffer is refused, by the strip's window.
    nonisolated(unsafe) static var backBufferRefused = [UInt: () -> Void]()
    /// Ids given up, with the serial of the last request that named them:
    /// their errors may arrive until the server has processed that request.
    nonisolated(unsafe) static var retired: [(id: UInt, serial: UInt)] = []
    /// Warnings already printed, by key.
    nonisolated(unsafe) static var warned = Set<String>()

    /// Marks `id` as a resource of the strip whose window is `owner`.
    static func register(_ id: UInt, owner: UInt, drawable: UInt) {
        guard id != 0 else { return }
        stripResources[id] = StripResource(owner: owner, drawable: drawable)
    }

    /// Notes that the XCreatePixmap request numbered `serial` makes the back buffer `pixmap` of strip `owner`.
    static func expectPixmap(_ pixmap: UInt, serial: UInt, owner: UInt) {
        pixmapRequests[serial] = (pixmap, owner)
        register(pixmap, owner: owner, drawable: pixmap)
    }

    /// Gives up `ids` after the requests already made with them (frees
    /// included); they are forgotten once the server has processed those
    /// requests, so that late errors on them are still known as the strip's.
    static func retire(_ ids: [UInt], display: OpaquePointer) {
        let last = XNextRequest(display) &- 1
        for id in ids where id != 0 { retired.append((id, last)) }
        forgetProcessed(display: display)
    }

    /// Forgets retired ids and pixmap requests the server has processed: no error can come for them any more.
    static func forgetProcessed(display: OpaquePointer) {
        let processed = XLastKnownRequestProcessed(display)
        guard !retired.isEmpty || !pixmapRequests.isEmpty else { return }
        retired.removeAll { entry in
            guard entry.serial <= processed else { return false }
            stripResources[entry.id] = nil
            failedPixmaps.remove(entry.id)
            vanished.remove(entry.id)
            return true
        }
        pixmapRequests = pixmapRequests.filter { $0.key > processed }
    }

    /// Whether the error is about a strip's own resources and is handled here
    /// (not printed): a back buffer refused for lack of memory, the fallout of
    /// that, or a strip window that no longer exists and the fallout of that.
    static func absorb(_ event: XErrorEvent) -> Bool {
        let code = Int32(event.error_code)
        if code == BadAlloc, let request = pixmapRequests.removeValue(forKey: event.serial) {
            failedPixmaps.insert(request.pixmap)
            // No Xlib call may be made from inside the handler: the strip hears of it after the call that read the error.
            if let refused = backBufferRefused[request.owner] { DispatchQueue.main.async(execute: refused) }
            return true
        }
        guard let resource = stripResources[event.resourceid] else { return false }
        if event.resourceid == resource.owner {
            // Only the window's own BadWindow or BadDrawable says it is gone; anything else about it is a real error.
            guard code == BadWindow || code == BadDrawable else { return false }
            vanished.insert(resource.owner)
            return true
        }
        // A back buffer or picture: its errors are expected when the buffer was
        // refused or the window went away, and are printed otherwise.
        return failedPixmaps.contains(resource.drawable) || vanished.contains(resource.owner)
    }

    /// Prints `message` as one warning line on stderr the first time `key` is seen.
    static func warnOnce(_ key: String, _ message: String) {
        guard warned.insert(key).inserted else { return }
        ProcessOutput.error("\(programName): warning: \(message)")
    }
}
