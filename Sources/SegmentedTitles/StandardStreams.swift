import Glibc

/// The standard streams of a program of this package.
public enum StandardStreams {
    /// Points a closed stdin, stdout or stderr at /dev/null.
    ///
    /// Started with one of them closed, the next descriptors opened (Dispatch's
    /// signalfd and epoll, the X connection's socket) would take those numbers,
    /// and trace lines or warnings would be written into them (segmented-tabbed
    /// then said it could not write its window id: "Invalid argument"). Call it
    /// before any of those opens.
    public static func reopenClosed() {
        for fd in Int32(0)...2 where fcntl(fd, F_GETFD) == -1 {
            let null = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if null != fd, null >= 0 { dup2(null, fd); close(null) }
        }
    }
}
