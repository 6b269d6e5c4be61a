import FrostMotion

// SwiftUI's pre-iOS 17 spellings that app code still writes, each doing what its replacement
// does: `edgesIgnoringSafeArea`, `accentColor`, `navigationBarTitle`, `navigationBarItems`,
// `navigationViewStyle`, one-argument `onChange(of:perform:)`, `animation(_:)` without a value
// and `mask(_:)` taking a view. Marked deprecated for iOS as Apple marks them (so Xcode warns),
// silent on Linux, where they compile as written.

extension View {
    /// Lays the view out past the safe area on `edges`, as `ignoresSafeArea(_:edges:)`.
    @available(iOS, deprecated: 14.0, renamed: "ignoresSafeArea(_:edges:)")
    public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> ModifiedContent<Self, _IgnoresSafeAreaModifier> {
        ignoresSafeArea(.all, edges: edges)
    }

    /// The accent colour of the controls below, as `tint(_:)`.
    @available(iOS, deprecated: 15.0, renamed: "tint(_:)")
    public func accentColor(_ accentColor: Color?) -> ModifiedContent<Self, _EnvironmentModifier> {
        tint(accentColor)
    }

    /// The navigation title, as `navigationTitle(_:)`.
    @available(iOS, deprecated: 14.0, renamed: "navigationTitle(_:)")
    public func navigationBarTitle(_ title: Text) -> ModifiedContent<Self, _PreferenceModifier> {
        navigationTitle(title)
    }

    /// The navigation title, as `navigationTitle(_:)`.
    @available(iOS, deprecated: 14.0, renamed: "navigationTitle(_:)")
    public func navigationBarTitle<S: StringProtocol>(_ title: S) -> ModifiedContent<Self, _PreferenceModifier> {
        navigationTitle(title)
    }

    /// The navigation title in a display mode (`.large`, `.inline`).
    @available(iOS, deprecated: 14.0, message: "Use navigationTitle(_:) with navigationBarTitleDisplayMode(_:)")
    public func navigationBarTitle(_ title: Text, displayMode: NavigationBarItem.TitleDisplayMode) -> some View {
        navigationTitle(title).navigationBarTitleDisplayMode(displayMode)
    }

    /// The navigation title in a display mode (`.large`, `.inline`).
    @available(iOS, deprecated: 14.0, message: "Use navigationTitle(_:) with navigationBarTitleDisplayMode(_:)")
    public func navigationBarTitle<S: StringProtocol>(_ title: S, displayMode: NavigationBarItem.TitleDisplayMode) -> some View {
        navigationTitle(title).navigationBarTitleDisplayMode(displayMode)
    }

    /// Items at the leading and trailing ends of the navigation bar, as toolbar items at
    /// `.navigationBarLeading` and `.navigationBarTrailing`.
    @available(iOS, deprecated: 100000.0, message: "Use toolbar(content:) with navigationBarLeading or navigationBarTrailing placement")
    public func navigationBarItems<L: View, T: View>(leading: L, trailing: T) -> ModifiedContent<Self, _PreferenceModifier> {
        toolbar {
            ToolbarItem(placement: .navigationBarLeading) { leading }
            ToolbarItem(placement: .navigationBarTrailing) { trailing }
        }
    }

    /// An item at the leading end of the navigation bar.
    @available(iOS, deprecated: 100000.0, message: "Use toolbar(content:) with navigationBarLeading placement")
    public func navigationBarItems<L: View>(leading: L) -> ModifiedContent<Self, _PreferenceModifier> {
        toolbar { ToolbarItem(placement: .navigationBarLeading) { leading } }
    }

    /// An item at the trailing end of the navigation bar.
    @available(iOS, deprecated: 100000.0, message: "Use toolbar(content:) with navigationBarTrailing placement")
    public func navigationBarItems<T: View>(trailing: T) -> ModifiedContent<Self, _PreferenceModifier> {
        toolbar { ToolbarItem(placement: .navigationBarTrailing) { trailing } }
    }

    /// Accepted for source compatibility: on iPhone every style is a stack (what FrostUI draws).
    @available(iOS, deprecated: 100000.0, message: "Use NavigationStack or NavigationSplitView instead")
    public func navigationViewStyle<S: NavigationViewStyle>(_ style: S) -> Self { self }

    /// Runs `action(newValue)` after a commit in which `value` changed, as the iOS 14 form did.
    @available(iOS, deprecated: 17.0, message: "Use onChange with a two or zero parameter action closure instead")
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (_ newValue: V) -> Void) -> ModifiedContent<Self, _OnChangeModifier<V>> {
        onChange(of: value) { _, newValue in action(newValue) }
    }

    /// Animates every change below this view with `animation` (nil: none), whatever changed —
    /// the iOS 13 form; a transaction that disables animations is left alone.
    @available(iOS, deprecated: 15.0, message: "Use withAnimation or animation(_:value:) instead")
    public func animation(_ animation: Animation?) -> ModifiedContent<Self, _TransactionModifier> {
        transaction { if !$0.disablesAnimations { $0.animation = animation } }
    }

    /// Shows the view only where `mask` is opaque, as `mask(alignment:_:)`.
    @available(iOS, deprecated: 100000.0, message: "Use overload where mask accepts a @ViewBuilder instead")
    public func mask<M: View>(_ mask: M) -> ModifiedContent<Self, _MaskModifier> {
        self.mask(alignment: .center) { mask }
    }
}

/// A navigation view's style, as SwiftUI's deprecated `NavigationViewStyle`.
public protocol NavigationViewStyle {}
/// One column, pushed views on top (what iPhone shows).
public struct StackNavigationViewStyle: NavigationViewStyle { public init() {} }
/// Two columns on iPad and in landscape; a stack on iPhone.
public struct DoubleColumnNavigationViewStyle: NavigationViewStyle { public init() {} }
/// The platform's default (a stack on iPhone).
public struct DefaultNavigationViewStyle: NavigationViewStyle { public init() {} }

extension NavigationViewStyle where Self == StackNavigationViewStyle {
    public static var stack: StackNavigationViewStyle { StackNavigationViewStyle() }
}
extension NavigationViewStyle where Self == DoubleColumnNavigationViewStyle {
    public static var columns: DoubleColumnNavigationViewStyle { DoubleColumnNavigationViewStyle() }
}
extension NavigationViewStyle where Self == DefaultNavigationViewStyle {
    public static var automatic: DefaultNavigationViewStyle { DefaultNavigationViewStyle() }
}
