// Type-keyed storage for host features (OpenSwiftUI's ViewGraphFeature buffer is the model):
// the blur bridge, Blurable, scrolling, lifecycle and diagnostics each declare their own state
// type in their own file, so adding a feature edits no host type.

/// One host feature's state, found by its type in ``HostFeatures``: made empty (`init()`) the
/// first time a feature asks for it in a run, and dropped with the run's session when the
/// host rewinds to replay from the start.
protocol HostFeature: AnyObject {
    init()
}

/// The features' states of one host run (or of the host's whole life, for what outlives a
/// replay), one instance per feature type. A reference, so a feature's state is edited in
/// place (`host.scroll.offsets[key] = …`) without copying its dictionaries.
final class HostFeatures {
    private var storage: [ObjectIdentifier: any HostFeature] = [:]

    /// The state of feature `type`, made on first use.
    subscript<Feature: HostFeature>(_ type: Feature.Type) -> Feature {
        let key = ObjectIdentifier(type)
        // `unsafeDowncast`: the key is the value's own type, so the cast cannot fail.
        if let found = storage[key] { return unsafeDowncast(found, to: Feature.self) }
        let made = Feature()
        storage[key] = made
        return made
    }

    /// Whether feature `type` has been used (its state made) in this run.
    func contains<Feature: HostFeature>(_ type: Feature.Type) -> Bool { storage[ObjectIdentifier(type)] != nil }
}
