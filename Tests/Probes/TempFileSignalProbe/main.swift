// Test helper (not a product): registers a temporary file the way FileIO.writeAtomically does,
// then kills itself with the signal named on the command line. The test checks that the file
// is gone and that the process died of that signal.
//   TempFileSignalProbe <path> <signal number>
import CFrostSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

let args = CommandLine.arguments
guard args.count == 3, let sig = Int32(args[2]) else { exit(2) }
// Start as a process launched from a shell would: the signal unblocked and at its default
// action (a test runner's children inherit its mask and dispositions).
var set = sigset_t()
sigemptyset(&set)
sigaddset(&set, sig)
sigprocmask(SIG_UNBLOCK, &set, nil)
signal(sig, SIG_DFL)
let fd = open(args[1], O_CREAT | O_WRONLY, 0o600)
guard fd >= 0 else { exit(3) }
_ = write(fd, "partial", 7)
let slot = frost_tempfile_register(args[1])
guard slot >= 0 else { exit(4) }
raise(sig)
exit(5)  // not reached: the handler re-raises with the default action
