import Testing
import Foundation
import FrostImage
import FrostGeometry
import Hummingbird
import HummingbirdTesting
import NIOCore
import FrostTestSupport
@testable import FrostServe

/// The server's bounds on time and memory (issue 49), below HTTP: the admission gate's queue by
/// expected wait, the memory budget, the deadline race and the byte-bounded cache. The same
/// cases on a real socket, with the binary, are Scripts/check_serve_reliability.py.
@Suite("frost-serve: deadlines, the memory budget and the queue", .hangLimit)
struct ServeReliabilityTests {
    @Test("the gate queues what can start within its wait and refuses the rest at once")
    func gateQueuesByExpectedWait() async throws {
        let gate = AdmissionGate(concurrency: 1, queueDepth: 100, maxWait: 2.5)
        #expect(await gate.enter())
        // No render has finished: nothing is known of their time, so waiting is allowed.
        #expect(await gate.expectedWait == 0)
        await gate.leave(seconds: 1)  // a render took 1 s
        #expect(await gate.enter())
        // One running, 1 s each: the first waiter expects 1 s, the second 2 s, the third 3 s (refused).
        let first = Task { await gate.enter() }, second = Task { await gate.enter() }
        while await gate.load.waiting < 2 { try await Task.sleep(nanoseconds: 1_000_000) }
        #expect(await gate.expectedWait == 3)
        #expect(await gate.enter() == false)
        await gate.leave(seconds: 1)
        await gate.leave(seconds: 1)
        let admitted = (await first.value, await second.value)
        #expect(admitted == (true, true))
        #expect(await gate.load == (1, 0))
    }

    @Test("a waiter that gets no worker within the wait is refused then, not left queued")
    func gateWaitExpires() async throws {
        let gate = AdmissionGate(concurrency: 1, queueDepth: 10, maxWait: 0.2)
        #expect(await gate.enter())
        let started = Date()
        #expect(await gate.enter() == false)
        let waited = Date().timeIntervalSince(started)
        // At least the wait; no upper bound is asserted (the test pool may be busy with others).
        #expect(waited >= 0.19, "waited \(waited) s")
        #expect(await gate.load == (1, 0))
        // The queue's depth still bounds it, whatever the wait.
        let shallow = AdmissionGate(concurrency: 1, queueDepth: 0)
        #expect(await shallow.enter())
        #expect(await shallow.enter() == false)
    }

