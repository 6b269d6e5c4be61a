import Testing
import Foundation
import FrostUI
import FrostGeometry
import FrostTestSupport

/// Views nested past the host's limit stop with ``ViewHostError/tooDeep(limit:)`` on every
/// nesting path (issue 49: AnyView 6,000 deep, padding 4,000 and VStack 3,000 overflowed the
/// stack), measured on a 512 KiB thread, the smallest stack a host is run on; and a tree just
/// under the limit still renders there, which is what the limit was chosen for.
@Suite("Nesting depth: tooDeep on every path, within a 512 KiB stack", .hangLimit)
struct DepthLimitTests {
    /// Runs `body` on a thread with a `bytes` stack and waits for it.
    static func onSmallStack<T: Sendable>(_ bytes: Int = 512 << 10, _ body: @escaping @Sendable () -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        let result = Locked<T?>(nil)
        let thread = Thread {
            result.set(body())
            done.signal()
        }
        thread.stackSize = bytes
        thread.start()
        done.wait()
        return result.withLock { $0! }
    }

    enum Kind: String, CaseIterable, Sendable {
        case anyView, padding, vStack, background, frame
        /// `depth` levels of this kind around a text, type-erased at each level so any depth can
        /// be built at run time.
        func nested(_ depth: Int) -> AnyView {
            var v = AnyView(Text("core"))
            for _ in 0..<depth {
                switch self {
                case .anyView: v = AnyView(v)
                case .padding: v = AnyView(v.padding(0.5))
                case .vStack: v = AnyView(VStack { v })
                case .background: v = AnyView(v.background(Color.blue))
                case .frame: v = AnyView(v.frame(minWidth: 1))
                }
            }
            return v
        }
    }

    /// What rendering `view` came to: "ok", the error's text, on a `stack`-byte stack.
    static func render(_ view: AnyView, stack: Int = 512 << 10) -> String {
        let box = UncheckedBox(view)
        return onSmallStack(stack) {
            do {
                _ = try ViewHost(box.value, size: CGSize(width: 120, height: 80)).snapshot()
                return "ok"
            } catch {
                return "\(error)"
            }
        }
    }

    @Test(
        "AnyView 6,000 deep, padding 4,000 and VStack 3,000 (and backgrounds, frames) are tooDeep, not a crash, on 512 KiB and 8 MiB stacks",
        arguments: Kind.allCases)
    func overTheLimit(kind: Kind) {
        let depth = ["anyView": 6000, "padding": 4000, "vStack": 3000][kind.rawValue] ?? 3000
        let view = Holder(kind.nested(depth))
        for stack in [512 << 10, 8 << 20] {
            #expect(Self.render(view.value!, stack: stack).hasPrefix("the view tree nests deeper than"), "\(stack >> 10) KiB")
        }
        view.drop()
    }

    @Test("what fits renders: 20 levels of each kind on 512 KiB (a debug build), the nesting limit on 8 MiB", arguments: Kind.allCases)
    func underTheLimit(kind: Kind) {
        let small = Holder(kind.nested(20))
        #expect(Self.render(small.value!) == "ok")
        // An AnyView level is two resolutions (the AnyView and its content); a modifier level, with
        // its AnyView, up to three.
        let levels = kind == .anyView ? HostCore.maxNesting / 2 - 4 : HostCore.maxNesting / 3 - 4
        let large = Holder(kind.nested(levels))
        #expect(Self.render(large.value!, stack: 8 << 20) == "ok")
        // Past the count, on a stack big enough never to be the limit: the count's error.
        let over = Holder(kind.nested(levels * 3))
        #expect(Self.render(over.value!, stack: 64 << 20) == "\(ViewHostError.tooDeep(limit: HostCore.maxNesting))")
        for holder in [small, large, over] { holder.drop() }
    }

    /// A deeply nested view, released on a big stack: Swift frees nested boxes recursively, and
    /// the test's own thread may be small.
    final class Holder: @unchecked Sendable {
        var value: AnyView?
        init(_ value: AnyView) { self.value = value }
        func drop() {
            _ = DepthLimitTests.onSmallStack(256 << 20) {
                self.value = nil; return 0
            }
        }
    }
}

/// A non-Sendable value carried to another thread that alone uses it.
private struct UncheckedBox<T>: @unchecked Sendable { let value: T; init(_ v: T) { value = v } }
