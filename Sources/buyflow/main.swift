import BuyflowCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The executable is a thin shell over the testable BuyflowCLI library.
let status = await BuyflowCommandLine.main(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status)
