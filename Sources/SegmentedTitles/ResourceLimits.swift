import Glibc

/// The open-file and address-space limits a program of this package needs
/// to start: below them the demo and segmented-tabbed failed late and
/// obscurely, so they refuse at once with one line instead.
public enum ResourceLimits {
    /// The smallest open-file limit (`ulimit -n`) the demo starts under: 32.
    ///
    /// It ran every time from 14 (the bundled titles, 100,000 titles, the items
    /// with their icons, an accessibility bus; the release and the debug build).
    /// Below that it failed in a different place at each limit: libdispatch's
    /// `eventfd` trapped (4), the titles file did not open (5 to 9), fontconfig
    /// printed its own error (10, 11), the display did not open (12, 13).
    public static let minimumOpenFiles: rlim_t = 32

    /// The smallest address-space limit (`ulimit -v`) the demo starts under,
    /// bytes: 512 MiB.
    ///
    /// What a limit does is not steady: glibc's malloc takes 64 MiB of address
    /// space for each new thread's arena when there is room, and whatever then
    /// finds no room fails, wherever it is. Below the limit, a session (first
    /// frame, a SIGHUP reload, SIGTERM; the bundled titles, 100,000 titles, the
    /// items with their icons, an accessibility bus; release and debug builds,
    /// 8 MiB thread stacks) failed at every step: libdispatch retried a thread it
    /// could not make forever with SIGTERM blocked (25 MB; 75 to 80 MB; 256 MiB
    /// with 100,000 titles; 288 MiB), `pthread_exit` aborted for want of
    /// libgcc_s (30 to 40 MB), fonts went missing (40 to 50 MB), the reload
    /// crashed (256 and 304 MiB), a library did not load (HarfBuzz, the
    /// accessibility bridge's: 272 to 368 MiB), GLib aborted (304 MiB). From
    /// 384 MiB every session ran; with no limit the largest reached 428 MB (the
    /// bus's). 512 MiB is above both.
    public static let minimumAddressSpace: rlim_t = 512 << 20

    /// One line naming the limit, its value and what is needed when the
    /// open-file or the address-space limit is too small to run; nil when both
    /// are enough. Call it first, before anything starts libdispatch or opens a
    /// descriptor, and exit 1 with the line.
    ///
    /// Under such a limit the demo failed later and obscurely: a hang that only
    /// SIGKILL ended, a trap or an abort, a raw library line, or a misleading
    /// message (a display that could not be opened, fonts that were missing).
    /// Descriptors already open above the standard three when the demo starts
    /// (inherited) count against the open-file limit.
    public static func refusal() -> String? {
        var limit = rlimit()
        if getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 {
            let inherited = inheritedDescriptors(below: limit.rlim_cur)
            if limit.rlim_cur < minimumOpenFiles + inherited {
                let left = inherited == 1 ? ", and 1 inherited descriptor leaves \(limit.rlim_cur - 1) free"
                    : inherited > 1 ? ", and \(inherited) inherited descriptors leave \(limit.rlim_cur - inherited) free" : ""
                return "the open-file limit (ulimit -n) is \(limit.rlim_cur)\(left); at least \(minimumOpenFiles) are needed"
            }
        }
        // No limit is RLIM_INFINITY, the largest value.
        if getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur < minimumAddressSpace {
            return "the address-space limit (ulimit -v) is \(limit.rlim_cur / 1024) KiB; "
                + "at least \(minimumAddressSpace / 1024) KiB (\(minimumAddressSpace >> 20) MiB) are needed"
        }
        return nil
    }

    /// How many descriptors other than 0, 1 and 2 are open below `limit` (each
    /// takes a number a descriptor of the demo's own cannot have), from
    /// /proc/self/fd; 0 when that cannot be read (no /proc).
    private static func inheritedDescriptors(below limit: rlim_t) -> rlim_t {
        guard let folder = opendir("/proc/self/fd") else {
            // With no descriptor free to read the list with, every number from 3 up is taken.
            return errno == EMFILE && limit > 3 ? limit - 3 : 0
        }
        defer { closedir(folder) }
        let own = dirfd(folder)
        var count: rlim_t = 0
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let fd = Int32(name), fd > 2, fd != own, rlim_t(fd) < limit else { continue }
            count += 1
        }
        return count
    }
}
