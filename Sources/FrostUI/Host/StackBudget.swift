// Reproduces: nothing of SwiftUI's API. SwiftUI on iOS crashes on a view tree too deep for its
// thread's stack; FrostUI stops resolving while enough of the stack is left for layout and
// drawing, and reports ViewHostError.tooDeep instead.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How deep resolution may go on the current thread's stack: a pass records, as it starts,
/// the lowest stack address resolution may reach, leaving the rest of the stack to the
/// phases that recurse over the resolved tree afterwards (layout, the display list, drawing),
/// which take more stack per level than resolution does.
enum StackBudget {
    /// The share of the stack left at the start of a pass that resolution may use.
    static let resolutionShare = 0.2

    /// The lowest address resolution may reach from here (0 where the thread's stack cannot be
    /// read: the nesting count alone then bounds it).
    static func floor() -> UInt {
        guard let low = lowestAddress() else { return 0 }
        let here = currentAddress()
        guard here > low else { return 0 }
        return here - UInt(Double(here - low) * resolutionShare)
    }

    /// An address in the caller's frame (the stack grows down on every platform Swift runs on).
    @inline(never)
    static func currentAddress() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }

    #if canImport(Glibc)
    private typealias GetAttr = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
    nonisolated(unsafe) private static let getattrNP: GetAttr? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else { return nil }
        return unsafeBitCast(symbol, to: GetAttr.self)
    }()
    #endif

    #if canImport(Glibc)
    /// Each thread's answer, kept: on the main thread glibc's pthread_getattr_np reads and parses
    /// /proc/self/maps, about 0.1 ms, once per pass (5 % of a small scene's frame), and a thread's
    /// stack never moves.
    private static let cacheKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
    #endif

    /// The lowest usable address of the current thread's stack.
    static func lowestAddress() -> UInt? {
        #if canImport(Glibc)
        // 1 stands for "cannot be read" (no stack starts at address 1).
        if let cached = pthread_getspecific(cacheKey) {
            let value = UInt(bitPattern: cached)
            return value == 1 ? nil : value
        }
        let value = readLowestAddress()
        pthread_setspecific(cacheKey, UnsafeRawPointer(bitPattern: value ?? 1))
        return value
        #else
        return readLowestAddress()
        #endif
    }

    private static func readLowestAddress() -> UInt? {
        #if canImport(Glibc)
        // A GNU extension the Glibc module does not export (it needs _GNU_SOURCE): looked up once.
        guard let getattr = getattrNP else { return nil }
        var attributes = pthread_attr_t()
        guard getattr(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var address: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
        // The guard page(s) sit at the bottom of the range.
        var guardSize = 0
        pthread_attr_getguardsize(&attributes, &guardSize)
        return UInt(bitPattern: address) + UInt(guardSize)
        #elseif canImport(Darwin)
        let top = UInt(bitPattern: pthread_get_stackaddr_np(pthread_self()))
        return top - UInt(pthread_get_stacksize_np(pthread_self()))
        #else
        return nil
        #endif
    }
}
