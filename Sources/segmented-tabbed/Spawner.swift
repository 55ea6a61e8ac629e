import Dispatch
import Glibc

/// Starts the command as a child with `XEMBED` set to the container's
/// window id, and reaps every child it started (SIGCHLD, read through a
/// Dispatch source while the signal is blocked): no zombies.
@MainActor
final class Spawner {
    /// Told of each child started (pid, argv) and each child's end (pid, wait status).
    var started: (Int32, [String]) -> Void = { _, _ in }
    var ended: (Int32, Int32) -> Void = { _, _ in }
    private var reaper: (any DispatchSourceSignal)?

    /// Blocks SIGCHLD in this thread (so in every thread made after) and reaps on the main queue.
    init() {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGCHLD)
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        let source = DispatchSource.makeSignalSource(signal: SIGCHLD, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.reap() }
        }
        source.resume()
        reaper = source
    }

    /// Starts `arguments` (found on PATH) with `XEMBED=window`, the signal mask and dispositions of a fresh
    /// process; returns its pid, or a one-line reason it could not start.
    func spawn(_ arguments: [String], window: UInt) -> Result<Int32, SpawnFailure> {
        guard let program = arguments.first else { return .failure(SpawnFailure(reason: "no command")) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        // POSIX_SPAWN_SETSID (0x80, a GNU flag the module does not import): a session of its own, as tabbed's setsid().
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | 0x80))
        var environment = ProcessEnvironment.current.filter { !$0.hasPrefix("XEMBED=") } + ["XEMBED=\(window)"]
        var argv = arguments.map { strdup($0) } + [nil]
        var envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
            environment.removeAll()
        }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, program, nil, &attributes, &argv, &envp)
        guard status == 0 else {
            return .failure(SpawnFailure(reason: "cannot run '\(program)': \(String(cString: strerror(status)))"))
        }
        started(pid, arguments)
        return .success(pid)
    }

    private func reap() {
        var status: Int32 = 0
        while case let pid = waitpid(-1, &status, WNOHANG), pid > 0 {
            ended(pid, status)
        }
    }
}

/// Why a command did not start.
struct SpawnFailure: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}

/// The process's environment as `NAME=value` strings.
enum ProcessEnvironment {
    static var current: [String] {
        var result = [String]()
        var entry = environ
        while let pointer = entry.pointee {
            result.append(String(cString: pointer))
            entry += 1
        }
        return result
    }
}
