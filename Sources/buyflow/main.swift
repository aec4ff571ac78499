import BuyflowCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// A reader that goes away (`buyflow run … | head -c 1`) is a write error the console
// tolerates, not a signal that ends the run before its reports are written.
signal(SIGPIPE, SIG_IGN)

// The executable is a thin shell over the testable BuyflowCLI library.
let status = await BuyflowCommandLine.main(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status)
