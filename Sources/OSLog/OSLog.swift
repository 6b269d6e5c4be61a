// `import OSLog` on Linux: the `os` module's `Logger`, as Apple's OSLog re-exports os.
//
// The two are one build step on purpose. swift-syntax (every macro package builds it) asks
// `#if canImport(OSLog)` in one file and `#if canImport(os)` in the next and needs both to
// agree; a package built after this module sees whichever Frost module already exists, so
// OSLog depending on os means that whenever OSLog exists, os does too.
#if !canImport(Darwin)
@_exported import os
#endif