    @Test("the memory budget: 413 for what could never fit, 503 for what does not fit now, bytes back on release and deinit")
    func memoryBudget() throws {
        let budget = MemoryBudget(capacity: 1000)
        let a = budget.hold()
        try a.grow(by: 600, for: "a")
        #expect(budget.inUse == 600)
        let b = budget.hold()
        #expect { try b.grow(by: 500, for: "the second request") } throws: { ($0 as? Problem)?.status == 503 }
        #expect { try b.grow(by: 1001, for: "a huge request") } throws: {
            ($0 as? Problem)?.status == 413 && ($0 as? Problem)?.detail.contains("a huge request") == true
        }
        try b.grow(by: 400, for: "b")
        #expect(budget.inUse == 1000)
        a.shrink(by: 100)
        #expect(budget.inUse == 900 && a.held == 500)
        a.release()
        #expect(budget.inUse == 400)
        do {
            let c = budget.hold()
            try c.grow(by: 300, for: "c")
            #expect(budget.inUse == 700)
        }
        #expect(budget.inUse == 400)  // c's deinit gave its bytes back
        b.shrink(by: 10_000)  // more than held: only what it holds
        #expect(budget.inUse == 0 && b.held == 0)
        // Outside a request nothing is counted; inside, the task's hold is.
        try MemoryBudget.take(1 << 40, for: "nothing")
        let d = budget.hold()
        #expect { try MemoryBudget.$current.withValue(d) { try MemoryBudget.take(2000, for: "x") } } throws: { ($0 as? Problem)?.status == 413 }
    }

    @Test("a request's decode, stages and frames are counted: over the budget is a 413 before the work")
    func endpointsCountTheirMemory() throws {
        var limits = ServeLimits()
        limits.memoryBytes = 4 << 20  // 3 MiB for requests
        let api = FrostAPI(limits: limits)
        var photo = try Image(width: 512, height: 512, fill: RGBA8(10, 20, 30, 255))
        photo[3, 3] = RGBA8(200, 0, 0, 255)
        let png = try PNGCodec.encode(photo)
        for run in [{ _ = try api.blur(query: ["sigma": "4"], body: png) }, { _ = try api.stages(query: ["count": "8"], body: png) }] {
            let hold = api.budget.hold()
            #expect { try MemoryBudget.$current.withValue(hold) { try run() } } throws: { ($0 as? Problem)?.status == 413 }
        }
        let hold = api.budget.hold()
        let request = Array(#"{"width": 1024, "height": 1024, "scale": 3, "format": "gif"}"#.utf8)
        #expect { try MemoryBudget.$current.withValue(hold) { try api.transition(body: request) } } throws: {
            ($0 as? Problem)?.status == 413 && ($0 as? Problem)?.extensions["unit"] == .text("memory-bytes")
        }
        #expect(api.budget.inUse == 0)
    }

    @Test("Deadline.run answers when the time is up, not when the work ends, and the render on its own thread is cancelled")
    func deadlineAnswersOnTime() async throws {
        let stopped = Locked(false)
        // Work that ends only once cancelled, checking as a render does between frames: an
        // answer at all means the deadline won.
        await #expect(throws: Problem.self) {
            try await Deadline.run(seconds: 0.1, expired: { Problem.timedOut(0.1) }) {
                try await RenderThread.run { () throws -> Int in
                    while true {
                        do { try RenderThread.checkCancellation() } catch {
                            stopped.set(true)
                            throw error
                        }
                        usleep(1000)
                    }
                }
            }
        }
        let deadline = Date().addingTimeInterval(30)
        while !stopped.withLock({ $0 }), Date() < deadline { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(stopped.withLock { $0 }, "the render was never told it was cancelled")
        #expect(try await Deadline.run(seconds: 5, expired: { Problem.timedOut(5) }) { 42 } == 42)
        #expect(try await RenderThread.run { 7 } == 7)
        await #expect(throws: Problem.self) { try await RenderThread.run { () throws -> Int in throw Problem.timedOut(1) } }
    }

    @Test("the decoded-image cache keeps at most its bytes, least recently used out first")
    func cacheBoundedByBytes() throws {
        let cache = ImageCache(capacity: 10, maxBytes: 3 * 100 * 100 * 4)
        for i in 0..<5 {
            _ = try cache.value(for: ImageCache.Key(a: UInt64(i), b: 0, count: 1)) { try Image(width: 100, height: 100) }
        }
        #expect(cache.count == 3 && cache.bytes == 3 * 40_000)
        // Bigger than the whole cache: used, not kept.
        _ = try cache.value(for: ImageCache.Key(a: 99, b: 0, count: 1)) { try Image(width: 200, height: 200) }
        #expect(cache.count == 3)
    }

    @Test("the socket guard reads a body's length from its head; chunked bodies have none")
    func bodyLength() {
        func head(_ s: String) -> [UInt8] { Array(s.utf8) }
        #expect(RequestHeadGuard.bodyLength(head("POST / HTTP/1.1\r\nHost: x\r\ncontent-LENGTH:  120 \r\n\r\n")) == 120)
        #expect(RequestHeadGuard.bodyLength(head("GET / HTTP/1.1\r\nHost: x\r\n\r\n")) == 0)
        #expect(RequestHeadGuard.bodyLength(head("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n")) == nil)
        #expect(RequestHeadGuard.bodyLength(head("POST / HTTP/1.1\r\nContent-Length: -4\r\n\r\n")) == nil)
    }

    @Test("the new limits are flags; bad values are one readable error")
    func flags() throws {
        let o = try ServeOptions.parse(["--body-seconds", "5", "--grace-seconds", "3", "--memory-mb", "512", "--live-clients", "4"])
        #expect(o.limits.bodySeconds == 5 && o.limits.graceSeconds == 3 && o.limits.memoryBytes == 512 << 20 && o.limits.liveClients == 4)
        #expect(throws: ServeOptions.Failure.self) { try ServeOptions.parse(["--memory-mb", "0"]) }
        #expect(throws: ServeOptions.Failure.self) { try ServeOptions.parse(["--grace-seconds", "soon"]) }
        #expect(ServeOptions.usage.contains("--memory-mb"))
    }

    @Test("SwiftUI's material names are styles: regularMaterial is systemMaterial, ultraThickMaterial and bar too")
    func swiftUIMaterialNames() async throws {
        var image = try Image(width: 32, height: 32, fill: RGBA8(0, 90, 200, 255))
        image[1, 1] = RGBA8(255, 255, 255, 255)
        let png = try PNGCodec.encode(image)
        let api = FrostAPI()
        #expect(try api.material(query: ["style": "regularMaterial"], body: png).body == api.material(query: ["style": "systemMaterial"], body: png).body)
        #expect(try api.material(query: ["style": "bar"], body: png).body == api.material(query: ["style": "systemChromeMaterial"], body: png).body)
        _ = try api.material(query: ["style": "ultraThickMaterial"], body: png)
        #expect { try api.material(query: ["style": "regularmaterial"], body: png) } throws: { ($0 as? Problem)?.status == 400 }
        #expect(OpenAPIDocument.yaml(limits: ServeLimits()).contains("ultraThickMaterial"))
    }
}
